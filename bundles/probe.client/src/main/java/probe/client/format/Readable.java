package probe.client.format;

import static probe.api.text.Listing.isTrue;
import static probe.api.text.Listing.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import probe.api.text.Listing;
import probe.client.internal.Json;

/**
 * The person-readable text of the ops' data, as docs/PROTOCOL.md and the op bundles shape it.
 * Lines are separated by {@code \n}, with no newline at the end. Missing or unexpected fields are
 * left out rather than failing: a newer probe may add fields, an older one may lack some. The raw
 * data (CLI {@code --json}, a Gogo command's {@code --json}) has everything; these lines shorten
 * long text values.
 *
 * <p>Nothing here can print a secret the probe did not send, and the probe never sends one: a
 * password field has only its {@code length}.
 */
public final class Readable {
    /** Text values longer than this are cut in a line; the raw data has them whole. */
    static final int MAX_TEXT = Listing.MAX_TEXT;
    static final String NO_IDENTIFIER = "(no identifier)";
    /** gui.audit's problem of a control the app did not name, which has the identifier the probe derived for it. */
    private static final String DERIVED_ONLY = "derived identifier only";
    private static final String SEP = "  ";
    private static final String INDENT = "  ";
    /** Event fields that the line shows in its own way or not at all. */
    private static final Set<String> EVENT_HEAD = Set.of("event", "seq", "ts", "name", "title");

    private Readable() {
    }

    // ---- gui.list, gui.dialog.current, gui.audit ----

    /**
     * {@code gui.list}'s data: its items as an indented tree, one line each, as the probe writes
     * them for {@code format: text} ({@link Listing}: one wording of a control for every front end),
     * or a line saying the scope is empty; with {@code format: text}, the probe's lines as they are.
     */
    static String list(JsonNode data) {
        String text = text(data, "text");
        if (text != null) {
            // format text: the probe wrote the lines (probe.api.text.Listing).
            return text;
        }
        JsonNode items = data == null ? null : data.get("items");
        String scope = text(data, "scope");
        // Listing's text ends with the line of the controls behind a modal dialog, as the probe's does.
        StringBuilder b = new StringBuilder(Listing.text(scope == null ? "window" : scope, items, null, Integer.MAX_VALUE));
        JsonNode more = data == null ? null : data.get("more");
        if (more != null && more.asInt() > 0 && items != null && !items.isEmpty()) {
            b.append("\n+").append(more.asInt()).append(" more not shown (maxItems)");
        }
        return b.toString();
    }

    /**
     * {@code gui.dialog.current}'s data: its head ({@link #dialogHead}) and its controls as a tree
     * below, or {@code no dialog open}.
     */
    static String dialog(JsonNode data) {
        String head = dialogHead(data, true);
        JsonNode controls = data == null ? null : data.get("controls");
        if (text(data, "name") != null && controls != null && controls.isArray() && !controls.isEmpty()) {
            return Listing.tree(head, controls, "", Integer.MAX_VALUE).replace("\n", "\n" + INDENT);
        }
        return head;
    }

    /**
     * The dialog open now, from {@code gui.dialog.current}'s data, in a few words, as every front
     * end says it (the MCP server after {@code now:}): {@code createVM "Create Virtual Machine"
     * (modal)} ({@code withTitle}) or {@code createVM (modal)}; {@code (not modal)},
     * {@code not focused} when so; {@code no dialog open}.
     */
    public static String dialogHead(JsonNode dialog, boolean withTitle) {
        String name = text(dialog, "name");
        if (name == null) {
            return "no dialog open";
        }
        StringBuilder b = new StringBuilder(bare(name));
        String title = text(dialog, "title");
        if (withTitle && title != null && !title.isEmpty()) {
            b.append(' ').append(quote(title));
        }
        // What the data does not say (a plugin's or an older probe's) is not guessed.
        List<String> how = new ArrayList<>();
        if (isTrue(dialog, "modal") || Listing.isFalse(dialog, "modal")) {
            how.add(isTrue(dialog, "modal") ? "modal" : "not modal");
        }
        if (Listing.isFalse(dialog, "focused")) {
            how.add("not focused");
        }
        return how.isEmpty() ? b.toString() : b.append(" (").append(String.join(", ", how)).append(')').toString();
    }

    /**
     * {@code gui.audit}'s data: one line per problem, then a summary; or
     * {@code audit: nothing to fix (N controls checked)}.
     *
     * @param checked how many controls the audit looked at, or -1 when unknown
     */
    static String audit(JsonNode data, int checked) {
        JsonNode problems = data == null ? null : data.get("problems");
        String ofChecked = checked < 0 ? "" : " (" + plural(checked, "control") + " checked)";
        if (problems == null || !problems.isArray() || problems.isEmpty()) {
            return "audit: nothing to fix" + ofChecked;
        }
        StringBuilder b = new StringBuilder();
        Map<String, Integer> kinds = new LinkedHashMap<>();
        for (JsonNode p : problems) {
            String problem = text(p, "problem");
            problem = problem == null ? "problem" : problem;
            kinds.merge(problem, 1, Integer::sum);
            b.append(problem).append(": ").append(Listing.line(p)).append(at(p));
            String window = text(p, "window");
            if (window != null) {
                b.append(SEP).append("window=").append(bare(window));
            }
            String parent = text(p, "parent");
            if (parent != null) {
                b.append(SEP).append("parent=").append(bare(parent));
            }
            b.append('\n');
        }
        b.append("audit: ").append(plural(problems.size(), "problem")).append(':');
        String comma = " ";
        for (Map.Entry<String, Integer> k : kinds.entrySet()) {
            b.append(comma).append(k.getValue()).append(' ').append(k.getKey());
            comma = ", ";
        }
        Integer derived = kinds.get(DERIVED_ONLY);
        if (derived != null) {
            // Counted as problems of naming, not as controls out of reach.
            b.append(derived == 1 ? " (the ops reach that one by the identifier the probe derived; the app does not name it)"
                    : " (the ops reach those " + derived + " by the identifier the probe derived; the app names none of them)");
        }
        return b.append(ofChecked).toString();
    }

    // ---- gui.click, gui.type, gui.keypress, gui.wait ----

    /** {@code gui.click}'s data: {@code clicked detail.button.start at [52,52]}. */
    static String clicked(JsonNode data) {
        String verb = data != null && data.path("count").asInt(1) == 2 ? "double-clicked" : "clicked";
        StringBuilder b = new StringBuilder(verb).append(' ').append(identifierOr(data, "the control"));
        String button = text(data, "button");
        if (button != null && !button.equals("left")) {
            b.append(" with the ").append(button).append(" button");
        }
        JsonNode at = data == null ? null : data.get("clicked");
        if (at != null && at.isArray()) {
            b.append(" at ").append(frame(at));
        }
        return b.toString();
    }

    /**
     * {@code gui.select}'s data: {@code selected "Fedora Linux" in dialog.createVM.combo.os
     * (dialog.createVM.combo.os.row.fedora, index 2)}.
     */
    static String selected(JsonNode data) {
        StringBuilder b = new StringBuilder("selected ");
        String label = text(data, "label");
        String item = text(data, "selected");
        JsonNode index = data == null ? null : data.get("index");
        b.append(label != null ? quote(label) : item != null ? bare(item) : "the item");
        b.append(" in ").append(identifierOr(data, "the control"));
        List<String> about = new ArrayList<>();
        if (item != null && label != null) {
            about.add(bare(item));
        }
        if (index != null && index.isNumber()) {
            about.add("index " + index.asText());
        }
        if (!about.isEmpty()) {
            b.append(" (").append(String.join(", ", about)).append(')');
        }
        return b.toString();
    }

    /** {@code gui.hover}'s data: {@code hovering over ID at [52,52]; tooltip "Start the VM"}. */
    static String hovered(JsonNode data) {
        StringBuilder b = new StringBuilder("hovering over ").append(identifierOr(data, "the control"));
        JsonNode at = data == null ? null : data.get("at");
        if (at != null && at.isArray()) {
            b.append(" at ").append(frame(at));
        }
        String tip = text(data, "tooltip");
        if (tip != null) {
            b.append("; tooltip ").append(quote(tip));
        }
        return b.toString();
    }

    /** {@code gui.scroll}'s data: {@code scrolled sidebar.list 3 notches down, 1 notch left at [140,400]}. */
    static String scrolled(JsonNode data) {
        StringBuilder b = new StringBuilder("scrolled ").append(identifierOr(data, "the control"));
        int dy = data == null ? 0 : data.path("dy").asInt(0);
        int dx = data == null ? 0 : data.path("dx").asInt(0);
        List<String> moves = new ArrayList<>();
        if (dy != 0) {
            moves.add(notches(dy) + (dy > 0 ? " down" : " up"));
        }
        if (dx != 0) {
            moves.add(notches(dx) + (dx > 0 ? " right" : " left"));
        }
        if (!moves.isEmpty()) {
            b.append(' ').append(String.join(", ", moves));
        }
        JsonNode at = data == null ? null : data.get("at");
        if (at != null && at.isArray()) {
            b.append(" at ").append(frame(at));
        }
        return b.toString();
    }

    /** {@code gui.type}'s data: {@code typed 5 characters into ID}. Never the text: it is not in the data. */
    static String typed(JsonNode data) {
        int n = data == null ? 0 : data.path("typed").asInt(0);
        return "typed " + plural(n, "character") + " into " + identifierOr(data, "the focused control");
    }

    /** {@code gui.keypress}'s data: {@code pressed ctrl+shift+a on ID}. */
    static String pressed(JsonNode data) {
        StringBuilder b = new StringBuilder("pressed ");
        JsonNode mods = data == null ? null : data.get("modifiers");
        if (mods != null && mods.isArray()) {
            for (JsonNode m : mods) {
                b.append(m.asText()).append('+');
            }
        }
        String key = text(data, "key");
        b.append(key == null ? "?" : key);
        JsonNode target = data == null ? null : data.get("target");
        if (target != null && target.isTextual()) {
            b.append(" on ").append(target.textValue());
        } else if (target != null && target.isObject() && text(target, "identifier") != null) {
            b.append(" on ").append(text(target, "identifier"));
        }
        return b.toString();
    }

    /** {@code gui.wait}'s data: {@code dialog createVM is open (waited 120 ms)}. */
    static String waited(JsonNode data, String subject) {
        String state = text(data, "state");
        StringBuilder b = new StringBuilder(subject).append(" is ").append(state == null ? "?" : state);
        JsonNode ms = data == null ? null : data.get("waitedMillis");
        if (ms != null && ms.isNumber()) {
            b.append(" (waited ").append(ms.asLong()).append(" ms)");
        }
        return b.toString();
    }

    // ---- receipts: what an action changed (the reply's effects, worded by Receipt) ----

    /** How many entries of each list of a receipt a person's line names before "+N more". */
    static final int RECEIPT_NAMES = 4;
    /** Between an action and its receipt: an arrow, or {@code ->} where the output's charset has none (a C locale). */
    static final String ARROW = java.nio.charset.Charset.defaultCharset().newEncoder().canEncode('\u2192') ? " \u2192 " : " -> ";
    /** What a receipt that names no change says. */
    static final String NO_CHANGE = "no visible change";

    /** The receipt of an action's data as the rest of its line ({@link Receipt#after}), as hvm-dbg and Gogo show it. */
    public static String receipt(JsonNode data) {
        return receipt(data, NO_CHANGE);
    }

    static String receipt(JsonNode data, String nothing) {
        return Receipt.of(data, RECEIPT_NAMES, Set.of()).after(nothing);
    }

    /** {@code gui.wait {identifier, value}}'s data: {@code detail.label.state is "Running" (waited 1200 ms)}. */
    static String waitedValue(JsonNode data, String subject) {
        JsonNode v = data == null ? null : data.get("value");
        StringBuilder b = new StringBuilder(subject).append(" is ").append(v == null || v.isNull() ? "?" : value(v));
        JsonNode ms = data == null ? null : data.get("waitedMillis");
        if (ms != null && ms.isNumber()) {
            b.append(" (waited ").append(ms.asLong()).append(" ms)");
        }
        return b.toString();
    }

    // ---- gui.screenshot ----

    /**
     * The legend of an annotated {@code gui.screenshot} ({@code data.marks}): a line
     * {@code N marks (number, identifier, role, label):}, then one line per mark:
     * {@code 3 toolbar.button.createVM  button  "Create VM"}; {@code no control shows in it} when
     * there is none.
     */
    public static String marks(JsonNode data) {
        JsonNode marks = data == null ? null : data.get("marks");
        if (marks == null || !marks.isArray() || marks.isEmpty()) {
            return "no control shows in it, so nothing is marked";
        }
        StringBuilder b = new StringBuilder(plural(marks.size(), "mark")).append(" (number, identifier, role, label):");
        for (JsonNode m : marks) {
            b.append('\n').append(m.path("number").asText("?")).append(SEP);
            String id = text(m, "identifier");
            b.append(id == null ? NO_IDENTIFIER : id);
            String role = text(m, "role");
            if (role != null) {
                b.append(SEP).append(role);
            }
            String label = text(m, "label");
            if (label != null && !label.isEmpty()) {
                b.append(SEP).append(quote(label));
            }
        }
        return b.toString();
    }

    // ---- events, hello ----

    /**
     * One event on one line: its name, the {@code name} and {@code title} it is about, then its
     * other fields as {@code key=value}: {@code dialog.opened createVM "Create VM" vmId=42}. The
     * bus's {@code seq} and {@code ts} are left out.
     */
    public static String event(JsonNode event) {
        String name = text(event, "event");
        StringBuilder b = new StringBuilder(name == null ? "event" : name);
        if (event == null || !event.isObject()) {
            return b.toString();
        }
        JsonNode about = event.get("name");
        if (about != null && !about.isNull()) {
            b.append(' ').append(about.isTextual() ? bare(about.textValue()) : Json.compact(about));
        }
        String title = text(event, "title");
        if (title != null) {
            b.append(' ').append(quote(title));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = event.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!EVENT_HEAD.contains(f.getKey())) {
                JsonNode v = f.getValue();
                b.append(' ').append(f.getKey()).append('=').append(v.isTextual() ? bare(cut(v.textValue())) : Json.compact(v));
            }
        }
        return b.toString();
    }

    /** What an action's reply carries for its receipt ({@link #receipt}), left out of {@link #generic}'s fields. */
    private static final Set<String> RECEIPT_FIELDS = Set.of("effects", "settled", "settledMillis");

    /**
     * The reply of an op without wording of its own (one a running probe describes, such as a
     * plugin's): {@code op: done} when it sends no data, its value when it sends one value, else one
     * line per field, {@code name value} (text as {@link #bare}, a list of plain values comma
     * separated, anything else as one line of JSON), then the receipt when it gives one.
     */
    static String generic(String op, JsonNode data) {
        if (data == null || data.isNull() || data.isMissingNode()) {
            return op + ": done";
        }
        if (!data.isObject()) {
            return plain(data);
        }
        StringBuilder b = new StringBuilder();
        for (Iterator<Map.Entry<String, JsonNode>> it = data.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> f = it.next();
            if (RECEIPT_FIELDS.contains(f.getKey())) {
                continue;
            }
            b.append(b.length() == 0 ? "" : "\n").append(f.getKey()).append(' ').append(plain(f.getValue()));
        }
        if (b.length() == 0) {
            b.append(op).append(": done");
        }
        return b.append(receipt(data)).toString();
    }

    /** One value on a line: text {@link #bare} (cut), a list of plain values comma separated, else JSON. */
    static String plain(JsonNode v) {
        if (v.isTextual()) {
            return bare(cut(v.textValue()));
        }
        if (v.isArray()) {
            List<String> parts = new ArrayList<>();
            for (JsonNode e : v) {
                if (e.isContainerNode()) {
                    return Json.compact(v);
                }
                parts.add(plain(e));
            }
            return parts.isEmpty() ? "(none)" : String.join(", ", parts);
        }
        return Json.compact(v);
    }

    /** {@code probe.hello}'s data: protocol, server, and the ops available now, one per line. */
    public static String hello(JsonNode data) {
        if (data == null) {
            return "the probe sent no hello data";
        }
        StringBuilder b = new StringBuilder("protocol ").append(data.path("protocol").asText("?"));
        JsonNode server = data.path("server");
        if (server.isObject()) {
            b.append('\n').append(("server " + server.path("name").asText("?") + " " + server.path("version").asText("")).trim());
        } else if (!server.isMissingNode()) {
            b.append("\nserver ").append(server.asText());
        }
        JsonNode ops = data.path("ops");
        b.append("\nops (").append(ops.size()).append("):");
        for (JsonNode op : ops) {
            b.append('\n').append(INDENT).append(op.asText());
        }
        return b.toString();
    }

    /**
     * An op's failure for a person: {@code code: message}, then what the probe suggests in its
     * details: the {@code nearest} identifiers of an unknown one (unless the message names them
     * already), one line per {@code candidates} item of an ambiguous one, where it is, and what
     * blocks a control that cannot be operated ({@code blockedBy}).
     */
    public static String error(String code, String message, JsonNode details) {
        String said = message == null ? "" : message;
        StringBuilder b = new StringBuilder(code == null ? "error" : code).append(": ").append(said);
        JsonNode nearest = details == null ? null : details.get("nearest");
        if (nearest != null && nearest.isArray() && !nearest.isEmpty() && !said.contains("nearest") && !said.contains("did you mean")) {
            b.append(" (nearest: ");
            for (int i = 0; i < nearest.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(nearest.get(i).asText());
            }
            b.append(')');
        }
        JsonNode candidates = details == null ? null : details.get("candidates");
        if (candidates != null && candidates.isArray()) {
            for (JsonNode c : candidates) {
                b.append('\n').append(INDENT);
                if (c.isObject()) {
                    b.append(Listing.line(c)).append(at(c));
                    String window = text(c, "window");
                    if (window != null) {
                        b.append(SEP).append("window=").append(bare(window));
                    }
                } else {
                    b.append(c.asText());
                }
            }
        }
        String blockedBy = text(details, "blockedBy");
        if (blockedBy != null) {
            b.append("\nblocked by: ").append(bare(blockedBy)).append(" (close it, or operate it, before the controls behind it)");
        }
        return b.toString();
    }

    // ---- pieces ----

    /**
     * {@code "  at [x,y,w,h]"}: where a control is, for the lines where its identifier cannot tell
     * a person which one it is (an audit's unnamed or shared one, an ambiguous identifier's
     * candidates); empty without a frame.
     */
    private static String at(JsonNode item) {
        JsonNode frame = item.get("frame");
        return frame != null && frame.isArray() ? SEP + "at " + frame(frame) : "";
    }

    /** {@code [x,y,w,h]} or {@code [x,y]}, from a JSON array of numbers. */
    public static String frame(JsonNode numbers) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < numbers.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(numbers.get(i).asText());
        }
        return b.append(']').toString();
    }

    /** {@code s} in double quotes, cut to {@value #MAX_TEXT} characters, control characters escaped ({@link Listing#quote}). */
    public static String quote(String s) {
        return Listing.quote(s);
    }

    /** {@code s} as it is when it is one plain word (an identifier, a name), else {@link #quote quoted} ({@link Listing#bare}). */
    public static String bare(String s) {
        return Listing.bare(s);
    }

    private static String cut(String s) {
        return s.length() <= MAX_TEXT ? s : s.substring(0, MAX_TEXT) + "...";
    }

    /**
     * Not {@code JsonNode.toString()}: that sets up a whole {@code ObjectMapper} (some 300 classes,
     * most of the time a one-shot {@code gui list} took); the streaming generator writes the same.
     */
    static String value(JsonNode v) {
        return v.isTextual() ? quote(v.textValue()) : Json.compact(v);
    }

    private static String identifierOr(JsonNode data, String fallback) {
        String id = text(data, "identifier");
        return id != null ? id : fallback;
    }

    private static String notches(int n) {
        return Math.abs(n) + (Math.abs(n) == 1 ? " notch" : " notches");
    }

    static String plural(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
