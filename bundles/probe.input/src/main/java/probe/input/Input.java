package probe.input;

import java.awt.AWTEvent;
import java.awt.Toolkit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How every simulated event enters the GUI: posted to the system event queue, as the toolkit posts
 * a device's events, so hit-testing, enter and exit, focus retargeting and the modality filter
 * apply. Never {@code dispatchEvent}: it would reach a control behind a modal dialog, which no
 * person could.
 */
public final class Input {
    private static final AtomicLong LAST_WHEN = new AtomicLong();

    private Input() {
    }

    /** Queues {@code e} behind everything already posted. Any thread. */
    public static void post(AWTEvent e) {
        Toolkit.getDefaultToolkit().getSystemEventQueue().postEvent(e);
    }

    /**
     * A timestamp for the next event: the clock, but always later than the one before, as a
     * device's events are (Swing compares them, for multi-click thresholds and type-ahead).
     */
    public static long when() {
        return LAST_WHEN.updateAndGet(prev -> Math.max(System.currentTimeMillis(), prev + 1));
    }
}
