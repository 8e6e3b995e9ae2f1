package probe.events.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.EventQueue;
import java.awt.GraphicsEnvironment;
import java.awt.Window;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.swing.JDialog;
import javax.swing.JPasswordField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EdtErrorSourceTest {
    private final Hub hub = new Hub();
    private final List<ObjectNode> errors = new CopyOnWriteArrayList<>();
    private final List<String> previousSaw = new CopyOnWriteArrayList<>();
    private final Thread.UncaughtExceptionHandler previous = (t, e) -> previousSaw.add(t.getName() + " " + e.getMessage());
    private Thread.UncaughtExceptionHandler original;

    @BeforeEach
    void setUp() {
        original = Thread.getDefaultUncaughtExceptionHandler();
        hub.subscribe(List.of("error"), errors::add);
    }

    @AfterEach
    void tearDown() throws Exception {
        Thread.setDefaultUncaughtExceptionHandler(original);
        hub.close();
        EventQueue.invokeAndWait(() -> {
            for (Window w : Window.getWindows()) {
                w.dispose();
            }
        });
    }

    @Test
    void anExceptionOnTheEdtIsAnErrorEventAndThePreviousHandlerStillRuns() throws Exception {
        Thread.setDefaultUncaughtExceptionHandler(previous);
        EdtErrorSource source = new EdtErrorSource(hub);
        EventQueue.invokeLater(() -> {
            throw new IllegalStateException("boom");
        });
        HubTest.await(() -> errors.size() == 1 && previousSaw.size() == 1, "the error event and the previous handler");
        assertEquals("java.lang.IllegalStateException: boom", errors.get(0).get("message").textValue());
        assertEquals("edt", errors.get(0).get("source").textValue());
        assertTrue(previousSaw.get(0).startsWith("AWT-EventQueue"), previousSaw.get(0));
        assertTrue(previousSaw.get(0).endsWith(" boom"));

        // The EDT is alive and well.
        EventQueue.invokeAndWait(() -> { });
        EventQueue.invokeLater(() -> {
            throw new UnsupportedOperationException();
        });
        HubTest.await(() -> errors.size() == 2, "the second error");
        assertEquals("java.lang.UnsupportedOperationException", errors.get(1).get("message").textValue());

        source.deactivate();
        assertSame(previous, Thread.getDefaultUncaughtExceptionHandler(), "the previous handler is back");
        EventQueue.invokeLater(() -> {
            throw new IllegalStateException("after");
        });
        HubTest.await(() -> previousSaw.size() == 3, "the previous handler alone");
        Thread.sleep(50);
        assertEquals(2, errors.size());
    }

    @Test
    void otherThreadsExceptionsPassStraightThrough() throws Exception {
        Thread.setDefaultUncaughtExceptionHandler(previous);
        EdtErrorSource source = new EdtErrorSource(hub);
        Thread t = new Thread(() -> {
            throw new IllegalStateException("worker");
        }, "worker");
        t.start();
        t.join();
        assertEquals(List.of("worker worker"), previousSaw);
        Thread.sleep(50);
        assertTrue(errors.isEmpty());
        source.deactivate();
    }

    @Test
    void withoutAPreviousHandlerTheJdksPrintIsKept() throws Exception {
        Thread.setDefaultUncaughtExceptionHandler(null);
        EdtErrorSource source = new EdtErrorSource(hub);
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            EventQueue.invokeLater(() -> {
                throw new IllegalArgumentException("printed");
            });
            HubTest.await(() -> errors.size() == 1, "the error event");
            EventQueue.invokeAndWait(() -> { });
        } finally {
            System.setErr(err);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertTrue(out.startsWith("Exception in thread \"AWT-EventQueue"), out);
        assertTrue(out.contains("java.lang.IllegalArgumentException: printed"), out);
        source.deactivate();
        assertEquals(null, Thread.getDefaultUncaughtExceptionHandler());
    }

    @Test
    void aHandlerInstalledAfterTheProbesStaysAndTheProbesOnlyPassesOn() throws Exception {
        Thread.setDefaultUncaughtExceptionHandler(previous);
        EdtErrorSource source = new EdtErrorSource(hub);
        Thread.UncaughtExceptionHandler probes = Thread.getDefaultUncaughtExceptionHandler();
        List<String> laterSaw = new CopyOnWriteArrayList<>();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            laterSaw.add(e.getMessage());
            probes.uncaughtException(t, e);
        });
        source.deactivate();
        EventQueue.invokeLater(() -> {
            throw new IllegalStateException("chained");
        });
        HubTest.await(() -> previousSaw.size() == 1, "the chain to reach the first handler");
        assertEquals(List.of("chained"), laterSaw);
        Thread.sleep(50);
        assertTrue(errors.isEmpty(), "a deactivated probe publishes nothing");
    }

    @Test
    void aPasswordFieldsTextNeverReachesTheMessage() throws Exception {
        assumeFalse(GraphicsEnvironment.isHeadless(), "needs a display (run under Xvfb)");
        Thread.setDefaultUncaughtExceptionHandler(previous);
        EdtErrorSource source = new EdtErrorSource(hub);
        EventQueue.invokeAndWait(() -> {
            JDialog d = new JDialog((java.awt.Frame) null, "Password");
            d.setName("dialog.encryptionPassword");
            JPasswordField field = new JPasswordField("hunter2", 10);
            d.getContentPane().add(field);
            d.pack();
            d.setVisible(true);
        });
        EventQueue.invokeLater(() -> {
            throw new NumberFormatException("For input string: \"hunter2\" (and hunter2 again)");
        });
        HubTest.await(() -> errors.size() == 1, "the error event");
        assertEquals("java.lang.NumberFormatException: For input string: \"***\" (and *** again)", errors.get(0).get("message").textValue());
        source.deactivate();
    }

    @Test
    void longMessagesAreCut() {
        String m = EdtErrorSource.message(new RuntimeException("x".repeat(5000)));
        assertEquals(EdtErrorSource.MAX_MESSAGE, m.length());
        assertTrue(m.endsWith("…"));
    }
}
