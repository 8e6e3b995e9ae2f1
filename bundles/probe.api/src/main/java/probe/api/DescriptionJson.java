package probe.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import probe.api.OpDescription.Arg;
import probe.api.OpDescription.Front;
import probe.api.OpDescription.Reply;
import probe.api.OpDescription.Shows;
import probe.api.OpDescription.Type;
import probe.api.text.Template;
import probe.api.wire.Json;
import probe.api.wire.Wire;

/**
 * An {@link OpDescription}'s JSON form, both ways: read from a description file or from
 * what {@code probe.describe} served ({@link OpDescription#read}, {@link OpDescription#of}), strictly,
 * each wrong key named; and written as the probe serves it ({@link #served}). Reading and writing are
 * kept together so that the keys are named once and what is served reads back as the same description.
 */
public final class DescriptionJson {

    private static final Set<String> OP_KEYS = Set.of("op", "verb", "title", "summary", "help", "acts", "destructive", "receipt",
            "args", "declared", "schema", "reply", "says", "waits", "waitArg", "positional", "connection");
    private static final Set<String> ARG_KEYS = Set.of("name", "type", "required", "default", "minimum", "maximum", "enum",
            "minLength", "maxItems", "format", "secret", "option", "label", "help", "flags", "detail");
    private static final Set<String> REPLY_KEYS = Set.of("says", "shows", "of", "each", "then", "quiet", "strict");

    private DescriptionJson() {
    }

    // ---- reading ----

    static OpDescription read(InputStream in) throws IOException {
        JsonNode tree;
        try {
            tree = Json.parse(in.readAllBytes());
        } catch (IOException e) {
            throw new IOException("not JSON: " + e.getMessage(), e);
        }
        try {
            return read(tree);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    static OpDescription read(JsonNode tree) {
        if (tree == null || !tree.isObject()) {
            throw new IllegalArgumentException("a description is a JSON object");
        }
        unknownKeys(tree, OP_KEYS, "the description");
        String op = text(tree, "op", true);
        if (!Names.isOpName(op)) {
            throw new IllegalArgumentException("'op' must be a dotted name such as gui.click, got '" + Names.quoted(op) + "'");
        }
        String verb = text(tree, "verb", false);
        if (verb == null) {
            verb = op;
        } else if (!verb.equals(op) && !Names.isVerb(verb)) {
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
            for (Arg a : OpDescription.receiptArgs()) {
                args.putIfAbsent(a.name(), a);
            }
        }
        return new OpDescription(op, verb, text(tree, "title", false), text(tree, "summary", false), text(tree, "help", false), acts,
                acts && bool(tree, "destructive", acts), receipt, declared, args, open, front(tree, args));
    }

    /** The keys of {@link Front}, checked against the arguments they name. */
    private static Front front(JsonNode tree, Map<String, Arg> args) {
        Reply reply = reply(tree);
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
        return new Front(reply, bool(tree, "waits", false) || waitArg != null, waitArg, List.copyOf(positional),
                bool(tree, "connection", false));
    }

    /**
     * How the reply reads: {@code "reply": {"says", "shows", "of", "each", "then", "quiet", "strict"}};
     * {@code "says"} beside it is short for {@code "reply": {"says": ...}}. A name alone is what an older probe
     * serves ({@code "reply": "items"}): it is read as what it showed, its sentences left to {@link Reply#FIELDS}'s lines.
     */
    private static Reply reply(JsonNode tree) {
        JsonNode r = tree.get("reply");
        JsonNode says = tree.get("says");
        if (r != null && r.isTextual()) {
            return older(r.textValue(), says);
        }
        if (r == null || r.isNull()) {
            if (says == null || says.isNull()) {
                return Reply.FIELDS;
            }
            return new Reply(templates(says, "says"), Shows.NONE, null, List.of(), List.of(), List.of(), null);
        }
        if (!r.isObject()) {
            throw new IllegalArgumentException("'reply' must be an object, such as {\"says\": \"echoed {text}\"}");
        }
        if (says != null && !says.isNull()) {
            throw new IllegalArgumentException("'says' goes in 'reply' when there is one");
        }
        unknownKeys(r, REPLY_KEYS, "'reply'");
        List<Template> sentences = templates(r.get("says"), "says");
        String shown = text(r, "shows", false);
        Shows shows = shown != null ? Shows.of(shown) : sentences.isEmpty() ? Shows.FIELDS : Shows.NONE;
        String of = text(r, "of", false);
        if (shows == Shows.CONTROLS && of == null) {
            throw new IllegalArgumentException("'reply': shows controls needs 'of', the reply's field that holds them, such as \"items\"");
        }
        List<Template> each = templates(r.get("each"), "each");
        if (!each.isEmpty() && of == null) {
            throw new IllegalArgumentException("'reply': 'each' needs 'of', the reply's array field whose entries it words");
        }
        return new Reply(sentences, shows, of, each, templates(r.get("then"), "then"), templates(r.get("quiet"), "quiet"),
                text(r, "strict", false));
    }

    /** A sentence or a list of them, each read as a {@link Template}; none for null. */
    private static List<Template> templates(JsonNode v, String key) {
        if (v == null || v.isNull()) {
            return List.of();
        }
        List<Template> out = new ArrayList<>();
        if (v.isTextual()) {
            out.add(template(v.textValue(), key));
        } else if (v.isArray() && !v.isEmpty()) {
            for (JsonNode t : v) {
                if (!t.isTextual()) {
                    throw new IllegalArgumentException("'" + key + "' must be a sentence or a list of them");
                }
                out.add(template(t.textValue(), key));
            }
        } else {
            throw new IllegalArgumentException("'" + key + "' must be a sentence or a non-empty list of them");
        }
        return out;
    }

    private static Template template(String s, String key) {
        try {
            return Template.parse(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + key + "': " + e.getMessage(), e);
        }
    }

    /** What an older probe's reply form showed; its own sentences are not known here. */
    private static Reply older(String form, JsonNode says) {
        switch (form) {
            case "items":
                return new Reply(List.of(), Shows.CONTROLS, "items", List.of(), List.of(), List.of(), null);
            case "dialog":
                return new Reply(List.of(), Shows.CONTROLS, "controls", List.of(), List.of(), List.of(), null);
            case "audit":
                return new Reply(List.of(), Shows.CONTROLS, "problems", List.of(), List.of(), List.of(), "problems");
            case "image":
                return new Reply(List.of(), Shows.IMAGE, null, List.of(), List.of(), List.of(), null);
            case "events":
                return new Reply(List.of(), Shows.EVENTS, null, List.of(), List.of(), List.of(), null);
            case "sentence":
                if (says == null || says.isNull()) {
                    throw new IllegalArgumentException("'reply' sentence needs 'says', the sentence, such as \"echoed {text}\"");
                }
                return new Reply(templates(says, "says"), Shows.NONE, null, List.of(), List.of(), List.of(), null);
            case "fields", "clicked", "selected", "hovered", "scrolled", "typed", "pressed", "waited":
                return Reply.FIELDS;
            default:
                throw new IllegalArgumentException("unknown reply '" + Names.quoted(form) + "': 'reply' is an object, such as"
                        + " {\"says\": \"echoed {text}\", \"shows\": \"fields\"}");
        }
    }

    private static Arg arg(JsonNode a) {
        if (!a.isObject()) {
            throw new IllegalArgumentException("each of 'args' must be an object, such as {\"name\": \"identifier\", \"type\": \"string\"}");
        }
        String name = text(a, "name", true);
        if (!Names.isArgName(name)) {
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
        if (option != null && !Names.isOption(option)) {
            throw new IllegalArgumentException(where + ": 'option' must be spelt like --settle-ms");
        }
        Arg arg = new Arg(name, type, bool(a, "required", false), a.get("default"), longOf(a, "minimum", where),
                longOf(a, "maximum", where), choices, intOf(a, "minLength", where), intOf(a, "maxItems", where), format != null,
                bool(a, "secret", false), option, text(a, "label", false), text(a, "help", false), flags(a, where),
                bool(a, "detail", false));
        for (JsonNode v : arg.flags().values()) {
            try {
                RequestCheck.value(arg, v);
            } catch (ProbeException x) {
                throw new IllegalArgumentException(where + ": a flag's value " + x.getMessage().replaceFirst("^argument '[^']*' ", ""));
            }
        }
        if (arg.defaultValue() != null) {
            try {
                RequestCheck.value(arg, arg.defaultValue());
            } catch (ProbeException x) {
                throw new IllegalArgumentException(where + ": its default " + x.getMessage().replaceFirst("^argument '[^']*' ", ""));
            }
        }
        return arg;
    }

    /** {@code "flags": {"double": 2}}: words a command line takes for a value of the argument ({@code --double}). */
    private static Map<String, JsonNode> flags(JsonNode a, String where) {
        JsonNode f = a.get("flags");
        if (f == null || f.isNull()) {
            return Map.of();
        }
        if (!f.isObject()) {
            throw new IllegalArgumentException(where + ": 'flags' must be an object of words and values, such as {\"double\": 2}");
        }
        Map<String, JsonNode> m = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = f.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!Names.isVerb(e.getKey())) {
                throw new IllegalArgumentException(where + ": flag '" + Names.quoted(e.getKey()) + "' must be lower case letters, digits and dashes");
            }
            m.put(e.getKey(), e.getValue());
        }
        return m;
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

    // ---- serving it ----

    /**
     * The description as the probe serves it ({@code probe.describe}): the file's fields with the
     * receipt's arguments written out, and {@code schema}, the arguments as JSON Schema
     * ({@link ArgsSchema#of(OpDescription)}). {@link OpDescription#of} reads it back as the same description.
     */
    public static ObjectNode served(OpDescription d) {
        ObjectNode o = Wire.object();
        o.put("op", d.op());
        o.put("verb", d.verb());
        putIf(o, "title", d.title());
        putIf(o, "summary", d.summary());
        putIf(o, "help", d.help());
        o.put("acts", d.acts());
        if (d.acts()) {
            o.put("destructive", d.destructive());
        }
        if (d.receipt()) {
            o.put("receipt", true);
        }
        if (!d.declared()) {
            o.put("declared", false);
        }
        Front front = d.front();
        if (!front.reply().equals(Reply.FIELDS)) {
            o.set("reply", reply(front.reply()));
        }
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
        if (d.open()) {
            o.putNull("args");
        } else {
            ArrayNode list = o.putArray("args");
            for (Arg a : d.argsByName().values()) {
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
                if (!a.flags().isEmpty()) {
                    ObjectNode flags = j.putObject("flags");
                    a.flags().forEach(flags::set);
                }
                if (a.detail()) {
                    j.put("detail", true);
                }
            }
        }
        o.set("schema", ArgsSchema.of(d));
        return o;
    }

    /** The reply's wording as a description writes it. */
    private static ObjectNode reply(Reply r) {
        ObjectNode o = Wire.object();
        sentences(o, "says", r.says());
        o.put("shows", r.shows().wire());
        putIf(o, "of", r.of());
        sentences(o, "each", r.each());
        sentences(o, "then", r.then());
        sentences(o, "quiet", r.quiet());
        putIf(o, "strict", r.strict());
        return o;
    }

    private static void sentences(ObjectNode o, String key, List<Template> ts) {
        if (ts.size() == 1) {
            o.put(key, ts.get(0).source());
        } else if (!ts.isEmpty()) {
            ArrayNode a = o.putArray(key);
            ts.forEach(t -> a.add(t.source()));
        }
    }

    // ---- the JSON helpers every part of a description writes with ----

    /** A number as JSON reads it back: an int where it fits, so a served description equals its reading. */
    static JsonNode number(long v) {
        return v == (int) v ? JsonNodeFactory.instance.numberNode((int) v) : JsonNodeFactory.instance.numberNode(v);
    }

    static void putIf(ObjectNode o, String key, String value) {
        if (value != null) {
            o.put(key, value);
        }
    }

    static ArrayNode array(Collection<String> values) {
        ArrayNode a = Wire.array();
        values.forEach(a::add);
        return a;
    }
}
