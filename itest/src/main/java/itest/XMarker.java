package itest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.awt.event.ComponentAdapter;
import java.awt.event.ComponentEvent;
import java.util.concurrent.TimeUnit;
import javax.swing.JFrame;

/**
 * The sync of real X input for the oracle tests (ReachOracleIT's presses, CloseIT's window manager
 * closes): a 2x2 frame in the screen's bottom-right corner, away from every window of the app, that
 * the X client sending the input moves right after it, on the same X connection. One X client's
 * requests and their events stay in order, so when the frame's COMPONENT_MOVED reaches the EDT, the
 * input has been dispatched by AWT (or dropped by its modal filter). A bounded wait on a positive
 * signal, where {@code Robot.waitForIdle} (SunToolkit.realSync) could wait forever on some JDKs
 * (Debian's 17.0.15: the EDT stuck in XToolkit.syncNativeQueue inside a modal dialog's secondary
 * loop) and a fixed sleep could only guess.
 */
final class XMarker extends ComponentAdapter implements AutoCloseable {
    /** How long the marker's move may take to reach the EDT. */
    private static final long SYNC_MILLIS = 10_000;
    /** How long xdotool may take to find the marker window. */
    private static final long FIND_SECONDS = 10;

    private final JFrame frame;
    private final String xid;
    private final int baseX;
    private final int y;
    private int moves;
    private volatile int seenX = Integer.MIN_VALUE;

    private XMarker(JFrame frame, String xid, int baseX, int y) {
        this.frame = frame;
        this.xid = xid;
        this.baseX = baseX;
        this.y = y;
    }

    /** Shows the marker, titled for {@code purpose}, and finds its X window. */
    static XMarker show(String purpose) throws Exception {
        String title = "hdp-" + purpose + "-marker-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        Rectangle screen = Swing.onEdt(() -> java.awt.GraphicsEnvironment.getLocalGraphicsEnvironment().getDefaultScreenDevice()
                .getDefaultConfiguration().getBounds());
        int baseX = screen.x + screen.width - 40;
        int y = screen.y + screen.height - 2;
        JFrame frame = Swing.onEdt(() -> {
            JFrame f = new JFrame(title);
            f.setUndecorated(true);
            f.setFocusableWindowState(false);
            f.setAutoRequestFocus(false);
            f.setBounds(baseX, y, 2, 2);
            f.setVisible(true);
            return f;
        });
        String xid = null;
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(FIND_SECONDS);
        while (xid == null && System.nanoTime() < until) {
            Process p = new ProcessBuilder("xdotool", "search", "--name", "^" + title + "$").redirectErrorStream(true).start();
            try (java.io.InputStream in = p.getInputStream()) {
                p.getOutputStream().close();
                if (p.waitFor(FIND_SECONDS, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    String out = new String(in.readAllBytes()).trim();
                    xid = out.isEmpty() ? null : out.split("\\s+")[0];
                } else {
                    p.destroyForcibly();
                }
            }
            if (xid == null) {
                Thread.sleep(20);
            }
        }
        assertTrue(xid != null, "the marker window " + title + " was not found by xdotool search");
        XMarker m = new XMarker(frame, xid, baseX, y);
        Swing.onEdt(() -> {
            frame.addComponentListener(m);
            return null;
        });
        return m;
    }

    @Override
    public void componentMoved(ComponentEvent e) {
        seenX = frame.getX();
    }

    /** The marker's X window id, for the command that moves it. */
    String xid() {
        return xid;
    }

    /** Where the next move puts the marker: x (a new place each time). */
    int nextX() {
        return baseX + (++moves % 32);
    }

    /** Where the marker stays: y. */
    int y() {
        return y;
    }

    /** Returns once the marker's move to {@code x} has reached the EDT, so the input sent before it has too. */
    void awaitMove(int x) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SYNC_MILLIS);
        while (seenX != x) {
            assertTrue(System.nanoTime() < until, "the marker's move to x=" + x + " did not reach the EDT within " + SYNC_MILLIS
                    + " ms (last seen x=" + seenX + ")");
            Thread.sleep(1);
        }
    }

    @Override
    public void close() throws Exception {
        Swing.onEdt(() -> {
            frame.dispose();
            return null;
        });
    }
}
