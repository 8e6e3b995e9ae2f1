package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;
import org.junit.jupiter.api.Test;

class OpTableTest {
    private final ProbeOp a = (ctx, args) -> null;
    private final ProbeOp b = (ctx, args) -> null;

    private static Map<String, Object> props(String name, int ranking, long id) {
        return Map.of(Op.NAME, name, "service.ranking", ranking, "service.id", id);
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
}
