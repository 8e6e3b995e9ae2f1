package probe.gogo.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import probe.api.OpDescription;
import probe.api.OpDescription.Arg;
import probe.api.OpDescription.Type;
import probe.client.line.OpOptions;

/**
 * A {@code gui:VERB} line taken apart: the Gogo-side flags ({@code --json}, {@code --help}), the op's
 * options as {@code hvm-dbg gui VERB} takes them (parsed by {@link OpOptions} from the op's
 * description), and the bare words of its shorthand.
 *
 * <p>The bare words fill the arguments its description declares {@code positional} that no option gave,
 * as {@link OpOptions#parse} does on every front end ({@code gui:list dialog} is {@code gui:list --scope
 * dialog}, {@code gui:click ID}, {@code gui:wait ID showing}). A word that starts with {@code -} and a
 * digit is a value ({@code gui:scroll sidebar.list -2}).
 */
final class Line {
    /** Gogo's own: the op's data as a JsonNode instead of the readable text. */
    static final List<String> JSON = List.of("-j", "--json");
    /** Gogo's own: the command's usage. */
    static final List<String> HELP = List.of("-h", "--help");

    boolean json;
    boolean help;
    /** The words that are neither an option nor an option's value, in order. */
    final List<String> bare = new ArrayList<>();
    /** The op's options with their values, in order, for {@link OpOptions#parse}. */
    final List<String> options = new ArrayList<>();

    /**
     * Splits {@code words} (those after the command) for the op {@code d}; {@code aliases} maps a
     * Gogo-side spelling to the option it stands for ({@code -p} for {@code --text-stdin}).
     */
    static Line split(OpDescription d, List<String> words, Map<String, String> aliases) {
        Line l = new Line();
        for (int i = 0; i < words.size(); i++) {
            String w = aliases.getOrDefault(words.get(i), words.get(i));
            if (JSON.contains(w)) {
                l.json = true;
            } else if (HELP.contains(w)) {
                l.help = true;
            } else if (d.open()) {
                // One JSON object (or --args JSON): OpOptions takes it as it is.
                l.options.add(w);
            } else if (isOption(w)) {
                l.options.add(w);
                if (takesValue(d, w) && i + 1 < words.size()) {
                    l.options.add(words.get(++i));
                }
            } else {
                l.bare.add(w);
            }
        }
        return l;
    }

    /** Whether a word is an option (or a wrong one): {@code -x}, {@code --x}, but not {@code -2}. */
    static boolean isOption(String w) {
        return OpOptions.isOption(w);
    }

    /** The argument an option word names, if it is one spelt as the description says (not --no-X, not X-stdin). */
    static Optional<Arg> arg(OpDescription d, String word) {
        String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
        return d.args().stream().filter(a -> a.optionName().equals(name)).findFirst();
    }

    /** Whether an option word is followed by its value as the next word. */
    static boolean takesValue(OpDescription d, String word) {
        return !word.contains("=") && arg(d, word).map(a -> a.type() != Type.BOOLEAN).orElse(false);
    }

    /** Whether the argument {@code name} was given as an option (or, a secret, asked for from the console). */
    boolean gives(OpDescription d, String name) {
        Optional<Arg> a = d.arg(name);
        if (a.isEmpty()) {
            return false;
        }
        String o = a.get().optionName();
        return options.stream().anyMatch(w -> w.equals(o) || w.startsWith(o + "=") || w.equals(o + OpOptions.STDIN)
                || (a.get().type() == Type.BOOLEAN && w.equals("--no-" + o.substring(2))));
    }

    /** The op's words for {@link OpOptions#parse}: its options, then the bare words, which fill its positional arguments. */
    List<String> words() {
        List<String> all = new ArrayList<>(options);
        all.addAll(bare);
        return all;
    }
}
