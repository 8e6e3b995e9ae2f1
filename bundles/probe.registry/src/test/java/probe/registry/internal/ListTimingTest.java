package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.wire.Wire;
import probe.testing.Gui;
import probe.testing.Timing;

/**
 * Prints what gui.list of the benchmark's 500-control window costs in this JVM: the registry's
 * walk on the EDT and the serialisation of its items. It asserts nothing about time (the machine
 * is shared and noisy); it is the in-process half of docs/BENCHMARKS.md's "list" rows.
 */
class ListTimingTest {
    private static final int WARMUP = 300;
    private static final int SAMPLES = 500;

    @AfterEach
    void close() throws Exception {
        Gui.disposeAll();
    }

    @Test
    void listOfTheBenchWindow() throws Exception {
        Gui.assumeDisplay();
        SwingViewRegistry registry = new SwingViewRegistry();
        Gui.run(() -> BenchLayout.benchWindow(new Rectangle(0, 0, 1280, 800)));
        Gui.settle();
        assertEquals(501, Gui.edt(() -> registry.list("bench")).size());
        assertEquals(Wire.mapper().writeValueAsString(Gui.edt(() -> registry.list("bench"))),
                Wire.mapper().writeValueAsString(Gui.edt(() -> formerList(registry))), "the former walk lists the same items");
        long[] walk = new long[SAMPLES];
        long[] former = new long[SAMPLES];
        long[] write = new long[SAMPLES];
        int bytes = 0;
        for (int i = -WARMUP; i < SAMPLES; i++) {
            // Interleaved, so that both walks see the same load on this shared machine.
            long t0 = System.nanoTime();
            ArrayNode items = Gui.edt(() -> registry.list("bench"));
            long t1 = System.nanoTime();
            bytes = Wire.mapper().writeValueAsBytes(items).length;
            long t2 = System.nanoTime();
            Gui.edt(() -> formerList(registry));
            long t3 = System.nanoTime();
            if (i >= 0) {
                walk[i] = t1 - t0;
                write[i] = t2 - t1;
                former[i] = t3 - t2;
            }
        }
        System.out.printf("gui.list bench (501 items, %d bytes), %d samples, EDT hop included: walk on the EDT %s"
                + " (with the former per-item hit test instead of Covering: %s; ratio of medians %.2f), serialise %s%n",
                bytes, SAMPLES, Timing.stats(walk), Timing.stats(former), (double) Timing.median(walk) / Timing.median(former), Timing.stats(write));
    }

    /**
     * The listing as the registry made it before Covering, for the items of the benchmark's window
     * (showing, sized, enabled, no modal dialog): the same scan and items, but each item's covering
     * from {@link CoveringTest#reference}, a hit test from the window's root per item.
     */
    private static ArrayNode formerList(SwingViewRegistry registry) {
        List<Window> stack = registry.windows();
        Scan scan = Scan.of(stack);
        ArrayNode items = Wire.mapper().createArrayNode();
        for (Scan.Entry e : scan.entries) {
            if (e.identifier() == null || !e.identifier().startsWith("bench")) {
                continue;
            }
            Target t = e.target();
            ObjectNode o = Items.describe(t, e.window(), scan.labels.get(t.component()));
            o.put("parent", e.parent());
            Verdict v = CoveringTest.reference(t, new Covering(stack).shown(t).centreInWindow(), stack);
            o.put("clickable", v.operable());
            if (v.at() != null) {
                o.putArray("at").add(v.at().x).add(v.at().y);
                java.awt.Point origin = new Covering(stack).screen(t.window());
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
