package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OpTableTest {
    private final ProbeOp a = (ctx, args) -> null;
    private final ProbeOp b = (ctx, args) -> null;

    private static Map<String, Object> props(String name, int ranking, long id) {
        return Map.of(Op.NAME, name, "service.ranking", ranking, "service.id", id);
    }

    @Test
    void theProviderIsTheBundleLastSeen() {
        OpTable t = new OpTable();
        assertNull(t.provider(Ops.CLICK), "none before any was seen (the transport asks the installed bundles)");
        assertNull(t.provider("no.such.op"));
        t.add(a, props(Ops.CLICK, 0, 1), "my.clicks");
        t.remove(props(Ops.CLICK, 0, 1));
        assertNull(t.get(Ops.CLICK));
        assertEquals("my.clicks", t.provider(Ops.CLICK), "the one that last provided it, after it went");
        t.add(b, props("extra.op", 0, 2), null);
        assertNull(t.provider("extra.op"), "unknown when the dispatcher could not tell");
    }

    @Test
    void itsGenerationChangesWithWhatItHolds() {
        OpTable t = new OpTable();
        long empty = t.generation();
        assertEquals(empty, t.generation(), "nothing changed");
        t.add(a, props("gui.click", 0, 1));
        long one = t.generation();
        assertTrue(one != empty, "an op came");
        t.get("gui.click");
        t.descriptions();
        assertEquals(one, t.generation(), "looking changes nothing");
        t.remove(props("gui.click", 0, 1));
        assertTrue(t.generation() != one, "it went");
    }

    @Test
    void highestRankingThenLowestServiceIdAnswers() {
        OpTable t = new OpTable();
        t.add(a, props("gui.click", 0, 20));
        t.add(b, props("gui.click", 0, 10));
        assertSame(b, t.get("gui.click"));
        t.add(a, props("gui.click", 5, 30));
        assertSame(a, t.get("gui.click"));
        t.remove(props("gui.click", 5, 30));
        assertSame(b, t.get("gui.click"));
    }

    @Test
    void removingTheLastServiceRemovesTheName() {
        OpTable t = new OpTable();
        t.add(a, props("gui.screenshot", 0, 1));
        assertEquals(1, t.names().size());
        t.remove(props("gui.screenshot", 0, 1));
        assertNull(t.get("gui.screenshot"));
        assertEquals(0, t.names().size());
    }

    @Test
    void aServiceWithoutAnOpNameIsNotAdded() {
        OpTable t = new OpTable();
        assertFalse(t.add(a, Map.of("service.id", 3L)));
        assertFalse(t.add(a, Map.of(Op.NAME, "", "service.id", 4L)));
        assertEquals(0, t.names().size());
    }

    @Test
    void declaredArgumentsAreKeptPerOp() {
        OpTable t = new OpTable();
        t.add(a, Map.of(Op.NAME, "gui.list", Op.ARGS, new String[] {"scope"}, "service.id", 1L));
        t.add(b, Map.of(Op.NAME, "gui.audit", Op.ARGS, new String[] {Op.NONE}, "service.id", 2L));
        t.add(a, Map.of(Op.NAME, "old.op", "service.id", 3L));
        t.add(b, Map.of(Op.NAME, "one.op", Op.ARGS, "x", "service.id", 4L));
        assertEquals(Optional.of(Set.of("scope")), t.arguments("gui.list").map(Set::copyOf));
        assertEquals(Optional.of(Set.of()), t.arguments("gui.audit").map(Set::copyOf), "NONE declares no argument");
        assertEquals(Optional.empty(), t.arguments("old.op"), "an op without the property declared nothing");
        assertEquals(Optional.of(Set.of("x")), t.arguments("one.op").map(Set::copyOf));
        assertEquals(Optional.empty(), t.arguments("absent.op"));
    }

    @Test
    void theAnsweringServiceDeclaresTheArguments() {
        OpTable t = new OpTable();
        t.add(a, Map.of(Op.NAME, "gui.click", Op.ARGS, List.of("identifier"), "service.id", 10L));
        t.add(b, Map.of(Op.NAME, "gui.click", Op.ARGS, new String[] {"identifier", "button"}, "service.ranking", 5, "service.id", 11L));
        assertEquals(Set.of("identifier", "button"), Set.copyOf(t.arguments("gui.click").orElseThrow()));
    }

    /** An op that answers with the arguments it was given. */
    private static final ProbeOp ECHO = (ctx, args) -> args;

    private static OpDescription demo() throws Exception {
        return OpDescription.of(probe.api.wire.Wire.mapper().readTree("{\"op\":\"demo.echo\",\"args\":["
                + "{\"name\":\"text\",\"required\":true,\"help\":\"t\"},"
                + "{\"name\":\"times\",\"type\":\"integer\",\"minimum\":1,\"maximum\":9,\"default\":1,\"help\":\"n\"}]}"));
    }

    @Test
    void callChecksWithTheDescriptionAndFillsTheDefaultsBeforeTheOpRuns() throws Exception {
        OpTable t = new OpTable();
        int[] ran = {0};
        t.add((ctx, args) -> {
            ran[0]++;
            return args;
        }, props("demo.echo", 0, 1), "demo", demo());
        assertEquals("{\"text\":\"hi\",\"times\":1}", t.call("demo.echo", null, probe.api.wire.Wire.object().put("text", "hi")).toString());
        ProbeException range = org.junit.jupiter.api.Assertions.assertThrows(ProbeException.class,
                () -> t.call("demo.echo", null, probe.api.wire.Wire.object().put("text", "hi").put("times", 10)));
        assertEquals(ErrorCodes.INVALID_ARGS, range.code());
        assertEquals("times", range.details().get("argument").asText());
        assertEquals("an integer from 1 to 9", range.details().get("accepts").asText());
        ProbeException typo = org.junit.jupiter.api.Assertions.assertThrows(ProbeException.class,
                () -> t.call("demo.echo", null, probe.api.wire.Wire.object().put("txt", "hi")));
        assertEquals("text", typo.details().get("nearest").get(0).asText());
        assertEquals(1, ran[0], "refused before it ran");
    }

    @Test
    void callOfAnOpWithoutDescriptionGivesItsArgumentsAsOneObject() throws Exception {
        OpTable t = new OpTable();
        t.add(ECHO, props("old.op", 0, 1), "old.plugin");
        assertFalse(t.description("old.op").orElseThrow().declared());
        assertEquals("{\"any\":[1,{\"x\":true}]}", t.call("old.op", null, (com.fasterxml.jackson.databind.node.ObjectNode)
                probe.api.wire.Wire.mapper().readTree("{\"any\":[1,{\"x\":true}]}")).toString());
    }

    @Test
    void callOfAnOpNotPresentSaysSo() {
        OpTable t = new OpTable();
        t.add(ECHO, props(Ops.CLICK, 0, 1), "probe.click");
        t.remove(props(Ops.CLICK, 0, 1));
        assertEquals(ErrorCodes.OP_UNAVAILABLE, org.junit.jupiter.api.Assertions.assertThrows(ProbeException.class,
                () -> t.call(Ops.CLICK, null, null)).code());
        assertEquals(ErrorCodes.UNKNOWN_OP, org.junit.jupiter.api.Assertions.assertThrows(ProbeException.class,
                () -> t.call("no.such.op", null, null)).code());
    }

    /** A description file with {@code json} in it, as a bundle's entry is read: through a URL. */
    private static java.net.URL file(java.nio.file.Path dir, String name, String json) throws Exception {
        java.nio.file.Path f = dir.resolve(name);
        java.nio.file.Files.writeString(f, json);
        return f.toUri().toURL();
    }

    @Test
    void aMalformedDescriptionRefusesTheOpAndSaysWhyUntilItsServiceGoes(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        OpTable t = new OpTable();
        int[] ran = {0};
        ProbeOp counting = (ctx, args) -> {
            ran[0]++;
            return args;
        };
        java.net.URL typo = file(dir, "typo.json", "{\"op\":\"acme.echo\",\"args\":[{\"name\":\"times\",\"type\":\"integer\",\"defualt\":1}]}");
        assertFalse(t.add(counting, props("acme.echo", 0, 7), "acme.bundle", typo), "refused, not taken as an op without a description");
        assertNull(t.get("acme.echo"));
        assertFalse(t.names().contains("acme.echo"));
        String reason = t.unavailable().get("acme.echo");
        org.junit.jupiter.api.Assertions.assertNotNull(reason, "listed unavailable: " + t.unavailable());
        assertTrue(reason.contains("'defualt'") && reason.contains("OSGI-INF/probe/ops/acme.echo.json") && reason.contains("acme.bundle"),
                "names the key, the file and the bundle: " + reason);
        assertTrue(reason.contains("'default'"), "suggests the key meant: " + reason);
        ProbeException call = org.junit.jupiter.api.Assertions.assertThrows(ProbeException.class,
                () -> t.call("acme.echo", null, probe.api.wire.Wire.object().put("times", 2)));
        assertEquals(ErrorCodes.OP_UNAVAILABLE, call.code());
        assertTrue(call.getMessage().contains(reason), call.getMessage());
        assertEquals(0, ran[0], "the op never ran");

        // Another op's description, or a wrong type: refused alike.
        assertFalse(t.add(counting, props("acme.other", 0, 8), null, file(dir, "other.json", "{\"op\":\"acme.echo\"}")));
        assertTrue(t.unavailable().get("acme.other").contains("describes acme.echo"), t.unavailable().toString());
        assertFalse(t.add(counting, props("acme.bool", 0, 9), null, file(dir, "bool.json", "{\"op\":\"acme.bool\",\"acts\":\"yes\"}")));
        assertTrue(t.unavailable().get("acme.bool").contains("'acts'"), t.unavailable().toString());

        // A sound service of the same name answers; the refusal is over when the refused service goes.
        t.add(counting, props("acme.echo", 0, 10), "acme.fixed", file(dir, "fixed.json", "{\"op\":\"acme.echo\",\"args\":[]}"));
        assertFalse(t.unavailable().containsKey("acme.echo"), "another service answers to the name");
        t.remove(props("acme.echo", 0, 10));
        assertTrue(t.unavailable().containsKey("acme.echo"), "the refused service is still there");
        t.remove(props("acme.echo", 0, 7));
        assertFalse(t.unavailable().containsKey("acme.echo"), "gone with its service");
        assertEquals(ErrorCodes.OP_UNAVAILABLE, org.junit.jupiter.api.Assertions.assertThrows(ProbeException.class,
                () -> t.call("acme.echo", null, null)).code(), "its bundle is away now, as for any op seen before");
    }
}
