package hvm.gui.internal.ui;

import static org.junit.jupiter.api.Assertions.fail;

import java.awt.EventQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/** What the app's Swing tests share: a bounded hop to the event dispatch thread and a bounded wait. */
final class UiTesting {
    /** How long a test waits for the GUI, on the EDT or for a condition. */
    static final long TIMEOUT_MS = 10_000;

    private UiTesting() {
    }

    /** Runs {@code task} on the EDT and returns its result, waiting at most {@link #TIMEOUT_MS}. */
    static <T> T edt(Callable<T> task) throws Exception {
        FutureTask<T> f = new FutureTask<>(task);
        EventQueue.invokeLater(f);
        try {
            return f.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception) {
                throw (Exception) e.getCause();
            }
            throw e;
        }
    }

    interface Check {
        boolean test() throws Exception;
    }

    /** Waits until {@code check} holds, at most {@link #TIMEOUT_MS}, else fails naming {@code what}. */
    static void await(Check check, String what) throws Exception {
        long end = System.currentTimeMillis() + TIMEOUT_MS;
        while (!check.test()) {
            if (System.currentTimeMillis() > end) {
                fail("timed out waiting for: " + what);
            }
            Thread.sleep(20);
        }
    }
}
