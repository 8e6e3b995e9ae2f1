package probe.cli.internal;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hvm-dbg help [COMMAND...]}: the usage of hvm-dbg, or of a command at any depth
 * ({@code hvm-dbg help gui click}), the same as {@code --help} after it. picocli's own help
 * command goes one level down only.
 */
@Command(name = "help", helpCommand = true, description = "Show the usage of hvm-dbg, or of a command: hvm-dbg help gui click.")
final class HelpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "a command, and a command of it (gui click)")
    List<String> path = new ArrayList<>();

    @Override
    public Integer call() {
        CommandLine self = spec.commandLine();
        if (!path.isEmpty() && path.get(0).equals(GuiLine.NAME)) {
            // The verbs' help is their descriptions': the same as hvm-dbg gui [VERB] --help.
            Globals g = ((HvmDbg) spec.root().userObject()).globals.copy();
            List<String> words = new ArrayList<>(path.subList(1, path.size()));
            words.add("--help");
            return GuiLine.run(g, words, InputStream.nullInputStream(), self.getOut(), self.getErr());
        }
        CommandLine target = self.getParent();
        for (String name : path) {
            CommandLine sub = target.getSubcommands().get(name);
            if (sub == null) {
                throw new ParameterException(self, "'" + name + "' is not a command of " + target.getCommandName() + " (it has: "
                        + String.join(", ", names(target)) + ")");
            }
            target = sub;
        }
        target.usage(self.getOut(), target.getColorScheme());
        return 0;
    }

    /** The names of the commands of {@code cl} as they are typed, each once (without aliases). */
    static Set<String> names(CommandLine cl) {
        Set<String> names = new LinkedHashSet<>();
        Set<CommandLine> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (java.util.Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
            if (seen.add(e.getValue()) && !e.getValue().getCommandSpec().usageMessage().hidden()) {
                names.add(e.getKey());
            }
        }
        return names;
    }
}
