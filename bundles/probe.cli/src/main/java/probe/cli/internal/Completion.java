package probe.cli.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code hvm-dbg completion}: prints a bash (and zsh) completion script, {@code source <(run/hvm-dbg
 * completion)}. The script asks hvm-dbg itself at each Tab ({@code hvm-dbg completion --at WORDS}),
 * which answers from the ops' descriptions: the verbs hvm-dbg is built with and those the running
 * GUI adds, each verb's options and their choices ({@link GuiLine#complete}), hvm-dbg's commands and
 * own options; an op installed into the GUI completes at once.
 */
final class Completion {
    static final String NAME = "completion";
    static final String DESCRIPTION = "Print a bash/zsh completion script: source <(hvm-dbg completion)."
            + " It completes the commands, the verbs of gui and their options from the ops' descriptions, the running GUI's too.";
    /** What the script passes before the words typed so far. */
    static final String AT = "--at";

    static final String SCRIPT = String.join("\n",
            "# hvm-dbg completion for bash and zsh: source <(hvm-dbg completion)",
            "# Each Tab asks hvm-dbg (completion " + AT + "), which answers from the ops' descriptions.",
            "if [ -n \"${ZSH_VERSION:-}\" ]; then autoload -U +X bashcompinit && bashcompinit; fi",
            "_complete_hvm-dbg() {",
            "  local IFS=$'\\n'",
            "  COMPREPLY=($(\"${COMP_WORDS[0]}\" " + NAME + " " + AT + " \"${COMP_WORDS[@]:1:$COMP_CWORD}\" 2>/dev/null))",
            "}",
            "complete -o default -F _complete_hvm-dbg hvm-dbg",
            "");

    private Completion() {
    }

    /**
     * {@code hvm-dbg completion [--at WORD...]}: the script, or, after {@link #AT}, what may come at
     * the last word (the words typed so far, the last one partly), one a line.
     */
    static int complete(Globals g, List<String> words, PrintWriter out) {
        if (words.isEmpty()) {
            out.print(SCRIPT);
            out.flush();
            return 0;
        }
        if (!words.get(0).equals(AT)) {
            out.println("hvm-dbg completion takes no options; run: source <(hvm-dbg completion)");
            out.flush();
            return Failures.USAGE;
        }
        List<String> typed = words.subList(1, words.size());
        List<String> before = typed.isEmpty() ? List.of() : typed.subList(0, typed.size() - 1);
        String word = typed.isEmpty() ? "" : typed.get(typed.size() - 1);
        for (String c : candidates(g, before, word)) {
            out.println(c);
        }
        out.flush();
        return 0;
    }

    static List<String> candidates(Globals g, List<String> before, String word) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < before.size() && Globals.names(before.get(i))) {
            try {
                i = g.take(before, i);
            } catch (UsageException e) {
                return out; // a value being typed for an option: the shell's own (file names)
            }
        }
        if (i < before.size()) {
            String command = before.get(i);
            List<String> rest = before.subList(i + 1, before.size());
            if (command.equals(GuiLine.NAME)) {
                return GuiLine.complete(g, rest, word);
            }
            if (command.equals("help") && rest.size() == 1 && rest.get(0).equals(GuiLine.NAME)) {
                return GuiLine.complete(g, List.of(), word);
            }
            if (command.equals("help") && rest.isEmpty()) {
                commands().stream().filter(c -> c.startsWith(word)).forEach(out::add);
            }
            return out;
        }
        if (word.startsWith("-")) {
            List<String> options = new ArrayList<>(Globals.NAMES);
            options.addAll(List.of("--help", "--version"));
            for (String o : options) {
                if (o.startsWith(word)) {
                    out.add(o);
                }
            }
            return out;
        }
        commands().stream().filter(c -> c.startsWith(word)).forEach(out::add);
        return out;
    }

    private static List<String> commands() {
        return HvmDbg.COMMANDS;
    }
}
