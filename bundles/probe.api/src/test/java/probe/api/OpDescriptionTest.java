package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import probe.api.wire.Wire;

class OpDescriptionTest {

    /** The descriptions the contract's op bundles declare, read from their sources beside this module. */
    static List<OpDescription> contract() throws IOException {
        List<OpDescription> all = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("..")).filter(p -> p.toString().contains("src/main/resources/OSGI-INF/probe/ops/"))
                .filter(p -> p.toString().endsWith(".json"))) {
            for (Path p : (Iterable<Path>) files::iterator) {
                try (InputStream in = Files.newInputStream(p)) {
                    OpDescription d = OpDescription.read(in);
                    assertEquals(OpDescription.location(d.op()), "OSGI-INF/probe/ops/" + p.getFileName(), p + " is named for its op");
                    all.add(d);
                }
            }
        }
        return all;
    }

    private static OpDescription desc(String json) throws IOException {
        return OpDescription.of(Wire.mapper().readTree(json));
    }

    private static ObjectNode args(String json) throws IOException {
        return (ObjectNode) Wire.mapper().readTree(json);
    }

    @Test
    void everyOpOfTheContractDescribesItself() throws IOException {
        List<OpDescription> all = contract();
        Set<String> ops = new HashSet<>();
        Set<String> verbs = new HashSet<>();
        for (OpDescription d : all) {
            assertTrue(ops.add(d.op()), d.op());
            assertTrue(verbs.add(d.verb()), "one verb, one op: " + d.verb());
            assertTrue(d.title() != null && d.summary() != null, d.op() + " has a title and a summary");
            for (OpDescription.Arg a : d.args()) {
                assertTrue(a.help() != null, d.op() + " " + a.name() + " has help");
            }
            // What it serves reads back as the same description.
            ObjectNode served = d.toJson();
            assertEquals(served, OpDescription.of(served).toJson(), d.op());
        }
        // Every op the code names (Ops' constants: the transport's own three and the contract's) is described.
        Set<String> named = new HashSet<>();
        for (java.lang.reflect.Field f : Ops.class.getFields()) {
            if (f.getType() == String.class && java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                try {
                    named.add((String) f.get(null));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        named.removeAll(ops);
        assertEquals(Set.of(), named, "ops named in probe.api.Ops without a description file");
    }

    @Test
    void fillsDefaultsAndKeepsWhatWasGiven() throws Exception {
        OpDescription click = byOp("gui.click");
        ObjectNode checked = click.check(args("{\"identifier\":\"a.b.c\",\"count\":2}"));
        assertEquals(args("{\"identifier\":\"a.b.c\",\"button\":\"left\",\"count\":2,\"effects\":true,\"settleMillis\":100}"), checked);
        assertTrue(click.receipt());
        assertEquals(OpDescription.MAX_SETTLE_MILLIS, click.arg("settleMillis").orElseThrow().maximum());
        assertEquals("--settle-ms", click.arg("settleMillis").orElseThrow().optionName());
        assertEquals("--identifier", click.arg("identifier").orElseThrow().optionName());
    }

    @Test
    void refusesWhatItsDescriptionDoesNotAccept() throws Exception {
        OpDescription click = byOp("gui.click");
        assertRefused(click, "{}", "argument 'identifier' is required: a non-empty string", "identifier");
        assertRefused(click, "{\"identifier\":\"\"}", "argument 'identifier' must not be empty", "identifier");
        assertRefused(click, "{\"identifier\":\"x\",\"count\":3}", "argument 'count' must be an integer from 1 to 2, got 3", "count");
        assertRefused(click, "{\"identifier\":\"x\",\"button\":\"up\"}", "argument 'button' must be one of left, right, middle, got 'up'",
                "button");
        assertRefused(click, "{\"identifier\":7}", "argument 'identifier' must be a non-empty string, got number", "identifier");
        assertRefused(click, "{\"identifier\":\"x\",\"settleMillis\":10001}",
                "argument 'settleMillis' must be an integer from 0 to 10000, got 10001", "settleMillis");
        ProbeException e = assertThrows(ProbeException.class, () -> click.check(args("{\"identifer\":\"x\"}")));
        assertEquals("unknown argument 'identifer' for gui.click; did you mean 'identifier'? accepted: button, count, effects,"
                + " identifier, settleMillis", e.getMessage());
        assertEquals("identifier", e.details().get("nearest").get(0).asText());
        String huge = "x".repeat(Names.MAX_LENGTH + 1);
        ProbeException tooLong = assertThrows(ProbeException.class, () -> click.check(args("{\"identifier\":\"" + huge + "\"}")));
        assertTrue(tooLong.getMessage().startsWith("argument 'identifier' is 1025 characters long"), tooLong.getMessage());
        OpDescription key = byOp("gui.keypress");
        assertRefused(key, "{\"key\":\"a\",\"modifiers\":[\"ctrl\",\"ctrl\"]}", "argument 'modifiers' holds 'ctrl' twice", "modifiers");
        assertRefused(key, "{\"key\":\"a\",\"modifiers\":\"ctrl\"}", "argument 'modifiers' must be an array of shift, ctrl, alt, meta,"
                + " got string", "modifiers");
        assertRefused(byOp("gui.audit"), "{\"x\":1}", "unknown argument 'x' for gui.audit; gui.audit takes no arguments", null);
    }

    @Test
    void aSecretIsNeverQuoted() throws Exception {
        OpDescription d = desc("{\"op\":\"demo.s\",\"args\":[{\"name\":\"pin\",\"secret\":true,\"enum\":[\"1\"]}]}");
        ProbeException e = assertThrows(ProbeException.class, () -> d.check(args("{\"pin\":\"hunter2\"}")));
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    }

    @Test
    void servesItsArgumentsAsJsonSchema() throws Exception {
        JsonNode s = byOp("gui.scroll").schema();
        assertEquals(args("{\"type\":\"object\",\"properties\":{"
                + "\"identifier\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":1024,\"description\":\"the control under the pointer\"},"
                + "\"dy\":{\"type\":\"integer\",\"minimum\":-100,\"maximum\":100,\"default\":0,\"description\":\"notches down; negative: up\"},"
                + "\"dx\":{\"type\":\"integer\",\"minimum\":-100,\"maximum\":100,\"default\":0,\"description\":\"notches right; negative: left\"},"
                + "\"effects\":{\"type\":\"boolean\",\"default\":true,\"description\":\"the receipt, what the action changed in the GUI\"},"
                + "\"settleMillis\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":10000,\"default\":100,\"description\":\"wait at most this long"
                + " for the GUI to settle before the reply (0: reply once the input was handled)\"}},"
                + "\"required\":[\"identifier\"],\"additionalProperties\":false}"), s);
    }

    @Test
    void anOpWithoutDescriptionTakesItsArgumentsAsOneObject() throws Exception {
        OpDescription open = OpDescription.undeclared("demo.old", null);
        assertTrue(open.open() && open.acts() && !open.declared());
        assertEquals("demo.old", open.verb());
        assertEquals(args("{\"anything\":[1,2]}"), open.check(args("{\"anything\":[1,2]}")));
        assertEquals(args("{\"type\":\"object\"}"), open.schema());
        OpDescription named = OpDescription.undeclared("demo.named", List.of("b", "a"));
        assertEquals(args("{\"a\":{}}"), named.check(args("{\"a\":{}}")));
        assertRefused(named, "{\"c\":1}", "unknown argument 'c' for demo.named; did you mean 'a'? accepted: a, b", null);
        // As probe.describe serves them, they read back: a client builds itself from what it is served.
        for (OpDescription d : List.of(open, named)) {
            assertEquals(d.toJson(), OpDescription.of(d.toJson()).toJson(), d.op());
        }
    }

    @Test
    void aWrongDescriptionSaysWhatIsWrong() {
        assertBad("{\"op\":\"demo.x\",\"argz\":[]}", "the description: unknown key 'argz'");
        assertBad("{\"op\":\"Demo\"}", "'op' must be a dotted name");
        assertBad("{\"op\":\"demo.x\",\"args\":[{\"name\":\"n\",\"type\":\"float\"}]}", "unknown type 'float'");
        assertBad("{\"op\":\"demo.x\",\"args\":[{\"name\":\"n\",\"type\":\"integer\",\"maximum\":2,\"default\":3}]}",
                "argument 'n': its default must be an integer of at most 2, got 3");
        assertBad("{\"op\":\"demo.x\",\"args\":[{\"name\":\"n\"},{\"name\":\"n\"}]}", "argument 'n' is declared twice");
    }

    @Test
    void itsReplyAndWordsAreReadAndChecked() throws Exception {
        OpDescription d = desc("{\"op\":\"demo.echo\",\"says\":\"echoed {text}[ {count} times]\",\"waitArg\":\"ms\","
                + "\"positional\":[\"text\"],\"args\":[{\"name\":\"text\"},{\"name\":\"count\",\"type\":\"integer\"},"
                + "{\"name\":\"ms\",\"type\":\"integer\"}]}");
        assertEquals(OpDescription.Reply.SENTENCE, d.reply());
        assertEquals("echoed {text}[ {count} times]", d.says());
        assertTrue(d.waits());
        assertEquals("ms", d.waitArg());
        assertEquals(List.of("text"), d.positional());
        assertEquals(d.toJson(), OpDescription.of(d.toJson()).toJson());
        OpDescription plain = desc("{\"op\":\"demo.x\"}");
        assertEquals(OpDescription.Reply.FIELDS, plain.reply());
        assertEquals(List.of(), plain.positional());
        assertTrue(!plain.waits() && !plain.connection() && plain.says() == null);
        assertEquals(OpDescription.Reply.CLICKED, byOp(Ops.CLICK).reply());
        assertTrue(byOp(Ops.HELLO).connection());
        assertBad("{\"op\":\"demo.x\",\"reply\":\"clickd\"}", "unknown reply 'clickd'; replies are fields, sentence,");
        assertBad("{\"op\":\"demo.x\",\"reply\":\"sentence\"}", "'reply' sentence needs 'says'");
        assertBad("{\"op\":\"demo.x\",\"reply\":\"items\",\"says\":\"x\"}", "'says' goes with the reply sentence, not items");
        assertBad("{\"op\":\"demo.x\",\"waitArg\":\"t\",\"args\":[{\"name\":\"t\"}]}", "'waitArg' must name an integer argument");
        assertBad("{\"op\":\"demo.x\",\"positional\":[\"t\"],\"args\":[]}", "'positional' must name arguments, each once");
        assertBad("{\"op\":\"demo.x\",\"says\":\"x\",\"wait\":true}", "the description: unknown key 'wait' (did you mean 'waits'?)");
    }

    private static void assertBad(String json, String start) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> desc(json));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    private static void assertRefused(OpDescription d, String json, String message, String argument) {
        ProbeException e = assertThrows(ProbeException.class, () -> d.check(args(json)));
        assertEquals(ErrorCodes.INVALID_ARGS, e.code());
        assertEquals(message, e.getMessage());
        if (argument != null) {
            assertEquals(argument, e.details().get("argument").asText());
        }
    }

    private static OpDescription byOp(String op) throws IOException {
        return contract().stream().filter(d -> d.op().equals(op)).findFirst().orElseThrow();
    }

    @Test
    void namesAreSpeltAsTheFormatSays() {
        for (String ok : new String[] {"gui.list", "demo.echo", "gui.event.subscribe", "a1.b_C2.d"}) {
            assertTrue(OpDescription.isOpName(ok), ok);
        }
        for (String bad : new String[] {"gui", "gui.", ".list", "gui..list", "Gui.list", "gui.List", "1gui.list", "gui.li-st", "gu_i.list", ""}) {
            assertTrue(!OpDescription.isOpName(bad), bad);
        }
        assertTrue(OpDescription.isVerb("list") && OpDescription.isVerb("set-name2") && OpDescription.isVerb("a"));
        assertTrue(!OpDescription.isVerb("") && !OpDescription.isVerb("List") && !OpDescription.isVerb("-x") && !OpDescription.isVerb("a_b"));
        assertTrue(OpDescription.isArgName("settleMillis") && OpDescription.isArgName("X_1"));
        assertTrue(!OpDescription.isArgName("") && !OpDescription.isArgName("_x") && !OpDescription.isArgName("1x")
                && !OpDescription.isArgName("a-b"));
    }
}
