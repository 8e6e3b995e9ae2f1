package probe.testing;

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
import java.net.URL;
import java.util.Map;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.OpDescription;
import probe.api.OpTable;
import probe.api.ProbeOp;
import probe.api.ProbeException;
import probe.api.Session;

/**
 * Real windows for the bundles' unit tests of Swing behaviour: EDT access, an op context, waiting,
 * clean-up. Tests that need a display call {@link #assumeDisplay()} first and are skipped without
 * one (run/test gives them Xvfb).
 */
public final class Gui {
    /** The op timeout of {@link #ctx()}. */
    public static final long TIMEOUT = 5000;

    private Gui() {
    }

    /** Skips the test when there is no display. */
    public static void assumeDisplay() {
        Assumptions.assumeFalse(GraphicsEnvironment.isHeadless(), "no display (run under Xvfb with DISPLAY set)");
    }

    /** An op context of {@link #TIMEOUT} ms with no socket session, as the Gogo commands call ops. */
    public static OpContext ctx() {
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

    /** Runs {@code task} on the EDT and returns its result (within 20 s). */
    public static <T> T edt(Callable<T> task) throws Exception {
        FutureTask<T> f = new FutureTask<>(task);
        EventQueue.invokeLater(f);
        return f.get(20, TimeUnit.SECONDS);
    }

    /** Runs {@code task} on the EDT and waits for it. */
    public static void run(Runnable task) throws Exception {
        edt(() -> {
            task.run();
            return null;
        });
    }

    /** Polls {@code condition} on the EDT for up to 5 s. */
    public static void waitFor(String what, Callable<Boolean> condition) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!edt(condition)) {
            assertTrue(System.nanoTime() < end, "timed out waiting for " + what);
            Thread.sleep(5);
        }
    }

    /** Waits until the EDT has handled what showing a window queued (its layout, its first events). */
    public static void settle() throws Exception {
        for (int i = 0; i < 3; i++) {
            Thread.sleep(30);
            run(() -> { });
        }
    }

    /** Disposes every window and waits until none is showing. */
    public static void disposeAll() throws Exception {
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

    /** Asserts that {@code call} fails with the probe error {@code code}. */
    public static ProbeException fails(String code, Executable call) {
        ProbeException e = assertThrows(ProbeException.class, call);
        assertEquals(code, e.code(), e.getMessage());
        return e;
    }

    /**
     * The op {@code op} as the transport runs it: each call's {@code args} checked against the
     * description its bundle declares ({@code OpDescription.location(name)}, found on the class path
     * as in its bundle) and given to it with the defaults filled in, through {@link OpTable#call}.
     * What a test of the op sends is what a client sends.
     *
     * @throws AssertionError when the op has no readable description
     */
    public static ProbeOp described(ProbeOp op, String name) {
        URL url = OpTable.declaredBy(op, name);
        if (url == null) {
            throw new AssertionError(name + " declares no description at " + OpDescription.location(name));
        }
        OpTable table = new OpTable();
        table.add(op, Map.of(Op.NAME, name, "service.id", 1L), null, url);
        if (!table.description(name).map(OpDescription::declared).orElse(false)) {
            throw new AssertionError("the description of " + name + " cannot be read (see the log)");
        }
        return (ctx, args) -> table.call(name, ctx, args);
    }
}
