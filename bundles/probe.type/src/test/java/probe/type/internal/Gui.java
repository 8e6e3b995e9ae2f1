package probe.type.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.EventQueue;
import java.awt.GraphicsEnvironment;
import java.awt.Window;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.function.Executable;
import probe.api.OpContext;
import probe.api.ProbeException;
import probe.api.Session;

/** A real window for behaviour tests: EDT access, an op context, clean-up. */
final class Gui {
    static final long TIMEOUT = 5000;

    private Gui() {
    }

    static void assumeDisplay() {
        Assumptions.assumeFalse(GraphicsEnvironment.isHeadless(), "no display (run under Xvfb with DISPLAY set)");
    }

    static OpContext ctx() {
        return new OpContext() {
            @Override
            public long timeoutMillis() {
                return TIMEOUT;
            }

            @Override
            public Optional<Session> session() {
                return Optional.empty();
            }

            @Override
            public String caller() {
                return "test";
            }
        };
    }

    static <T> T edt(Callable<T> task) throws Exception {
        FutureTask<T> f = new FutureTask<>(task);
        EventQueue.invokeLater(f);
        return f.get(10, TimeUnit.SECONDS);
    }

    static void run(Runnable task) throws Exception {
        edt(() -> {
            task.run();
            return null;
        });
    }

    /** Polls {@code condition} on the EDT for up to 5 s. */
    static void waitFor(String what, Callable<Boolean> condition) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!edt(condition)) {
            assertTrue(System.nanoTime() < end, "timed out waiting for " + what);
            Thread.sleep(5);
        }
    }

    static void disposeAll() throws Exception {
        run(() -> {
            for (Window w : Window.getWindows()) {
                w.dispose();
            }
        });
        waitFor("every window to close", () -> {
            for (Window w : Window.getWindows()) {
                if (w.isShowing()) {
                    return false;
                }
            }
            return true;
        });
    }

    static ProbeException fails(String code, Executable call) {
        ProbeException e = assertThrows(ProbeException.class, call);
        assertEquals(code, e.code(), e.getMessage());
        return e;
    }
}
