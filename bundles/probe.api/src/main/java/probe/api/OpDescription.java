package probe.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;
import probe.api.text.Template;

/**
 * What an op is and takes, declared once beside the op: its name and verb, a title, a
 * summary and help, each argument with its type, range or choices, default, whether it is required,
 * and its help; whether the op acts (and so gives a receipt) or only looks. Every front end builds
 * itself from it: the transport checks a request's arguments against it ({@link RequestCheck}) before
 * the op runs and serves the descriptions ({@code probe.describe}, {@link DescriptionJson#served}) with
 * each op's arguments as JSON Schema ({@link ArgsSchema}); hvm-dbg's command line, its MCP tools and
 * the Gogo commands follow them.
 *
 * <p>An op bundle declares an op's description as the JSON file {@link #location}{@code (op)}, such as
 * {@code OSGI-INF/probe/ops/gui.click.json}; docs/PROTOCOL.md gives the format. An op without one (an
 * older plugin) still reaches every front end: {@link #undeclared} describes it, its arguments taken as
 * one JSON object.
 *
 * <p>This class is the model only: {@link DescriptionJson} reads it ({@link #read}, {@link #of}) and
 * writes it as served, {@link RequestCheck} checks a request against it, {@link ArgsSchema} gives its
 * arguments as JSON Schema, and {@link Names} says how its names are spelt. Immutable and thread-safe.
 */
public final class OpDescription {

    /** Where an op bundle keeps the description of its op {@code op}: a bundle entry (and a class-path resource). */
    public static String location(String op) {
        return "OSGI-INF/probe/ops/" + op + ".json";
    }

    /** The most milliseconds an action waits for the GUI to settle ({@code settleMillis}), declared once. */
    public static final long MAX_SETTLE_MILLIS = 10_000;
    /** How long an action waits for the GUI to settle when not told. */
    public static final long DEFAULT_SETTLE_MILLIS = 100;

    /** An argument's type on the wire. */
    public enum Type {
        /** A JSON string. */
        STRING("string"),
        /** A JSON integer. */
        INTEGER("integer"),
        /** {@code true} or {@code false}. */
        BOOLEAN("boolean"),
        /** An array of strings, each once. */
        ARRAY("array"),
        /** A string, number or boolean. */
        SCALAR("scalar"),
        /** Any JSON value: what an op that declares no description takes for each argument it named. */
        ANY("any");

        private final String wire;

        Type(String wire) {
            this.wire = wire;
        }

        /** Its name in a description file. */
        public String wire() {
            return wire;
        }

        static Type of(String wire) {
            for (Type t : values()) {
                if (t.wire.equals(wire)) {
                    return t;
                }
            }
            throw new IllegalArgumentException("unknown type '" + wire + "'; types are string, integer, boolean, array, scalar, any");
        }
    }

    /**
     * What a front end shows of a reply beyond its sentences: each kind is shown one way by every
     * front end, which adds only what its medium needs (a file for an image, a loop for events).
     */
    public enum Shows {
        /** Nothing more than the sentences. */
        NONE("none"),
        /** One line per field of the reply ({@code name value}), or {@code OP: done} when it sends none: an op without words of its own. */
        FIELDS("fields"),
        /**
         * Controls as gui.list's text shows them ({@code probe.api.text.Listing}): the array field
         * {@code of}, one line each, or the {@code each} sentence per entry, as a tree under the first sentence when it has one;
         * a reply that carries the lines already ({@code text}) shows them.
         */
        CONTROLS("controls"),
        /** A PNG image ({@code png_base64}, {@code width}, {@code height}): a file, or an image a model sees. */
        IMAGE("image"),
        /** A subscription: events follow on the connection, one line each; no MCP tool sends it (the server holds its own). */
        EVENTS("events");

        private final String wire;

        Shows(String wire) {
            this.wire = wire;
        }

        /** Its name in a description file. */
        public String wire() {
            return wire;
        }

        static Shows of(String wire) {
            for (Shows r : values()) {
                if (r.wire.equals(wire)) {
                    return r;
                }
            }
            throw new IllegalArgumentException("unknown 'shows' '" + Names.quoted(wire) + "'; it is one of "
                    + java.util.Arrays.stream(values()).map(Shows::wire).collect(Collectors.joining(", ")));
        }
    }

    /**
     * How every front end words the op's reply for a person, as its description says ({@code "reply"}):
     * data, so that no front end names an op and a plugin's op reads as its author wrote it.
     *
     * @param says the first sentence, as the first of these templates that fills ({@link Template}); none: no sentence
     * @param shows what follows the sentence
     * @param of the reply's array field whose entries are shown a line each (for {@link Shows#CONTROLS}, the controls)
     * @param each the line of each entry of {@code of}, as the first of these that fills; none: a control's own line
     * @param then the sentence after what is shown, as the first of these that fills
     * @param quiet what the receipt says when it names no change, as the first of these that fills (default: no visible change)
     * @param strict the reply's array field whose entries are findings: a front end may fail when it has any ({@code --strict})
     */
    public record Reply(List<Template> says, Shows shows, String of, List<Template> each, List<Template> then, List<Template> quiet,
            String strict) {
        /** An op without words of its own: its fields, one per line. */
        public static final Reply FIELDS = new Reply(List.of(), Shows.FIELDS, null, List.of(), List.of(), List.of(), null);

        public Reply {
            says = List.copyOf(says);
            each = List.copyOf(each);
            then = List.copyOf(then);
            quiet = List.copyOf(quiet);
        }
    }

    /**
     * One argument. {@code minimum}/{@code maximum} bound an integer; {@code choices} are the strings a
     * string (or each string of an array) may be; {@code minLength} 1 refuses an empty string;
     * {@code maxItems} bounds an array; {@code name} says the value names something the probe looks up
     * (bounded by {@link Names#MAX_LENGTH}); {@code secret} says it is never echoed, logged or quoted
     * (typed text); {@code option} is the spelling front ends give it ({@code --settle-ms}; default
     * {@code --} and the name in kebab case), {@code label} its value's placeholder ({@code ID});
     * {@code flags}, words a command line takes for one of its values ({@code "double": 2}: {@code --double}
     * is {@code --count 2}); {@code detail} says it tunes how the op acts and has a default that fits
     * (a drag's number of moves): a front end that pays for every word it shows (the MCP server's
     * tool list) may leave it unshown, and takes it all the same.
     */
    public record Arg(String name, Type type, boolean required, JsonNode defaultValue, Long minimum, Long maximum,
            List<String> choices, Integer minLength, Integer maxItems, boolean isName, boolean secret, String option,
            String label, String help, Map<String, JsonNode> flags, boolean detail) {

        public Arg {
            choices = choices == null ? null : List.copyOf(choices);
            flags = flags == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(flags));
        }

        /** An argument that is no detail (the form before {@code detail}). */
        public Arg(String name, Type type, boolean required, JsonNode defaultValue, Long minimum, Long maximum,
                List<String> choices, Integer minLength, Integer maxItems, boolean isName, boolean secret, String option,
                String label, String help, Map<String, JsonNode> flags) {
            this(name, type, required, defaultValue, minimum, maximum, choices, minLength, maxItems, isName, secret, option, label,
                    help, flags, false);
        }

        /** The option front ends spell it with: {@code option} as declared, else {@code --} and the name in kebab case. */
        public String optionName() {
            return option != null ? option : "--" + Names.kebab(name);
        }

        /** What it accepts, for a message: "an integer from 1 to 2", "one of left, right, middle", … */
        public String accepts() {
            switch (type) {
                case STRING:
                    if (choices != null) {
                        return "one of " + String.join(", ", choices);
                    }
                    return minLength != null && minLength > 0 ? "a non-empty string" : "a string";
                case INTEGER:
                    if (minimum != null && maximum != null) {
                        return "an integer from " + minimum + " to " + maximum;
                    }
                    if (minimum != null) {
                        return "an integer of at least " + minimum;
                    }
                    return maximum != null ? "an integer of at most " + maximum : "an integer";
                case BOOLEAN:
                    return "true or false";
                case ARRAY:
                    String each = choices != null ? " of " + String.join(", ", choices) : " of strings";
                    return "an array" + each + (maxItems != null ? " (at most " + maxItems + ")" : "");
                case SCALAR:
                    return "a string, number or boolean";
                default:
                    return "any JSON value";
            }
        }
    }

    private final String op;
    private final String verb;
    private final String title;
    private final String summary;
    private final String help;
    private final boolean acts;
    private final boolean destructive;
    private final boolean receipt;
    private final boolean declared;
    /** By name, in declared order; empty and {@code open} for an op that declared no arguments' types. */
    private final Map<String, Arg> args;
    /** Whether any key is taken (an op that declared no argument names). */
    private final boolean open;
    /** How front ends present it: how its reply reads (Reply), its positional words, how long it may wait. */
    private final Front front;

    /**
     * What front ends need beyond the arguments: {@code reply}, how its reply reads; {@code waits}, whether its reply may come late (it
     * waits for the GUI); {@code waitArg}, the integer argument in milliseconds that bounds that wait;
     * {@code positional}, the arguments a command line takes as bare words, in order;
     * {@code connection}, whether it concerns the connection rather than the GUI (no verb or tool).
     */
    record Front(Reply reply, boolean waits, String waitArg, List<String> positional, boolean connection) {
        static final Front NONE = new Front(Reply.FIELDS, false, null, List.of(), false);
    }

    OpDescription(String op, String verb, String title, String summary, String help, boolean acts, boolean destructive,
            boolean receipt, boolean declared, Map<String, Arg> args, boolean open, Front front) {
        this.op = op;
        this.verb = verb;
        this.title = title;
        this.summary = summary;
        this.help = help;
        this.acts = acts;
        this.destructive = destructive;
        this.receipt = receipt;
        this.declared = declared;
        this.args = Collections.unmodifiableMap(args);
        this.open = open;
        this.front = front;
    }

    /** Reads a description file ({@link DescriptionJson} reads it). */
    public static OpDescription read(InputStream in) throws IOException {
        return DescriptionJson.read(in);
    }

    /**
     * A description from its JSON form, the file's or the served one ({@link DescriptionJson#served},
     * whose {@code schema} is ignored and whose receipt arguments are taken once).
     *
     * @throws IllegalArgumentException naming the key that is wrong
     */
    public static OpDescription of(JsonNode tree) {
        return DescriptionJson.read(tree);
    }

    /**
     * The description of an op that declares none: its verb is its name; its arguments are those it
     * named ({@link Op#args}, of any type) or, when it named none, any keys at all. It is taken to act,
     * so no client sends it twice on a guess.
     *
     * @param argNames the names it declared (empty for none), or null when it declared none
     */
    public static OpDescription undeclared(String op, Collection<String> argNames) {
        Map<String, Arg> args = new LinkedHashMap<>();
        if (argNames != null) {
            for (String n : new TreeSet<>(argNames)) {
                args.put(n, new Arg(n, Type.ANY, false, null, null, null, null, null, null, false, false, null, null, null, null));
            }
        }
        return new OpDescription(op, op, null, null, null, true, true, false, false, args, argNames == null, Front.NONE);
    }

    /** The two arguments of every op that gives a receipt ({@code "receipt": true}), declared once here. */
    static List<Arg> receiptArgs() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return List.of(
                new Arg("effects", Type.BOOLEAN, false, f.booleanNode(true), null, null, null, null, null, false, false, null, null,
                        "the receipt, what the action changed in the GUI", null),
                new Arg("settleMillis", Type.INTEGER, false, DescriptionJson.number(DEFAULT_SETTLE_MILLIS), 0L, MAX_SETTLE_MILLIS, null,
                        null, null, false, false, "--settle-ms", "N",
                        "wait at most this long for the GUI to settle before the reply (0: reply once the input was handled)", null));
    }

    // ---- what it says ----

    /** The op's name on the wire, such as {@code gui.click}. */
    public String op() {
        return op;
    }

    /** What a person types for it: {@code hvm-dbg gui VERB}, {@code gui:VERB}; the op's name when it declared none. */
    public String verb() {
        return verb;
    }

    /** A few words, such as "Click a control"; null when not given. */
    public String title() {
        return title;
    }

    /** One sentence of what it does; null when not given. */
    public String summary() {
        return summary;
    }

    /** More, for a help page; null when not given. */
    public String help() {
        return help;
    }

    /**
     * Whether it acts (a click, typed text, a subscription) rather than only looks: an op that acts is
     * never sent twice on a guess. An op that only looks may be sent again on a new connection when a
     * client does not know whether the first reached the probe.
     */
    public boolean acts() {
        return acts;
    }

    /** Whether, acting, it may destroy something (a click can delete a VM); false for one that only moves the pointer or looks. */
    public boolean destructive() {
        return destructive;
    }

    /** Whether it answers with a receipt of what it changed, and so takes {@code effects} and {@code settleMillis}. */
    public boolean receipt() {
        return receipt;
    }

    /** Whether the op declared this description; false for {@link #undeclared}. */
    public boolean declared() {
        return declared;
    }

    /** Whether it takes any key ({@link #undeclared} with no argument names): its arguments are one JSON object. */
    public boolean open() {
        return open;
    }

    /** Its arguments, in declared order (the receipt's last). */
    public List<Arg> args() {
        return List.copyOf(args.values());
    }

    /** The argument {@code name}, if it takes one. */
    public Optional<Arg> arg(String name) {
        return Optional.ofNullable(args.get(name));
    }

    /** Its arguments by name, in declared order, unmodifiable: what is checked on every request, not copied. */
    Map<String, Arg> argsByName() {
        return args;
    }

    /** What front ends need beyond the arguments, as written out when served. */
    Front front() {
        return front;
    }

    /** How every front end words its reply ({@link Reply}); {@link Reply#FIELDS} when the description says nothing of it. */
    public Reply reply() {
        return front.reply();
    }

    /** What follows its reply's sentence: {@code reply().shows()}. */
    public Shows shows() {
        return front.reply().shows();
    }

    /** Whether its reply may come late, because it waits for the GUI (a front end does not hold other work behind it). */
    public boolean waits() {
        return front.waits();
    }

    /** The integer argument, in milliseconds, that bounds how long it waits (a front end's reply bound grows by it); null if none. */
    public String waitArg() {
        return front.waitArg();
    }

    /** The arguments a command line takes as bare words, in this order (with their options still taken too). */
    public List<String> positional() {
        return front.positional();
    }

    /** Whether it concerns the connection itself (hello, auth, describe, unsubscribe): no front end makes it a verb or a tool. */
    public boolean connection() {
        return front.connection();
    }

    @Override
    public String toString() {
        return "OpDescription[" + op + "]";
    }

}
