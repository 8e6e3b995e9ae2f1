package probe.cli.mcp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import probe.api.Ops;

/**
 * The tools as a model sees them: name, title, a description written for a model (each thing said
 * once: what every action answers is in gui_click's, the others point at it), and the JSON schema
 * of the arguments, without what {@link ToolArgs} checks and says when it refuses (ranges, unknown
 * names): every tool list costs a model its tokens. Kept apart from the SDK's types so that a test
 * holds the schemas and {@link ToolArgs} to the same names.
 */
final class ToolSpecs {
    private ToolSpecs() {
    }

    static final class Spec {
        final String name;
        final String title;
        final String description;
        final Map<String, Object> schema;
        /** The op the tool sends ({@link ToolArgs} maps it to the same one); null for gui_events, which sends none. */
        final String op;
        /** Whether it only looks: {@link Ops#readOnly} of its op. */
        final boolean readOnly;
        /** Whether, acting, it may destroy something (a click can delete a VM); false for a read-only tool. */
        final boolean destructive;

        /** A tool that sends {@code op}; {@code destructive} says whether, if the op acts, it may destroy. */
        Spec(String name, String title, String op, boolean destructive, String description, Map<String, Object> schema) {
            this(name, title, op, Ops.readOnly(op), destructive, description, schema);
        }

        /** A tool that sends no op of its own (gui_events, which reads the server's subscription). */
        Spec(String name, String title, boolean readOnly, String description, Map<String, Object> schema) {
            this(name, title, null, readOnly, !readOnly, description, schema);
        }

        private Spec(String name, String title, String op, boolean readOnly, boolean destructive, String description,
                Map<String, Object> schema) {
            this.name = name;
            this.title = title;
            this.op = op;
            this.readOnly = readOnly;
            this.destructive = !readOnly && destructive;
            this.description = description;
            this.schema = schema;
        }
    }

    /** What a tool that acts may do: what a user's hand may (a click, a key, typed text can delete a VM)... */
    private static final boolean MAY_DESTROY = true;
    /** ...or only move the pointer or the view (hover, scroll), or only look. */
    private static final boolean HARMLESS = false;

    /** What every action answers, said once in gui_click's description; the other actions point at it. */
    private static final String ANSWERS = " Answers once the GUI has settled: what changed (dialogs, focus, values, controls, events),"
            + " a dialog or controls that appeared as gui_snapshot lists them, and now: the open dialog. A control a"
            + " person could not operate now is refused with the reason.";
    private static final String LIKE_CLICK = " Answers as gui_click does.";
    /** A control's identifier: gui_snapshot's description says once what the other tools take. */
    private static final Map<String, Object> IDENTIFIER = Map.of("type", "string");

    /**
     * The output schema of every tool: its result's structuredContent, {@code data} (the op's reply,
     * as docs/PROTOCOL.md gives it) and {@code dialog} (gui.dialog.current's reply after it, where
     * the tool asks). In a fixed order, as every schema here: the same tool list, the same tokens,
     * from run to run.
     */
    static final Map<String, Object> OUTPUT = props("type", "object", "required", List.of("data"));

    static List<Spec> all() {
        List<Spec> s = new ArrayList<>();
        s.add(new Spec("gui_snapshot", "List the visible controls", Ops.LIST, HARMLESS,
                "The visible controls as text. First line now: the open dialog (modal: the controls behind it take no"
                        + " input). Then a line per control, indented under its container: role, identifier (what the other"
                        + " tools take; valid while the control shows), label, value, flags (\"in closed menu\": a click"
                        + " opens the menu first). A password shows only its length. Call it first; actions then say what"
                        + " changed.",
                schema(props(
                        "scope", str("window (default), dialog (the topmost), or an identifier prefix such as sidebar"),
                        "query", str("only the controls whose identifier, role, label or value holds this text"),
                        "maxItems", integer("most lines (default " + Snapshot.DEFAULT_MAX_ITEMS + ")")))));
        s.add(new Spec("gui_screenshot", "Screenshot the application", Ops.SCREENSHOT, HARMLESS,
                "A PNG of the main window with its dialogs (or of scope). Prefer gui_snapshot to find controls.",
                schema(props(
                        "scope", str("window (default), dialog, or an identifier (crops to it)"),
                        "annotate", bool("number the controls and give the legend"),
                        "maxSize", integer("scale down to this longest side in pixels")))));
        s.add(new Spec("gui_click", "Click a control", Ops.CLICK, MAY_DESTROY,
                "Clicks a control as a mouse would; a row or tab is scrolled into view, a closed menu opened first." + ANSWERS,
                schema(props("identifier", IDENTIFIER,
                        "button", enumOf("default left", "left", "right", "middle"),
                        "count", integer("2 for a double click")), "identifier")));
        s.add(new Spec("gui_type", "Type text into a field", Ops.TYPE, MAY_DESTROY,
                "Types into a text field key by key (\\n is Enter, \\t is Tab); the text is never echoed back. Give text,"
                        + " or for a password secretEnv: the name of this server's environment variable that holds it,"
                        + " typed only into a password field, so it never passes through the conversation." + LIKE_CLICK,
                schema(props("identifier", str("default: the focused control"),
                        "text", strAny("the text (not a password)"),
                        "secretEnv", str("such as " + ToolArgs.SECRET_PREFIX + "VM_PASSWORD"),
                        "replace", bool("clear the field first")))));
        s.add(new Spec("gui_keypress", "Press a key", Ops.KEYPRESS, MAY_DESTROY,
                "Presses one key, modifiers held: return fires the default button, esc cancels a dialog, tab moves the"
                        + " focus. Keys by name: return, esc, tab, space, backspace, delete, up, pageup, home, f2, a, 0, kp0"
                        + " and the like." + LIKE_CLICK,
                schema(props("key", Map.of("type", "string"),
                        "modifiers", array("held while it is pressed", "shift", "ctrl", "alt", "meta"),
                        "identifier", str("focused first (default: the focused control)")), "key")));
        s.add(new Spec("gui_select", "Select an item", Ops.SELECT, MAY_DESTROY,
                "Selects one item of a combo box, list, table, tree or tabs as a hand would. Give one of label, row,"
                        + " index." + LIKE_CLICK,
                schema(props("identifier", IDENTIFIER,
                        "label", str("the item's text"),
                        "row", str("the item's identifier or its last part"),
                        "index", integer("from 0")), "identifier")));
        s.add(new Spec("gui_hover", "Rest the pointer on a control", Ops.HOVER, HARMLESS,
                "Rests the pointer on a control and gives its tooltip once it shows." + LIKE_CLICK,
                schema(props("identifier", IDENTIFIER), "identifier")));
        s.add(new Spec("gui_scroll", "Turn the mouse wheel", Ops.SCROLL, HARMLESS,
                "Turns the mouse wheel over a control (a list moves 3 rows a notch)." + LIKE_CLICK,
                schema(props("identifier", IDENTIFIER,
                        "dy", integer("notches down; negative: up"),
                        "dx", integer("notches right; negative: left")), "identifier")));
        s.add(new Spec("gui_wait", "Wait for a condition", Ops.WAIT, HARMLESS,
                "Waits in the GUI until a condition holds (else gui.timeout with the last state seen); use it"
                        + " instead of sleeping. One of: identifier + state (showing, hidden, enabled, disabled);"
                        + " identifier + value (as gui_snapshot shows it, such as \"Running\"); dialog + state (open,"
                        + " closed); state idle.",
                schema(props("identifier", IDENTIFIER,
                        "dialog", str("a dialog's name, such as createVM"),
                        "state", enumOf(null, "showing", "hidden", "enabled", "disabled", "open", "closed", "idle"),
                        "value", valueOf(),
                        "quietMillis", integer("with idle: how long nothing happens (default 50)"),
                        "timeoutMillis", integer("default " + ToolArgs.DEFAULT_WAIT_MILLIS)))));
        s.add(new Spec("gui_dialog", "Tell which dialog is open", Ops.DIALOG_CURRENT, HARMLESS,
                "The topmost open dialog (name, title, modal) with its controls, or that none is open.",
                schema(props())));
        s.add(new Spec("gui_audit", "Audit the identifiers", Ops.AUDIT, HARMLESS,
                "Operable controls without an identifier, and identifiers shared or missing from the app's catalogue.",
                schema(props())));
        s.add(new Spec("gui_events", "Tell what happened", true,
                "The GUI's events since the last call, oldest first: dialog.opened, dialog.closed, list.refreshed,"
                        + " vm.state, error, edt.stalled.",
                schema(props("max", integer("default 100")))));
        return s;
    }

    // ---- schema pieces ----

    private static Map<String, Object> schema(Map<String, Object> properties, String... required) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "object");
        m.put("properties", properties);
        if (required.length > 0) {
            m.put("required", List.of(required));
        }
        return m;
    }

    private static Map<String, Object> props(Object... nameThenSchema) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < nameThenSchema.length; i += 2) {
            m.put((String) nameThenSchema[i], nameThenSchema[i + 1]);
        }
        return m;
    }

    /** A string ({@link ToolArgs} refuses an empty one). */
    private static Map<String, Object> str(String description) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "string");
        m.put("description", description);
        return m;
    }

    /** Any string, even empty (text to type, a label). */
    private static Map<String, Object> strAny(String description) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "string");
        m.put("description", description);
        return m;
    }

    private static Map<String, Object> bool(String description) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "boolean");
        m.put("description", description);
        return m;
    }

    /** An integer; its range is checked by {@link ToolArgs}, which says it. */
    private static Map<String, Object> integer(String description) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "integer");
        m.put("description", description);
        return m;
    }

    private static Map<String, Object> enumOf(String description, String... values) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "string");
        m.put("enum", List.of(values));
        if (description != null) {
            m.put("description", description);
        }
        return m;
    }

    /** A string, number or boolean. */
    private static Map<String, Object> valueOf() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", List.of("string", "number", "boolean"));
        return m;
    }

    private static Map<String, Object> array(String description, String... values) {
        Map<String, Object> items = new LinkedHashMap<>();
        items.put("type", "string");
        items.put("enum", List.of(values));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "array");
        m.put("items", items);
        m.put("uniqueItems", true);
        m.put("description", description);
        return m;
    }
}
