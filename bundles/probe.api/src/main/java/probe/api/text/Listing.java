package probe.api.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * gui.list's items as text: one line per item, indented two spaces under its parent (the nearest
 * named ancestor, when listed before it): role, identifier, label, value, then what a hand would
 * meet:
 *
 * <pre>
 * window main "HVM"
 *   button toolbar.button.createVM "Create VM"
 *   menuItem menu.file.quit "Quit"  in closed menu
 * dialog dialog.createVM "Create Virtual Machine"
 *   input dialog.createVM.input.name "Name"  value="vm2"  focused
 *   password dialog.createVM.input.password "Password"  length=8
 * </pre>
 *
 * Each thing is said once: a control behind a modal dialog is not marked so line by line (whoever
 * shows the lines says once that a modal dialog is open), a disabled control's reason is not
 * repeated, a label that takes no press is no news. No frames: one acts by identifier, never by
 * position. Pure text from the items' data, so that it is tested without a GUI; the probe writes it
 * for {@code gui.list {format: text}} off the event thread, from the items it lists.
 */
public final class Listing {
    /** Text values longer than this are cut in a line; the data has them whole. */
    public static final int MAX_TEXT = 48;
    private static final String SEP = "  ";
    private static final String INDENT = "  ";
    private static final String NO_IDENTIFIER = "(no identifier)";
    /** Shown without quotes: identifiers, names, simple words. */
    private static final Pattern BARE = Pattern.compile("[A-Za-z0-9._:/@+-]+");
    /** Roles that show something and are not operated: that a press goes through them is no news. */
    private static final Set<String> DISPLAY_ONLY = Set.of("label", "progress", "tooltip");
    /** The registry's reason for a control behind a modal dialog, as it starts. */
    private static final String BEHIND_MODAL = "it is behind the modal dialog";
    /** About what one item's line takes (the benchmark's 500 controls average some 40 characters). */
    private static final int LINE_GUESS = 48;

    private Listing() {
    }

    /**
     * The whole listing of {@code items} (gui.list's, in scope {@code scope}) as text: the items
     * that match {@code query} (null: all) as a tree of at most {@code maxItems} lines, then a line
     * counting those not shown, for a query a line counting those that do not match, and the line
     * counting those behind a modal dialog ({@link #behindModal}); when none
     * is left, a line saying so ({@code no items in scope dialog}, {@code no control matches "x" (4
     * others show)}).
     */
    public static String text(String scope, JsonNode items, String query, int maxItems) {
        if (query == null) {
            return text(scope, items, 0, null, maxItems);
        }
        ArrayNode shown = matching(items, query);
        return text(scope, shown, size(items) - shown.size(), query, maxItems);
    }

    /**
     * gui.list's data with {@code format: text}: {@code {"scope", "count", "text"}}, {@code count}
     * the items that match {@code query} (all, when it is null), {@code text} their lines
     * ({@link #text(String, JsonNode, String, int)}). The probe answers it; a client whose GUI
     * lists only items makes the same from them.
     */
    public static ObjectNode lines(String scope, JsonNode items, String query, int maxItems) {
        JsonNode shown = query == null ? items : matching(items, query);
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("scope", scope);
        data.put("count", size(shown));
        data.put("text", text(scope, shown, size(items) - size(shown), query, maxItems));
        return data;
    }

    /**
     * {@link #text(String, JsonNode, String, int)} of items already matched: {@code shown}, those
     * that match {@code query} (all, when it is null), and {@code others}, how many did not. Ends
     * with the {@link #behindModal} line of {@code shown}, when some are behind a modal dialog.
     */
    public static String text(String scope, JsonNode shown, int others, String query, int maxItems) {
        if (size(shown) == 0) {
            return query == null ? "no items in scope " + bare(scope)
                    : "no control matches " + quote(query) + (others > 0 ? " (" + others + " others show)" : "");
        }
        StringBuilder b = new StringBuilder(Math.min(shown.size(), Math.max(0, maxItems)) * LINE_GUESS);
        lines(b, shown, maxItems);
        b.deleteCharAt(0);
        if (others > 0) {
            b.append('\n').append(others).append(" others do not match ").append(quote(query));
        }
        // The lines do not mark each control behind a modal dialog: said once, here, in every format.
        String behind = behindModal(shown);
        if (behind != null) {
            b.append('\n').append(behind);
        }
        return b.toString();
    }

    /**
     * {@code first}, then {@code items} as an indented tree of at most {@code maxItems} lines (each
     * after a newline), or {@code empty} after a newline when there are none. Written into one
     * builder, sized for the lines, with no string per line or per flag.
     */
    public static String tree(String first, JsonNode items, String empty, int maxItems) {
        if (size(items) == 0) {
            return first + '\n' + empty;
        }
        StringBuilder b = new StringBuilder(first.length() + Math.min(items.size(), Math.max(0, maxItems)) * LINE_GUESS);
        b.append(first);
        lines(b, items, maxItems);
        return b.toString();
    }

    /** The lines of {@code items}, each after a newline, at most {@code max}, then the count of the others. */
    private static void lines(StringBuilder b, JsonNode items, int max) {
        int n = items.size();
        Forest forest = forest(items);
        int[] written = {0};
        for (int r : forest.roots()) {
            append(b, items, forest.children(), r, 0, written, max);
        }
        if (written[0] < n) {
            b.append("\n+").append(n - written[0]).append(" more not shown (maxItems ").append(max)
                    .append("): pass a scope, a query or a larger maxItems");
        }
    }

    private static int size(JsonNode items) {
        return items == null || !items.isArray() ? 0 : items.size();
    }

    private static void append(StringBuilder b, JsonNode items, List<List<Integer>> children, int i, int depth, int[] written,
            int max) {
        if (written[0] >= max) {
            return;
        }
        b.append('\n');
        for (int d = 0; d < depth; d++) {
            b.append(INDENT);
        }
        JsonNode item = items.get(i);
        line(b, item);
        written[0]++;
        boolean table = "table".equals(text(item, "role"));
        if (table) {
            // Its columns are said in the header line: each counts as written.
            written[0] += header(b, items, children.get(i), depth + 1);
        }
        for (int c : children.get(i)) {
            if (table && "column".equals(text(items.get(c), "role"))) {
                continue;
            }
            append(b, items, children, c, depth + 1, written, max);
        }
    }

    /**
     * A table's header as one line, its columns in view order, each with its sort order and the
     * identifier a click takes: {@code header  Title (ascending) | Year  [swingSet2.table.column.{0,1}]}.
     * Returns how many columns it said.
     */
    private static int header(StringBuilder b, JsonNode items, List<Integer> children, int depth) {
        StringBuilder ids = new StringBuilder();
        String prefix = null;
        int n = 0;
        StringBuilder texts = new StringBuilder();
        for (int c : children) {
            JsonNode col = items.get(c);
            if (!"column".equals(text(col, "role"))) {
                continue;
            }
            String label = text(col, "label");
            texts.append(n == 0 ? "" : CELL_SEP).append(label == null ? "" : cut(label));
            String sort = text(col, "sort");
            if (sort != null) {
                texts.append(" (").append(sort).append(')');
            }
            if (isFalse(col, "clickable")) {
                texts.append(" (not clickable)");
            }
            String id = text(col, "identifier");
            int dot = id == null ? -1 : id.lastIndexOf('.');
            if (dot > 0) {
                prefix = prefix == null ? id.substring(0, dot + 1) : prefix;
                ids.append(ids.length() == 0 ? "" : ",").append(id.substring(dot + 1));
            }
            n++;
        }
        if (n == 0) {
            return 0;
        }
        b.append('\n');
        for (int d = 0; d < depth; d++) {
            b.append(INDENT);
        }
        b.append("header").append(SEP).append(texts);
        if (prefix != null) {
            b.append(SEP).append('[').append(prefix).append('{').append(ids).append("}]");
        }
        return n;
    }

    /** What separates the cells of a table's row and the columns of its header in a line. */
    private static final String CELL_SEP = " | ";

    private static String cut(String s) {
        return s.length() <= MAX_TEXT ? s : s.substring(0, MAX_TEXT) + "...";
    }

    /**
     * The items of {@code items} that match {@code query} (a case-blind substring of the identifier,
     * role, label or value), in their order; an item's parent stays its parent where it matches too.
     */
    public static ArrayNode matching(JsonNode items, String query) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        String q = query.toLowerCase(Locale.ROOT);
        for (int i = 0; i < size(items); i++) {
            JsonNode item = items.get(i);
            for (String f : new String[] {"identifier", "role", "label", "value"}) {
                JsonNode v = item.get(f);
                if (v != null && v.isValueNode() && !v.isNull() && v.asText().toLowerCase(Locale.ROOT).contains(q)) {
                    out.add(item);
                    break;
                }
            }
        }
        return out;
    }

    /**
     * gui.list items as a forest, by index: the items at the top, in the order given, and each
     * item's children in order.
     *
     * @param roots the indices of the items at the top
     * @param children for each item's index, the indices of the items under it
     */
    public record Forest(List<Integer> roots, List<List<Integer>> children) {
    }

    /**
     * The forest of {@code items}: each under its {@code parent} (the nearest named ancestor's
     * identifier) when that parent is among the items before it, else at the top.
     */
    public static Forest forest(JsonNode items) {
        int n = size(items);
        List<List<Integer>> children = new ArrayList<>(n);
        List<Integer> roots = new ArrayList<>();
        Map<String, Integer> firstWithIdentifier = new HashMap<>();
        for (int i = 0; i < n; i++) {
            children.add(new ArrayList<>());
            JsonNode item = items.get(i);
            String parent = text(item, "parent");
            // Only items seen before count as parents: the tree has no cycle, whatever the data says.
            Integer p = parent == null ? null : firstWithIdentifier.get(parent);
            if (p == null) {
                roots.add(i);
            } else {
                children.get(p).add(i);
            }
            String id = text(item, "identifier");
            if (id != null) {
                firstWithIdentifier.putIfAbsent(id, i);
            }
        }
        return new Forest(roots, children);
    }

    /** One item: {@code button detail.button.start "Start"  disabled}. */
    public static String line(JsonNode item) {
        StringBuilder b = new StringBuilder(LINE_GUESS);
        line(b, item);
        return b.toString();
    }

    private static void line(StringBuilder b, JsonNode item) {
        String role = text(item, "role");
        String type = role != null ? null : text(item, "type");
        b.append(role != null ? role : type != null ? type : "?");
        String id = text(item, "identifier");
        b.append(' ').append(id != null ? id : NO_IDENTIFIER);
        String label = text(item, "label");
        JsonNode cells = item.get("cells");
        if (cells != null && cells.isArray()) {
            // A table's row: its cells as drawn, in the columns' order of the header line above.
            b.append(SEP);
            for (int i = 0; i < cells.size(); i++) {
                JsonNode cell = cells.get(i);
                b.append(i == 0 ? "" : CELL_SEP).append(cell.isBoolean() ? (cell.booleanValue() ? "[x]" : "[ ]") : cut(cell.asText()));
            }
        } else if (label != null && !label.isEmpty()) {
            b.append(' ').append(quote(label));
        }
        flags(b, item, role, label);
    }

    /** The item's flags, each after {@link #SEP}, in their fixed order. */
    private static void flags(StringBuilder b, JsonNode item, String role, String label) {
        JsonNode v = item.get("value");
        if (v != null && !v.isNull()) {
            if ("toggle".equals(role) && v.isBoolean()) {
                b.append(SEP).append(v.booleanValue() ? "checked" : "not checked");
            } else if (v.isTextual()) {
                // A label's value is its text, already shown.
                if (!v.textValue().equals(label)) {
                    b.append(SEP).append("value=").append(quote(v.textValue()));
                }
            } else if (v.isValueNode()) {
                b.append(SEP).append("value=").append(v.asText());
            }
        }
        JsonNode rows = item.get("rows");
        if (rows != null && rows.isObject() && rows.path("count").isInt()) {
            int count = rows.get("count").intValue();
            // Which rows a person sees now, when some are out of view: rows 13-41 of 100,000 (from 1).
            if (rows.path("first").isInt() && rows.path("last").isInt()
                    && rows.get("last").intValue() - rows.get("first").intValue() + 1 < count) {
                b.append(SEP).append("rows ").append(rows.get("first").intValue() + 1).append('-').append(rows.get("last").intValue() + 1)
                        .append(" of ").append(String.format(Locale.ROOT, "%,d", count));
            } else if (!rows.path("first").isInt() && count > 0) {
                b.append(SEP).append("rows none in view of ").append(String.format(Locale.ROOT, "%,d", count));
            }
        }
        JsonNode length = item.get("length");
        if (length != null && length.isNumber()) {
            b.append(SEP).append("length=").append(length.asText());
        }
        String selected = selectedText(item);
        if (selected != null) {
            b.append(SEP).append("selected=").append(quote(selected));
        }
        String tooltip = text(item, "tooltip");
        if (tooltip != null && !tooltip.isEmpty() && (label == null || label.isEmpty())) {
            b.append(SEP).append("tooltip ").append(quote(tooltip));
        }
        String about = text(item, "for");
        if (about != null) {
            b.append(SEP).append("for ").append(bare(about));
        }
        if (isTrue(item, "selected")) {
            b.append(SEP).append("selected");
        }
        if (isTrue(item, "expanded")) {
            b.append(SEP).append("expanded");
        } else if (isFalse(item, "expanded")) {
            b.append(SEP).append("collapsed");
        }
        if (isFalse(item, "visible")) {
            b.append(SEP).append("scrolled out of view");
        }
        if (isFalse(item, "editable")) {
            b.append(SEP).append("read-only");
        }
        boolean disabled = isFalse(item, "enabled");
        if (disabled) {
            b.append(SEP).append("disabled");
        }
        if (isFalse(item, "clickable")) {
            String reason = text(item, "reason");
            if (reason != null && reason.startsWith("it takes no mouse input") && DISPLAY_ONLY.contains(role)) {
                // A label that takes no press is as it should be: nothing to say.
            } else if (reason != null && reason.startsWith(BEHIND_MODAL)) {
                // Whoever shows the lines says once that a modal dialog is open.
            } else if (reason == null) {
                b.append(SEP).append("not clickable");
            } else if (!(disabled && reason.equals("it is disabled"))) {
                b.append(SEP).append("not clickable: ").append(why(reason));
            }
        }
        if (isTrue(item, "focused")) {
            b.append(SEP).append("focused");
        }
        if (isTrue(item, "inClosedMenu")) {
            b.append(SEP).append("in closed menu");
        }
        JsonNode folded = item.get("items");
        if (folded != null && folded.isInt()) {
            b.append(SEP).append("items: ").append(folded.intValue());
        }
    }

    /** The characters of a text's {@code selection} ({@code [start, end]} of its {@code value}); null for none, or a password's. */
    private static String selectedText(JsonNode item) {
        JsonNode sel = item.get("selection");
        JsonNode v = item.get("value");
        if (sel == null || !sel.isArray() || sel.size() != 2 || v == null || !v.isTextual()) {
            return null;
        }
        int start = sel.get(0).asInt();
        int end = sel.get(1).asInt();
        String text = v.textValue();
        return start >= 0 && start < end && end <= text.length() ? text.substring(start, end) : null;
    }

    /**
     * The line that says once what the lines leave out of each control behind a modal dialog:
     * {@code 13 controls are behind the modal dialog 'dialog.createVM': close or operate it first};
     * null when none of {@code items} is behind one. {@link #text} ends with it, so every format of
     * gui.list says it (the probe's text, the clients' text of the items).
     *
     * @since 1.2
     */
    public static String behindModal(JsonNode items) {
        String behind = null;
        int blocked = 0;
        for (int i = 0; i < size(items); i++) {
            String reason = text(items.get(i), "reason");
            if (reason != null && reason.startsWith(BEHIND_MODAL)) {
                behind = behind == null ? why(reason) : behind;
                blocked++;
            }
        }
        return behind == null ? null
                : blocked + (blocked == 1 ? " control is " : " controls are ") + behind + ": close or operate it first";
    }

    /** The registry's reason without its subject: {@code behind the modal dialog 'dialog.createVM'}. */
    static String why(String reason) {
        if (reason.startsWith("it is ")) {
            return reason.substring("it is ".length());
        }
        return reason.startsWith("it ") ? reason.substring(3) : reason;
    }

    /** {@code s} in double quotes, cut to {@value #MAX_TEXT} characters, control characters escaped. */
    public static String quote(String s) {
        return quoted(s.length() <= MAX_TEXT ? s : s.substring(0, MAX_TEXT) + "...");
    }

    /** {@code t} between double quotes, escaped as {@link #quote} escapes it, whole. */
    private static String quoted(String t) {
        StringBuilder b = new StringBuilder(t.length() + 2).append('"');
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            switch (c) {
                case '"':
                    b.append("\\\"");
                    break;
                case '\\':
                    b.append("\\\\");
                    break;
                case '\n':
                    b.append("\\n");
                    break;
                case '\r':
                    b.append("\\r");
                    break;
                case '\t':
                    b.append("\\t");
                    break;
                default:
                    if (c < 0x20 || c == 0x7f) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        return b.append('"').toString();
    }

    /**
     * {@code s} as it is when it is one plain word (an identifier, a name), else quoted and escaped
     * as {@link #quote} does, but whole: an identifier is taken as it is written
     * ({@code "sidebar.row.Ubuntu Dev"}, a cell {@code "t.row.2.cell.Favorite Color"}), never cut.
     */
    public static String bare(String s) {
        return BARE.matcher(s).matches() ? s : quoted(s);
    }

    /** The text field {@code name} of {@code node}; null when either is absent, the field null or not text. */
    public static String text(JsonNode node, String name) {
        JsonNode v = node == null ? null : node.get(name);
        return v != null && v.isTextual() ? v.textValue() : null;
    }

    /** Whether the field {@code name} of {@code node} is {@code true} (not merely present). */
    public static boolean isTrue(JsonNode node, String name) {
        JsonNode v = node == null ? null : node.get(name);
        return v != null && v.isBoolean() && v.booleanValue();
    }

    /** Whether the field {@code name} of {@code node} is {@code false} (not merely absent). */
    public static boolean isFalse(JsonNode node, String name) {
        JsonNode v = node == null ? null : node.get(name);
        return v != null && v.isBoolean() && !v.booleanValue();
    }
}
