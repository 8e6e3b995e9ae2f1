package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.wire.Wire;
import probe.testing.Gui;
import probe.testing.bench.BenchLayout;

/**
 * gui.list of the benchmark's 500-control window ({@link BenchLayout}, the window run/bench
 * measures): every control is listed, and every item is what the per-item hit test of
 * {@link CoveringTest#reference} gives, the listing as the registry made it before Covering. What
 * the two cost is measured by the in-process benchmarks (bench/inproc), which call
 * {@link #formerList} through this module's test jar.
 */
class BenchWindowListTest {
    @AfterEach
    void close() throws Exception {
        Gui.disposeAll();
    }

    @Test
    void everyControlIsListedAsThePerItemHitTestSaysIt() throws Exception {
        Gui.assumeDisplay();
        SwingViewRegistry registry = new SwingViewRegistry();
        Gui.run(() -> new BenchLayout(new Rectangle(0, 0, 1280, 800)).frame.setVisible(true));
        Gui.settle();
        assertEquals(BenchLayout.CONTROLS + 1, Gui.edt(() -> registry.list(BenchLayout.FRAME)).size(), "the frame and its controls");
        assertEquals(Wire.mapper().writeValueAsString(Gui.edt(() -> registry.list(BenchLayout.FRAME))),
                Wire.mapper().writeValueAsString(Gui.edt(() -> formerList(registry))), "the former walk lists the same items");
    }

    /**
     * The listing as the registry made it before Covering, for the items of the benchmark's window
     * (showing, sized, enabled, no modal dialog): the same scan and items, but each item's covering
     * from {@link CoveringTest#reference}, a hit test from the window's root per item. Call on the EDT.
     */
    static ArrayNode formerList(SwingViewRegistry registry) {
        List<Window> stack = registry.windows();
        Scan scan = Scan.of(stack);
        ArrayNode items = Wire.mapper().createArrayNode();
        for (Scan.Entry e : scan.entries) {
            if (e.identifier() == null || !e.identifier().startsWith(BenchLayout.FRAME)) {
                continue;
            }
            Target t = e.target();
            ObjectNode o = Items.describe(t, e.window(), scan.labels.get(t.component()));
            o.put("parent", e.parent());
            Verdict v = CoveringTest.reference(t, new Covering(stack).shown(t).centreInWindow(), stack);
            o.put("clickable", v.operable());
            if (v.at() != null) {
                o.putArray("at").add(v.at().x).add(v.at().y);
                Point origin = new Covering(stack).screen(t.window());
                o.putArray("atOnScreen").add(v.at().x + origin.x).add(v.at().y + origin.y);
            }
            if (!v.operable()) {
                o.put("reason", v.reason());
            }
            items.add(o);
        }
        return items;
    }
}
