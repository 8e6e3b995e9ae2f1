package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import probe.api.ProbeOp;

class OpTableTest {
    private final ProbeOp a = (ctx, args) -> null;
    private final ProbeOp b = (ctx, args) -> null;

    @Test
    void highestRankingThenLowestServiceIdAnswers() {
        OpTable t = new OpTable();
        t.add(new OpTable.Entry("gui.click", 0, 20, a));
        t.add(new OpTable.Entry("gui.click", 0, 10, b));
        assertSame(b, t.get("gui.click"));
        t.add(new OpTable.Entry("gui.click", 5, 30, a));
        assertSame(a, t.get("gui.click"));
        t.remove(30);
        assertSame(b, t.get("gui.click"));
    }

    @Test
    void removingTheLastServiceRemovesTheName() {
        OpTable t = new OpTable();
        t.add(new OpTable.Entry("gui.screenshot", 0, 1, a));
        assertEquals(1, t.names().size());
        t.remove(1);
        assertNull(t.get("gui.screenshot"));
        assertEquals(0, t.names().size());
    }
}
