package probe.client.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import probe.api.OpDescription;
import probe.api.wire.Wire;

class OpOptionsTest {

    /** A description of the contract, read from its op bundle's sources beside this module. */
    private static OpDescription op(String bundle, String op) throws IOException {
        try (InputStream in = Files.newInputStream(Path.of("..", bundle, "src/main/resources", OpDescription.location(op)))) {
            return OpDescription.read(in);
        }
    }

    private static String args(OpDescription d, String... words) throws OpOptions.UsageException {
        return OpOptions.parse(d, List.of(words)).args().toString();
    }

    @Test
    void eachArgumentIsAnOptionOfItsType() throws Exception {
        OpDescription click = op("probe.click", "gui.click");
        assertEquals("{\"identifier\":\"a.b\",\"count\":2,\"button\":\"right\",\"effects\":false,\"settleMillis\":0}",
                args(click, "--identifier", "a.b", "--count=2", "--button", "right", "--no-effects", "--settle-ms", "0"));
        OpDescription key = op("probe.key", "gui.keypress");
        assertEquals("{\"key\":\"a\",\"modifiers\":[\"ctrl\",\"shift\",\"alt\"]}",
                args(key, "--key", "a", "--modifiers", "ctrl,shift", "--modifiers", "alt"));
        OpDescription type = op("probe.type", "gui.type");
        OpOptions.Parsed p = OpOptions.parse(type, List.of("--identifier", "f", "--text-stdin", "--replace"));
        assertEquals("text", p.fromStdin());
        assertEquals("{\"identifier\":\"f\",\"replace\":true}", p.args().toString());
    }

    @Test
    void aWrongLineNamesTheOption() throws Exception {
        OpDescription click = op("probe.click", "gui.click");
        assertUsage("unknown option '--identifer' for click; did you mean --identifier?", click, "--identifer", "x");
        assertUsage("--count must be an integer from 1 to 2, got 'two'", click, "--identifier", "x", "--count", "two");
        assertUsage("--identifier is given twice", click, "--identifier", "x", "--identifier", "y");
        assertUsage("--identifier needs a value", click, "--identifier");
        assertUsage("1 word(s) too many ('y'): click takes at most 1 besides its options (identifier)", click, "x", "y");
        assertEquals("x", OpOptions.parse(click, List.of("x")).args().path("identifier").asText(), "a positional word, on every front end");
        assertUsage("unexpected 'x': screenshot takes options only", op("probe.screenshot", "gui.screenshot"), "x");
        OpDescription wait = op("probe.registry", "gui.wait");
        assertEquals("{\"state\":\"idle\"}", OpOptions.parse(wait, List.of("idle")).args().toString(),
                "a word that is one of a positional argument's choices goes to it");
        assertEquals("{\"state\":\"open\",\"identifier\":\"createVM\"}", OpOptions.parse(wait, List.of("createVM", "open")).args().toString());
        assertEquals("{\"state\":\"showing\",\"identifier\":\"a.b\"}", OpOptions.parse(wait, List.of("showing", "a.b")).args().toString());
        OpOptions.UsageException e = assertThrows(OpOptions.UsageException.class,
                () -> OpOptions.check(click, OpOptions.parse(click, List.of("--count", "3")).args()));
        assertEquals("--identifier is required: a non-empty string", e.getMessage());
        e = assertThrows(OpOptions.UsageException.class,
                () -> OpOptions.check(click, OpOptions.parse(click, List.of("--identifier", "x", "--count", "3")).args()));
        assertEquals("--count must be an integer from 1 to 2, got 3", e.getMessage());
    }

    @Test
    void anOpWithoutDescriptionTakesOneJsonObject() throws Exception {
        OpDescription open = OpDescription.undeclared("demo.old", null);
        assertEquals("{\"a\":[1]}", args(open, "{\"a\":[1]}"));
        assertEquals("{\"a\":1}", args(open, "--args", "{\"a\":1}"));
        assertEquals("{}", args(open));
        assertUsage("the args of demo.old are one JSON object", open, "[1]");
        OpDescription named = OpDescription.undeclared("demo.named", List.of("n", "s"));
        assertEquals("{\"n\":3,\"s\":\"hi\"}", args(named, "--n", "3", "--s", "hi"));
    }

    @Test
    void helpAndCompletionFollowTheDescription() throws Exception {
        OpDescription click = op("probe.click", "gui.click");
        String help = OpOptions.help(click, "hvm-dbg gui click");
        assertTrue(help.startsWith("Usage: hvm-dbg gui click --identifier ID [--button B] [--count N] [--x X] [--y Y] [--no-effects] [--settle-ms N]\n"), help);
        assertTrue(help.contains("--count N"), help);
        assertTrue(help.contains("2: a double click; an integer from 1 to 2; default 1"), help);
        assertEquals(List.of("left", "right", "middle"), OpOptions.complete(click, List.of("--button"), ""));
        assertEquals(List.of(), OpOptions.complete(click, List.of("--identifier"), ""));
        assertEquals(List.of("--button"), OpOptions.complete(click, List.of("--identifier", "x"), "--b"));
        assertEquals(List.of("--identifier", "--button", "--count", "--double", "--x", "--y", "--no-effects", "--settle-ms"),
                OpOptions.complete(click, List.of(), ""), "a flag the description declares (--double: --count 2) is an option too");
        assertTrue(help.contains("--double         the same as --count 2"), help);
        assertEquals(2, OpOptions.parse(click, List.of("--identifier", "a.b", "--double")).args().path("count").asInt());
        OpOptions.UsageException twice = org.junit.jupiter.api.Assertions.assertThrows(OpOptions.UsageException.class,
                () -> OpOptions.parse(click, List.of("--count", "1", "--double")));
        assertEquals("--double is --count 2: give one of them", twice.getMessage());
        assertEquals(List.of("--text", "--text-stdin"), OpOptions.complete(op("probe.type", "gui.type"), List.of(), "--t"));
        Wire.mapper(); // the probe's mapper reads what it writes
    }

    @Test
    void aBooleanTrueUnlessToldShowsBothSpellingsAndItsOwnHelp() throws Exception {
        OpDescription count = OpDescription.of(Wire.mapper().readTree("{\"op\":\"acme.count\",\"verb\":\"count\",\"args\":["
                + "{\"name\":\"visibleOnly\",\"type\":\"boolean\",\"default\":true,\"help\":\"count only components that are showing\"}]}"));
        String help = OpOptions.help(count, "hvm-dbg gui count");
        assertTrue(help.startsWith("Usage: hvm-dbg gui count [--no-visible-only]\n"), help);
        assertTrue(help.contains("  --[no-]visible-only  count only components that are showing; on unless --no-visible-only\n"), help);
        assertEquals("{\"visibleOnly\":false}", args(count, "--no-visible-only"));
        assertEquals("{\"visibleOnly\":true}", args(count, "--visible-only"));
        assertUsage("--no-visible-only is given twice", count, "--no-visible-only", "--no-visible-only");
        assertUsage("--visible-only is true or false", count, "--visible-only=maybe");
    }

    private static void assertUsage(String start, OpDescription d, String... words) {
        OpOptions.UsageException e = assertThrows(OpOptions.UsageException.class, () -> OpOptions.parse(d, List.of(words)));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    @Test
    void takesValueTellsAnOptionThatTakesTheNextWord() throws Exception {
        OpDescription click = op("probe.click", "gui.click");
        assertTrue(OpOptions.takesValue(click, "--identifier"));
        assertTrue(OpOptions.takesValue(click, "--settle-ms"));
        assertEquals(false, OpOptions.takesValue(click, "--identifier=x"));
        assertEquals(false, OpOptions.takesValue(click, "--no-effects"));
        assertEquals(false, OpOptions.takesValue(click, "--json"));
    }
}
