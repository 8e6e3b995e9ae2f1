package probe.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import probe.client.format.Readable;

/**
 * The text of {@code gui_snapshot}: what a model reads instead of a picture. The first line says
 * which dialog is open and whether it is modal (from {@code gui.dialog.current}); then one line per
 * {@code gui.list} item, indented two spaces under its parent (the nearest named ancestor, when
 * listed before it): role, identifier, label, value, then what a hand would meet:
 *
 * <pre>
 * now: createVM "Create Virtual Machine" (modal)
 * window main "HVM"
 *   button toolbar.button.createVM "Create VM"
 *   menuItem menu.file.quit "Quit"  in closed menu
 * dialog dialog.createVM "Create Virtual Machine"
 *   input dialog.createVM.input.name "Name"  value="vm2"  focused
 *   password dialog.createVM.input.password "Password"  length=8
 * </pre>
 *
 * Each thing is said once: what "modal" and "in closed menu" mean is in the tool's description,
 * and a control behind the modal dialog is not marked so (the first line says the dialog is
 * modal). No frames: a model acts by identifier, never by position ({@code gui_screenshot} shows
 * where things are). Pure text from the ops' data, so that it is tested without a GUI.
 */
public final class Snapshot {
    /** Lines of items when the caller does not say. */
    public static final int DEFAULT_MAX_ITEMS = 400;
    private static final String SEP = "  ";
    private static final String INDENT = "  ";
    /** Roles that show something and are not operated: that a press goes through them is no news. */
    private static final Set<String> DISPLAY_ONLY = Set.of("label", "progress", "tooltip");
    /** The registry's reason for a control behind a modal dialog, as it starts. */
    private static final String BEHIND_MODAL = "it is behind the modal dialog";

    private Snapshot() {
    }

    /** The whole snapshot: the dialog line, then the items as a tree, at most {@code maxItems} of them. */
    public static String text(JsonNode dialog, JsonNode list, int maxItems) {
        JsonNode items = list == null ? null : list.get("items");
        String scope = list == null ? null : list.path("scope").asText(null);
        return tree("now: " + now(dialog, true), items, "no items in scope " + (scope == null ? "window" : Readable.bare(scope)), maxItems);
    }

    /**
     * The items of {@code items} that match {@code query} (a case-blind substring of the identifier,
     * role, label or value), with their ancestors' links kept where the ancestor matches too.
     */
    public static ArrayNode matching(JsonNode items, String query) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        String q = query.toLowerCase(Locale.ROOT);
        for (int i = 0; items != null && i < items.size(); i++) {
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
     * {@code first}, then {@code items} (gui.list items) as an indented tree of at most
     * {@code maxItems} lines, or {@code empty} when there are none. Written into one builder, sized
     * for the lines, with no string per line or per flag: a listing of 500 controls is formatted
     * in a fraction of the time the reply takes to arrive.
     */
    public static String tree(String first, JsonNode items, String empty, int maxItems) {
        if (items == null || !items.isArray() || items.isEmpty()) {
            return first + '\n' + empty;
        }
        int n = items.size();
        StringBuilder b = new StringBuilder(first.length() + Math.min(n, Math.max(0, maxItems)) * LINE_GUESS);
        b.append(first);
        Readable.Forest forest = Readable.forest(items);
        int[] written = {0};
        for (int r : forest.roots()) {
            append(b, items, forest.children(), r, 0, written, maxItems);
        }
        if (written[0] < n) {
            b.append("\n+").append(n - written[0]).append(" more not shown (maxItems ").append(maxItems)
                    .append("): pass a scope, a query or a larger maxItems");
        }
        return b.toString();
    }

    /** About what one item's line takes (the benchmark's 500 controls average some 40 characters). */
    private static final int LINE_GUESS = 48;

    private static void append(StringBuilder b, JsonNode items, List<List<Integer>> children, int i, int depth, int[] written,
            int max) {
        if (written[0] >= max) {
            return;
        }
        b.append('\n');
        for (int d = 0; d < depth; d++) {
            b.append(INDENT);
        }
        line(b, items.get(i));
        written[0]++;
        for (int c : children.get(i)) {
            append(b, items, children, c, depth + 1, written, max);
        }
    }

    /**
     * The dialog open now, from {@code gui.dialog.current}'s data, in a few words: {@code createVM
     * "Create Virtual Machine" (modal)} ({@code withTitle}) or {@code createVM (modal)};
     * {@code (not modal)}, {@code not focused} when so; {@code no dialog open}.
     */
    public static String now(JsonNode dialog, boolean withTitle) {
        String name = text(dialog, "name");
        if (name == null) {
            return "no dialog open";
        }
        StringBuilder b = new StringBuilder(Readable.bare(name));
        String title = text(dialog, "title");
        if (withTitle && title != null && !title.isEmpty()) {
            b.append(' ').append(Readable.quote(title));
        }
        b.append(isTrue(dialog, "modal") ? " (modal" : " (not modal");
        if (isFalse(dialog, "focused")) {
            b.append(", not focused");
        }
        return b.append(')').toString();
    }

    /** The name of the dialog in {@code gui.dialog.current}'s data, or null when none is open. */
    public static String dialogName(JsonNode dialog) {
        return text(dialog, "name");
    }

    /** One item: {@code button detail.button.start "Start"  disabled}. */
    public static String line(JsonNode item) {
        StringBuilder b = new StringBuilder(LINE_GUESS);
        line(b, item);
        return b.toString();
    }

    /** {@link #line(JsonNode)}, appended to {@code b}. */
    private static void line(StringBuilder b, JsonNode item) {
        String role = text(item, "role");
        String type = role != null ? null : text(item, "type");
        b.append(role != null ? role : type != null ? type : "?");
        String id = text(item, "identifier");
        b.append(' ').append(id != null ? id : "(no identifier)");
        String label = text(item, "label");
        if (label != null && !label.isEmpty()) {
            b.append(' ').append(Readable.quote(label));
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
                    b.append(SEP).append("value=").append(Readable.quote(v.textValue()));
                }
            } else if (v.isValueNode()) {
                b.append(SEP).append("value=").append(v.asText());
            }
        }
        JsonNode length = item.get("length");
        if (length != null && length.isNumber()) {
            b.append(SEP).append("length=").append(length.asText());
        }
        String tooltip = text(item, "tooltip");
        if (tooltip != null && !tooltip.isEmpty() && (label == null || label.isEmpty())) {
            b.append(SEP).append("tooltip ").append(Readable.quote(tooltip));
        }
        String about = text(item, "for");
        if (about != null) {
            b.append(SEP).append("for ").append(Readable.bare(about));
        }
        if (isTrue(item, "selected")) {
            b.append(SEP).append("selected");
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
                // The first line says a modal dialog is open, and what modal means is said once.
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
    }

    /** The registry's reason without its subject: {@code behind the modal dialog 'dialog.createVM'}. */
    static String why(String reason) {
        if (reason.startsWith("it is ")) {
            return reason.substring("it is ".length());
        }
        return reason.startsWith("it ") ? reason.substring(3) : reason;
    }

    private static String text(JsonNode node, String name) {
        JsonNode v = node == null ? null : node.get(name);
        return v != null && v.isTextual() ? v.textValue() : null;
    }

    private static boolean isTrue(JsonNode node, String name) {
        JsonNode v = node == null ? null : node.get(name);
        return v != null && v.isBoolean() && v.booleanValue();
    }

    private static boolean isFalse(JsonNode node, String name) {
        JsonNode v = node == null ? null : node.get(name);
        return v != null && v.isBoolean() && !v.booleanValue();
    }
}
