package probe.type.internal;

import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import bench.inproc.Timing;
import bench.inproc.legacy.LegacyTypeOp;
import java.awt.EventQueue;
import java.awt.Rectangle;
import java.awt.Toolkit;
import java.awt.event.KeyEvent;
import java.util.concurrent.atomic.AtomicInteger;
import javax.swing.JFrame;
import javax.swing.JTextField;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;
import probe.api.ProbeOp;
import probe.api.wire.Wire;
import probe.registry.internal.SwingViewRegistry;
import probe.testing.Gui;
import probe.testing.bench.BenchLayout;

/**
 * {@code gui.type} of 100 characters with {@code replace} in one JVM, into the text field of the
 * benchmark's 500-control window ({@link BenchLayout}): the op as it is and as it was
 * ({@link LegacyTypeOp}), interleaved; the floors (100 KEY_TYPED posted from another thread, as
 * run/bench's floor, and posted from one EDT task); and where one character's time goes. Prints,
 * never asserts: {@code run/bench-inproc type}.
 */
public final class TypeTiming {
    private static final int WARMUP = 300;
    private static final int SAMPLES = 600;
    private static final int CHARS = 100;

    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final AtomicInteger reached = new AtomicInteger();
    private volatile long reachedAt;

    private TypeTiming() {
    }

    /** Opens the window, measures, prints, closes it. */
    public static void measure() throws Exception {
        TypeTiming t = new TypeTiming();
        try {
            t.typeOldVersusNew();
        } finally {
            Gui.disposeAll();
        }
        try {
            t.perCharacterLayers();
        } finally {
            Gui.disposeAll();
        }
    }

    private void typeOldVersusNew() throws Exception {
        JTextField field = showField(true);
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < CHARS; c++) {
            sb.append((char) ('a' + c % 26));
        }
        String text = sb.toString();

        ProbeOp[] ops = {new LegacyTypeOp(registry), new TypeOp(registry)};
        String[] names = {"old", "new"};
        int n = ops.length;
        long[][] total = new long[n][SAMPLES];
        long[] floor = new long[SAMPLES];
        long[] fromEdt = new long[SAMPLES];
        for (int i = -WARMUP; i < SAMPLES; i++) {
            for (int k = 0; k < n; k++) {
                int op = (k + i % n + n) % n;
                int before = reached.get();
                long t0 = System.nanoTime();
                ops[op].execute(Gui.ctx(), Wire.object().put("identifier", BenchLayout.TEXT).put("text", text).put("replace", true));
                long t1 = System.nanoTime();
                if (reached.get() != before + 1) {
                    throw new AssertionError("the document did not hold the text before the reply");
                }
                if (i >= 0) {
                    total[op][i] = t1 - t0;
                }
            }
            run(() -> field.setText(""));
            int before = reached.get();
            long t0 = System.nanoTime();
            long when = System.currentTimeMillis();
            for (int c = 0; c < CHARS; c++) {
                post(new KeyEvent(field, KeyEvent.KEY_TYPED, when, 0, KeyEvent.VK_UNDEFINED, text.charAt(c)));
            }
            while (reached.get() == before) {
                Thread.onSpinWait();
            }
            if (i >= 0) {
                floor[i] = reachedAt - t0;
            }
            run(() -> field.setText(""));
            int before2 = reached.get();
            long t2 = System.nanoTime();
            EventQueue.invokeLater(() -> {
                long w = System.currentTimeMillis();
                for (int c = 0; c < CHARS; c++) {
                    post(new KeyEvent(field, KeyEvent.KEY_TYPED, w, 0, KeyEvent.VK_UNDEFINED, text.charAt(c)));
                }
            });
            while (reached.get() == before2) {
                Thread.onSpinWait();
            }
            if (i >= 0) {
                fromEdt[i] = reachedAt - t2;
            }
        }
        for (int k = 0; k < n; k++) {
            System.out.println("[timing] gui.type 100 chars replace " + names[k] + ": execute " + Timing.stats(total[k]));
        }
        System.out.println("[timing] gui.type new / old median ratio: "
                + String.format("%.2f", (double) Timing.median(total[1]) / Timing.median(total[0])));
        System.out.println("[timing] type floor (100 KEY_TYPED posted from another thread -> document holds them): " + Timing.stats(floor));
        System.out.println("[timing] 100 KEY_TYPED posted from one EDT task -> document holds them: " + Timing.stats(fromEdt));
    }

    /** Where the time of one character goes: direct dispatch through the focus manager, replaceSelection, a bare insert. */
    private void perCharacterLayers() throws Exception {
        JTextField field = showField(false);
        long[][] t = new long[4][SAMPLES];
        for (int i = -WARMUP; i < SAMPLES; i++) {
            int at = i;
            run(() -> {
                JTextField f = field;
                long[] d = new long[4];
                f.setText("");
                long t0 = System.nanoTime();
                long w = System.currentTimeMillis();
                for (int c = 0; c < CHARS; c++) {
                    f.dispatchEvent(new KeyEvent(f, KeyEvent.KEY_TYPED, w, 0, KeyEvent.VK_UNDEFINED, (char) ('a' + c % 26)));
                }
                d[0] = System.nanoTime() - t0;
                f.setText("");
                t0 = System.nanoTime();
                for (int c = 0; c < CHARS; c++) {
                    f.replaceSelection(String.valueOf((char) ('a' + c % 26)));
                }
                d[1] = System.nanoTime() - t0;
                f.setText("");
                t0 = System.nanoTime();
                try {
                    for (int c = 0; c < CHARS; c++) {
                        f.getDocument().insertString(c, String.valueOf((char) ('a' + c % 26)), null);
                    }
                } catch (javax.swing.text.BadLocationException e) {
                    throw new IllegalStateException(e);
                }
                d[2] = System.nanoTime() - t0;
                f.setText("");
                t0 = System.nanoTime();
                for (int c = 0; c < CHARS; c++) {
                    java.awt.KeyboardFocusManager.getCurrentKeyboardFocusManager().getFocusOwner();
                    KeyEvent e = new KeyEvent(f, KeyEvent.KEY_TYPED, w, 0, KeyEvent.VK_UNDEFINED, (char) ('a' + c % 26));
                    javax.swing.KeyStroke.getKeyStrokeForEvent(e);
                }
                d[3] = System.nanoTime() - t0;
                if (at >= 0) {
                    for (int k = 0; k < 4; k++) {
                        t[k][at] = d[k];
                    }
                }
            });
        }
        System.out.println("[timing] on the EDT, 100 x dispatchEvent(KEY_TYPED) to the focused field: " + Timing.stats(t[0]));
        System.out.println("[timing] on the EDT, 100 x replaceSelection(one char): " + Timing.stats(t[1]));
        System.out.println("[timing] on the EDT, 100 x document.insertString(one char): " + Timing.stats(t[2]));
        System.out.println("[timing] on the EDT, 100 x new KeyEvent + KeyStroke lookup: " + Timing.stats(t[3]));
    }

    /** The window shown, its text field focused; {@code listen}: noting when the document holds {@value #CHARS} characters. */
    private JTextField showField(boolean listen) throws Exception {
        BenchLayout[] window = new BenchLayout[1];
        run(() -> {
            window[0] = new BenchLayout(new Rectangle(0, 0, 1280, 800));
            if (listen) {
                window[0].text.getDocument().addDocumentListener(new DocumentListener() {
                    @Override
                    public void insertUpdate(DocumentEvent e) {
                        if (e.getDocument().getLength() == CHARS) {
                            reachedAt = System.nanoTime();
                            reached.incrementAndGet();
                        }
                    }

                    @Override
                    public void removeUpdate(DocumentEvent e) {
                    }

                    @Override
                    public void changedUpdate(DocumentEvent e) {
                    }
                });
            }
            window[0].frame.setVisible(true);
        });
        JFrame frame = window[0].frame;
        JTextField field = window[0].text;
        waitFor("the frame to be focused", frame::isFocused);
        run(field::requestFocusInWindow);
        waitFor("the field to be focused", field::isFocusOwner);
        return field;
    }

    private static void post(KeyEvent e) {
        Toolkit.getDefaultToolkit().getSystemEventQueue().postEvent(e);
    }
}
