package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;

/**
 * An op that hvm-dbg was not built with ({@link DemoEcho}, installed into the running GUI as a
 * plugin would be) is a verb of the real CLI jar at once: its options, checks, help and completion
 * from the description the GUI serves, its reply in the plain generic form; once the bundle is
 * uninstalled, it is no verb any more.
 */
@ExtendWith(Bounded.class)
class CliDescribedIT {
    @BeforeAll
    static void up() throws Exception {
        Fixture.start();
        Swing.mainFrame();
    }

    @Test
    void anOpInstalledIntoTheRunningGuiIsAVerbAtOnceAndGoesWithItsBundle() throws Exception {
        Cli.Result before = Cli.run("gui", DemoEcho.VERB, "--text", "hi");
        assertEquals(2, before.exit(), before.toString());
        assertTrue(before.err().startsWith("'" + DemoEcho.VERB + "' is no verb of the GUI's ops"), before.err());

        Bundle bundle = DemoEcho.install();
        try {
            Cli.Result echo = Cli.run("gui", DemoEcho.VERB, "--text", "hi", "--times", "2").ok();
            assertEquals("echo: hihi\n", echo.out(), "in the words its description says");
            Cli.Result json = Cli.run("gui", DemoEcho.VERB, "--json", "--text=hi").ok();
            assertEquals("{\"text\":\"hi\"}\n", json.out(), "the probe filled in times' default");

            Cli.Result tooMany = Cli.run("gui", DemoEcho.VERB, "--text", "hi", "--times", String.valueOf(DemoEcho.MAX_TIMES + 1));
            assertEquals(2, tooMany.exit(), tooMany.toString());
            assertEquals("--times must be an integer from 1 to " + DemoEcho.MAX_TIMES + ", got " + (DemoEcho.MAX_TIMES + 1) + "\n"
                    + "Try 'hvm-dbg gui " + DemoEcho.VERB + " --help' for more information.\n", tooMany.err());
            Cli.Result missing = Cli.run("gui", DemoEcho.VERB);
            assertEquals(2, missing.exit(), missing.toString());
            assertTrue(missing.err().startsWith("--text is required"), missing.err());

            Cli.Result help = Cli.run("gui", DemoEcho.VERB, "--help").ok();
            assertTrue(help.out().startsWith("Usage: hvm-dbg gui echo --text TEXT [--times N]\nAnswers the text, repeated.\n"), help.out());
            assertEquals(help.out(), Cli.run("help", "gui", DemoEcho.VERB).ok().out());
            assertTrue(Cli.run("gui").ok().out().contains("\n  echo        Echo a text\n"));
            assertEquals("echo\n", Cli.run("completion", "--at", "gui", "ec").ok().out());
            assertEquals("--text\n--times\n", Cli.run("completion", "--at", "gui", "echo", "--").ok().out());
        } finally {
            bundle.uninstall();
        }

        Cli.Result after = Cli.run("gui", DemoEcho.VERB, "--text", "hi");
        assertEquals(2, after.exit(), after.toString());
        assertFalse(Cli.run("gui").ok().out().contains("echo"));
        assertEquals("", Cli.run("completion", "--at", "gui", "ec").ok().out());
    }
}
