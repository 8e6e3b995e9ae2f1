package bench.window;

import java.awt.Rectangle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import javax.swing.JButton;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JTextField;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;
import probe.testing.bench.BenchLayout;

/**
 * The window the benchmarks act on, the same class in the GUI's JVM (the bench.window bundle)
 * and in the robots' JVM: the 500 named controls of {@link BenchLayout}, a dialog, and listeners
 * that note when they ran with {@link System#nanoTime()} (CLOCK_MONOTONIC on Linux, one clock for every process), so that a
 * client in another process can tell whether the effect came before the reply and how long after
 * the request.
 *
 * <p>Build and use it on the event dispatch thread; the recorders are safe from any thread.
 */
public final class BenchWindow {
    public static final String DIALOG = "dialog.bench";
    /** The count button, which the in-GUI rows (BenchOp) click. */
    public static final String COUNT_BUTTON = BenchLayout.COUNT_BUTTON;
    /** The grid's first label: the one whose text the value-wait rows set. */
    public static final String VALUE_LABEL = "bench.grid.label.3";
    private static final int RING = 1 << 16;

    public final JFrame frame;
    public final JButton count;
    public final JTextField text;
    public final JButton openDialog;
    public final JDialog dialog;

    /** Clicks seen, and when each ran (index: click number mod RING). */
    public final AtomicInteger clicks = new AtomicInteger();
    public final AtomicLongArray clickAt = new AtomicLongArray(RING);
    /** When the text field's length last became {@link #typedTarget}. */
    public final AtomicLong typedAt = new AtomicLong();
    public volatile int typedTarget = 100;
    public final AtomicInteger typedReached = new AtomicInteger();
    /** When the dialog last became visible (setVisible(true) returned), and how often. */
    public final AtomicLong dialogShownAt = new AtomicLong();
    public final AtomicInteger dialogShown = new AtomicInteger();
    /** The label {@link #VALUE_LABEL}, and when its text was last set ({@link #setValue}). */
    public final JLabel valueLabel;
    public final AtomicLong valueSetAt = new AtomicLong();

    private final Object changed = new Object();

    public BenchWindow(Rectangle bounds) {
        BenchLayout layout = new BenchLayout(bounds);
        frame = layout.frame;
        count = layout.count;
        text = layout.text;
        openDialog = layout.openDialog;
        valueLabel = layout.firstLabel;
        frame.setDefaultCloseOperation(JFrame.DISPOSE_ON_CLOSE);

        count.addActionListener(e -> {
            long t = System.nanoTime();
            int n = clicks.incrementAndGet();
            clickAt.set(n % RING, t);
            signal();
        });
        text.getDocument().addDocumentListener(new DocumentListener() {
            @Override
            public void insertUpdate(DocumentEvent e) {
                if (e.getDocument().getLength() == typedTarget) {
                    typedAt.set(System.nanoTime());
                    typedReached.incrementAndGet();
                    signal();
                }
            }

            @Override
            public void removeUpdate(DocumentEvent e) {
            }

            @Override
            public void changedUpdate(DocumentEvent e) {
            }
        });

        dialog = new JDialog(frame, "bench dialog", false);
        dialog.setName(DIALOG);
        JButton close = new JButton("close");
        close.setName("dialog.bench.button.close");
        close.addActionListener(e -> dialog.setVisible(false));
        dialog.getContentPane().add(close);
        dialog.setBounds(bounds.x + 200, bounds.y + 200, 400, 200);
        openDialog.addActionListener(e -> {
            dialog.setVisible(true);
            dialogShownAt.set(System.nanoTime());
            dialogShown.incrementAndGet();
            signal();
        });
    }

    /** Sets the text of {@link #valueLabel} and notes when it was set. On the EDT. */
    public void setValue(String text) {
        valueLabel.setText(text);
        valueSetAt.set(System.nanoTime());
        signal();
    }

    /** The time the listener of click number {@code n} ran. */
    public long clickTime(int n) {
        return clickAt.get(n % RING);
    }

    /** Waits until {@code condition} holds, at most {@code timeoutNanos}; true when it does. */
    public boolean await(java.util.function.BooleanSupplier condition, long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        synchronized (changed) {
            while (!condition.getAsBoolean()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                changed.wait(Math.max(1, left / 1_000_000), 0);
            }
            return true;
        }
    }

    private void signal() {
        synchronized (changed) {
            changed.notifyAll();
        }
    }
}
