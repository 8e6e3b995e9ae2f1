package itest;

import java.awt.EventQueue;
import java.awt.GraphicsEnvironment;
import java.awt.Rectangle;
import java.awt.event.ComponentAdapter;
import java.awt.event.ComponentEvent;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.TimeUnit;
import javax.swing.JFrame;

/**
 * The frame half of {@link XMarker}, with nothing but the JDK: a 2x2 frame in the screen's
 * bottom-right corner that the X client sending real input moves right after it, and which tells
 * when that move reached the event dispatch thread. It must live in the JVM whose input it syncs:
 * {@link ReachRecorderAgent} shows one inside SwingSet2's JVM.
 */
final class Marker extends ComponentAdapter {
    /** How long the marker's move may take to reach the EDT. */
    static final long SYNC_MILLIS = 10_000;

    private final JFrame frame;
    private final int baseX;
    private final int y;
    private int moves;
    private volatile int seenX = Integer.MIN_VALUE;

    private Marker(JFrame frame, int baseX, int y) {
        this.frame = frame;
        this.baseX = baseX;
        this.y = y;
    }

    /** Shows the marker titled {@code title} (by which xdotool finds it); call it off the EDT. */
    static Marker show(String title) throws InterruptedException, InvocationTargetException {
        Marker[] shown = new Marker[1];
        EventQueue.invokeAndWait(() -> {
            Rectangle screen = GraphicsEnvironment.getLocalGraphicsEnvironment().getDefaultScreenDevice().getDefaultConfiguration()
                    .getBounds();
            int baseX = screen.x + screen.width - 40;
            int y = screen.y + screen.height - 2;
            JFrame f = new JFrame(title);
            f.setUndecorated(true);
            f.setFocusableWindowState(false);
            f.setAutoRequestFocus(false);
            f.setBounds(baseX, y, 2, 2);
            Marker m = new Marker(f, baseX, y);
            f.addComponentListener(m);
            f.setVisible(true);
            shown[0] = m;
        });
        return shown[0];
    }

    @Override
    public void componentMoved(ComponentEvent e) {
        seenX = frame.getX();
    }

    /** Where the next move puts the marker: x (a new place each time). */
    int nextX() {
        return baseX + (++moves % 32);
    }

    /** Where the marker stays: y. */
    int y() {
        return y;
    }

    /** Where the EDT last saw the marker: x. */
    int seenX() {
        return seenX;
    }

    /** Whether the marker's move to {@code x} reached the EDT within {@link #SYNC_MILLIS}, so the input sent before it has too. */
    boolean awaitMove(int x) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SYNC_MILLIS);
        while (seenX != x) {
            if (System.nanoTime() >= until) {
                return false;
            }
            Thread.sleep(1);
        }
        return true;
    }

    void close() throws InterruptedException, InvocationTargetException {
        EventQueue.invokeAndWait(frame::dispose);
    }
}
