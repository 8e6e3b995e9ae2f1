package probe.client.line;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import probe.api.Names;
import probe.api.Nearest;
import probe.api.OpDescription;
import probe.api.OpDescription.Arg;
import probe.api.OpDescription.Type;
import probe.api.ProbeException;
import probe.api.RequestCheck;
import probe.api.text.Template;
import probe.api.wire.Wire;

/**
 * An op's options, from its description. Each argument is an option spelt {@link Arg#optionName()}
 * ({@code --identifier}, {@code --settle-ms}), given as {@code --name VALUE} or {@code --name=VALUE}:
 * <ul>
 * <li>a string as it is; an integer in decimal; a {@code scalar} as a string;</li>
 * <li>a boolean as {@code --name} (true) or, for one whose default is true, {@code --no-name}
 * (false); {@code --name=true|false} either way;</li>
 * <li>an array as {@code --name a,b} or the option given again;</li>
 * <li>a secret (typed text) also as {@code --name-stdin}: the front end reads it from standard
 * input, never from the command line ({@link Parsed#fromStdin});</li>
 * <li>an argument of any type (an op that describes only its argument names) as JSON when the
 * value reads as JSON, else as a string;</li>
 * <li>for an op that describes no arguments at all ({@link OpDescription#open}), one word: a JSON
 * object, the op's args, as {@code --args JSON} or alone.</li>
 * </ul>
 * A word that is none of these, an option given twice, a value of the wrong type, and whatever the
 * description refuses ({@link #check}) is a {@link UsageException} that names the option.
 */
public final class OpOptions {
    /** The option of an op that describes no arguments: its args as one JSON object. */
    public static final String ARGS = "--args";
    /** What a secret's option takes after its name to be read from standard input. */
    public static final String STDIN = "-stdin";

    private OpOptions() {
    }

    /** A wrong command line; its message names the option and what it takes. */
    public static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        public UsageException(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * What a command line gave: the op's args (only what was given: the probe fills the defaults),
     * and the argument whose value the front end reads from standard input, if one was asked for so.
     */
    public record Parsed(ObjectNode args, String fromStdin) {
    }

    /**
     * Parses an op's words (those after the verb; the front end's own options taken out).
     *
     * @throws UsageException for a word it cannot take, naming it
     */
    public static Parsed parse(OpDescription d, List<String> words) throws UsageException {
        return parse(d, words, d.verb());
    }

    /**
     * {@link #parse(OpDescription, List)}, {@code command} being how the front end spells the verb in a
     * message ({@code gui:click}). Words that are no option fill the arguments the description declares
     * {@code positional} that no option gave: a word that is one of such an argument's choices goes to it
     * ({@code wait idle}), the others to the rest in order ({@code click ID}, {@code wait ID showing}).
     */
    public static Parsed parse(OpDescription d, List<String> words, String command) throws UsageException {
        ObjectNode args = Wire.object();
        String fromStdin = null;
        if (d.open()) {
            return new Parsed(openArgs(d, words), null);
        }
        Map<String, Arg> byOption = options(d);
        List<String> bare = new ArrayList<>();
        Map<String, String> flagged = new LinkedHashMap<>();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (!isOption(word)) {
                if (d.positional().isEmpty()) {
                    throw new UsageException("unexpected '" + Names.quoted(word) + "': " + d.verb() + " takes options only ("
                            + synopsis(d) + ")");
                }
                bare.add(word);
                continue;
            }
            if (!word.startsWith("--") || word.length() == 2) {
                throw new UsageException("unexpected '" + Names.quoted(word) + "': " + d.verb() + " takes options only ("
                        + synopsis(d) + ")");
            }
            String name = word;
            String value = null;
            int eq = word.indexOf('=');
            if (eq > 0) {
                name = word.substring(0, eq);
                value = word.substring(eq + 1);
            }
            Arg a = byOption.get(name);
            boolean negated = false;
            boolean stdin = false;
            if (a == null && name.startsWith("--no-")) {
                Arg b = byOption.get("--" + name.substring(5));
                if (b != null && b.type() == Type.BOOLEAN) {
                    a = b;
                    negated = true;
                }
            }
            if (a == null && name.endsWith(STDIN)) {
                Arg s = byOption.get(name.substring(0, name.length() - STDIN.length()));
                if (s != null && s.secret()) {
                    a = s;
                    stdin = true;
                }
            }
            if (a == null) {
                Map.Entry<Arg, JsonNode> flag = flag(d, name);
                if (flag != null) {
                    // A word that stands for a value (--double is --count 2), given once, and not beside its option.
                    Arg f = flag.getKey();
                    if (value != null) {
                        throw new UsageException(name + " takes no value: it is " + f.optionName() + " " + Template.plain(flag.getValue()));
                    }
                    if (args.has(f.name())) {
                        throw new UsageException(name + " is " + f.optionName() + " " + Template.plain(flag.getValue()) + ": give one of them");
                    }
                    args.set(f.name(), flag.getValue());
                    flagged.put(f.name(), name + " is " + f.optionName() + " " + Template.plain(flag.getValue()) + ": give one of them");
                    continue;
                }
                throw new UsageException(unknown(d, name, byOption));
            }
            if (flagged.containsKey(a.name())) {
                throw new UsageException(flagged.get(a.name()));
            }
            if (args.has(a.name()) || a.name().equals(fromStdin)) {
                if (a.type() != Type.ARRAY || stdin || !args.has(a.name())) {
                    throw new UsageException((negated ? name : a.optionName()) + " is given twice");
                }
            }
            if (negated || stdin) {
                if (value != null) {
                    throw new UsageException(name + " takes no value");
                }
                if (negated) {
                    args.put(a.name(), false);
                } else {
                    fromStdin = a.name();
                }
                continue;
            }
            if (a.type() == Type.BOOLEAN) {
                if (value == null) {
                    args.put(a.name(), true);
                } else if (value.equals("true") || value.equals("false")) {
                    args.put(a.name(), Boolean.parseBoolean(value));
                } else {
                    throw new UsageException(a.optionName() + " is true or false, got '" + Names.quoted(value) + "'");
                }
                continue;
            }
            if (value == null) {
                if (i + 1 >= words.size()) {
                    throw new UsageException(a.optionName() + " needs a value: " + a.accepts());
                }
                value = words.get(++i);
            }
            put(args, a, value);
        }
        positional(d, bare, args, fromStdin, command);
        return new Parsed(args, fromStdin);
    }

    /** Whether a word is an option (or a wrong one): {@code -x}, {@code --x}, but not {@code -2} or {@code -.5}. */
    public static boolean isOption(String w) {
        return w.length() > 1 && w.charAt(0) == '-' && !Character.isDigit(w.charAt(1)) && w.charAt(1) != '.';
    }

    /** The bare words into the positional arguments no option gave (see {@link #parse(OpDescription, List, String)}). */
    private static void positional(OpDescription d, List<String> bare, ObjectNode args, String fromStdin, String command)
            throws UsageException {
        List<Arg> free = new ArrayList<>();
        for (String n : d.positional()) {
            d.arg(n).filter(a -> !args.has(a.name()) && !a.name().equals(fromStdin)).ifPresent(free::add);
        }
        List<String> names = free.stream().map(Arg::name).toList();
        List<String> rest = new ArrayList<>();
        for (String w : bare) {
            Arg chosen = free.stream().filter(a -> a.choices() != null && a.choices().contains(w)).findFirst().orElse(null);
            if (chosen != null) {
                free.remove(chosen);
                put(args, chosen, w);
            } else {
                rest.add(w);
            }
        }
        for (int i = 0; i < rest.size(); i++) {
            if (i >= free.size()) {
                // An op with a secret argument never has a word quoted: it may be the secret given
                // where an option was meant.
                boolean quote = d.args().stream().noneMatch(Arg::secret);
                throw new UsageException((rest.size() - free.size()) + " word(s) too many"
                        + (quote ? " ('" + Names.quoted(rest.get(i)) + "'" + (rest.size() - free.size() > 1 ? "..." : "") + ")" : "")
                        + ": " + command + " takes "
                        + (names.isEmpty() ? "no word besides its options" : "at most " + names.size() + " besides its options ("
                        + String.join(", ", names) + ")"));
            }
            put(args, free.get(i), rest.get(i));
        }
    }

    /**
     * Checks parsed args against the description, as the probe will (required, types, ranges,
     * choices), so that a wrong line fails before anything is sent, in the option's own spelling;
     * answers them with the defaults filled in, as the op will get them (what the reply is worded over).
     *
     * @throws UsageException naming the option and what it accepts
     */
    public static ObjectNode check(OpDescription d, ObjectNode args) throws UsageException {
        try {
            return RequestCheck.check(d, args);
        } catch (ProbeException e) {
            String m = e.getMessage();
            for (Arg a : d.args()) {
                m = m.replace("argument '" + a.name() + "'", a.optionName());
            }
            throw new UsageException(m);
        }
    }

    private static ObjectNode openArgs(OpDescription d, List<String> words) throws UsageException {
        List<String> rest = new ArrayList<>(words);
        if (!rest.isEmpty() && rest.get(0).equals(ARGS)) {
            rest.remove(0);
            if (rest.isEmpty()) {
                throw new UsageException(ARGS + " needs a value: a JSON object, the op's args");
            }
        } else if (!rest.isEmpty() && rest.get(0).startsWith(ARGS + "=")) {
            rest.set(0, rest.get(0).substring(ARGS.length() + 1));
        }
        if (rest.isEmpty()) {
            return Wire.object();
        }
        if (rest.size() > 1) {
            throw new UsageException(d.op() + " describes no options: give its args as one JSON object, such as "
                    + d.verb() + " '{\"name\": \"value\"}'");
        }
        try {
            JsonNode tree = Wire.mapper().readTree(rest.get(0));
            if (tree == null || !tree.isObject()) {
                throw new UsageException("the args of " + d.op() + " are one JSON object, such as '{\"name\": \"value\"}'");
            }
            return (ObjectNode) tree;
        } catch (JsonProcessingException e) {
            throw new UsageException("the args of " + d.op() + " are one JSON object, such as '{\"name\": \"value\"}': "
                    + e.getOriginalMessage());
        }
    }

    private static void put(ObjectNode args, Arg a, String value) throws UsageException {
        switch (a.type()) {
            case INTEGER:
                try {
                    args.put(a.name(), Long.parseLong(value));
                } catch (NumberFormatException e) {
                    throw new UsageException(a.optionName() + " must be " + a.accepts() + ", got '" + Names.quoted(value) + "'");
                }
                break;
            case ARRAY:
                ArrayNode list = args.has(a.name()) ? (ArrayNode) args.get(a.name()) : args.putArray(a.name());
                for (String part : value.split(",", -1)) {
                    if (!part.isBlank()) {
                        list.add(part.strip());
                    }
                }
                break;
            case ANY:
                try {
                    args.set(a.name(), Wire.mapper().readTree(value));
                } catch (JsonProcessingException e) {
                    args.put(a.name(), value);
                }
                break;
            default:
                args.put(a.name(), value);
                break;
        }
    }

    /** The argument and value that the word {@code --NAME} stands for ({@link Arg#flags}); null if none. */
    static Map.Entry<Arg, JsonNode> flag(OpDescription d, String option) {
        if (!option.startsWith("--")) {
            return null;
        }
        for (Arg a : d.args()) {
            JsonNode v = a.flags().get(option.substring(2));
            if (v != null) {
                return Map.entry(a, v);
            }
        }
        return null;
    }

    private static String unknown(OpDescription d, String name, Map<String, Arg> byOption) {
        List<String> nearest = Nearest.of(name, byOption.keySet(), 1);
        return "unknown option '" + Names.quoted(name) + "' for " + d.verb()
                + (nearest.isEmpty() ? "" : "; did you mean " + nearest.get(0) + "?")
                + (byOption.isEmpty() ? "; it takes none" : "; options: " + String.join(" ", byOption.keySet()));
    }

    /**
     * Whether {@code word}, standing where an option may, is an option of the op that takes the next
     * word as its value ({@code --identifier} but not {@code --identifier=x}, {@code --no-effects},
     * {@code --text-stdin} or a boolean): for a front end that takes its own options out of the same
     * line first, so that it leaves an option's value alone even when the value looks like an option.
     */
    public static boolean takesValue(OpDescription d, String word) {
        if (d.open()) {
            return word.equals(ARGS);
        }
        if (!word.startsWith("--") || word.indexOf('=') > 0) {
            return false;
        }
        Arg a = options(d).get(word);
        return a != null && a.type() != Type.BOOLEAN;
    }

    /** The options by their spelling, in declared order. */
    private static Map<String, Arg> options(OpDescription d) {
        Map<String, Arg> m = new LinkedHashMap<>();
        for (Arg a : d.args()) {
            m.put(a.optionName(), a);
        }
        return m;
    }

    // ---- help ----

    /** One line: the options, required first, optional in brackets, such as {@code --identifier ID [--count N]}. */
    public static String synopsis(OpDescription d) {
        if (d.open()) {
            return "[" + ARGS + " JSON]";
        }
        StringBuilder b = new StringBuilder();
        for (Arg a : d.args()) {
            String one = spelling(a);
            if (a.secret()) {
                one = "(" + one + " | " + a.optionName() + STDIN + ")";
            }
            b.append(b.length() == 0 ? "" : " ").append(a.required() ? one : "[" + one + "]");
        }
        return b.toString();
    }

    /** What an option looks like on a line: {@code --identifier ID}, {@code --no-effects}, {@code --replace}. */
    public static String spelling(Arg a) {
        if (a.type() == Type.BOOLEAN) {
            return isTrue(a) ? "--no-" + a.optionName().substring(2) : a.optionName();
        }
        return a.optionName() + " " + label(a);
    }

    private static boolean isTrue(Arg a) {
        return a.defaultValue() != null && a.defaultValue().asBoolean(false);
    }

    private static String label(Arg a) {
        if (a.label() != null) {
            return a.label();
        }
        return a.type() == Type.INTEGER ? "N" : a.type() == Type.ARRAY ? "A,B" : "VALUE";
    }

    /**
     * The help of one op: {@code usage} (such as {@code hvm-dbg gui click}) and its synopsis, its
     * title or summary and help, then each option with its help, what it accepts and its default.
     */
    public static String help(OpDescription d, String usage) {
        StringBuilder b = new StringBuilder();
        b.append("Usage: ").append(usage).append(' ').append(synopsis(d)).append('\n');
        Optional.ofNullable(d.summary()).or(() -> Optional.ofNullable(d.title())).ifPresent(s -> b.append(s).append('\n'));
        if (d.help() != null) {
            b.append(d.help()).append('\n');
        }
        if (!d.declared()) {
            b.append(d.op()).append(" has no description of its own");
            b.append(d.open() ? ": give its args as one JSON object.\n" : ".\n");
        }
        if (d.open() || d.args().isEmpty()) {
            return b.toString();
        }
        b.append("Options:\n");
        List<String> left = new ArrayList<>();
        List<String> right = new ArrayList<>();
        for (Arg a : d.args()) {
            // A boolean true unless told takes --no-NAME, and --NAME too (which an error may name): both shown.
            left.add((a.type() == Type.BOOLEAN && isTrue(a) ? "--[no-]" + a.optionName().substring(2) : spelling(a))
                    + (a.secret() ? ", " + a.optionName() + STDIN : ""));
            right.add(explain(a));
            a.flags().forEach((word, v) -> {
                left.add("--" + word);
                right.add("the same as " + a.optionName() + " " + Template.plain(v));
            });
        }
        int width = left.stream().mapToInt(String::length).max().orElse(0);
        for (int i = 0; i < left.size(); i++) {
            String l = left.get(i);
            b.append("  ").append(l).append(" ".repeat(width - l.length() + 2)).append(right.get(i)).append('\n');
        }
        return b.toString();
    }

    /** An option's help: its own words, what it accepts, its default, whether it is required. */
    public static String explain(Arg a) {
        List<String> parts = new ArrayList<>();
        if (a.help() != null) {
            parts.add(a.help());
        }
        if (a.type() == Type.BOOLEAN && isTrue(a)) {
            // Its help says what it does when on, as for any boolean; that it is on unless told is said here.
            parts.add("on unless --no-" + a.optionName().substring(2));
        }
        if (a.type() != Type.BOOLEAN && a.type() != Type.ANY) {
            parts.add(a.accepts());
        }
        if (a.secret()) {
            parts.add("never shown; " + a.optionName() + STDIN + " reads it from standard input (from a terminal, without echo)");
        }
        if (a.defaultValue() != null && a.type() != Type.BOOLEAN) {
            parts.add("default " + (a.defaultValue().isTextual() ? a.defaultValue().textValue() : a.defaultValue().toString()));
        }
        if (a.required()) {
            parts.add("required");
        }
        return String.join("; ", parts);
    }

    // ---- completion ----

    /**
     * What may come at the word being typed: {@code before} are the op's words before it, {@code word}
     * what is typed of it so far. After an option that takes one of some choices, those choices;
     * after one that takes another value, nothing; else the options not given yet.
     */
    public static List<String> complete(OpDescription d, List<String> before, String word) {
        List<String> out = new ArrayList<>();
        if (d.open()) {
            return out;
        }
        Map<String, Arg> byOption = options(d);
        if (!before.isEmpty()) {
            Arg prev = byOption.get(before.get(before.size() - 1));
            if (prev != null && prev.type() != Type.BOOLEAN) {
                if (prev.choices() != null) {
                    prev.choices().stream().filter(c -> c.startsWith(word)).forEach(out::add);
                }
                return out;
            }
        }
        for (Arg a : d.args()) {
            if (before.contains(a.optionName()) && a.type() != Type.ARRAY) {
                continue;
            }
            String spelt = a.type() == Type.BOOLEAN && isTrue(a) ? "--no-" + a.optionName().substring(2) : a.optionName();
            if (spelt.startsWith(word)) {
                out.add(spelt);
            }
            if (a.secret() && (a.optionName() + STDIN).startsWith(word)) {
                out.add(a.optionName() + STDIN);
            }
            if (!before.contains(a.optionName())) {
                a.flags().keySet().stream().map(f -> "--" + f).filter(f -> f.startsWith(word) && !before.contains(f)).forEach(out::add);
            }
        }
        return out;
    }
}
