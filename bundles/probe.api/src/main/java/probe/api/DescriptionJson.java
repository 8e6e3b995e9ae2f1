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
import probe.api.OpDescription.Type;
import probe.api.wire.Wire;

/**
 * An {@link OpDescription}'s JSON form, both ways (since 1.7): read from a description file or from
 * what {@code probe.describe} served ({@link OpDescription#read}, {@link OpDescription#of}), strictly,
 * each wrong key named; and written as the probe serves it ({@link #served}). Reading and writing are
 * kept together so that the keys are named once and what is served reads back as the same description.
 */
public final class DescriptionJson {

    private static final Set<String> OP_KEYS = Set.of("op", "verb", "title", "summary", "help", "acts", "destructive", "receipt",
            "args", "declared", "schema", "reply", "says", "waits", "waitArg", "positional", "connection");
    private static final Set<String> ARG_KEYS = Set.of("name", "type", "required", "default", "minimum", "maximum", "enum",
            "minLength", "maxItems", "format", "secret", "option", "label", "help");

    private DescriptionJson() {
    }

    // ---- reading ----

    static OpDescription read(InputStream in) throws IOException {
        JsonNode tree;
        try {
            tree = Wire.mapper().readTree(in);
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
                bool(a, "secret", false), option, text(a, "label", false), text(a, "help", false));
        if (arg.defaultValue() != null) {
            try {
                RequestCheck.value(arg, arg.defaultValue());
            } catch (ProbeException x) {
                throw new IllegalArgumentException(where + ": its default " + x.getMessage().replaceFirst("^argument '[^']*' ", ""));
            }
        }
        return arg;
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
            }
        }
        o.set("schema", ArgsSchema.of(d));
        return o;
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
        ArrayNode a = Wire.mapper().createArrayNode();
        values.forEach(a::add);
        return a;
    }
}
