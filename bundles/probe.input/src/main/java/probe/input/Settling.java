package probe.input;

import java.awt.AWTEvent;
import java.awt.KeyboardFocusManager;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.PaintEvent;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.swing.Timer;
import probe.api.swing.ProbeTasks;
import probe.api.swing.ViewRegistry;

/**
 * Waits until the GUI has settled after an action, then takes the last look: its one job is when the
 * reply comes. The GUI has settled when the event queue holds nothing more (what the input's handlers
 * queued, repaints included; the probe's own tasks do not count) and the keyboard focus has landed in
 * a window the input opened; at most until a bound. It runs on the event dispatch thread, a step at a
 * time (in a modal dialog's own event loop too), while the op's thread waits for it within the op's
 * deadline.
 */
final class Settling implements Runnable {
    /** How long past the settling the op's thread waits for the EDT to take the last look, when it is busy. */
    private static final long GRACE_MILLIS = 50;
    /** How soon a settling that waits for a paint or for the focus looks again. */
    private static final int RETRY_MILLIS = 1;

    private static final int PENDING = 0;
    private static final int FINISHING = 1;
    private static final int ABANDONED = 2;

    /** What the settling saw: whether the GUI settled, when (since the first look), and the last look. */
    record Result(boolean settled, long settledNanos, Look look) {
    }

    private final AtomicInteger state = new AtomicInteger(PENDING);
    private final CountDownLatch done = new CountDownLatch(1);
    private final ViewRegistry registry;
    private final List<Window> windowsBefore;
    private final boolean whole;
    private final long beganNanos;
    private final long endNanos;
    private final Runnable stop;
    private volatile Result result;
    private Timer retry;

    private Settling(ViewRegistry registry, List<Window> windowsBefore, boolean whole, long beganNanos, long endNanos, Runnable stop) {
        this.registry = registry;
        this.windowsBefore = windowsBefore;
        this.whole = whole;
        this.beganNanos = beganNanos;
        this.endNanos = endNanos;
        this.stop = stop;
    }

    /**
     * Waits, off the EDT, at most {@code boundMillis} for the GUI to settle (and a short grace for a
     * busy EDT to take the last look), never past {@code deadline}.
     *
     * @param windowsBefore the windows of the first look: a window not among them is one the input opened
     * @param whole whether the last look takes the controls and the focus too, or only the time
     * @param beganNanos when the first look was taken
     * @param stop run on the EDT just before the last look, or when the settling is abandoned (stops the events)
     * @return what it saw, or null when the EDT did not take the last look in time
     */
    static Result await(ViewRegistry registry, List<Window> windowsBefore, boolean whole, long beganNanos, long boundMillis,
            Deadline deadline, Runnable stop) throws InterruptedException {
        Settling s = new Settling(registry, windowsBefore, whole, beganNanos, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis),
                stop);
        ProbeTasks.later(s);
        try {
            if (s.done.await(Math.min(boundMillis + GRACE_MILLIS, Math.max(deadline.remainingMillis(), 1)), TimeUnit.MILLISECONDS)
                    || !s.state.compareAndSet(PENDING, ABANDONED)) {
                // Done, or the EDT is taking the last look right now: it ends in a moment.
                s.done.await();
                return s.result;
            }
            return null;
        } catch (InterruptedException e) {
            s.state.set(ABANDONED);
            throw e;
        }
    }

    private void later() {
        if (retry == null) {
            retry = new Timer(RETRY_MILLIS, e -> run());
            retry.setRepeats(false);
        }
        retry.restart();
    }

    /** One step on the EDT: look again later, or take the last look. */
    @Override
    public void run() {
        if (state.get() != PENDING) {
            stop.run();
            return;
        }
        boolean settled = false;
        if (System.nanoTime() - endNanos < 0) {
            AWTEvent next = Toolkit.getDefaultToolkit().getSystemEventQueue().peekEvent();
            if (next instanceof PaintEvent) {
                // Painting is queued at a lower priority than an invokeLater, which would run first
                // again and again: look again shortly, once the paint has run.
                later();
                return;
            }
            if (next != null && ProbeTasks.othersQueued()) {
                // Behind what is queued now: the next look comes when it has run. Only the
                // probe's own tasks queued (other clients' ops, their looks) is as good as empty:
                // they are not what the input caused, and while several clients work they
                // would keep the queue from ever emptying.
                ProbeTasks.later(this);
                return;
            }
            if (!focusSettled()) {
                // Only the window system's focus event is awaited: look again shortly, without spinning.
                later();
                return;
            }
            settled = true;
        }
        if (!state.compareAndSet(PENDING, FINISHING)) {
            stop.run();
            return;
        }
        try {
            long settledNanos = System.nanoTime() - beganNanos;
            Look last = null;
            if (whole) {
                stop.run();
                last = Look.take(registry, true);
            }
            result = new Result(settled, settledNanos, last);
        } finally {
            done.countDown();
        }
    }

    /**
     * Whether the focus is where the input sends it: in the window it opened (or one that window
     * owns). Swing learns it from the window system a little after the window shows. A window that
     * closes is not waited for: where the focus goes then is the window manager's choice, and
     * without one (Xvfb) it goes nowhere.
     */
    private boolean focusSettled() {
        for (Window w : registry.windows()) {
            if (!windowsBefore.contains(w) && w.isFocusableWindow() && w.isAutoRequestFocus()) {
                Window focused = KeyboardFocusManager.getCurrentKeyboardFocusManager().getFocusedWindow();
                return focused != null && owns(w, focused);
            }
        }
        return true;
    }

    private static boolean owns(Window w, Window descendant) {
        for (Window x = descendant; x != null; x = x.getOwner()) {
            if (x == w) {
                return true;
            }
        }
        return false;
    }
}
