package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.client.ProbeClient;

/**
 * run/hvm-debug as a person starts it: in the foreground of a terminal (a pseudo-terminal made by
 * script(1)) it is the Gogo console, with completion and a hidden prompt; without a terminal (as
 * in the background) there is no console and the probe answers all the same.
 */
@ExtendWith(Bounded.class)
class ConsoleIT {
    private static Path script() {
        return Fixture.projectRoot().resolve("run").resolve("hvm-debug");
    }

    private static Map<String, String> env(Path dir) {
        return Map.of("HVM_HOME", dir.resolve("library").toString(), "HVM_GUI_PROBE_SOCKET", dir.resolve("run").resolve("probe.sock").toString(),
                "HVM_PLUGINS", dir.resolve("plugins").toString(), "HVM_LOG", dir.resolve("hvm-debug.log").toString(), "TERM", "xterm");
    }

    @Test
    void inATerminalItIsAConsoleThatCompletesAndHidesWhatIsTyped() throws Exception {
        Path dir = Files.createTempDirectory("hdp-console");
        // A pseudo-terminal nobody sized is 0 columns wide: the console gives it a width of its own.
        try (Proc console = Proc.command(env(dir), "script", "-qfec", "bash " + script(), "/dev/null")) {
            console.awaitText(0, "HVM debug console:");
            console.awaitText(0, "g! ");
            // The command by its prefix, the identifier by its prefix: Tab completes both (the line
            // editor takes the keys in order, the completion of each Tab before the next key).
            int at = console.text().length();
            console.type("gui:cli\ttoolbar.button.cre\t\r");
            console.awaitText(at, "clicked toolbar.button.createVM ");

            at = console.text().length();
            console.type("gui:type -p dialog.createVM.input.name\r");
            console.awaitText(at, "text for dialog.createVM.input.name (not shown): ");
            console.type("s3cret-name\r");
            console.awaitText(at, "typed 11 characters into dialog.createVM.input.name");
            assertFalse(console.text().contains("s3cret-name"), "what -p reads is not echoed:\n" + console.text());

            // A target that is not there fails before anything is asked for.
            at = console.text().length();
            console.type("gui:type -p dialog.createVM.input.nmae\r");
            console.awaitText(at, "gui.identifier_not_found");
            assertFalse(console.text().substring(at).contains("text for"), console.text().substring(at));

            // The CLI's options, Tab completing them from the op's description; a wrong one gets the usage.
            at = console.text().length();
            console.type("gui:list --sc\tdialog\r");
            console.awaitText(at, "dialog.createVM.button.create");
            at = console.text().length();
            console.type("gui:list -s dialog\r");
            console.awaitText(at, "Usage: gui:list [--json] [--scope S]");
            assertFalse(console.text().substring(at).contains("Cannot coerce"), console.text().substring(at));

            at = console.text().length();
            console.type("gui:watch\r");
            console.awaitText(at, "watching * (press Enter to stop)");
            console.type("\r");
            console.awaitText(at, "watched 0 events (key pressed)");

            at = console.text().length();
            console.type("gui:wait\r");
            console.awaitText(at, "gui.invalid_args: give 'identifier' with state showing, hidden, enabled or disabled");
            assertFalse(console.text().contains("IllegalMonitorStateException"), console.text());

            // Ctrl-D at the prompt: typed before it, the terminal's line mode would take it.
            at = console.text().indexOf("gui.invalid_args: give 'identifier'", at);
            console.awaitText(at, "g! ");
            console.type("\u0004");
            assertEquals(0, console.exitCode(), "Ctrl-D ends the console and the GUI, and run/hvm-debug with 0:\n" + console.text());
            String log = Files.readString(dir.resolve("hvm-debug.log"));
            assertTrue(log.contains("HDP-GUI probe listening on"), "the log went to its file:\n" + log);
            assertFalse(console.text().contains("HDP-GUI probe listening on"), "and not into the console:\n" + console.text());
        } finally {
            RuntimesIT.deleteTree(dir);
        }
    }

    @Test
    void withoutATerminalThereIsNoConsoleAndTheProbeAnswers() throws Exception {
        Path dir = Files.createTempDirectory("hdp-noconsole");
        try (Proc debug = Proc.command(env(dir), "bash", script().toString())) {
            debug.awaitLine("hvm-debug: no console");
            Fixture.await("the probe on " + dir, () -> {
                try (ProbeClient c = ProbeClient.connect(dir.resolve("run").resolve("probe.sock"))) {
                    return c.call("probe.hello").get("protocol").intValue() == 1;
                } catch (Exception e) {
                    return false;
                }
            });
            assertFalse(debug.text().contains("\tat ") || debug.text().contains("Exception"), "nothing went wrong:\n" + debug.text());
        } finally {
            RuntimesIT.deleteTree(dir);
        }
    }
}
