package bench.window;

import java.awt.Rectangle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import javax.swing.JButton;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JSlider;
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

    /** The slider the drag rows drag (0 to 100), in a small frame of its own shown only for them ({@link #showSlider}). */
    public static final String SLIDER = "bench.slider";
    public final JFrame sliderFrame;
    public final JSlider slider;
    /** Drags that ended (the slider's value set with its adjusting over), and when the last one ended and at what value. */
    public final AtomicInteger slides = new AtomicInteger();
    public final AtomicLong slidAt = new AtomicLong();
    public volatile int slidValue;

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

        sliderFrame = new JFrame("bench slider");
        sliderFrame.setName("benchSlider");
        slider = new JSlider(0, 100, 20);
        slider.setName(SLIDER);
        slider.addChangeListener(e -> {
            if (!slider.getValueIsAdjusting()) {
                slidAt.set(System.nanoTime());
                slidValue = slider.getValue();
                slides.incrementAndGet();
                signal();
            }
        });
        sliderFrame.getContentPane().add(slider);
        sliderFrame.setBounds(bounds.x + 300, bounds.y + 300, 460, 90);

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

    /** Shows or hides {@link #sliderFrame}, its slider at {@code value}. On the EDT. */
    public void showSlider(boolean show, int value) {
        slider.setValue(value);
        sliderFrame.setVisible(show);
    }

    /**
     * The x of {@code value}'s place on the slider's track (where the thumb's centre is at that
     * value), in the slider's coordinates: the middle of the pixels the look and feel maps to it
     * ({@code BasicSliderUI.valueForXPosition}; -1 when none does). On the EDT, the slider laid out.
     */
    public int sliderX(int value) {
        javax.swing.plaf.basic.BasicSliderUI ui = (javax.swing.plaf.basic.BasicSliderUI) slider.getUI();
        int first = -1;
        int last = -1;
        for (int x = 0; x < slider.getWidth(); x++) {
            if (ui.valueForXPosition(x) == value) {
                first = first < 0 ? x : first;
                last = x;
            }
        }
        return first < 0 ? -1 : (first + last) / 2;
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
