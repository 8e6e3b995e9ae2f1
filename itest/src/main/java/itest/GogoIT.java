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

    /** What a line that fails says (the shell throws the command's exception). */
    static String failure(String line) {
        Exception e = assertThrows(Exception.class, () -> run(line), line);
        return String.valueOf(e.getMessage());
    }

    @Test
    void theOptionsOfTheCommandLineAndTheUsageForAWrongOne() throws Exception {
        // The CLI's spelling (hvm-dbg gui list --scope dialog); it answered a coercion error before.
        assertTrue(run("gui:list --scope sidebar").contains("sidebar.list"), run("gui:list --scope sidebar"));
        run("gui:click --identifier toolbar.button.createVM");
        run("gui:wait --dialog createVM --state open");
        try {
            String dialog = run("gui:list --scope dialog");
            assertTrue(dialog.contains("dialog.createVM.button.create") && !dialog.contains("sidebar.list"), dialog);
            assertTrue(run("gui:list dialog").contains("dialog.createVM.button.create"), "the shorthand stays");
        } finally {
            run("gui:keypress --key esc");
            run("gui:wait createVM closed");
        }
        // A wrong line: what is wrong, then the command's usage, from the op's description.
        String wrong = failure("gui:list -s dialog");
        assertTrue(wrong.startsWith("gui.invalid_args: unexpected '-s'")
                && wrong.contains("\nUsage: gui:list [--json] [--scope S] [--query TEXT] [--max-items N] [--format VALUE]\n"), wrong);
        String typo = failure("gui:click --identifer toolbar.button.createVM");
        assertTrue(typo.contains("did you mean --identifier?") && typo.contains("\nUsage: gui:click [--json] --identifier ID"), typo);
        String range = failure("gui:scroll --settle-ms 10001 sidebar.list 1");
        assertTrue(range.startsWith("gui.invalid_args: --settle-ms must be an integer from 0 to 10000, got 10001"), range);
        assertTrue(run("gui:click --help").contains("Usage: gui:click [--json] --identifier ID [--button B] [--count N]"));
    }

    @Test
    void anOpBundleInstalledAtRunTimeIsACommandUntilItIsUninstalled() throws Exception {
        String line = "gui:" + DemoEcho.VERB + " --text hi --times 2";
        assertTrue(failure(line).contains("Command not found: gui:echo"), failure(line));
        org.osgi.framework.Bundle echo = DemoEcho.install();
        try {
            Fixture.await("gui:echo, from demo.echo's description", () -> {
                try {
                    return run(line).strip().equals("echo: hihi");
                } catch (Exception e) {
                    return false;
                }
            });
            String wrong = failure("gui:echo --text hi --times " + (DemoEcho.MAX_TIMES + 1));
            assertTrue(wrong.startsWith("gui.invalid_args: --times must be an integer from 1 to " + DemoEcho.MAX_TIMES + ", got 11\n"
                    + "Usage: gui:echo [--json] --text TEXT [--times N]\nAnswers the text, repeated.\n"), wrong);
            assertTrue(failure("gui:echo").startsWith("gui.invalid_args: --text is required"), failure("gui:echo"));
            assertTrue(run("gui:hello").contains(DemoEcho.OP), run("gui:hello"));
        } finally {
            echo.uninstall();
        }
        Fixture.await("gui:echo gone with its bundle", () -> {
            try {
                run(line);
                return false;
            } catch (Exception e) {
                return String.valueOf(e.getMessage()).contains("Command not found: gui:echo");
            }
        });
        assertTrue(!run("gui:hello").contains(DemoEcho.OP));
    }

    @Test
    void aRefusalIsAnErrorWithItsCode() throws Exception {
        run("gui:click toolbar.button.createVM");
        run("gui:wait createVM open");
        Exception e = assertThrows(Exception.class, () -> run("gui:click toolbar.button.createVM"));
        assertTrue(String.valueOf(e.getMessage()).contains("gui.not_clickable"), String.valueOf(e.getMessage()));
    }
}
