package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

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
    void theProviderIsTheBundleLastSeenElseTheContracts() {
        OpTable t = new OpTable();
        assertEquals("probe.click", t.provider(Ops.CLICK), "the contract's, before any was seen");
        assertNull(t.provider("no.such.op"));
        t.add(a, props(Ops.CLICK, 0, 1), "my.clicks");
        t.remove(props(Ops.CLICK, 0, 1));
        assertNull(t.get(Ops.CLICK));
        assertEquals("my.clicks", t.provider(Ops.CLICK), "the one that last provided it, after it went");
        t.add(b, props("extra.op", 0, 2), null);
        assertNull(t.provider("extra.op"), "unknown when the dispatcher could not tell");
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
}
