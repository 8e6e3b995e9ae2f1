package itest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

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
final class XMarker implements AutoCloseable {
    /** How long xdotool may take to find the marker window. */
    private static final long FIND_SECONDS = 10;

    private final Marker marker;
    private final String xid;

    private XMarker(Marker marker, String xid) {
        this.marker = marker;
        this.xid = xid;
    }

    /** Shows the marker, titled for {@code purpose}, and finds its X window. */
    static XMarker show(String purpose) throws Exception {
        String title = "hdp-" + purpose + "-marker-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        Marker marker = Marker.show(title);
        return new XMarker(marker, find(title));
    }

    /** The X window id of the window titled exactly {@code title}, by xdotool, within a bounded time. */
    static String find(String title) throws Exception {
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
        return xid;
    }

    /** The marker's X window id, for the command that moves it. */
    String xid() {
        return xid;
    }

    /** Where the next move puts the marker: x (a new place each time). */
    int nextX() {
        return marker.nextX();
    }

    /** Where the marker stays: y. */
    int y() {
        return marker.y();
    }

    /** Returns once the marker's move to {@code x} has reached the EDT, so the input sent before it has too. */
    void awaitMove(int x) throws InterruptedException {
        assertTrue(marker.awaitMove(x), "the marker's move to x=" + x + " did not reach the EDT within " + Marker.SYNC_MILLIS
                + " ms (last seen x=" + marker.seenX() + ")");
    }

    /**
     * A real press by xdotool at {@code x}, {@code y} on the screen, then the marker moved by the
     * same command: returns once the press has been dispatched (or dropped by the modal filter).
     */
    void press(int x, int y) throws Exception {
        int to = nextX();
        SwingSet2.run(java.time.Duration.ofSeconds(10), "xdotool", "mousemove", Integer.toString(x), Integer.toString(y), "click", "1",
                "windowmove", xid, Integer.toString(to), Integer.toString(y()));
        awaitMove(to);
    }

    @Override
    public void close() throws Exception {
        marker.close();
    }
}
