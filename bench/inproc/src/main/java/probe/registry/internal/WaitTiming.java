package probe.registry.internal;

import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import bench.inproc.Timing;
import java.awt.Rectangle;
import javax.swing.JLabel;
import javax.swing.Timer;
import probe.api.wire.Wire;
import probe.testing.Gui;
import probe.testing.bench.BenchLayout;

/**
 * {@code gui.wait} for a value in one JVM, on the benchmark's 500-control window ({@link
 * BenchLayout}): how soon the op returns after a Swing timer set the grid's first label to the value
 * waited for (the op called directly, no socket). Prints, never asserts: {@code run/bench-inproc wait}.
 * run/bench's value-wait row measures the same through the socket.
 */
public final class WaitTiming {
    private static final int WARMUP = 50;
    private static final int SAMPLES = 200;

    private WaitTiming() {
    }

    /** Opens the window, measures, prints, closes it. */
    public static void measure() throws Exception {
        try {
            reactionTime();
        } finally {
            Gui.disposeAll();
        }
    }

    private static void reactionTime() throws Exception {
        SwingViewRegistry registry = new SwingViewRegistry();
        WaitOp op = new WaitOp(registry, Catalogues.of());
        BenchLayout[] window = new BenchLayout[1];
        run(() -> {
            window[0] = new BenchLayout(new Rectangle(0, 0, 1280, 800));
            window[0].frame.setVisible(true);
        });
        waitFor("the frame to show", () -> window[0].frame.isShowing());
        JLabel label = window[0].firstLabel;
        String identifier = label.getName();
        long[] t = new long[SAMPLES];
        long[] setAt = new long[1];
        for (int i = -WARMUP; i < SAMPLES; i++) {
            String v = "v" + i;
            run(() -> {
                // Set a little later from a Swing timer, as the app's own code would.
                Timer timer = new Timer(3, e -> {
                    setAt[0] = System.nanoTime();
                    label.setText(v);
                });
                timer.setRepeats(false);
                timer.start();
            });
            op.execute(Gui.ctx(), Wire.object().put("identifier", identifier).put("value", v));
            long replied = System.nanoTime();
            if (i >= 0) {
                t[i] = replied - setAt[0];
            }
        }
        System.out.println("[timing] gui.wait value, 500 controls: value set on the EDT -> the op returned: " + Timing.stats(t));
    }
}
