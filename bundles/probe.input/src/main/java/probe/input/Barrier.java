package probe.input;

import java.awt.AWTEvent;
import java.awt.Dialog;
import java.awt.EventQueue;
import java.awt.Toolkit;
import java.awt.event.AWTEventListener;
import java.awt.event.HierarchyEvent;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.Edt;
import probe.api.swing.ProbeTasks;

/**
 * Waits until the GUI has handled input that was posted, without waiting for what the input
 * started: a marker queued behind the events has run, or a modal dialog has opened. Never
 * invokeAndWait around the input itself: a click that opens a modal dialog returns from its
 * listener only when the dialog closes. The dialog's secondary loop still runs later events, so
 * the marker runs while the dialog is open; the dialog's opening, seen as it happens (its
 * showing-changed hierarchy event, dispatched inside {@code setVisible}), ends the wait even sooner.
 * <p>
 * Effects the input only schedules (an {@code invokeLater} in a listener) may still be pending
 * when the wait ends: the barrier covers what the events' handlers did directly.
 */
public final class Barrier {

    /** Why the wait ended. */
    public enum Outcome {
        /** The marker ran: every event posted before it was handled. */
        HANDLED,
        /** A modal dialog opened while the events were handled. */
        MODAL_OPENED
    }

    private final CountDownLatch marker = new CountDownLatch(1);
    private final CountDownLatch ended = new CountDownLatch(1);
    private final AWTEventListener modalWatch = this::watch;

    private Barrier() {
    }

    /** Arms a barrier behind everything posted so far. On the EDT, right after posting the input. */
    public static Barrier behind() {
        Barrier b = new Barrier();
        Toolkit.getDefaultToolkit().addAWTEventListener(b.modalWatch, AWTEvent.HIERARCHY_EVENT_MASK);
        ProbeTasks.later(() -> {
            // Also removed here, so a barrier that nobody awaits leaves no listener behind.
            Toolkit.getDefaultToolkit().removeAWTEventListener(b.modalWatch);
            b.marker.countDown();
            b.ended.countDown();
        });
        return b;
    }

    private void watch(AWTEvent e) {
        if (e instanceof HierarchyEvent) {
            HierarchyEvent h = (HierarchyEvent) e;
            if ((h.getChangeFlags() & HierarchyEvent.SHOWING_CHANGED) != 0 && h.getChanged() == h.getComponent()
                    && h.getChanged() instanceof Dialog && ((Dialog) h.getChanged()).isModal() && h.getChanged().isShowing()) {
                ended.countDown();
            }
        }
    }

    /**
     * Waits within {@code deadline}. Call off the EDT (on it, the marker could never run).
     *
     * @throws ProbeException {@code gui.timeout} when neither happened in time (the input was
     *     delivered, the GUI is still busy with it; details as {@link Edt#timeout})
     */
    public Outcome await(Deadline deadline) throws ProbeException {
        if (EventQueue.isDispatchThread()) {
            throw new IllegalStateException("Barrier.await on the event dispatch thread would wait for itself");
        }
        try {
            if (!ended.await(deadline.remainingMillis(), TimeUnit.MILLISECONDS)) {
                ProbeException t = Edt.timeout(deadline.timeoutMillis());
                throw new ProbeException(ErrorCodes.TIMEOUT, "the input was delivered, but the GUI did not finish handling it within "
                        + deadline.timeoutMillis() + " ms (it is busy; see details.edtStack)", t.details());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProbeException(ErrorCodes.INTERNAL, "interrupted while waiting for the GUI to handle the input");
        } finally {
            Toolkit.getDefaultToolkit().removeAWTEventListener(modalWatch);
        }
        return marker.getCount() == 0 ? Outcome.HANDLED : Outcome.MODAL_OPENED;
    }

    /** Waits for the marker alone, up to {@code timeoutMillis}: whether every event posted before it was handled. */
    public boolean handled(long timeoutMillis) throws InterruptedException {
        return marker.await(timeoutMillis, TimeUnit.MILLISECONDS);
    }
}
