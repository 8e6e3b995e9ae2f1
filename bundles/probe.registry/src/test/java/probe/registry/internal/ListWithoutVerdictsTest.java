package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Rectangle;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import probe.testing.Gui;
import probe.testing.bench.BenchLayout;

/**
 * A listing without verdicts (what a screenshot's numbered boxes need) has the same items, in the
 * same order, with the same fields, less the verdict's four.
 */
class ListWithoutVerdictsTest {
    private static final List<String> VERDICT = List.of("clickable", "reason", "at", "atOnScreen");

    @AfterEach
    void close() throws Exception {
        Gui.disposeAll();
    }

    @Test
    void theSameItemsLessTheirVerdicts() throws Exception {
        Gui.assumeDisplay();
        SwingViewRegistry registry = new SwingViewRegistry();
        Gui.run(() -> new BenchLayout(new Rectangle(0, 0, 1280, 800)).frame.setVisible(true));
        Gui.settle();
        for (String scope : List.of("window", "bench")) {
            ArrayNode full = Gui.edt(() -> registry.list(scope));
            ArrayNode plain = Gui.edt(() -> registry.list(scope, false));
            assertEquals(full.size(), plain.size(), scope);
            assertTrue(full.size() > 500, scope + ": " + full.size());
            boolean someClickable = false;
            for (int i = 0; i < full.size(); i++) {
                ObjectNode expected = ((ObjectNode) full.get(i)).deepCopy();
                someClickable |= expected.path("clickable").asBoolean();
                expected.remove(VERDICT);
                JsonNode got = plain.get(i);
                for (String f : VERDICT) {
                    assertFalse(got.has(f), scope + " item " + i + " has no " + f + ": " + got);
                }
                assertEquals(expected, got, scope + " item " + i);
            }
            assertTrue(someClickable, "the full listing has its verdicts");
        }
    }
}
