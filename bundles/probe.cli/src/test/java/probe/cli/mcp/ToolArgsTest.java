package probe.cli.mcp;

import probe.cli.ops.CompiledDescriptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import org.junit.jupiter.api.Test;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.api.wire.Wire;
import probe.api.wire.Json;

/**
 * The tools built from the ops' descriptions, and their arguments checked against what each tool
 * takes (the op's description with the server's own), in the description's words.
 */
class ToolArgsTest {
    private static final Function<String, String> ENV = name -> name.equals("HVM_SECRET_PW") ? "hunter2-secret" : null;

    private static Map<String, Object> args(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static ToolSpecs.Spec spec(String op) {
        OpDescription d = CompiledDescriptions.of(op).orElseThrow();
        return ToolSpecs.of(d, ToolSpecs.name(d));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> props(ToolSpecs.Spec s) {
        return (Map<String, Object>) s.tool().inputSchema().get("properties");
    }

    private static ObjectNode of(String op, Map<String, Object> given) {
        ToolSpecs.Spec s = spec(op);
        return ToolArgs.of(s.name(), s.takes(), given);
    }

    /** A tool per op of the contract but the subscription's and the dialog's, named as before, each with its annotations and no title. */
    @Test
    void aToolPerOpWithItsDescriptionsSchemaTitleAndAnnotations() {
        Map<String, String> names = new HashMap<>();
        for (String op : probe.cli.ops.CompiledDescriptions.names()) {
            if (op.startsWith("probe.")) {
                continue;
            }
            ToolSpecs.Spec s = spec(op);
            if (s == null) {
                assertTrue(ToolSpecs.noTool(CompiledDescriptions.of(op).orElseThrow()), op);
                continue;
            }
            names.put(op, s.name());
            OpDescription d = CompiledDescriptions.of(op).orElseThrow();
            assertEquals(null, s.tool().title(), s.name());
            assertTrue(s.tool().description().startsWith(op.equals(Ops.LIST) ? "The visible controls" : d.summary()), s.name());
            assertEquals(!d.acts(), s.readOnly(), s.name());
            // An absent annotation is MCP's default: not read-only, destructive.
            ToolAnnotations a = s.tool().annotations();
            assertEquals(!d.acts(), a != null && Boolean.TRUE.equals(a.readOnlyHint()), s.name());
            if (d.acts()) {
                assertEquals(d.destructive(), a == null || a.destructiveHint() == null || a.destructiveHint(), s.name());
            }
            // The schema shows the description's arguments (but the receipt's), and nothing else but the server's own.
            TreeSet<String> shown = new TreeSet<>(props(s).keySet());
            TreeSet<String> expected = new TreeSet<>();
            d.args().stream().filter(x -> !x.detail()).forEach(x -> expected.add(x.name()));
            expected.removeAll(ToolSpecs.UNSHOWN);
            switch (op) {
                // gui_snapshot always asks for the text; gui_screenshot for a PNG.
                case Ops.LIST -> expected.remove("format");
                case Ops.SCREENSHOT -> {
                    expected.remove("format");
                    expected.add("maxSize");
                }
                case Ops.TYPE -> expected.add("secretEnv");
                default -> { }
            }
            assertEquals(expected, shown, s.name());
        }
        // The names of issue 22's tools, as written; any other tool is gui_ and its verb.
        Map<String, String> named = Map.ofEntries(Map.entry(Ops.LIST, "gui_snapshot"), Map.entry(Ops.AUDIT, "gui_audit"),
                Map.entry(Ops.WAIT, "gui_wait"), Map.entry(Ops.CLICK, "gui_click"), Map.entry(Ops.TYPE, "gui_type"),
                Map.entry(Ops.KEYPRESS, "gui_keypress"), Map.entry(Ops.SELECT, "gui_select"), Map.entry(Ops.HOVER, "gui_hover"),
                Map.entry(Ops.SCROLL, "gui_scroll"), Map.entry(Ops.SCREENSHOT, "gui_screenshot"));
        assertTrue(names.entrySet().containsAll(named.entrySet()), names.toString());
        names.forEach((op, name) -> assertTrue(named.containsKey(op) || name.equals("gui_" + CompiledDescriptions.of(op).orElseThrow().verb()), name));
        assertEquals(List.of("max"), List.copyOf(props(ToolSpecs.events()).keySet()));
    }

    /** An argument the description calls a detail (a drag's steps and input) is not shown, and taken all the same. */
    @Test
    void aDetailIsUnshownAndTaken() {
        ToolSpecs.Spec drag = spec("gui.drag");
        assertFalse(props(drag).containsKey("steps"), props(drag).toString());
        assertFalse(props(drag).containsKey("input"), props(drag).toString());
        assertTrue(props(drag).containsKey("dx"), props(drag).toString());
        assertEquals("{\"identifier\":\"a.b\",\"dx\":5,\"steps\":3,\"input\":\"robot\"}",
                Json.compact(of("gui.drag", args("identifier", "a.b", "dx", 5, "steps", 3, "input", "robot"))));
        assertThrows(ToolArgs.Problem.class, () -> of("gui.drag", args("identifier", "a.b", "dx", 5, "steps", 0)),
                "a detail is checked as any argument is");
    }

    /** An op that declares no description is a tool too: its input is one JSON object, handed on as the op's args. */
    @Test
    void anOpWithoutADescriptionTakesAnyObject() {
        OpDescription d = OpDescription.undeclared("acme.frob", null);
        ToolSpecs.Spec s = ToolSpecs.of(d, ToolSpecs.name(d));
        assertEquals("gui_acme_frob", s.name());
        assertEquals("gui_acme_frob", ToolSpecs.fullName(d));
        assertNull(s.tool().inputSchema().get("properties"));
        assertFalse(s.readOnly(), "an op that says nothing is taken to act, so never sent twice");
        ObjectNode given = ToolArgs.of(s.name(), s.takes(), args("anything", List.of(1, 2), "x", "y"));
        assertEquals("{\"anything\":[1,2],\"x\":\"y\"}", Json.compact(given));
    }

    @Test
    void theArgumentsGoAsGivenOnceTheDescriptionAcceptsThem() {
        assertEquals("{\"identifier\":\"a.b\",\"button\":\"right\",\"count\":2}",
                Json.compact(of(Ops.CLICK, args("identifier", "a.b", "button", "right", "count", 2))));
        assertEquals("{\"identifier\":\"a.b\"}", Json.compact(of(Ops.CLICK, args("identifier", "a.b"))), "no default filled in");
        // What a model writes loosely, as meant.
        assertEquals("{\"key\":\"a\",\"modifiers\":[\"ctrl\",\"shift\"]}",
                Json.compact(of(Ops.KEYPRESS, args("key", "a", "modifiers", "ctrl, shift"))));
        assertEquals("{\"identifier\":\"c\",\"index\":2}", Json.compact(of(Ops.SELECT, args("identifier", "c", "index", 2.0))));
        assertEquals("{\"scope\":\"sidebar\",\"maxItems\":5}", Json.compact(of(Ops.LIST, args("scope", "sidebar", "maxItems", 5))));
        assertEquals(Snapshot.DEFAULT_MAX_ITEMS, ToolArgs.integer(Wire.object(), spec(Ops.LIST).takes(), "maxItems"));
        assertEquals(5000, ToolArgs.integer(Wire.object(), spec(Ops.WAIT).takes(), "timeoutMillis"), "gui.wait's default, from its description");
        assertEquals(100, ToolArgs.integer(Wire.object(), ToolSpecs.events().takes(), "max"));
        JsonNode value = of(Ops.WAIT, args("identifier", "s", "value", 3)).get("value");
        assertEquals(3, value.intValue());
    }

    /** Refused in the description's words, naming the tool; limits from the description, not copies. */
    @Test
    void wrongArgumentsAreSaidWithWhatIsAccepted() {
        String unknown = message(() -> of(Ops.CLICK, args("identifier", "a", "botton", "left")));
        assertTrue(unknown.startsWith("unknown argument 'botton' for gui_click; did you mean 'button'? accepted: button, count"), unknown);
        assertEquals("argument 'identifier' is required: a non-empty string", message(() -> of(Ops.CLICK, args())));
        assertEquals("argument 'button' must be one of left, right, middle, got 'LEFT'",
                message(() -> of(Ops.CLICK, args("identifier", "a", "button", "LEFT"))));
        assertEquals("argument 'count' must be an integer from 1 to 2, got 3", message(() -> of(Ops.CLICK, args("identifier", "a", "count", 3))));
        assertEquals("argument 'dy' must be an integer from -100 to 100, got 101", message(() -> of(Ops.SCROLL, args("identifier", "s", "dy", 101))));
        assertEquals("argument 'timeoutMillis' must be an integer from 0 to 600000, got 600001",
                message(() -> of(Ops.WAIT, args("state", "idle", "timeoutMillis", 600_001))));
        assertEquals("argument 'maxItems' must be an integer from 1 to 100000, got 0", message(() -> of(Ops.LIST, args("maxItems", 0))));
        assertTrue(message(() -> of(Ops.AUDIT, args("b", 1))).endsWith("gui.audit takes no arguments"));
        ToolArgs.Problem p = assertThrows(ToolArgs.Problem.class, () -> of(Ops.CLICK, args("identifier", "a", "count", "2")));
        assertEquals("gui.invalid_args", p.refusal().code());
        assertEquals("count", p.refusal().details().get("argument").asText(), "the details as the probe gives them");
    }

    private static ObjectNode typed(Map<String, Object> given, Function<String, String> env) {
        ObjectNode a = of(Ops.TYPE, given);
        ToolArgs.secret("gui_type", "text", a, env);
        return a;
    }

    @Test
    void typeTakesTextOrASecretFromTheServersEnvironmentAndNeverSaysIt() {
        assertEquals("{\"identifier\":\"f\",\"text\":\"hello\",\"replace\":true}",
                Json.compact(typed(args("identifier", "f", "text", "hello", "replace", true), ENV)));
        assertEquals("{\"text\":\"\"}", Json.compact(typed(args("text", ""), ENV)), "empty text with replace clears");
        ObjectNode secret = of(Ops.TYPE, args("identifier", "p", "secretEnv", "HVM_SECRET_PW"));
        assertTrue(ToolArgs.secret("gui_type", "text", secret, ENV));
        assertEquals("hunter2-secret", secret.get("text").asText());
        assertFalse(secret.has("secretEnv"), "the op gets text alone");
        assertFalse(ToolArgs.secret("gui_type", "text", of(Ops.TYPE, args("text", "x")), ENV));
        // The generic prefix, for any application; HVM's (above) kept for the configurations written for it.
        ObjectNode generic = of(Ops.TYPE, args("identifier", "p", "secretEnv", "HDP_GUI_SECRET_PW"));
        assertTrue(ToolArgs.secret("gui_type", "text", generic, name -> name.equals("HDP_GUI_SECRET_PW") ? "generic-secret" : null));
        assertEquals("generic-secret", generic.get("text").asText());

        String both = message(() -> typed(args("identifier", "p", "text", "a", "secretEnv", "HVM_SECRET_PW"), ENV));
        assertTrue(both.startsWith("gui_type takes exactly one of 'text'"), both);
        String other = message(() -> typed(args("identifier", "p", "secretEnv", "HOME"), name -> "/root"));
        assertTrue(other.startsWith("secretEnv 'HOME' is refused: only variables whose names start with HDP_GUI_SECRET_ (or HVM's HVM_SECRET_)"), other);
        String unset = message(() -> typed(args("identifier", "p", "secretEnv", "HVM_SECRET_NONE"), ENV));
        assertTrue(unset.startsWith("the environment variable HVM_SECRET_NONE is not set"), unset);
        assertTrue(message(() -> typed(args("secretEnv", "HVM_SECRET_PW"), ENV)).contains("needs 'identifier'"));
        assertTrue(message(() -> typed(args("identifier", "p", "secretEnv", "A B"), ENV)).contains("must be the name of an environment variable"));
        for (String m : List.of(both, other, unset)) {
            assertFalse(m.contains("hunter2") || m.contains("/root"), "a message never holds a value: " + m);
        }
    }

    /** A Tab or a line break in the secret would move the focus and type the rest elsewhere: refused, and nothing typed. */
    @Test
    void aSecretHoldingAControlCharacterIsRefused() {
        Map<String, String> values = Map.of("HVM_SECRET_TAB", "hunter2\tsecond", "HVM_SECRET_NL", "hunter2\n",
                "HVM_SECRET_CR", "hunter2\rx", "HVM_SECRET_ESC", "\u001bhunter2", "HVM_SECRET_DEL", "hunter2\u007f",
                "HVM_SECRET_C1", "hunter2\u0085");
        for (Map.Entry<String, String> v : values.entrySet()) {
            String m = message(() -> typed(args("identifier", "p", "secretEnv", v.getKey()), values::get));
            assertTrue(m.startsWith("the environment variable " + v.getKey() + " holds a control character (U+"), m);
            assertTrue(m.contains("the password alone"), "says what to do: " + m);
            assertFalse(m.contains("hunter2") || m.contains("second"), "the message never holds the value: " + m);
        }
        assertTrue(message(() -> typed(args("identifier", "p", "secretEnv", "HVM_SECRET_TAB"), values::get)).contains("(U+0009 Tab)"));
        // Other characters are typed as they are: spaces, accents, symbols, letters beyond the BMP.
        String fine = "pass word \u00e9\u00df\u20ac!\"\\ \ud83d\udd11";
        assertEquals(fine, typed(args("identifier", "p", "secretEnv", "HVM_SECRET_OK"), name -> fine).get("text").asText());
        assertNotNull(fine);
    }

    private static String message(Runnable r) {
        return assertThrows(ToolArgs.Problem.class, r::run).getMessage();
    }
}
