package probe.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import probe.api.wire.Wire;

/**
 * What an op is and takes, declared once beside the op (since 1.4): its name and verb, a title, a
 * summary and help, each argument with its type, range or choices, default, whether it is required,
 * and its help; whether the op acts (and so gives a receipt) or only looks. Every front end builds
 * itself from it: the transport checks a request's arguments with {@link #check} before the op runs
 * and serves the descriptions ({@code probe.describe}) with each op's arguments as JSON Schema
 * ({@link #schema}); hvm-dbg's command line, its MCP tools and the Gogo commands follow them.
 *
 * <p>An op bundle declares an op's description as the JSON file {@link #location}{@code (op)}, such as
 * {@code OSGI-INF/probe/ops/gui.click.json}; docs/PROTOCOL.md gives the format. An op without one (an
 * older plugin) still reaches every front end: {@link #undeclared} describes it, its arguments taken as
 * one JSON object.
 *
 * <p>Immutable and thread-safe.
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
     * How front ends word an op's reply for a person: the form its description names ({@code "reply"}),
     * each one worded once in the client's format package, so that no front end switches over op
     * names. {@link #FIELDS}, the default, shows the reply's fields one per line; {@link #SENTENCE}
     * fills the description's {@code "says"} template, which is how a plugin gives its op its own words.
     */
    public enum Reply {
        /** One line per field of the reply ({@code name value}), or {@code VERB: done} when it sends none. */
        FIELDS("fields"),
        /** The description's {@code says} template filled from the reply, then the request. */
        SENTENCE("sentence"),
        /** The controls a person sees, as an indented tree. */
        ITEMS("items"),
        /** Which dialog is open, with its controls. */
        DIALOG("dialog"),
        /** Problems found, one per line, then a summary. */
        AUDIT("audit"),
        /** A PNG image ({@code png_base64}): front ends write a file or show the image. */
        IMAGE("image"),
        /** A subscription: events follow on the connection, one line each. */
        EVENTS("events"),
        /** Where a click landed. */
        CLICKED("clicked"),
        /** Which item of a list, table, tree, tab set or combo box was selected. */
        SELECTED("selected"),
        /** Where the pointer rests, and the tooltip that showed. */
        HOVERED("hovered"),
        /** How far a control scrolled. */
        SCROLLED("scrolled"),
        /** How many characters went into which control, never the text. */
        TYPED("typed"),
        /** Which key went to which control. */
        PRESSED("pressed"),
        /** What was waited for, and how long it took. */
        WAITED("waited");

        private final String wire;

        Reply(String wire) {
            this.wire = wire;
        }

        /** Its name in a description file. */
        public String wire() {
            return wire;
        }

        static Reply of(String wire) {
            for (Reply r : values()) {
                if (r.wire.equals(wire)) {
                    return r;
                }
            }
            throw new IllegalArgumentException("unknown reply '" + Names.quoted(wire) + "'; replies are "
                    + java.util.Arrays.stream(values()).map(Reply::wire).collect(Collectors.joining(", ")));
        }
    }

    /**
     * One argument. {@code minimum}/{@code maximum} bound an integer; {@code choices} are the strings a
     * string (or each string of an array) may be; {@code minLength} 1 refuses an empty string;
     * {@code maxItems} bounds an array; {@code name} says the value names something the probe looks up
     * (bounded by {@link Names#MAX_LENGTH}); {@code secret} says it is never echoed, logged or quoted
     * (typed text); {@code option} is the spelling front ends give it ({@code --settle-ms}; default
     * {@code --} and the name in kebab case), {@code label} its value's placeholder ({@code ID}).
     */
    public record Arg(String name, Type type, boolean required, JsonNode defaultValue, Long minimum, Long maximum,
            List<String> choices, Integer minLength, Integer maxItems, boolean isName, boolean secret, String option,
            String label, String help) {

        public Arg {
            choices = choices == null ? null : List.copyOf(choices);
        }

        /** The option front ends spell it with: {@code option} as declared, else {@code --} and the name in kebab case. */
        public String optionName() {
            return option != null ? option : "--" + kebab(name);
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
    /** How front ends present it: its reply's form and words, its positional words, how long it may wait. */
    private final Front front;

    /**
     * What front ends need beyond the arguments: {@code reply}, the form of its reply; {@code says},
     * the template of a {@link Reply#SENTENCE}; {@code waits}, whether its reply may come late (it
     * waits for the GUI); {@code waitArg}, the integer argument in milliseconds that bounds that wait;
     * {@code positional}, the arguments a command line takes as bare words, in order;
     * {@code connection}, whether it concerns the connection rather than the GUI (no verb or tool).
     */
    private record Front(Reply reply, String says, boolean waits, String waitArg, List<String> positional, boolean connection) {
        static final Front NONE = new Front(Reply.FIELDS, null, false, null, List.of(), false);
    }

    private OpDescription(String op, String verb, String title, String summary, String help, boolean acts, boolean destructive,
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

    // ---- reading ----

    /** The two arguments of every op that gives a receipt ({@code "receipt": true}), declared once here. */
    private static List<Arg> receiptArgs() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return List.of(
                new Arg("effects", Type.BOOLEAN, false, f.booleanNode(true), null, null, null, null, null, false, false, null, null,
                        "the receipt, what the action changed in the GUI"),
                new Arg("settleMillis", Type.INTEGER, false, number(DEFAULT_SETTLE_MILLIS), 0L, MAX_SETTLE_MILLIS, null, null,
                        null, false, false, "--settle-ms", "N",
                        "wait at most this long for the GUI to settle before the reply (0: reply once the input was handled)"));
    }

    /** Reads a description file. */
    public static OpDescription read(InputStream in) throws IOException {
        JsonNode tree;
        try {
            tree = Wire.mapper().readTree(in);
        } catch (IOException e) {
            throw new IOException("not JSON: " + e.getMessage(), e);
        }
        try {
            return of(tree);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static final Set<String> OP_KEYS = Set.of("op", "verb", "title", "summary", "help", "acts", "destructive", "receipt",
            "args", "declared", "schema", "reply", "says", "waits", "waitArg", "positional", "connection");
    private static final Set<String> ARG_KEYS = Set.of("name", "type", "required", "default", "minimum", "maximum", "enum",
            "minLength", "maxItems", "format", "secret", "option", "label", "help");

    /**
     * A description from its JSON form, the file's or the served one ({@link #toJson}, whose
     * {@code schema} is ignored and whose receipt arguments are taken once).
     *
     * @throws IllegalArgumentException naming the key that is wrong
     */
    public static OpDescription of(JsonNode tree) {
        if (tree == null || !tree.isObject()) {
            throw new IllegalArgumentException("a description is a JSON object");
        }
        unknownKeys(tree, OP_KEYS, "the description");
        String op = text(tree, "op", true);
        if (!isOpName(op)) {
            throw new IllegalArgumentException("'op' must be a dotted name such as gui.click, got '" + Names.quoted(op) + "'");
        }
        String verb = text(tree, "verb", false);
        if (verb == null) {
            verb = op;
        } else if (!verb.equals(op) && !isVerb(verb)) {
            // The op's own name is the verb of an op that declared none (undeclared), as served.
            throw new IllegalArgumentException("'verb' must be lower case letters, digits and dashes, got '" + Names.quoted(verb) + "'");
        }
        boolean acts = bool(tree, "acts", true);
        boolean receipt = bool(tree, "receipt", false);
        boolean declared = bool(tree, "declared", true);
        JsonNode list = tree.get("args");
        Map<String, Arg> args = new LinkedHashMap<>();
        boolean open = list == null || list.isNull();
        if (!open) {
            if (!list.isArray()) {
                throw new IllegalArgumentException("'args' must be an array of arguments");
            }
            for (JsonNode a : list) {
                Arg arg = arg(a);
                if (args.put(arg.name(), arg) != null) {
                    throw new IllegalArgumentException("argument '" + arg.name() + "' is declared twice");
                }
            }
        }
        if (receipt) {
            for (Arg a : receiptArgs()) {
                args.putIfAbsent(a.name(), a);
            }
        }
        return new OpDescription(op, verb, text(tree, "title", false), text(tree, "summary", false), text(tree, "help", false), acts,
                acts && bool(tree, "destructive", acts), receipt, declared, args, open, front(tree, args));
    }

    /** The keys of {@link Front}, checked against the arguments they name. */
    private static Front front(JsonNode tree, Map<String, Arg> args) {
        String says = text(tree, "says", false);
        String form = text(tree, "reply", false);
        Reply reply = form != null ? Reply.of(form) : says != null ? Reply.SENTENCE : Reply.FIELDS;
        if (reply == Reply.SENTENCE && says == null) {
            throw new IllegalArgumentException("'reply' sentence needs 'says', the sentence, such as \"echoed {text}\"");
        }
        if (says != null && reply != Reply.SENTENCE) {
            throw new IllegalArgumentException("'says' goes with the reply sentence, not " + reply.wire());
        }
        String waitArg = text(tree, "waitArg", false);
        if (waitArg != null) {
            Arg a = args.get(waitArg);
            if (a == null || a.type() != Type.INTEGER) {
                throw new IllegalArgumentException("'waitArg' must name an integer argument (milliseconds), got '" + Names.quoted(waitArg) + "'");
            }
        }
        List<String> positional = new ArrayList<>();
        JsonNode p = tree.get("positional");
        if (p != null && !p.isNull()) {
            if (!p.isArray()) {
                throw new IllegalArgumentException("'positional' must be an array of argument names");
            }
            for (JsonNode n : p) {
                if (!n.isTextual() || !args.containsKey(n.textValue()) || positional.contains(n.textValue())) {
                    throw new IllegalArgumentException("'positional' must name arguments, each once, got " + n);
                }
                positional.add(n.textValue());
            }
        }
        return new Front(reply, says, bool(tree, "waits", false) || waitArg != null, waitArg, List.copyOf(positional),
                bool(tree, "connection", false));
    }

    // The spellings of names, checked by hand rather than with regular expressions, whose set-up (a
    // character class is a lambda) was a good part of what reading one description cost a one-shot
    // hvm-dbg: an op [a-z][a-z0-9]*(.[a-z][a-zA-Z0-9_]*)+, a verb [a-z][a-z0-9-]* (an option: -- and
    // a verb), an argument [a-zA-Z][a-zA-Z0-9_]*.

    /** Whether {@code op} is spelt as an op's name: dotted, such as {@code gui.click} or {@code acme.reset_all}, at most {@link Names#MAX_LENGTH}. */
    public static boolean isOpName(String op) {
        if (op == null || Names.tooLong(op)) {
            return false;
        }
        int dot = op.indexOf('.');
        if (dot < 0 || !lower(op, 0) || !only(op, 1, dot, false, "")) {
            return false;
        }
        for (int start = dot + 1;;) {
            int next = op.indexOf('.', start);
            int end = next < 0 ? op.length() : next;
            if (!lower(op, start) || !only(op, start + 1, end, true, "_")) {
                return false;
            }
            if (next < 0) {
                return true;
            }
            start = next + 1;
        }
    }

    static boolean isVerb(String verb) {
        return lower(verb, 0) && only(verb, 1, verb.length(), false, "-");
    }

    static boolean isArgName(String name) {
        return !name.isEmpty() && (lower(name, 0) || name.charAt(0) >= 'A' && name.charAt(0) <= 'Z')
                && only(name, 1, name.length(), true, "_");
    }

    /** Whether {@code s} has a lower-case ASCII letter at {@code i}. */
    private static boolean lower(String s, int i) {
        return i < s.length() && s.charAt(i) >= 'a' && s.charAt(i) <= 'z';
    }

    /** Whether {@code s[from, to)} holds only ASCII lower-case letters and digits, upper-case letters if {@code upper}, and {@code also}. */
    private static boolean only(String s, int from, int to, boolean upper, String also) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || upper && c >= 'A' && c <= 'Z' || also.indexOf(c) >= 0)) {
                return false;
            }
        }
        return true;
    }

    private static Arg arg(JsonNode a) {
        if (!a.isObject()) {
            throw new IllegalArgumentException("each of 'args' must be an object, such as {\"name\": \"identifier\", \"type\": \"string\"}");
        }
        String name = text(a, "name", true);
        if (!isArgName(name)) {
            throw new IllegalArgumentException("argument name '" + Names.quoted(name) + "' must be letters, digits and _");
        }
        String where = "argument '" + name + "'";
        unknownKeys(a, ARG_KEYS, where);
        Type type = Type.of(Optional.ofNullable(text(a, "type", false)).orElse("string"));
        List<String> choices = null;
        JsonNode e = a.get("enum");
        if (e != null) {
            if (!e.isArray() || e.isEmpty()) {
                throw new IllegalArgumentException(where + ": 'enum' must be a non-empty array of strings");
            }
            choices = new ArrayList<>();
            for (JsonNode c : e) {
                if (!c.isTextual()) {
                    throw new IllegalArgumentException(where + ": 'enum' must hold strings");
                }
                choices.add(c.textValue());
            }
        }
        String format = text(a, "format", false);
        if (format != null && !format.equals("name")) {
            throw new IllegalArgumentException(where + ": the only 'format' is name, got '" + Names.quoted(format) + "'");
        }
        String option = text(a, "option", false);
        if (option != null && !(option.startsWith("--") && isVerb(option.substring(2)))) {
            throw new IllegalArgumentException(where + ": 'option' must be spelt like --settle-ms");
        }
        Arg arg = new Arg(name, type, bool(a, "required", false), a.get("default"), longOf(a, "minimum", where),
                longOf(a, "maximum", where), choices, intOf(a, "minLength", where), intOf(a, "maxItems", where), format != null,
                bool(a, "secret", false), option, text(a, "label", false), text(a, "help", false));
        if (arg.defaultValue() != null) {
            try {
                checkValue(arg, arg.defaultValue());
            } catch (ProbeException x) {
                throw new IllegalArgumentException(where + ": its default " + x.getMessage().replaceFirst("^argument '[^']*' ", ""));
            }
        }
        return arg;
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
                args.put(n, new Arg(n, Type.ANY, false, null, null, null, null, null, null, false, false, null, null, null));
            }
        }
        return new OpDescription(op, op, null, null, null, true, true, false, false, args, argNames == null, Front.NONE);
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

    /** The form of its reply, worded once for every front end; {@link Reply#FIELDS} when not given. */
    public Reply reply() {
        return front.reply();
    }

    /**
     * The sentence of a {@link Reply#SENTENCE}: {@code {name}} stands for that field of the reply, else
     * of the request; text in {@code [...]} shows only when every field in it has a value. Null for any
     * other form.
     */
    public String says() {
        return front.says();
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

    // ---- checking a request ----

    /** Suggestions per unknown key. */
    private static final int NEAREST = 3;

    /**
     * Checks a request's {@code args} against this description, before the op runs, and gives them
     * with each absent argument's default filled in (a new object; {@code args} is not changed). A
     * JSON null counts as absent.
     *
     * @param request the request's arguments, or null for none
     * @throws ProbeException {@code gui.invalid_args} naming the argument and what it accepts
     *     ({@code details.argument}, {@code details.accepts}); for keys it does not take,
     *     {@code details.unknown} (in request order), {@code details.accepted} (sorted) and
     *     {@code details.nearest} (the accepted names nearest to the first unknown key)
     */
    public ObjectNode check(ObjectNode request) throws ProbeException {
        ObjectNode in = request == null ? Wire.object() : request;
        if (open) {
            return in.deepCopy();
        }
        List<String> unknown = new ArrayList<>();
        for (Iterator<String> keys = in.fieldNames(); keys.hasNext();) {
            String key = keys.next();
            // Before any lookup or search: no argument name is this long.
            Names.check("an argument name", key);
            if (!args.containsKey(key)) {
                unknown.add(key);
            }
        }
        if (!unknown.isEmpty()) {
            throw unknown(unknown);
        }
        ObjectNode out = Wire.object();
        for (Arg a : args.values()) {
            JsonNode v = in.get(a.name());
            if (v == null || v.isNull()) {
                if (a.required()) {
                    throw invalid(a, "argument '" + a.name() + "' is required: " + a.accepts());
                }
                if (a.defaultValue() != null) {
                    out.set(a.name(), a.defaultValue().deepCopy());
                }
                continue;
            }
            checkValue(a, v);
            out.set(a.name(), v);
        }
        return out;
    }

    private ProbeException unknown(List<String> unknown) {
        SortedSet<String> accepted = new TreeSet<>(args.keySet());
        List<String> nearest = Nearest.of(unknown.get(0), accepted, NEAREST);
        ObjectNode details = ProbeException.newDetails();
        details.set("unknown", array(unknown));
        details.set("accepted", array(accepted));
        details.set("nearest", array(nearest));
        StringBuilder b = new StringBuilder();
        b.append(unknown.size() == 1 ? "unknown argument " : "unknown arguments ")
                .append(unknown.stream().map(k -> "'" + Names.quoted(k) + "'").collect(Collectors.joining(", ")))
                .append(" for ").append(op);
        if (accepted.isEmpty()) {
            b.append("; ").append(op).append(" takes no arguments");
        } else {
            b.append(nearest.isEmpty() ? ";" : "; did you mean '" + nearest.get(0) + "'?");
            b.append(" accepted: ").append(String.join(", ", accepted));
        }
        return new ProbeException(ErrorCodes.INVALID_ARGS, b.toString(), details);
    }

    private static void checkValue(Arg a, JsonNode v) throws ProbeException {
        String n = "argument '" + a.name() + "'";
        switch (a.type()) {
            case STRING:
                if (!v.isTextual()) {
                    throw invalid(a, n + " must be " + a.accepts() + ", got " + kind(v));
                }
                checkString(a, n, v.textValue());
                break;
            case INTEGER:
                if (!v.isIntegralNumber() || !v.canConvertToLong() || (a.minimum() != null && v.longValue() < a.minimum())
                        || (a.maximum() != null && v.longValue() > a.maximum())) {
                    throw invalid(a, n + " must be " + a.accepts() + ", got " + (v.isNumber() ? v.asText() : kind(v)));
                }
                break;
            case BOOLEAN:
                if (!v.isBoolean()) {
                    throw invalid(a, n + " must be true or false, got " + kind(v));
                }
                break;
            case ARRAY:
                if (!v.isArray()) {
                    throw invalid(a, n + " must be " + a.accepts() + ", got " + kind(v));
                }
                if (a.maxItems() != null && v.size() > a.maxItems()) {
                    throw invalid(a, n + " holds " + v.size() + " items; at most " + a.maxItems());
                }
                Set<String> seen = new LinkedHashSet<>();
                for (int i = 0; i < v.size(); i++) {
                    JsonNode e = v.get(i);
                    if (!e.isTextual()) {
                        throw invalid(a, n + " must hold only strings, but item " + i + " is " + kind(e));
                    }
                    checkString(a, "an item of " + n, e.textValue());
                    if (!seen.add(e.textValue())) {
                        throw invalid(a, n + " holds '" + Names.quoted(e.textValue()) + "' twice");
                    }
                }
                break;
            case SCALAR:
                if (!v.isTextual() && !v.isNumber() && !v.isBoolean()) {
                    throw invalid(a, n + " must be a string, number or boolean, got " + kind(v));
                }
                break;
            default:
                break;
        }
    }

    private static void checkString(Arg a, String n, String s) throws ProbeException {
        if (a.isName()) {
            Names.check(n, s);
        }
        if (a.minLength() != null && s.length() < a.minLength()) {
            throw invalid(a, n + (a.minLength() == 1 ? " must not be empty" : " must have at least " + a.minLength() + " characters"));
        }
        if (a.choices() != null && !a.choices().contains(s)) {
            // A secret is never quoted; no secret has choices, but say so once here.
            throw invalid(a, n + " must be one of " + String.join(", ", a.choices()) + ", got '"
                    + (a.secret() ? "…" : Names.quoted(s)) + "'");
        }
    }

    private static ProbeException invalid(Arg a, String message) {
        ObjectNode details = ProbeException.newDetails().put("argument", a.name()).put("accepts", a.accepts());
        return new ProbeException(ErrorCodes.INVALID_ARGS, message, details);
    }

    // ---- serving it ----

    /**
     * The description as the probe serves it ({@code probe.describe}): the file's fields with the
     * receipt's arguments written out, and {@code schema}, the arguments as JSON Schema.
     */
    public ObjectNode toJson() {
        ObjectNode o = Wire.object();
        o.put("op", op);
        o.put("verb", verb);
        putIf(o, "title", title);
        putIf(o, "summary", summary);
        putIf(o, "help", help);
        o.put("acts", acts);
        if (acts) {
            o.put("destructive", destructive);
        }
        if (receipt) {
            o.put("receipt", true);
        }
        if (!declared) {
            o.put("declared", false);
        }
        if (front.reply() != Reply.FIELDS) {
            o.put("reply", front.reply().wire());
        }
        putIf(o, "says", front.says());
        if (front.waits()) {
            o.put("waits", true);
        }
        putIf(o, "waitArg", front.waitArg());
        if (!front.positional().isEmpty()) {
            o.set("positional", array(front.positional()));
        }
        if (front.connection()) {
            o.put("connection", true);
        }
        if (open) {
            o.putNull("args");
        } else {
            ArrayNode list = o.putArray("args");
            for (Arg a : args.values()) {
                ObjectNode j = list.addObject();
                j.put("name", a.name());
                j.put("type", a.type().wire());
                if (a.required()) {
                    j.put("required", true);
                }
                if (a.defaultValue() != null) {
                    j.set("default", a.defaultValue());
                }
                if (a.minimum() != null) {
                    j.set("minimum", number(a.minimum()));
                }
                if (a.maximum() != null) {
                    j.set("maximum", number(a.maximum()));
                }
                if (a.choices() != null) {
                    j.set("enum", array(a.choices()));
                }
                if (a.minLength() != null) {
                    j.put("minLength", a.minLength());
                }
                if (a.maxItems() != null) {
                    j.put("maxItems", a.maxItems());
                }
                if (a.isName()) {
                    j.put("format", "name");
                }
                if (a.secret()) {
                    j.put("secret", true);
                }
                putIf(j, "option", a.option());
                putIf(j, "label", a.label());
                putIf(j, "help", a.help());
            }
        }
        o.set("schema", schema());
        return o;
    }

    /**
     * The arguments as a JSON Schema (draft 2020-12) object schema: each argument's type, range,
     * choices, default and help ({@code description}); {@code required}; no other key, unless the op
     * takes any ({@link #open}).
     */
    public ObjectNode schema() {
        ObjectNode s = Wire.object();
        s.put("type", "object");
        if (open) {
            return s;
        }
        ObjectNode props = s.putObject("properties");
        ArrayNode required = Wire.mapper().createArrayNode();
        for (Arg a : args.values()) {
            props.set(a.name(), schema(a));
            if (a.required()) {
                required.add(a.name());
            }
        }
        if (!required.isEmpty()) {
            s.set("required", required);
        }
        s.put("additionalProperties", false);
        return s;
    }

    /** One argument's JSON Schema. */
    public static ObjectNode schema(Arg a) {
        ObjectNode p = Wire.object();
        switch (a.type()) {
            case ARRAY:
                p.put("type", "array");
                ObjectNode items = p.putObject("items");
                items.put("type", "string");
                stringSchema(a, items);
                p.put("uniqueItems", true);
                if (a.maxItems() != null) {
                    p.put("maxItems", a.maxItems());
                }
                break;
            case SCALAR:
                p.set("type", array(List.of("string", "number", "boolean")));
                break;
            case ANY:
                break;
            case STRING:
                p.put("type", "string");
                stringSchema(a, p);
                break;
            default:
                p.put("type", a.type().wire());
                break;
        }
        if (a.minimum() != null) {
            p.set("minimum", number(a.minimum()));
        }
        if (a.maximum() != null) {
            p.set("maximum", number(a.maximum()));
        }
        if (a.defaultValue() != null) {
            p.set("default", a.defaultValue());
        }
        putIf(p, "description", a.help());
        return p;
    }

    private static void stringSchema(Arg a, ObjectNode p) {
        if (a.choices() != null) {
            p.set("enum", array(a.choices()));
        }
        if (a.minLength() != null) {
            p.put("minLength", a.minLength());
        }
        if (a.isName()) {
            p.put("maxLength", Names.MAX_LENGTH);
        }
    }

    @Override
    public String toString() {
        return "OpDescription[" + op + "]";
    }

    // ---- helpers ----

    /** {@code camelCase} as {@code camel-case}. */
    static String kebab(String name) {
        StringBuilder b = new StringBuilder();
        for (char c : name.toCharArray()) {
            if (Character.isUpperCase(c)) {
                b.append('-').append(Character.toLowerCase(c));
            } else {
                b.append(c == '_' ? '-' : c);
            }
        }
        return b.toString();
    }

    private static void unknownKeys(JsonNode o, Set<String> known, String where) {
        for (Iterator<String> it = o.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (!known.contains(k)) {
                List<String> near = Nearest.of(k, known, 1);
                throw new IllegalArgumentException(where + ": unknown key '" + Names.quoted(k) + "'"
                        + (near.isEmpty() ? "" : " (did you mean '" + near.get(0) + "'?)") + "; keys are "
                        + known.stream().sorted().collect(Collectors.joining(", ")));
            }
        }
    }

    private static String text(JsonNode o, String key, boolean required) {
        JsonNode v = o.get(key);
        if (v == null || v.isNull()) {
            if (required) {
                throw new IllegalArgumentException("'" + key + "' is required");
            }
            return null;
        }
        if (!v.isTextual() || (required && v.textValue().isEmpty())) {
            throw new IllegalArgumentException("'" + key + "' must be a " + (required ? "non-empty " : "") + "string");
        }
        return v.textValue();
    }

    private static boolean bool(JsonNode o, String key, boolean fallback) {
        JsonNode v = o.get(key);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isBoolean()) {
            throw new IllegalArgumentException("'" + key + "' must be true or false");
        }
        return v.booleanValue();
    }

    private static Long longOf(JsonNode o, String key, String where) {
        JsonNode v = o.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new IllegalArgumentException(where + ": '" + key + "' must be an integer");
        }
        return v.longValue();
    }

    private static Integer intOf(JsonNode o, String key, String where) {
        Long v = longOf(o, key, where);
        if (v != null && (v < 0 || v > Integer.MAX_VALUE)) {
            throw new IllegalArgumentException(where + ": '" + key + "' must be a count");
        }
        return v == null ? null : v.intValue();
    }

    /** A number as JSON reads it back: an int where it fits, so a served description equals its reading. */
    private static JsonNode number(long v) {
        return v == (int) v ? JsonNodeFactory.instance.numberNode((int) v) : JsonNodeFactory.instance.numberNode(v);
    }

    private static void putIf(ObjectNode o, String key, String value) {
        if (value != null) {
            o.put(key, value);
        }
    }

    private static String kind(JsonNode v) {
        return v.getNodeType().name().toLowerCase(Locale.ROOT);
    }

    private static ArrayNode array(Collection<String> values) {
        ArrayNode a = Wire.mapper().createArrayNode();
        values.forEach(a::add);
        return a;
    }
}
