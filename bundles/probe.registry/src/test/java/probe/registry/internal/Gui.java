package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.awt.FlowLayout;
import java.awt.GraphicsEnvironment;
import java.awt.GridLayout;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;
import org.junit.jupiter.api.Assumptions;

/** Real windows for the registry's tests: EDT access, the benchmark's 500-control window, clean-up. */
final class Gui {

    private Gui() {
    }

    static void assumeDisplay() {
        Assumptions.assumeFalse(GraphicsEnvironment.isHeadless(), "no display (run under Xvfb with DISPLAY set)");
    }

    static <T> T edt(Callable<T> task) throws Exception {
        FutureTask<T> f = new FutureTask<>(task);
        EventQueue.invokeLater(f);
        return f.get(20, TimeUnit.SECONDS);
    }

    static void run(Runnable task) throws Exception {
        edt(() -> {
            task.run();
            return null;
        });
    }

    /** Polls {@code condition} on the EDT for up to 5 s. */
    static void waitFor(String what, Callable<Boolean> condition) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!edt(condition)) {
            assertTrue(System.nanoTime() < end, "timed out waiting for " + what);
            Thread.sleep(5);
        }
    }

    /** Waits until the EDT has handled what showing a window queued (its layout, its first events). */
    static void settle() throws Exception {
        for (int i = 0; i < 3; i++) {
            Thread.sleep(30);
            run(() -> { });
        }
    }

    static void disposeAll() throws Exception {
        run(() -> {
            for (Window w : Window.getWindows()) {
                w.dispose();
            }
        });
        waitFor("every window to close", () -> {
            for (Window w : Window.getWindows()) {
                if (w.isShowing()) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * The layout of the benchmark's window (bench/src/main/java/bench/window/BenchWindow.java): the
     * frame {@code bench} with three controls on top and 497 buttons, check boxes, fields and labels
     * in a grid of 20 columns. Call on the EDT; shows it.
     */
    static JFrame benchWindow(Rectangle bounds) {
        JFrame frame = new JFrame("bench");
        frame.setName("bench");
        JButton count = new JButton("count");
        count.setName("bench.button.count");
        JTextField text = new JTextField(60);
        text.setName("bench.input.text");
        JButton dialog = new JButton("dialog");
        dialog.setName("bench.button.dialog");
        JPanel top = new JPanel(new FlowLayout(FlowLayout.LEFT));
        top.add(count);
        top.add(text);
        top.add(dialog);
        JPanel cells = new JPanel(new GridLayout(0, 20));
        for (int i = 0; i < 497; i++) {
            switch (i % 4) {
                case 0:
                    JButton b = new JButton("b" + i);
                    b.setName("bench.grid.button." + i);
                    cells.add(b);
                    break;
                case 1:
                    JCheckBox c = new JCheckBox("t" + i);
                    c.setName("bench.grid.toggle." + i);
                    cells.add(c);
                    break;
                case 2:
                    JTextField f = new JTextField("f" + i);
                    f.setName("bench.grid.input." + i);
                    cells.add(f);
                    break;
                default:
                    JLabel l = new JLabel("l" + i);
                    l.setName("bench.grid.label." + i);
                    cells.add(l);
                    break;
            }
        }
        frame.getContentPane().add(top, BorderLayout.NORTH);
        frame.getContentPane().add(cells, BorderLayout.CENTER);
        frame.setBounds(bounds);
        frame.setVisible(true);
        return frame;
    }
}
