package probe.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import probe.api.Ops;
import probe.client.internal.Json;

/** The tools' arguments mapped to the ops' args, and the schemas the model sees held to the same names. */
class ToolArgsTest {
    private static final Function<String, String> ENV = name -> name.equals("HVM_SECRET_PW") ? "hunter2-secret" : null;

    private static Map<String, Object> args(Object... kv) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /** Each tool's mapping, by name. */
    private static final Map<String, Function<Map<String, Object>, Object>> TOOLS = Map.ofEntries(
            Map.entry("gui_snapshot", ToolArgs::snapshot), Map.entry("gui_screenshot", ToolArgs::screenshot),
            Map.entry("gui_click", ToolArgs::click), Map.entry("gui_type", a -> ToolArgs.type(a, ENV)),
            Map.entry("gui_keypress", ToolArgs::keypress), Map.entry("gui_select", ToolArgs::select),
            Map.entry("gui_hover", ToolArgs::hover), Map.entry("gui_scroll", ToolArgs::scroll),
            Map.entry("gui_wait", ToolArgs::waitFor), Map.entry("gui_dialog", ToolArgs::dialog),
            Map.entry("gui_audit", ToolArgs::audit), Map.entry("gui_events", ToolArgs::eventsMax));

    @Test
    void everySchemaNamesExactlyTheArgumentsItsToolAccepts() {
        assertEquals(TOOLS.keySet(), new TreeSet<>(ToolSpecs.all().stream().map(s -> s.name).toList()));
        for (ToolSpecs.Spec s : ToolSpecs.all()) {
            ToolArgs.Problem p = assertThrows(ToolArgs.Problem.class, () -> TOOLS.get(s.name).apply(args("zz", 1)), s.name);
            @SuppressWarnings("unchecked")
            Map<String, Object> props = (Map<String, Object>) s.schema.get("properties");
            String m = p.getMessage();
            assertTrue(m.startsWith("unknown argument 'zz' for " + s.name), m);
            TreeSet<String> accepted = new TreeSet<>();
            int at = m.indexOf("accepted: ");
            if (at >= 0) {
                accepted.addAll(Arrays.asList(m.substring(at + "accepted: ".length()).split(", ")));
            } else {
                assertTrue(m.endsWith("it takes no arguments"), m);
            }
            assertEquals(new TreeSet<>(props.keySet()), accepted, s.name);
            // No "additionalProperties": false in the schema (tokens of every tool list): ToolArgs
            // refuses an unknown argument with the accepted names, as asserted above.
            assertTrue(s.description.length() > 60, "a description a model can act on: " + s.name);
        }
    }

    /**
     * Each tool names the op it sends, the one {@link ToolArgs} maps it to, and is read-only exactly
     * when {@link Ops#readOnly} says that op only looks: one list of what only looks, in probe.api.
     * gui_events sends no op (it reads the server's own subscription) and only looks.
     */
    @Test
    void eachToolIsReadOnlyExactlyWhenItsOpOnlyLooks() {
        Map<String, Map<String, Object>> minimal = Map.of(
                "gui_click", args("identifier", "a"), "gui_type", args("text", "t"), "gui_keypress", args("key", "a"),
                "gui_select", args("identifier", "a", "index", 0), "gui_hover", args("identifier", "a"),
                "gui_scroll", args("identifier", "a", "dy", 1), "gui_wait", args("state", "idle"));
        for (ToolSpecs.Spec s : ToolSpecs.all()) {
            if (s.name.equals("gui_events")) {
                assertNull(s.op);
                assertTrue(s.readOnly);
                continue;
            }
            ToolArgs.OpCall c = (ToolArgs.OpCall) TOOLS.get(s.name).apply(minimal.getOrDefault(s.name, args()));
            assertEquals(c.op, s.op, s.name);
            assertEquals(Ops.readOnly(c.op), s.readOnly, s.name);
        }
    }

    @Test
    void clickKeypressSelectHoverScrollMapToTheirOps() {
        ToolArgs.OpCall c = ToolArgs.click(args("identifier", "a.b", "button", "right", "count", 2));
        assertEquals("gui.click", c.op);
        assertEquals("{\"identifier\":\"a.b\",\"button\":\"right\",\"count\":2}", Json.compact(c.args));
        assertNull(c.replyTimeout);
        assertEquals("{\"key\":\"a\",\"modifiers\":[\"ctrl\",\"shift\"],\"identifier\":\"x\"}",
                Json.compact(ToolArgs.keypress(args("key", "a", "modifiers", List.of("ctrl", "shift"), "identifier", "x")).args));
        assertEquals("{\"key\":\"a\",\"modifiers\":[\"ctrl\",\"shift\"]}",
                Json.compact(ToolArgs.keypress(args("key", "a", "modifiers", "ctrl, shift")).args));
        assertEquals("{\"identifier\":\"c\",\"index\":2}", Json.compact(ToolArgs.select(args("identifier", "c", "index", 2.0)).args));
        assertEquals("{\"identifier\":\"c\",\"label\":\"Fedora Linux\"}",
                Json.compact(ToolArgs.select(args("identifier", "c", "label", "Fedora Linux")).args));
        assertEquals("gui.hover", ToolArgs.hover(args("identifier", "h")).op);
        assertEquals("{\"identifier\":\"s\",\"dy\":-3}", Json.compact(ToolArgs.scroll(args("identifier", "s", "dy", -3)).args));
        assertEquals("{\"format\":\"png\",\"scope\":\"dialog\",\"annotate\":true}",
                Json.compact(ToolArgs.screenshot(args("scope", "dialog", "annotate", true, "maxSize", 800)).args),
                "maxSize is the server's own, never sent to the probe");
        assertEquals(800, ToolArgs.maxSize(args("maxSize", 800)));
        assertEquals("{\"scope\":\"sidebar\"}", Json.compact(ToolArgs.snapshot(args("scope", "sidebar", "maxItems", 5)).args));
        assertEquals(5, ToolArgs.maxItems(args("maxItems", 5)));
        assertEquals(Snapshot.DEFAULT_MAX_ITEMS, ToolArgs.maxItems(null));
        assertNull(ToolArgs.dialog(Map.of()).args);
        assertEquals(100, ToolArgs.eventsMax(Map.of()));
    }

    @Test
    void wrongArgumentsAreSaidWithWhatIsAccepted() {
        assertEquals("gui_click needs 'identifier'", message(() -> ToolArgs.click(args())));
        assertEquals("argument 'button' of gui_click must be one of left, right, middle, not 'LEFT'",
                message(() -> ToolArgs.click(args("identifier", "a", "button", "LEFT"))));
        assertEquals("argument 'count' of gui_click must be from 1 to 2, not 3", message(() -> ToolArgs.click(args("identifier", "a", "count", 3))));
        assertEquals("argument 'count' of gui_click must be a whole number", message(() -> ToolArgs.click(args("identifier", "a", "count", "2"))));
        assertEquals("argument 'identifier' of gui_click must not be empty", message(() -> ToolArgs.click(args("identifier", ""))));
        assertTrue(message(() -> ToolArgs.select(args("identifier", "c", "label", "x", "index", 1))).startsWith("gui_select takes exactly one of"));
        assertTrue(message(() -> ToolArgs.scroll(args("identifier", "s", "dy", 0))).startsWith("gui_scroll needs 'dy'"));
        assertEquals("modifier 'hyper' is not one of shift, ctrl, alt, meta", message(() -> ToolArgs.keypress(args("key", "a", "modifiers", List.of("hyper")))));
        assertEquals("unknown arguments 'a', 'b' for gui_audit; it takes no arguments", message(() -> ToolArgs.audit(args("b", 1, "a", 2))));
    }

    @Test
    void waitWaitsOnTheProbeAndTheReplyTenSecondsLonger() {
        ToolArgs.OpCall c = ToolArgs.waitFor(args("dialog", "createVM", "state", "open", "timeoutMillis", 15000));
        assertEquals("{\"dialog\":\"createVM\",\"state\":\"open\",\"timeoutMillis\":15000}", Json.compact(c.args));
        assertEquals(Duration.ofSeconds(25), c.replyTimeout);
        assertEquals(Duration.ofSeconds(15), ToolArgs.waitFor(args("identifier", "a", "state", "showing")).replyTimeout);
        assertTrue(message(() -> ToolArgs.waitFor(args("identifier", "a", "state", "open"))).contains("must be one of showing, hidden, enabled, disabled"));
        assertTrue(message(() -> ToolArgs.waitFor(args("identifier", "a", "dialog", "d", "state", "open"))).startsWith("gui_wait takes one of"));
        assertEquals("{\"identifier\":\"detail.label.state\",\"value\":\"Running\"}",
                Json.compact(ToolArgs.waitFor(args("identifier", "detail.label.state", "value", "Running")).args));
        assertEquals("{\"identifier\":\"s\",\"value\":3}", Json.compact(ToolArgs.waitFor(args("identifier", "s", "value", 3)).args));
        assertEquals("{\"state\":\"idle\",\"quietMillis\":100}", Json.compact(ToolArgs.waitFor(args("state", "idle", "quietMillis", 100)).args));
        assertTrue(message(() -> ToolArgs.waitFor(args("value", "x"))).startsWith("gui_wait takes one of"));
        assertTrue(message(() -> ToolArgs.waitFor(args("identifier", "a", "value", "x", "state", "showing"))).startsWith("gui_wait takes one of"));
        assertEquals("argument 'quietMillis' of gui_wait goes with state idle",
                message(() -> ToolArgs.waitFor(args("identifier", "a", "state", "showing", "quietMillis", 5))));
    }

    @Test
    void typeTakesTextOrASecretFromTheServersEnvironmentAndNeverSaysIt() {
        assertEquals("{\"identifier\":\"f\",\"text\":\"hello\",\"replace\":true}",
                Json.compact(ToolArgs.type(args("identifier", "f", "text", "hello", "replace", true), ENV).args));
        assertEquals("{\"text\":\"\"}", Json.compact(ToolArgs.type(args("text", ""), ENV).args), "empty text with replace clears");
        ToolArgs.OpCall secret = ToolArgs.type(args("identifier", "p", "secretEnv", "HVM_SECRET_PW"), ENV);
        assertEquals("hunter2-secret", secret.args.get("text").asText());
        assertTrue(ToolArgs.isSecret(args("secretEnv", "HVM_SECRET_PW")));
        assertFalse(ToolArgs.isSecret(args("text", "x")));

        String both = message(() -> ToolArgs.type(args("identifier", "p", "text", "a", "secretEnv", "HVM_SECRET_PW"), ENV));
        assertTrue(both.startsWith("gui_type takes exactly one of 'text'"), both);
        String other = message(() -> ToolArgs.type(args("identifier", "p", "secretEnv", "HOME"), name -> "/root"));
        assertTrue(other.startsWith("secretEnv 'HOME' is refused: only variables whose names start with HVM_SECRET_"), other);
        String unset = message(() -> ToolArgs.type(args("identifier", "p", "secretEnv", "HVM_SECRET_NONE"), ENV));
        assertTrue(unset.startsWith("the environment variable HVM_SECRET_NONE is not set"), unset);
        assertTrue(message(() -> ToolArgs.type(args("secretEnv", "HVM_SECRET_PW"), ENV)).contains("needs 'identifier'"));
        assertTrue(message(() -> ToolArgs.type(args("identifier", "p", "secretEnv", "A B"), ENV)).contains("must be the name of an environment variable"));
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
            String m = message(() -> ToolArgs.type(args("identifier", "p", "secretEnv", v.getKey()), values::get));
            assertTrue(m.startsWith("the environment variable " + v.getKey() + " holds a control character (U+"), m);
            assertTrue(m.contains("the password alone"), "says what to do: " + m);
            assertFalse(m.contains("hunter2") || m.contains("second"), "the message never holds the value: " + m);
        }
        assertTrue(message(() -> ToolArgs.type(args("identifier", "p", "secretEnv", "HVM_SECRET_TAB"), values::get))
                .contains("(U+0009 Tab)"));
        // Other characters are typed as they are: spaces, accents, symbols, letters beyond the BMP.
        String fine = "pass word \u00e9\u00df\u20ac!\"\\ \ud83d\udd11";
        assertEquals(fine, ToolArgs.type(args("identifier", "p", "secretEnv", "HVM_SECRET_OK"), name -> fine).args.get("text").asText());
    }

    private static String message(Runnable r) {
        return assertThrows(ToolArgs.Problem.class, r::run).getMessage();
    }
}
