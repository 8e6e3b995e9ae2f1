package probe.cli.mcp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools as a model sees them: name, title, a description written for a model, and the JSON
 * schema of the arguments ({@code additionalProperties: false}: the SDK refuses an unknown
 * argument before the tool runs, and {@link ToolArgs} checks again). Kept apart from the SDK's
 * types so that a test holds the schemas and {@link ToolArgs} to the same names.
 */
final class ToolSpecs {
    private ToolSpecs() {
    }

    static final class Spec {
        final String name;
        final String title;
        final String description;
        final Map<String, Object> schema;
        final boolean readOnly;

        Spec(String name, String title, boolean readOnly, String description, Map<String, Object> schema) {
            this.name = name;
            this.title = title;
            this.readOnly = readOnly;
            this.description = description;
            this.schema = schema;
        }
    }

    private static final String AFTER = " The result says what the action did, what it changed (its receipt, when the"
            + " probe gives one), its data as JSON, and which dialog is open after it. A control a person could not"
            + " operate now (disabled, behind a modal dialog, covered) is refused with the reason, never operated.";
    private static final String IDENTIFIER = "the control's identifier, as gui_snapshot lists it (such as toolbar.button.createVM)";

    static List<Spec> all() {
        List<Spec> s = new ArrayList<>();
        s.add(new Spec("gui_snapshot", "List the visible controls", true,
                "What a person sees, as text: the first line says which dialog is open and whether it is modal (or"
                        + " that none is); then one line per visible control, indented under its container: role,"
                        + " identifier, label, value, and flags such as disabled, focused, selected, checked, read-only,"
                        + " 'not clickable: behind the modal dialog 'dialog.createVM''. The identifiers"
                        + " (<scene>.<role>.<name>) are what the other tools take; an identifier names the same control"
                        + " for as long as it shows, so it does not go stale between snapshots. A password field shows"
                        + " only its length. Call it first, and again after an action changed the screen.",
                schema(props(
                        "scope", str("window (default: every showing window), dialog (the topmost dialog), sidebar, or an"
                                + " identifier prefix such as dialog.createVM or detail"),
                        "maxItems", integer("at most this many control lines (default " + Snapshot.DEFAULT_MAX_ITEMS
                                + "); the rest is counted", 1, 100_000)))));
        s.add(new Spec("gui_screenshot", "Screenshot the application", true,
                "A PNG of the main window with its open dialogs composited (or of the scope), as an image, and a line"
                        + " with its size and scale. With annotate: true every visible control listed by gui_snapshot"
                        + " gets a numbered box, and the text gives the legend (number, identifier, role, label), so"
                        + " what you see can be matched to the identifiers the other tools take. Prefer gui_snapshot"
                        + " to find controls; use this to see layout, colours, images and text that is drawn.",
                schema(props(
                        "scope", str("window (default), dialog (the topmost dialog), or a control's identifier (crops to it)"),
                        "annotate", bool("draw a numbered box on every visible control and return the legend (default false)"),
                        "maxSize", integer("scale the image down so that its longer side is at most this many pixels"
                                + " (default: the window's own size)", 16, 16384)))));
        s.add(new Spec("gui_click", "Click a control", false,
                "Clicks a control as a person's mouse would (moves there, presses, releases), at the part of it that"
                        + " shows; a row or tab is scrolled into view first; a menu item in a closed menu has its menus"
                        + " opened first. The reply comes once the click's handlers ran (a modal dialog it opened is"
                        + " open then)." + AFTER,
                schema(props("identifier", str(IDENTIFIER),
                        "button", enumOf("the mouse button (default left; right opens context menus)", "left", "right", "middle"),
                        "count", integer("1 (default) or 2 for a double click", 1, 2)), "identifier")));
        s.add(new Spec("gui_type", "Type text into a field", false,
                "Types text into a text field as a person's keys would (each character through the field's listeners"
                        + " and filters; \\n is Enter, \\t is Tab). Give exactly one of text and secretEnv. For a"
                        + " password use secretEnv: the name of an environment variable of this MCP server (it must"
                        + " start with " + ToolArgs.SECRET_PREFIX + ") whose value is typed, into a password field"
                        + " only, so the password never passes through the conversation. The typed text is never"
                        + " echoed; the result gives the number of characters." + AFTER,
                schema(props("identifier", str(IDENTIFIER + "; default: the control that has the keyboard focus"),
                        "text", strAny("the text to type (not for passwords: use secretEnv)"),
                        "secretEnv", str("name of the server's environment variable holding the password, such as "
                                + ToolArgs.SECRET_PREFIX + "VM_PASSWORD"),
                        "replace", bool("clear the field's text first (default false)")))));
        s.add(new Spec("gui_keypress", "Press a key", false,
                "Presses and releases one key, with modifiers held, as a keyboard would: return fires a dialog's"
                        + " default button, esc cancels a dialog, tab moves the focus. Keys: return, esc, tab, space,"
                        + " backspace, delete, insert, up, down, left, right, home, end, pageup, pagedown, f1..f12, a..z,"
                        + " 0..9, punctuation, kp0..kp9 and other keypad keys." + AFTER,
                schema(props("key", str("the key's name, such as return, esc, tab, a, f2"),
                        "modifiers", array("keys held while it is pressed", "shift", "ctrl", "alt", "meta"),
                        "identifier", str(IDENTIFIER + "; it gets the focus first (default: the focused control)")), "key")));
        s.add(new Spec("gui_select", "Select an item of a combo box, list, table, tree or tabs", false,
                "Selects one item as a hand would: a combo box is clicked open and the item clicked in its popup; a"
                        + " row of a list, table or tree is scrolled into view and clicked; a tab is clicked. Give exactly"
                        + " one of label, row and index." + AFTER,
                schema(props("identifier", str("the combo box, list, table, tree or tabbed pane, such as dialog.createVM.combo.os"),
                        "label", str("the text the item shows (exact, else ignoring case)"),
                        "row", str("the item's identifier or its end after a dot, such as fedora"),
                        "index", integer("the item's place, from 0", 0, Integer.MAX_VALUE)), "identifier")));
        s.add(new Spec("gui_hover", "Rest the pointer on a control", false,
                "Moves the pointer onto a control and leaves it there, so its rollover shows and its tooltip appears"
                        + " (the result gives the tooltip's text once it showed)." + AFTER,
                schema(props("identifier", str(IDENTIFIER)), "identifier")));
        s.add(new Spec("gui_scroll", "Turn the mouse wheel over a control", false,
                "Turns the mouse wheel over a control: whatever scrolls under the pointer scrolls (a list by 3 rows a"
                        + " notch). Give dy, dx or both, not both 0." + AFTER,
                schema(props("identifier", str(IDENTIFIER + ", such as sidebar.list"),
                        "dy", integer("notches down; negative scrolls up", -100, 100),
                        "dx", integer("notches right; negative scrolls left", -100, 100)), "identifier")));
        s.add(new Spec("gui_wait", "Wait for a control, a value, a dialog or an idle GUI", true,
                "Waits in the GUI and answers as soon as the condition holds (or gui.timeout with the last state"
                        + " or value seen). Use it instead of sleeping. One of: identifier with state (showing, hidden,"
                        + " enabled, disabled); identifier with value (the control's value as gui_snapshot shows it,"
                        + " such as \"Running\" for detail.label.state; never a password field's); dialog with state"
                        + " (open, closed); state idle alone (the whole GUI has had nothing to do for quietMillis). A"
                        + " name the app never shows is refused at once with the nearest names.",
                schema(props("identifier", str(IDENTIFIER),
                        "dialog", str("a dialog's name without 'dialog.', such as createVM or encryptionPassword"),
                        "state", enumOf("the state to wait for", "showing", "hidden", "enabled", "disabled", "open", "closed", "idle"),
                        "value", valueOf("the value to wait for, compared as text (\"Running\", true, 3)"),
                        "quietMillis", integer("with state idle: how long nothing may happen, in milliseconds (default 50)", 1,
                                ToolArgs.MAX_WAIT_MILLIS),
                        "timeoutMillis", integer("how long to wait at most, in milliseconds (default 5000)", 0,
                                ToolArgs.MAX_WAIT_MILLIS)))));
        s.add(new Spec("gui_dialog", "Tell which dialog is open", true,
                "The topmost open dialog: its name, title, whether it is modal and focused, and its controls as"
                        + " gui_snapshot lists them; or that no dialog is open.",
                schema(props())));
        s.add(new Spec("gui_audit", "Audit the identifiers", true,
                "Lists operable controls that have no identifier, identifiers shared by several controls, and"
                        + " identifiers missing from the app's catalogue: what keeps a control from being named. Empty"
                        + " when everything showing is named.",
                schema(props())));
        s.add(new Spec("gui_events", "Tell what happened since the last call", true,
                "The GUI's events since the previous gui_events call (or since the server started), oldest first,"
                        + " one line each: dialog.opened and dialog.closed (with the dialog's name), list.refreshed,"
                        + " vm.state, error (an exception in the GUI), edt.stalled. The server keeps the last "
                        + EventFeed.CAPACITY + " and says how many older ones were dropped; it also notes when the GUI"
                        + " went away and came back.",
                schema(props("max", integer("at most this many events (default 100); the rest stay queued", 1, 10_000)))));
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
        m.put("additionalProperties", false);
        return m;
    }

    private static Map<String, Object> props(Object... nameThenSchema) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < nameThenSchema.length; i += 2) {
            m.put((String) nameThenSchema[i], nameThenSchema[i + 1]);
        }
        return m;
    }

    /** A non-empty string. */
    private static Map<String, Object> str(String description) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "string");
        m.put("minLength", 1);
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

    private static Map<String, Object> integer(String description, long min, long max) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "integer");
        m.put("minimum", min);
        m.put("maximum", max);
        m.put("description", description);
        return m;
    }

    private static Map<String, Object> enumOf(String description, String... values) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "string");
        m.put("enum", List.of(values));
        m.put("description", description);
        return m;
    }

    /** A string, number or boolean. */
    private static Map<String, Object> valueOf(String description) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", List.of("string", "number", "boolean"));
        m.put("description", description);
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
