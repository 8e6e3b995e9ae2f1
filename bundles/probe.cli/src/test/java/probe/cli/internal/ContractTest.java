package probe.cli.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import probe.api.Ops;

/**
 * Every op of the contract ({@link Ops#CONTRACT}) reaches a person by every way in: a verb of
 * {@code hvm-dbg gui}, taken by the fast path or named in {@link FastPath#NOT_FAST} with a reason,
 * a line of MainTest's fast-path comparison, a {@code gui:*} command of the Gogo shell, and a section
 * of docs/PROTOCOL.md. The verbs come from picocli's own command model, so a verb added to
 * {@code GuiCommand} cannot be missed here. A new op is added to {@link Ops#CONTRACT} first; this
 * test then names what is still missing for it.
 */
class ContractTest {
    /** The Gogo commands' component description, as bnd wrote it into the probe.gogo jar. */
    private static final String GOGO_COMPONENT = "OSGI-INF/probe.gogo.internal.GuiCommands.xml";
    private static final Path PROTOCOL = Path.of("../../docs/PROTOCOL.md");

    /** The verbs of {@code hvm-dbg gui}, from picocli's model of the whole command line. */
    private static Set<String> cliVerbs() {
        CommandLine root = Main.commandLine(InputStream.nullInputStream());
        CommandLine gui = root.getSubcommands().get(GuiCommand.NAME);
        assertNotNull(gui, "hvm-dbg has the command " + GuiCommand.NAME);
        return new TreeSet<>(gui.getSubcommands().keySet());
    }

    @Test
    void everyOpOfTheContractHasAVerbOfHvmDbg() {
        Set<String> verbs = cliVerbs();
        for (Ops.Contract c : Ops.CONTRACT) {
            assertTrue(verbs.contains(c.verb()), c.op() + " has no verb 'hvm-dbg gui " + c.verb() + "': add a ProbeCommand named"
                    + " Verbs." + c.verb().toUpperCase(java.util.Locale.ROOT) + " to GuiCommand's subcommands (verbs now: " + verbs + ")");
        }
        assertTrue(Main.commandLine(InputStream.nullInputStream()).getSubcommands().containsKey(Ops.Verbs.HELLO), "hvm-dbg hello");
    }

    @Test
    void everyVerbIsOnTheFastPathOrSaysWhyNot() {
        assertTrue(FastPath.takes(Ops.Verbs.HELLO, null), "the fast path takes hello");
        assertTrue(FastPath.takes(CallCommand.NAME, null), "the fast path takes call");
        for (String verb : cliVerbs()) {
            boolean fast = FastPath.takes(GuiCommand.NAME, verb);
            boolean not = FastPath.NOT_FAST.containsKey(verb);
            assertTrue(fast || not, "hvm-dbg gui " + verb + " is neither taken by FastPath (its two switches) nor in FastPath.NOT_FAST"
                    + " with the reason it is left to picocli");
            assertFalse(fast && not, "hvm-dbg gui " + verb + " is taken by FastPath and also in FastPath.NOT_FAST");
        }
        for (String verb : FastPath.NOT_FAST.keySet()) {
            assertTrue(cliVerbs().contains(verb), "FastPath.NOT_FAST names '" + verb + "', which is no verb of hvm-dbg gui");
        }
    }

    @Test
    void everyVerbOnTheFastPathIsComparedWithPicocli() {
        Set<String> compared = new TreeSet<>();
        for (String[] line : MainTest.fastLines("sock", Path.of("dir"))) {
            List<String> words = words(line);
            if (words.size() >= 2 && words.get(0).equals(GuiCommand.NAME)) {
                compared.add(words.get(1));
            }
        }
        for (String verb : cliVerbs()) {
            if (FastPath.takes(GuiCommand.NAME, verb)) {
                assertTrue(compared.contains(verb), "MainTest.fastLines has no line of 'hvm-dbg gui " + verb + "': the fast path and"
                        + " picocli must be shown to answer it alike");
            }
        }
    }

    /**
     * A command line's words: what is neither an option nor an option's value. Whether an option
     * takes a value is picocli's answer (the option's arity in the command the words have reached so
     * far), so a switch added later needs no change here.
     */
    private static List<String> words(String[] line) {
        CommandLine command = Main.commandLine(InputStream.nullInputStream());
        List<String> words = new ArrayList<>();
        for (int i = 0; i < line.length; i++) {
            String a = line[i];
            if (a.startsWith("-") && !a.equals("-")) {
                if (a.contains("=")) {
                    continue;
                }
                CommandLine.Model.OptionSpec option = option(command, a);
                assertNotNull(option, "the option " + a + " of " + String.join(" ", line) + " is known to picocli");
                if (option.arity().max() > 0) {
                    i++;
                }
            } else {
                words.add(a);
                CommandLine sub = command.getSubcommands().get(a);
                if (sub != null) {
                    command = sub;
                }
            }
        }
        return words;
    }

    /** The option named {@code name} of {@code command} or of a command above it (picocli's inherited options). */
    private static CommandLine.Model.OptionSpec option(CommandLine command, String name) {
        for (CommandLine c = command; c != null; c = c.getParent()) {
            CommandLine.Model.OptionSpec o = c.getCommandSpec().findOption(name);
            if (o != null) {
                return o;
            }
        }
        return null;
    }

    @Test
    void everyOpOfTheContractHasAGogoCommand() throws Exception {
        Set<String> functions = gogoFunctions();
        for (Ops.Contract c : Ops.CONTRACT) {
            assertTrue(functions.contains(c.verb()), c.op() + " has no Gogo command gui:" + c.verb() + ": add a method " + c.verb()
                    + " to probe.gogo's GuiCommands and its name to @GogoCommand's functions (functions now: " + functions + ")");
        }
        assertTrue(functions.contains(Ops.Verbs.HELLO), "gui:hello");
    }

    /** The {@code osgi.command.function} property of the Gogo commands' DS component, one name a line. */
    private static Set<String> gogoFunctions() throws Exception {
        String xml;
        try (InputStream in = ContractTest.class.getClassLoader().getResourceAsStream(GOGO_COMPONENT)) {
            assertNotNull(in, GOGO_COMPONENT + " is on the test class path (the probe.gogo jar, built by bnd)");
            xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Matcher m = Pattern.compile("<property name=\"osgi.command.function\"[^>]*>([^<]*)</property>").matcher(xml);
        assertTrue(m.find(), "the component has the property osgi.command.function: " + xml);
        return new LinkedHashSet<>(Arrays.asList(m.group(1).strip().split("\\s+")));
    }

    @Test
    void everyOpOfTheContractHasItsSectionInProtocolMd() throws Exception {
        List<String> headings = new ArrayList<>();
        for (String line : Files.readAllLines(PROTOCOL, StandardCharsets.UTF_8)) {
            if (line.startsWith("## ")) {
                headings.add(line);
            }
        }
        for (Ops.Contract c : Ops.CONTRACT) {
            Pattern named = Pattern.compile("(^|[^\\w.])" + Pattern.quote(c.op()) + "($|[^\\w.])");
            assertTrue(headings.stream().anyMatch(h -> named.matcher(h).find()), c.op() + " has no section in docs/PROTOCOL.md: no"
                    + " '## ' heading names it (headings: " + headings + ")");
        }
    }
}
