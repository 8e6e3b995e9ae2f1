package probe.input;

import java.awt.AWTEvent;
import java.awt.KeyboardFocusManager;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.PaintEvent;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.swing.JMenu;
import javax.swing.Timer;
import probe.api.swing.ProbeTasks;
import probe.api.swing.ViewRegistry;

/**
 * Waits until the GUI has settled after an action, then takes the last look: its one job is when the
 * reply comes. The GUI has settled when the event queue holds nothing more (what the input's handlers
 * queued, repaints included; the probe's own tasks do not count), the keyboard focus has landed in
 * a window the input opened, and nothing the input began to open is still on its way (a submenu
 * Swing opens after its delay, a frame or dialog made but not showing yet: {@link Openings}); at
 * most until a bound, {@code settleMillis}, which stretches to the longer {@link #LATE_MILLIS}
 * while something is on its way. It runs on the event dispatch thread, a step at a time (in a modal
 * dialog's own event loop too), while the op's thread waits for it within the op's deadline. When
 * the event thread is busy at the bound (a handler's slow work, a dialog being built), the op's
 * thread waits up to the longer bound for the last look too, and notes how long the thread kept
 * the settling waiting.
 */
final class Settling implements Runnable {
    /** How long past the settling the op's thread waits for the EDT to take the last look, when it is busy. */
    private static final long GRACE_MILLIS = 50;
    /** How soon a settling that waits for a paint or for the focus looks again. */
    private static final int RETRY_MILLIS = 1;
    /** How soon a settling that waits for something opening looks again. */
    private static final int OPENING_RETRY_MILLIS = 10;
    /**
     * The longest the settling waits, past {@code settleMillis}, for what the input began to open
     * and for a busy event thread to take the last look (within the op's deadline).
     */
    static final long LATE_MILLIS = 2000;
    /** How long the event thread must keep a step of the settling waiting for the receipt to say it was busy. */
    static final long BUSY_MILLIS = 250;

    private static final int PENDING = 0;
    private static final int FINISHING = 1;
    private static final int ABANDONED = 2;

    /**
     * What the settling saw: whether the GUI settled, when (since the first look), the last look
     * (null when the EDT did not take it in time, or only the time was wanted) and the longest the
     * event thread kept a step of the settling waiting.
     */
    record Result(boolean settled, long settledNanos, GuiState look, long busyNanos) {
    }

    private final AtomicInteger state = new AtomicInteger(PENDING);
    private final CountDownLatch done = new CountDownLatch(1);
    private final ViewRegistry registry;
    private final GuiState first;
    private final boolean whole;
    private final long beganNanos;
    private final long startNanos;
    private final long endNanos;
    private final long lateEndNanos;
    private final Runnable stop;
    private volatile Result result;
    private Timer retry;
    /** When the step now waiting was queued (or is due, for a retry): the EDT's delay is measured from it. */
    private volatile long queuedNanos;
    /** The longest the EDT kept a step waiting. */
    private volatile long busyNanos;
    /** Whether something was seen opening: the settling may then run to the longer bound. */
    private boolean extended;

    private Settling(ViewRegistry registry, GuiState first, boolean whole, long beganNanos, long boundMillis, long lateMillis, Runnable stop) {
        this.registry = registry;
        this.first = first;
        this.whole = whole;
        this.beganNanos = beganNanos;
        this.startNanos = System.nanoTime();
        this.endNanos = startNanos + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        this.lateEndNanos = startNanos + TimeUnit.MILLISECONDS.toNanos(Math.max(boundMillis, lateMillis));
        this.stop = stop;
    }

    /**
     * Waits, off the EDT, at most {@code boundMillis} for the GUI to settle, or up to {@code
     * lateMillis} while something the input began to open is on its way or the EDT is busy (and a
     * short grace for a busy EDT to take the last look), never past {@code deadline}.
     *
     * @param first the first look: a window not among its windows is one the input opened
     * @param whole whether the last look takes the controls and the focus too, or only the time
     * @param beganNanos when the first look was taken
     * @param lateMillis the longer bound (0: none)
     * @param stop run on the EDT just before the last look, or when the settling is abandoned (stops the events)
     * @return what it saw; its look is null when the EDT did not take the last look in time
     */
    static Result await(ViewRegistry registry, GuiState first, boolean whole, long beganNanos, long boundMillis, long lateMillis,
            Deadline deadline, Runnable stop) throws InterruptedException {
        Settling s = new Settling(registry, first, whole, beganNanos, boundMillis, lateMillis, stop);
        s.queued(s.startNanos);
        ProbeTasks.later(s);
        try {
            long wait = Math.max(boundMillis, lateMillis) + GRACE_MILLIS;
            if (s.done.await(Math.min(wait, Math.max(deadline.remainingMillis(), 1)), TimeUnit.MILLISECONDS)
                    || !s.state.compareAndSet(PENDING, ABANDONED)) {
                // Done, or the EDT is taking the last look right now: it ends in a moment.
                s.done.await();
                return s.result;
            }
            long now = System.nanoTime();
            return new Result(false, now - beganNanos, null, Math.max(s.busyNanos, now - s.queuedNanos));
        } catch (InterruptedException e) {
            s.state.set(ABANDONED);
            throw e;
        }
    }

    private void queued(long atNanos) {
        queuedNanos = atNanos;
    }

    private void later(int millis) {
        if (retry == null) {
            retry = new Timer(millis, e -> run());
            retry.setRepeats(false);
        }
        retry.setInitialDelay(millis);
        queued(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis));
        retry.restart();
    }

    /** One step on the EDT: look again later, or take the last look. */
    @Override
    public void run() {
        long now = System.nanoTime();
        if (now - queuedNanos > busyNanos) {
            busyNanos = now - queuedNanos;
        }
        if (state.get() != PENDING) {
            stop.run();
            return;
        }
        boolean settled = false;
        boolean opening = opening(now);
        extended |= opening;
        if (now - (extended ? lateEndNanos : endNanos) < 0) {
            AWTEvent next = Toolkit.getDefaultToolkit().getSystemEventQueue().peekEvent();
            if (next instanceof PaintEvent) {
                // Painting is queued at a lower priority than an invokeLater, which would run first
                // again and again: look again shortly, once the paint has run.
                later(RETRY_MILLIS);
                return;
            }
            if (next != null && ProbeTasks.othersQueued()) {
                // Behind what is queued now: the next look comes when it has run. Only the
                // probe's own tasks queued (other clients' ops, their looks) is as good as empty:
                // they are not what the input caused, and while several clients work they
                // would keep the queue from ever emptying.
                queued(System.nanoTime());
                ProbeTasks.later(this);
                return;
            }
            if (opening) {
                // A submenu's timer, a window made and not shown: nothing is queued for it yet.
                later(OPENING_RETRY_MILLIS);
                return;
            }
            if (!focusSettled()) {
                // Only the window system's focus event is awaited: look again shortly, without spinning.
                later(RETRY_MILLIS);
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
            GuiState last = null;
            if (whole) {
                stop.run();
                last = GuiState.take(registry, true).since(first, registry);
            }
            result = new Result(settled, settledNanos, last, busyNanos);
        } finally {
            done.countDown();
        }
    }

    /**
     * Whether something the input began to open is on its way: a submenu Swing opens after its
     * delay (awaited until that delay and a margin have passed since the settling began), or a
     * frame or dialog made since the first look that does not show yet.
     */
    private boolean opening(long now) {
        JMenu submenu = Openings.submenuPending();
        if (submenu != null && submenu != first.submenuPending
                && now - startNanos < TimeUnit.MILLISECONDS.toNanos(submenu.getDelay() + Openings.SUBMENU_MARGIN_MILLIS)) {
            return true;
        }
        return !Openings.opening(first).isEmpty();
    }

    /**
     * Whether the focus is where the input sends it: in the window it opened (or one that window
     * owns). Swing learns it from the window system a little after the window shows. A window that
     * closes is not waited for: where the focus goes then is the window manager's choice, and
     * without one (Xvfb) it goes nowhere.
     */
    private boolean focusSettled() {
        for (Window w : registry.windows()) {
            if (!first.windows.contains(w) && w.isFocusableWindow() && w.isAutoRequestFocus()) {
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
