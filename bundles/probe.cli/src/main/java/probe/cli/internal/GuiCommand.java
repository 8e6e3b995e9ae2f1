package probe.cli.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code hvm-dbg gui VERB} in picocli's model of hvm-dbg: for the root's help and the list of
 * commands only. The verbs and their options are the ops' descriptions', read by {@link GuiLine},
 * which {@link Main} runs for every line with {@code gui}; a line picocli took first (its own
 * options written in a way {@link Globals} leaves to it) is handed over the same way.
 */
@Command(name = GuiLine.NAME, description = "Look at and operate the GUI: hvm-dbg gui VERB [OPTIONS], one verb per op the GUI"
        + " describes (hvm-dbg gui lists them; hvm-dbg gui VERB --help).")
final class GuiCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Unmatched
    List<String> words = new ArrayList<>();

    @Override
    public Integer call() {
        HvmDbg root = (HvmDbg) spec.root().userObject();
        Globals g = new Globals();
        g.socket = root.socket;
        g.json = root.json;
        g.timeout = root.timeout;
        g.timeoutGiven = ProbeCommand.given(spec.commandLine(), "--timeout");
        g.tokenFile = root.tokenFile;
        return GuiLine.run(g, words, root.stdin, spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
