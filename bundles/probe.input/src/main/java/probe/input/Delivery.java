package probe.input;

import java.awt.AWTEvent;
import java.awt.Dialog;
import java.awt.EventQueue;
import java.awt.Toolkit;
import java.awt.event.AWTEventListener;
import java.awt.event.HierarchyEvent;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.Edt;
import probe.api.swing.ProbeTasks;

/**
 * One EDT hop for an input op: a task that resolves, checks and posts the input runs on the EDT,
 * and the calling thread waits once, within the op's deadline, until the task refused, posted
 * nothing, or the input it posted was handled, with the same meaning of handled as {@link
 * Barrier}: a marker queued behind the events has run, or a modal dialog opened while they were
 * handled (so a click that opens a modal dialog returns while the dialog is open).
 * <p>
 * The same as {@link Deadline#edt} around the task followed by {@link Barrier#behind} and {@link
 * Barrier#await}, without the extra round trip between the two: the calling thread wakes once.
 * A task that has not started when the deadline passes is cancelled, as {@link Edt#call} does.
 */
public final class Delivery {
    private static final int QUEUED = 0;
    private static final int STARTED = 1;
    private static final int CANCELLED = 2;

    /** What the task hands back: the op's result, and whether it posted input to wait for. */
    public static final class Sent<T> {
        private final T value;
        private final boolean posted;
        private final Input input;

        private Sent(T value, boolean posted, Input input) {
            this.value = value;
            this.posted = posted;
            this.input = input;
        }

        public T value() {
            return value;
        }

        public boolean posted() {
            return posted;
        }
    }

    /** The task posted input: the wait goes on until it was handled. */
    public static <T> Sent<T> posted(T value) {
        return new Sent<>(value, true, null);
    }

    /**
     * The task hands over {@code input}, which delivers the events: it runs on the EDT right
     * after the task, once the modal watch is armed, so a modal dialog that opens while it runs
     * (inside a handler it dispatched) ends the wait with {@code value} as the task's value.
     */
    public static <T> Sent<T> delivering(T value, Input input) {
        return new Sent<>(value, true, input);
    }

    /** The task posted nothing (the op goes on another way): the wait ends at once. */
    public static <T> Sent<T> nothing(T value) {
        return new Sent<>(value, false, null);
    }

    /** Input that delivers its events itself, on the EDT (see {@link KeyRun#deliver}). */
    @FunctionalInterface
    public interface Input {
        /**
         * Delivers the events.
         *
         * @return true when some were posted (the wait goes on behind them), false when all were
         *     handled before it returned
         */
        boolean deliver();
    }

    /** The work done on the EDT: check, post, and say what was posted. */
    @FunctionalInterface
    public interface Task<T> {
        Sent<T> run() throws Exception;
    }

    private Delivery() {
    }

    /**
     * Runs {@code task} on the EDT and waits, within {@code deadline}, until the input it posted
     * was handled (or at once when it posted nothing). Call off the EDT.
     *
     * @return what the task handed back: its value, and whether it posted
     * @throws ProbeException the task's own ProbeException ({@code internal} for anything else
     *     it threw); {@code gui.timeout} when the EDT did not run the task in time (it is then
     *     never run), or when the GUI did not finish handling the input in time (details as
     *     {@link Edt#timeout})
     */
    public static <T> Sent<T> run(Deadline deadline, Task<T> task) throws ProbeException {
        if (EventQueue.isDispatchThread()) {
            throw new IllegalStateException("Delivery.run on the event dispatch thread would wait for itself");
        }
        long left = deadline.remainingMillis();
        if (left <= 0) {
            throw Edt.timeout(deadline.timeoutMillis());
        }
        Run<T> r = new Run<>(task);
        ProbeTasks.later(r);
        try {
            if (!r.done.await(left, TimeUnit.MILLISECONDS)) {
                if (r.state.compareAndSet(QUEUED, CANCELLED) || !r.posted) {
                    throw Edt.timeout(deadline.timeoutMillis());
                }
                ProbeException t = Edt.timeout(deadline.timeoutMillis());
                throw new ProbeException(ErrorCodes.TIMEOUT, "the input was delivered, but the GUI did not finish handling it within "
                        + deadline.timeoutMillis() + " ms (it is busy; see details.edtStack)", t.details());
            }
        } catch (InterruptedException e) {
            r.state.compareAndSet(QUEUED, CANCELLED);
            Thread.currentThread().interrupt();
            throw new ProbeException(ErrorCodes.INTERNAL, "interrupted while waiting for the GUI to handle the input");
        } finally {
            if (r.posted && !r.markerRan) {
                // Ended by a modal dialog or by the deadline: leave no listener behind.
                Toolkit.getDefaultToolkit().removeAWTEventListener(r);
            }
        }
        if (r.failure != null) {
            throw r.failure;
        }
        return r.sent;
    }

    /** The task, run once on the EDT, and the marker and modal watch that end the wait. */
    private static final class Run<T> implements Runnable, AWTEventListener {
        final AtomicInteger state = new AtomicInteger(QUEUED);
        final CountDownLatch done = new CountDownLatch(1);
        final Task<T> task;
        volatile Sent<T> sent;
        volatile ProbeException failure;
        volatile boolean posted;
        volatile boolean markerRan;

        Run(Task<T> task) {
            this.task = task;
        }

        @Override
        public void run() {
            if (!state.compareAndSet(QUEUED, STARTED)) {
                return;
            }
            try {
                // On the EDT, Edt.call runs the task in place and turns what it threw into a ProbeException.
                Sent<T> s = Edt.call(task::run, 0);
                sent = s;
                if (s == null || !s.posted) {
                    done.countDown();
                    return;
                }
                // Watch for a modal dialog from now: the input's own deliver() may dispatch events
                // at once, posted ones are dispatched after this task; the marker queues behind them.
                Toolkit.getDefaultToolkit().addAWTEventListener(this, AWTEvent.HIERARCHY_EVENT_MASK);
                posted = true;
                boolean queued = true;
                try {
                    queued = s.input == null || s.input.deliver();
                } finally {
                    if (queued) {
                        ProbeTasks.later(this::marker);
                    } else {
                        // Every event was handled inside deliver(): nothing is left to wait behind.
                        marker();
                    }
                }
            } catch (ProbeException e) {
                failure = e;
                done.countDown();
            } catch (Error e) {
                failure = new ProbeException(ErrorCodes.INTERNAL, "the op failed on the event dispatch thread: "
                        + e.getClass().getName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), null, e);
                done.countDown();
                throw e;
            }
        }

        private void marker() {
            Toolkit.getDefaultToolkit().removeAWTEventListener(this);
            markerRan = true;
            done.countDown();
        }

        @Override
        public void eventDispatched(AWTEvent e) {
            if (e instanceof HierarchyEvent) {
                HierarchyEvent h = (HierarchyEvent) e;
                if ((h.getChangeFlags() & HierarchyEvent.SHOWING_CHANGED) != 0 && h.getChanged() == h.getComponent()
                        && h.getChanged() instanceof Dialog && ((Dialog) h.getChanged()).isModal() && h.getChanged().isShowing()) {
                    done.countDown();
                }
            }
        }
    }
}
