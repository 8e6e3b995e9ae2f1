package probe.input;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.Edt;

/**
 * The op's timeout as one budget for all its steps: an op that resolves, focuses, posts and waits
 * answers {@code gui.timeout} when the sum exceeds it, not when one step does.
 */
public final class Deadline {
    private static final long POLL_MILLIS = 5;

    private final long timeoutMillis;
    private final long endNanos;

    private Deadline(long timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
        this.endNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    /** A deadline {@code timeoutMillis} from now. */
    public static Deadline after(long timeoutMillis) {
        return new Deadline(timeoutMillis);
    }

    /** The whole budget, as the op was given it. */
    public long timeoutMillis() {
        return timeoutMillis;
    }

    /** What is left, never negative. */
    public long remainingMillis() {
        return Math.max(0, TimeUnit.NANOSECONDS.toMillis(endNanos - System.nanoTime()));
    }

    public boolean passed() {
        return endNanos - System.nanoTime() <= 0;
    }

    /**
     * {@link Edt#call} within what is left.
     *
     * @throws ProbeException {@code gui.timeout} naming the whole budget; whatever the task threw
     */
    public <T> T edt(Callable<T> task) throws ProbeException {
        long left = remainingMillis();
        if (left <= 0) {
            throw Edt.timeout(timeoutMillis);
        }
        try {
            return Edt.call(task, left);
        } catch (ProbeException e) {
            throw ErrorCodes.TIMEOUT.equals(e.code()) ? Edt.timeout(timeoutMillis) : e;
        }
    }

    /**
     * Waits until {@code condition}, evaluated on the EDT every few milliseconds, is true.
     *
     * @return false when the deadline passed first
     * @throws ProbeException {@code gui.timeout} when the EDT itself does not answer in time
     */
    public boolean until(Callable<Boolean> condition) throws ProbeException {
        return until(condition, Long.MAX_VALUE);
    }

    /**
     * {@link #until(Callable)}, but for at most {@code maxMillis}, however much budget is left:
     * each look at the GUI is still within the whole budget.
     *
     * @return false when the deadline or {@code maxMillis} passed first
     * @throws ProbeException {@code gui.timeout} when the EDT itself does not answer in time
     */
    public boolean until(Callable<Boolean> condition, long maxMillis) throws ProbeException {
        long start = System.nanoTime();
        while (true) {
            if (Boolean.TRUE.equals(edt(condition))) {
                return true;
            }
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            if (remainingMillis() <= POLL_MILLIS || waited + POLL_MILLIS > maxMillis) {
                return false;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ProbeException(ErrorCodes.INTERNAL, "interrupted while waiting for the GUI");
            }
        }
    }
}
