package probe.cli.internal;

import probe.cli.ops.CompiledDescriptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * What an op's description cannot say about the contract (the ops the probe's own bundles describe):
 * that each op of it has its description compiled into hvm-dbg (the verbs, their options and help
 * follow from it) and a section of docs/PROTOCOL.md (probe.gogo's GuiCommandsTest holds each to be a
 * {@code gui:*} command); and that the command
 * line's own special cases ({@link GuiVerb}) stand for ops of the contract and take no option their
 * op's description or hvm-dbg's own options already spell.
 */
class ContractTest {
    /** The contract: the ops the probe's own op bundles describe (compiled into hvm-dbg), not the transport's own. */
    static List<String> contract() {
        return CompiledDescriptions.names().stream().filter(op -> !op.startsWith("probe.")).collect(java.util.stream.Collectors.toList());
    }

    /** The Gogo commands' component description, as bnd wrote it into the probe.gogo jar. */
    private static final Path PROTOCOL = Path.of("../../docs/PROTOCOL.md");

    @Test
    void everyOpOfTheContractIsDescribedAndAVerbOfHvmDbg() {
        Map<String, OpDescription> verbs = GuiLine.known();
        for (String op : contract()) {
            Optional<OpDescription> d = CompiledDescriptions.of(op);
            assertTrue(d.isPresent(), op + " has no description compiled into hvm-dbg: its bundle declares "
                    + OpDescription.location(op) + " and probe.cli's pom unpacks it (execution known-ops)");
            assertTrue(d.get().connection() || verbs.get(d.get().verb()) == d.get(),
                    op + " is no verb of hvm-dbg gui (verbs: " + verbs.keySet() + ")");
        }
        assertTrue(HvmDbg.COMMANDS.contains(Ops.Verbs.HELLO), "hvm-dbg hello");
    }

    @Test
    void theSpecialCasesStandForOpsOfTheContractAndSpellNoOptionTwice() {
        for (String op : contract()) {
            OpDescription d = CompiledDescriptions.of(op).orElseThrow();
            GuiVerb v = GuiVerb.of(d);
            for (GuiVerb.Extra x : v.extras()) {
                for (String spelt : x.alias() == null ? List.of(x.name()) : List.of(x.name(), x.alias())) {
                    assertFalse(Globals.names(spelt), "hvm-dbg gui " + d.verb() + " " + spelt + " is one of hvm-dbg's own options");
                    for (OpDescription.Arg a : d.args()) {
                        assertFalse(a.optionName().equals(spelt) || ("--no-" + a.optionName().substring(2)).equals(spelt),
                                "hvm-dbg gui " + d.verb() + " " + spelt + " is also the option of " + op + "'s argument " + a.name());
                    }
                }
            }
        }
        assertEquals(GuiVerb.class, GuiVerb.of(OpDescription.undeclared("demo.echo", null)).getClass(), "an op without a special case is the plain verb");
    }

    @Test
    void everyOpOfTheContractHasItsSectionInProtocolMd() throws Exception {
        List<String> headings = new ArrayList<>();
        for (String line : Files.readAllLines(PROTOCOL, StandardCharsets.UTF_8)) {
            if (line.startsWith("## ")) {
                headings.add(line);
            }
        }
        for (String op : contract()) {
            Pattern named = Pattern.compile("(^|[^\\w.])" + Pattern.quote(op) + "($|[^\\w.])");
            assertTrue(headings.stream().anyMatch(h -> named.matcher(h).find()), op + " has no section in docs/PROTOCOL.md: no"
                    + " '## ' heading names it (headings: " + headings + ")");
        }
    }
}
