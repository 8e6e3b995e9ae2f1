package probe.registry.internal;

import bench.inproc.Timing;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.awt.Rectangle;
import probe.api.wire.Wire;
import probe.testing.Gui;
import probe.testing.bench.BenchLayout;

/**
 * What gui.list of the benchmark's 500-control window ({@link BenchLayout}) costs in one JVM: the
 * registry's walk on the EDT (and, interleaved with it, the walk before Covering:
 * {@link BenchWindowListTest#formerList}, from the registry's test jar) and the serialisation of its
 * items. The in-process half of docs/BENCHMARKS.md's "list" rows. Prints, never asserts:
 * {@code run/bench-inproc list}.
 */
public final class ListTiming {
    private static final int WARMUP = 300;
    private static final int SAMPLES = 500;

    private ListTiming() {
    }

    /** Opens the window, measures, prints, closes it. */
    public static void measure() throws Exception {
        try {
            listOfTheBenchWindow();
        } finally {
            Gui.disposeAll();
        }
    }

    private static void listOfTheBenchWindow() throws Exception {
        SwingViewRegistry registry = new SwingViewRegistry();
        Gui.run(() -> new BenchLayout(new Rectangle(0, 0, 1280, 800)).frame.setVisible(true));
        Gui.settle();
        int items = Gui.edt(() -> registry.list(BenchLayout.FRAME)).size();
        long[] walk = new long[SAMPLES];
        long[] former = new long[SAMPLES];
        long[] write = new long[SAMPLES];
        int bytes = 0;
        for (int i = -WARMUP; i < SAMPLES; i++) {
            // Interleaved, so that both walks see the same load on this shared machine.
            long t0 = System.nanoTime();
            ArrayNode listed = Gui.edt(() -> registry.list(BenchLayout.FRAME));
            long t1 = System.nanoTime();
            bytes = Wire.mapper().writeValueAsBytes(listed).length;
            long t2 = System.nanoTime();
            Gui.edt(() -> BenchWindowListTest.formerList(registry));
            long t3 = System.nanoTime();
            if (i >= 0) {
                walk[i] = t1 - t0;
                write[i] = t2 - t1;
                former[i] = t3 - t2;
            }
        }
        System.out.printf("[timing] gui.list bench (%d items, %d bytes), %d samples, EDT hop included: walk on the EDT %s"
                + " (with the former per-item hit test instead of Covering: %s; ratio of medians %.2f), serialise %s%n",
                items, bytes, SAMPLES, Timing.stats(walk), Timing.stats(former), (double) Timing.median(walk) / Timing.median(former),
                Timing.stats(write));
    }
}
