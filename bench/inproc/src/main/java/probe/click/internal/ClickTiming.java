package probe.click.internal;

import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import bench.inproc.Timing;
import bench.inproc.legacy.LegacyClickOp;
import java.awt.AWTEvent;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Toolkit;
import java.awt.event.InputEvent;
import java.awt.event.MouseEvent;
import java.util.concurrent.atomic.AtomicInteger;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.SwingUtilities;
import probe.api.ProbeOp;
import probe.api.wire.Wire;
import probe.registry.internal.SwingViewRegistry;
import probe.testing.Gui;
import probe.testing.bench.BenchLayout;

/**
 * {@code gui.click} in one JVM, on the benchmark's 500-control window ({@link BenchLayout}): the op
 * as it is and as it was ({@link LegacyClickOp}), interleaved so that the machine's load falls on
 * both alike; where the one-hop {@code Delivery} spends its time; the EDT's own work; and the floor
 * (press and release posted to the frame until the listener ran). Prints, never asserts:
 * {@code run/bench-inproc click}.
 */
public final class ClickTiming {
    private static final int WARMUP = 1000;
    private static final int SAMPLES = 3000;

    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final AtomicInteger clicks = new AtomicInteger();
    private volatile long listenerAt;

    private ClickTiming() {
    }

    /** Opens the window, measures, prints, closes it. */
    public static void measure() throws Exception {
        try {
            new ClickTiming().clickOldVersusNew();
        } finally {
            Gui.disposeAll();
        }
        try {
            new ClickTiming().clickWithAndWithoutEffects();
        } finally {
            Gui.disposeAll();
        }
    }

    private void clickOldVersusNew() throws Exception {
        BenchLayout[] window = new BenchLayout[1];
        run(() -> {
            window[0] = new BenchLayout(new Rectangle(0, 0, 1280, 800));
            window[0].count.addActionListener(e -> {
                listenerAt = System.nanoTime();
                clicks.incrementAndGet();
            });
            window[0].frame.setVisible(true);
        });
        JFrame frame = window[0].frame;
        JButton button = window[0].count;
        waitFor("the frame to be focused", () -> frame.isFocused());
        Point at = edt(() -> SwingUtilities.convertPoint(button, button.getWidth() / 2, button.getHeight() / 2, frame));

        ProbeOp[] ops = {new LegacyClickOp(registry), new ClickOp(registry)};
        String[] names = {"old", "new"};
        int n = ops.length;
        long[][] total = new long[n][SAMPLES];
        long[][] toListener = new long[n][SAMPLES];
        long[] floor = new long[SAMPLES];
        for (int i = -WARMUP; i < SAMPLES; i++) {
            for (int k = 0; k < n; k++) {
                int op = (k + i % n + n) % n;
                int before = clicks.get();
                long t0 = System.nanoTime();
                ops[op].execute(Gui.ctx(), Wire.object().put("identifier", BenchLayout.COUNT_BUTTON));
                long t1 = System.nanoTime();
                if (clicks.get() != before + 1) {
                    throw new AssertionError("the listener did not run before the reply");
                }
                if (i >= 0) {
                    total[op][i] = t1 - t0;
                    toListener[op][i] = listenerAt - t0;
                }
            }
            int before = clicks.get();
            long t0 = System.nanoTime();
            long when = System.currentTimeMillis();
            post(new MouseEvent(frame, MouseEvent.MOUSE_PRESSED, when, InputEvent.BUTTON1_DOWN_MASK, at.x, at.y, 1, false,
                    MouseEvent.BUTTON1));
            post(new MouseEvent(frame, MouseEvent.MOUSE_RELEASED, when + 1, 0, at.x, at.y, 1, false, MouseEvent.BUTTON1));
            while (clicks.get() == before) {
                Thread.onSpinWait();
            }
            if (i >= 0) {
                floor[i] = listenerAt - t0;
            }
        }
        for (int k = 0; k < n; k++) {
            System.out.println("[timing] gui.click " + names[k] + ": execute " + Timing.stats(total[k]) + "; call->listener "
                    + Timing.stats(toListener[k]));
        }
        for (int k = 1; k < n; k++) {
            System.out.println("[timing] gui.click " + names[k] + " / old median ratio: "
                    + String.format("%.2f", (double) Timing.median(total[k]) / Timing.median(total[0])));
        }
        long[] work = edt(() -> {
            long[] w = new long[SAMPLES];
            for (int i = 0; i < SAMPLES; i++) {
                long t0 = System.nanoTime();
                probe.api.swing.Target t = registry.resolve(BenchLayout.COUNT_BUTTON);
                probe.input.Reach.check(registry, t);
                t.centreInWindow();
                w[i] = System.nanoTime() - t0;
            }
            return w;
        });
        long[] hop = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            long t0 = System.nanoTime();
            java.awt.EventQueue.invokeAndWait(() -> { });
            hop[i] = System.nanoTime() - t0;
        }
        long[] wake = new long[SAMPLES];
        long[] dispatch = new long[SAMPLES];
        long[] back = new long[SAMPLES];
        long[] stamp = new long[3];
        for (int i = -WARMUP; i < SAMPLES; i++) {
            long t0 = System.nanoTime();
            probe.input.Delivery.run(probe.input.Deadline.after(5000), () -> {
                stamp[0] = System.nanoTime();
                probe.api.swing.Target t = registry.resolve(BenchLayout.COUNT_BUTTON);
                probe.input.Reach.check(registry, t);
                probe.input.Mouse.click(t.window(), t.centreInWindow(), probe.input.Mouse.Button.LEFT, 1);
                stamp[1] = System.nanoTime();
                java.awt.EventQueue.invokeLater(() -> stamp[2] = System.nanoTime());
                return probe.input.Delivery.posted(null);
            });
            long t3 = System.nanoTime();
            if (i >= 0) {
                wake[i] = stamp[0] - t0;
                dispatch[i] = stamp[2] - stamp[1];
                back[i] = t3 - stamp[2];
            }
        }
        System.out.println("[timing] Delivery: caller -> task ran " + Timing.stats(wake));
        System.out.println("[timing] Delivery: task posted -> the 4 events dispatched " + Timing.stats(dispatch));
        System.out.println("[timing] Delivery: marker -> caller woke " + Timing.stats(back));
        System.out.println("[timing] on the EDT, resolve + Reach.check + centre: " + Timing.stats(work));
        System.out.println("[timing] empty invokeAndWait: " + Timing.stats(hop));
        System.out.println("[timing] click floor (press+release posted -> listener, spinning wait): " + Timing.stats(floor));
    }

    /**
     * The receipt's cost: {@code gui.click} with its receipt, without it ({@code effects: false}),
     * and without settling either ({@code settleMillis: 0}, the reply at the input's barrier as
     * before receipts), interleaved, on the benchmark's window. {@code -Dprobe.timing.pause=true}
     * idles 1 ms between clicks, as the bench does between a client's requests.
     */
    private void clickWithAndWithoutEffects() throws Exception {
        BenchLayout[] window = new BenchLayout[1];
        run(() -> {
            window[0] = new BenchLayout(new Rectangle(0, 0, 1280, 800));
            window[0].count.addActionListener(e -> clicks.incrementAndGet());
            window[0].frame.setVisible(true);
        });
        JFrame[] frame = {window[0].frame};
        waitFor("the frame to be focused", () -> frame[0].isFocused());
        Gui.settle();
        ClickOp op = new ClickOp(registry);
        com.fasterxml.jackson.databind.node.ObjectNode[] args = {
            Wire.object().put("identifier", BenchLayout.COUNT_BUTTON),
            Wire.object().put("identifier", BenchLayout.COUNT_BUTTON).put("effects", false),
            Wire.object().put("identifier", BenchLayout.COUNT_BUTTON).put("effects", false).put("settleMillis", 0)};
        String[] names = {"with effects", "effects:false", "effects:false settleMillis:0"};
        long[][] t = new long[args.length][SAMPLES];
        int unsettled = 0;
        for (int i = -WARMUP; i < SAMPLES; i++) {
            for (int k = 0; k < args.length; k++) {
                long t0 = System.nanoTime();
                com.fasterxml.jackson.databind.JsonNode data = op.execute(Gui.ctx(), args[k].deepCopy());
                long t1 = System.nanoTime();
                if (data.has("settled") && !data.get("settled").booleanValue()) {
                    unsettled++;
                }
                if (i >= 0) {
                    t[k][i] = t1 - t0;
                }
                if (Boolean.getBoolean("probe.timing.pause")) {
                    // As the bench does between clicks: the GUI idles a moment, as between a client's requests.
                    Thread.sleep(1);
                }
            }
        }
        for (int k = 0; k < args.length; k++) {
            System.out.println("[timing] gui.click 500 controls, " + names[k] + ": " + Timing.stats(t[k]));
        }
        System.out.println("[timing] effects add (median) " + String.format("%.3f ms", (Timing.median(t[0]) - Timing.median(t[1])) / 1e6)
                + "; settling adds " + String.format("%.3f ms", (Timing.median(t[1]) - Timing.median(t[2])) / 1e6) + "; unsettled replies: "
                + unsettled);
        long[] states = edt(() -> {
            long[] w = new long[SAMPLES];
            for (int i = 0; i < SAMPLES; i++) {
                long t0 = System.nanoTime();
                registry.states();
                w[i] = System.nanoTime() - t0;
            }
            return w;
        });
        System.out.println("[timing] ViewRegistry.states() of 500 controls on the EDT: " + Timing.stats(states));
    }

    private static void post(AWTEvent e) {
        Toolkit.getDefaultToolkit().getSystemEventQueue().postEvent(e);
    }
}
