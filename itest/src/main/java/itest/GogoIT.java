package itest;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.test.common.annotation.InjectService;

/** The gui:* Gogo commands in the debug runtime's shell, calling the op services in-process. */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class GogoIT {
    /** Gogo's shell, once it is there (osgi-test fails the class when it does not come in time). */
    @InjectService(timeout = Fixture.WAIT_MILLIS)
    static CommandProcessor processor;

    @BeforeAll
    static void up() throws Exception {
        Fixture.await("the gui:list command", () -> {
            try {
                return run("gui:list").contains("main");
            } catch (Exception e) {
                return false;
            }
        });
    }

    /** Runs one command line in a fresh session; returns what it printed and the formatted result. */
    static String run(String line) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        try (CommandSession s = processor.createSession(new ByteArrayInputStream(new byte[0]), ps, ps)) {
            Object result = s.execute(line);
            if (result != null) {
                ps.println(s.format(result, org.apache.felix.service.command.Converter.INSPECT));
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void listDialogAndAuditAnswerInTheShell() throws Exception {
        assertTrue(run("gui:list sidebar").contains("sidebar.list"));
        assertTrue(run("gui:dialog").contains("no dialog open"), run("gui:dialog"));
        run("gui:click toolbar.button.createVM");
        run("gui:wait createVM open");
        String dialog = run("gui:dialog");
        assertTrue(dialog.contains("createVM") && dialog.contains("dialog.createVM.button.create"), dialog);
        assertTrue(run("gui:audit").contains("nothing to fix"), run("gui:audit"));
        run("gui:keypress esc");
        run("gui:wait createVM closed");
        assertTrue(run("gui:dialog").contains("no dialog open"));
    }

    @Test
    void aRefusalIsAnErrorWithItsCode() throws Exception {
        run("gui:click toolbar.button.createVM");
        run("gui:wait createVM open");
        Exception e = assertThrows(Exception.class, () -> run("gui:click toolbar.button.createVM"));
        assertTrue(String.valueOf(e.getMessage()).contains("gui.not_clickable"), String.valueOf(e.getMessage()));
    }
}
