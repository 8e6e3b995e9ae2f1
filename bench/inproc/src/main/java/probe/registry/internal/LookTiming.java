package probe.registry.internal;

import bench.inproc.Timing;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.ArrayList;
import java.util.List;
import probe.api.swing.ControlState;
import probe.testing.Gui;
import probe.testing.bench.BenchLayout;

/**
 * Prints where a receipt's look at the benchmark's 500-control window ({@link BenchLayout}) goes, on
 * the EDT: the walk ({@link Scan}), reading the six fields of each named thing, and the whole
 * {@code states()}. Prints, never asserts: {@code run/bench-inproc look}.
 */
public final class LookTiming {
    private static final int WARMUP = 2000;
    private static final int SAMPLES = 3000;

    private LookTiming() {
    }

    /** Opens the window, measures, prints, closes it. */
    public static void measure() throws Exception {
        try {
            whereTheLookGoes();
        } finally {
            Gui.disposeAll();
        }
    }

    private static void whereTheLookGoes() throws Exception {
        SwingViewRegistry registry = new SwingViewRegistry();
        Gui.run(() -> new BenchLayout(new Rectangle(0, 0, 1280, 800)).frame.setVisible(true));
        Gui.settle();
        long[][] t = Gui.edt(() -> {
            long[][] w = new long[4][SAMPLES];
            for (int i = -WARMUP; i < SAMPLES; i++) {
                long t0 = System.nanoTime();
                List<Window> windows = registry.windows();
                long t1 = System.nanoTime();
                Scan scan = Scan.of(windows);
                long t2 = System.nanoTime();
                List<ControlState> out = new ArrayList<>(scan.entries.size());
                for (Scan.Entry e : scan.entries) {
                    if (e.identifier() != null) {
                        out.add(Items.state(e.target(), scan.labels.get(e.target().component())));
                    }
                }
                long t3 = System.nanoTime();
                registry.states();
                long t4 = System.nanoTime();
                if (i >= 0) {
                    w[0][i] = t1 - t0;
                    w[1][i] = t2 - t1;
                    w[2][i] = t3 - t2;
                    w[3][i] = t4 - t3;
                }
            }
            return w;
        });
        System.out.println("[timing] look: windows() " + Timing.stats(t[0]));
        System.out.println("[timing] look: Scan.of " + Timing.stats(t[1]));
        System.out.println("[timing] look: the six fields of each " + Timing.stats(t[2]));
        System.out.println("[timing] look: states() " + Timing.stats(t[3]));
    }
}
