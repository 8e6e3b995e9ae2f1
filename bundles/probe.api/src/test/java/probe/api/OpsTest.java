package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OpsTest {
    @Test
    void theContractNamesEachOpOnceWithItsBundleAndVerb() {
        assertEquals(Ops.CONTRACT.size(), Ops.contract().size(), "an op is listed twice in Ops.CONTRACT");
        for (Ops.Contract c : Ops.CONTRACT) {
            assertTrue(c.op().startsWith("gui."), c.op());
            assertTrue(c.bundle().startsWith("probe."), c.bundle());
            assertTrue(c.verb().matches("[a-z]+"), c.verb());
            assertEquals(c, Ops.contract(c.op()).orElseThrow());
        }
        assertTrue(Ops.contract(Ops.HELLO).isEmpty(), "the transport's own ops are not ops of a bundle");
        assertTrue(Ops.contract("gui.lst").isEmpty());
    }
}
