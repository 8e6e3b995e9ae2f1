package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

    /** What a client may send twice: the ops that only look; never one that acts. */
    @Test
    void theOpsThatOnlyLookAreTheOnesAClientMaySendAgain() {
        for (String op : new String[] {Ops.HELLO, Ops.LIST, Ops.AUDIT, Ops.WAIT, Ops.SCREENSHOT, Ops.DIALOG_CURRENT}) {
            assertTrue(Ops.readOnly(op), op);
        }
        for (String op : new String[] {Ops.AUTH, Ops.CLICK, Ops.TYPE, Ops.KEYPRESS, Ops.SELECT, Ops.HOVER, Ops.SCROLL,
            Ops.EVENT_SUBSCRIBE, Ops.EVENT_UNSUBSCRIBE, "gui.unknown", ""}) {
            assertFalse(Ops.readOnly(op), op);
        }
    }
}
