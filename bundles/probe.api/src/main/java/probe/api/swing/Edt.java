package probe.api.swing;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.EventQueue;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import probe.api.ErrorCodes;
import probe.api.ProbeException;

/**
 * The one way the probe touches Swing: run a task on the event dispatch thread and wait for it,
 * but never longer than the op's timeout. A task that has not started when the wait ends is
 * cancelled, so a late EDT does not act on a request whose client was already told it failed.
 */
public final class Edt {
    private static final int STACK_FRAMES = 12;

    private Edt() {
    }

    /**
     * Runs {@code task} on the EDT and returns its result.
     *
     * @throws ProbeException {@code gui.timeout} (with the EDT's top frames in details) when the EDT
     *     does not finish the task within {@code timeoutMillis}; the task's own ProbeException; or
     *     {@code internal} for any other exception it threw
     */
    public static <T> T call(Callable<T> task, long timeoutMillis) throws ProbeException {
        if (EventQueue.isDispatchThread()) {
            try {
                return task.call();
            } catch (ProbeException e) {
                throw e;
            } catch (Exception e) {
                throw internal(e);
            }
        }
        FutureTask<T> future = new FutureTask<>(task);
        // A probe task: an action's receipt does not take it for something the input caused.
        ProbeTasks.later(future);
        try {
            return future.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(false);
            throw timeout(timeoutMillis);
        } catch (InterruptedException e) {
            future.cancel(false);
            Thread.currentThread().interrupt();
            throw new ProbeException(ErrorCodes.INTERNAL, "interrupted while waiting for the event dispatch thread");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ProbeException) {
                throw (ProbeException) cause;
            }
            throw internal(cause);
        }
    }

    /** The {@code gui.timeout} failure, with what the EDT is doing now. */
    public static ProbeException timeout(long timeoutMillis) {
        ObjectNode details = ProbeException.newDetails();
        details.put("timeoutMillis", timeoutMillis);
        ArrayNode frames = details.putArray("edtStack");
        Thread edt = findEdt();
        if (edt != null) {
            for (StackTraceElement f : limit(edt.getStackTrace())) {
                frames.add(f.toString());
            }
            details.put("edtState", edt.getState().name());
        }
        return new ProbeException(ErrorCodes.TIMEOUT,
                "the GUI's event dispatch thread did not answer within " + timeoutMillis + " ms (it is busy; see details.edtStack)",
                details);
    }

    private static StackTraceElement[] limit(StackTraceElement[] all) {
        StackTraceElement[] top = new StackTraceElement[Math.min(STACK_FRAMES, all.length)];
        System.arraycopy(all, 0, top, 0, top.length);
        return top;
    }

    private static Thread findEdt() {
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            if (e.getKey().getName().startsWith("AWT-EventQueue")) {
                return e.getKey();
            }
        }
        return null;
    }

    private static ProbeException internal(Throwable t) {
        return new ProbeException(ErrorCodes.INTERNAL,
                "the op failed on the event dispatch thread: " + t.getClass().getName()
                        + (t.getMessage() == null ? "" : ": " + t.getMessage()),
                null, t);
    }
}
