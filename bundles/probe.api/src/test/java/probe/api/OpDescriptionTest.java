package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import probe.api.text.Template;
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

    static OpDescription desc(String json) throws IOException {
        return OpDescription.of(Wire.mapper().readTree(json));
    }

    static ObjectNode args(String json) throws IOException {
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
            ObjectNode served = DescriptionJson.served(d);
            assertEquals(served, DescriptionJson.served(OpDescription.of(served)), d.op());
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
    void anOpWithoutDescriptionTakesItsArgumentsAsOneObject() throws Exception {
        OpDescription open = OpDescription.undeclared("demo.old", null);
        assertTrue(open.open() && open.acts() && !open.declared());
        assertEquals("demo.old", open.verb());
        assertEquals(args("{\"anything\":[1,2]}"), RequestCheck.check(open, args("{\"anything\":[1,2]}")));
        assertEquals(args("{\"type\":\"object\"}"), ArgsSchema.of(open));
        OpDescription named = OpDescription.undeclared("demo.named", List.of("b", "a"));
        assertEquals(args("{\"a\":{}}"), RequestCheck.check(named, args("{\"a\":{}}")));
        RequestCheckTest.assertRefused(named, "{\"c\":1}", "unknown argument 'c' for demo.named; did you mean 'a'? accepted: a, b", null);
        // As probe.describe serves them, they read back: a client builds itself from what it is served.
        for (OpDescription d : List.of(open, named)) {
            ObjectNode served = DescriptionJson.served(d);
            assertEquals(served, DescriptionJson.served(OpDescription.of(served)), d.op());
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
        assertEquals(List.of(Template.parse("echoed {text}[ {count} times]")), d.reply().says());
        assertEquals(OpDescription.Shows.NONE, d.shows());
        assertTrue(d.waits());
        assertEquals("ms", d.waitArg());
        assertEquals(List.of("text"), d.positional());
        ObjectNode served = DescriptionJson.served(d);
        assertEquals(served, DescriptionJson.served(OpDescription.of(served)));
        OpDescription plain = desc("{\"op\":\"demo.x\"}");
        assertEquals(OpDescription.Reply.FIELDS, plain.reply());
        assertEquals(List.of(), plain.positional());
        assertTrue(!plain.waits() && !plain.connection() && plain.reply().says().isEmpty());
        assertTrue(byOp(Ops.HELLO).connection());
        // A reply's words are data: sentences, what follows them, the words of each entry.
        OpDescription audit = desc("{\"op\":\"demo.audit\",\"reply\":{\"shows\":\"controls\",\"of\":\"problems\","
                + "\"each\":[\"{problem}: {.|line}\"],\"then\":\"{problems|count:problem}\",\"strict\":\"problems\"}}");
        assertEquals(OpDescription.Shows.CONTROLS, audit.shows());
        assertEquals("problems", audit.reply().strict());
        ObjectNode auditServed = DescriptionJson.served(audit);
        assertEquals(audit.reply(), OpDescription.of(auditServed).reply(), "what is served reads back the same");
        assertEquals(OpDescription.Shows.CONTROLS, desc("{\"op\":\"demo.x\",\"reply\":\"items\"}").shows(), "an older probe's form");
        assertBad("{\"op\":\"demo.x\",\"reply\":\"clickd\"}", "unknown reply 'clickd': 'reply' is an object");
        assertBad("{\"op\":\"demo.x\",\"reply\":\"sentence\"}", "'reply' sentence needs 'says'");
        assertBad("{\"op\":\"demo.x\",\"reply\":{\"says\":\"x\"},\"says\":\"x\"}", "'says' goes in 'reply' when there is one");
        assertBad("{\"op\":\"demo.x\",\"reply\":{\"shows\":\"table\"}}", "unknown 'shows' 'table'; it is one of none, fields,");
        assertBad("{\"op\":\"demo.x\",\"reply\":{\"shows\":\"controls\"}}", "'reply': shows controls needs 'of'");
        assertBad("{\"op\":\"demo.x\",\"reply\":{\"each\":\"{x}\"}}", "'reply': 'each' needs 'of'");
        assertBad("{\"op\":\"demo.x\",\"reply\":{\"sayz\":\"x\"}}", "'reply': unknown key 'sayz' (did you mean 'says'?)");
        assertBad("{\"op\":\"demo.x\",\"says\":\"clicked {identifier|shout}\"}", "'says': unknown filter 'shout'");
        assertBad("{\"op\":\"demo.x\",\"says\":\"clicked {identifier\"}", "'says': '{' at 8 is not closed");
        assertBad("{\"op\":\"demo.x\",\"says\":\"clicked [at {x}\"}", "'says': '[' is not closed");
        assertBad("{\"op\":\"demo.x\",\"args\":[{\"name\":\"n\",\"type\":\"integer\",\"maximum\":2,\"flags\":{\"many\":3}}]}",
                "argument 'n': a flag's value must be an integer of at most 2, got 3");
        assertBad("{\"op\":\"demo.x\",\"waitArg\":\"t\",\"args\":[{\"name\":\"t\"}]}", "'waitArg' must name an integer argument");
        assertBad("{\"op\":\"demo.x\",\"positional\":[\"t\"],\"args\":[]}", "'positional' must name arguments, each once");
        assertBad("{\"op\":\"demo.x\",\"says\":\"x\",\"wait\":true}", "the description: unknown key 'wait' (did you mean 'waits'?)");
    }

    private static void assertBad(String json, String start) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> desc(json));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    static OpDescription byOp(String op) throws IOException {
        return contract().stream().filter(d -> d.op().equals(op)).findFirst().orElseThrow();
    }
}
