package probe.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import probe.api.OpDescription;
import probe.api.Ops;

/**
 * What an op's description cannot say about the contract ({@link Ops#CONTRACT}): that each op of it
 * has its description compiled into hvm-dbg (the verbs, their options and help follow from it), a
 * {@code gui:*} command of the Gogo shell, and a section of docs/PROTOCOL.md; and that the command
 * line's own special cases ({@link GuiVerb}) stand for ops of the contract and take no option their
 * op's description or hvm-dbg's own options already spell.
 */
class ContractTest {
    /** The Gogo commands' component description, as bnd wrote it into the probe.gogo jar. */
    private static final String GOGO_COMPONENT = "OSGI-INF/probe.gogo.internal.GuiCommands.xml";
    private static final Path PROTOCOL = Path.of("../../docs/PROTOCOL.md");

    @Test
    void everyOpOfTheContractIsDescribedAndAVerbOfHvmDbg() {
        Map<String, OpDescription> verbs = GuiLine.known();
        for (Ops.Contract c : Ops.CONTRACT) {
            Optional<OpDescription> d = Known.of(c.op());
            assertTrue(d.isPresent(), c.op() + " has no description compiled into hvm-dbg: its bundle " + c.bundle() + " declares "
                    + OpDescription.location(c.op()) + " and probe.cli's pom unpacks it (execution known-ops)");
            assertTrue(GuiLine.NOT_VERBS.contains(c.op()) || verbs.get(d.get().verb()) == d.get(),
                    c.op() + " is no verb of hvm-dbg gui (verbs: " + verbs.keySet() + ")");
        }
        assertTrue(Main.commandLine(InputStream.nullInputStream()).getSubcommands().containsKey(Ops.Verbs.HELLO), "hvm-dbg hello");
    }

    @Test
    void theSpecialCasesStandForOpsOfTheContractAndSpellNoOptionTwice() {
        for (Ops.Contract c : Ops.CONTRACT) {
            GuiVerb v = GuiVerb.of(c.op());
            OpDescription d = Known.of(c.op()).orElseThrow();
            for (GuiVerb.Extra x : v.extras()) {
                for (String spelt : x.alias() == null ? List.of(x.name()) : List.of(x.name(), x.alias())) {
                    assertFalse(Globals.names(spelt), "hvm-dbg gui " + d.verb() + " " + spelt + " is one of hvm-dbg's own options");
                    for (OpDescription.Arg a : d.args()) {
                        assertFalse(a.optionName().equals(spelt) || ("--no-" + a.optionName().substring(2)).equals(spelt),
                                "hvm-dbg gui " + d.verb() + " " + spelt + " is also the option of " + c.op() + "'s argument " + a.name());
                    }
                }
            }
        }
        assertEquals(GuiVerb.class, GuiVerb.of("demo.echo").getClass(), "an op without a special case is the plain verb");
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
