package probe.client.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import probe.api.OpDescription;
import probe.api.OpDescription.Arg;

/**
 * An op's reply in a person's words, chosen by the form its description names
 * ({@link OpDescription#reply}): the one place every front end (hvm-dbg, the Gogo commands, the MCP
 * server) takes an op's wording from, so that none of them switches over op names and a plugin's op
 * reads as well as a contract op. What the request asked fills what the reply leaves out (the
 * identifier typed into, the dialog waited for); a secret argument never does.
 */
public final class Wording {
    private Wording() {
    }

    /**
     * The reply's first lines, without the receipt: what a front end that places the receipt
     * elsewhere (the MCP server, a line of its own: {@link Receipt#line}) shows.
     *
     * @param d the op's description
     * @param data the reply's data (may be null)
     * @param args the request's arguments (may be null)
     */
    public static String head(OpDescription d, JsonNode data, JsonNode args) {
        JsonNode asked = args == null ? JsonNodeFactory.instance.objectNode() : args;
        switch (d.reply()) {
            case ITEMS:
                return Readable.list(data);
            case DIALOG:
                return Readable.dialog(data);
            case AUDIT:
                return Readable.audit(data, data != null && clean(data) ? data.path("checked").asInt(-1) : -1);
            case IMAGE:
                if (data == null || !data.isObject()) {
                    return "no image";
                }
                return data.has("marks") ? Readable.marks(data)
                        : "a " + data.path("width").asText("?") + "x" + data.path("height").asText("?") + " image";
            case CLICKED:
                return Readable.clicked(withoutPoint(filled(data, asked, "identifier", "button", "count"), "clicked"));
            case SELECTED:
                return Readable.selected(filled(data, asked, "identifier", "label"));
            case HOVERED:
                return Readable.hovered(withoutPoint(filled(data, asked, "identifier"), "at"));
            case SCROLLED:
                return Readable.scrolled(withoutPoint(filled(data, asked, "identifier", "dx", "dy"), "at"));
            case TYPED: {
                ObjectNode typed = filled(data, asked, "identifier");
                if (!typed.has("typed") && asked.path("text").isTextual()) {
                    typed.put("typed", asked.path("text").textValue().length()); // how many, never what
                }
                return Readable.typed(typed);
            }
            case PRESSED: {
                ObjectNode pressed = filled(data, asked, "key", "modifiers");
                if (!pressed.has("target") && asked.hasNonNull("identifier")) {
                    pressed.set("target", asked.get("identifier"));
                }
                return Readable.pressed(pressed);
            }
            case WAITED: {
                String identifier = asked.path("identifier").asText(null);
                if (asked.hasNonNull("value")) {
                    return Readable.waitedValue(filled(data, asked, "value"), identifier == null ? "?" : identifier);
                }
                String dialog = asked.path("dialog").asText(null);
                return Readable.waited(filled(data, asked, "state"),
                        identifier != null ? identifier : dialog != null ? "dialog " + dialog : "the GUI");
            }
            case SENTENCE:
                return fill(d, d.says(), data, asked);
            default:
                return Readable.generic(d.op(), data);
        }
    }

    /** The reply in full: {@link #head}, then the receipt when the op gives one. What hvm-dbg and the Gogo commands print. */
    public static String say(OpDescription d, JsonNode data, JsonNode args) {
        String head = head(d, data, args);
        if (!d.receipt() || d.reply() == OpDescription.Reply.FIELDS) {
            return head; // the fields' lines end with the receipt already
        }
        // A tooltip the hover showed is named in the head: no receipt lists it, so "nothing" would be wrong.
        boolean tooltip = d.reply() == OpDescription.Reply.HOVERED && data != null && data.path("tooltip").isTextual();
        return head + Readable.receipt(data, tooltip ? "no other change" : Readable.NO_CHANGE);
    }

    /** Whether an audit found nothing to fix. */
    private static boolean clean(JsonNode data) {
        JsonNode problems = data == null ? null : data.get("problems");
        return problems == null || !problems.isArray() || problems.isEmpty();
    }

    /** The reply's fields, with those of {@code names} it lacks taken from the request. */
    private static ObjectNode filled(JsonNode data, JsonNode asked, String... names) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        for (String n : names) {
            if (asked.hasNonNull(n)) {
                o.set(n, asked.get(n));
            }
        }
        if (data != null && data.isObject()) {
            o.setAll((ObjectNode) data);
        }
        return o;
    }

    /** Where the pointer went, left out when a receipt follows: it says more, and the data has the point. */
    private static JsonNode withoutPoint(ObjectNode data, String field) {
        if (data.path("effects").isObject()) {
            data.remove(field);
        }
        return data;
    }

    /**
     * A {@link OpDescription.Reply#SENTENCE}: each {@code {name}} is that field of the reply, else of
     * the request (never a secret one), as a line shows values; a part in {@code [...]} shows only
     * when every field it names has a value; a field without one elsewhere is {@code ?}.
     */
    static String fill(OpDescription d, String says, JsonNode data, JsonNode asked) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < says.length()) {
            char c = says.charAt(i);
            if (c == '[') {
                int end = says.indexOf(']', i);
                if (end < 0) {
                    end = says.length();
                }
                StringBuilder part = new StringBuilder();
                if (fields(d, says.substring(i + 1, end), data, asked, part, true)) {
                    out.append(part);
                }
                i = end + 1;
            } else {
                int end = says.indexOf('[', i);
                end = end < 0 ? says.length() : end;
                fields(d, says.substring(i, end), data, asked, out, false);
                i = end;
            }
        }
        return out.toString();
    }

    /** Appends {@code text} with its fields filled; false (with {@code optional}) as soon as one has no value. */
    private static boolean fields(OpDescription d, String text, JsonNode data, JsonNode asked, StringBuilder out, boolean optional) {
        int i = 0;
        while (i < text.length()) {
            int open = text.indexOf('{', i);
            int close = open < 0 ? -1 : text.indexOf('}', open);
            if (close < 0) {
                out.append(text, i, text.length());
                return true;
            }
            out.append(text, i, open);
            JsonNode v = value(d, text.substring(open + 1, close), data, asked);
            if (v == null) {
                if (optional) {
                    return false;
                }
                out.append('?');
            } else {
                out.append(Readable.plain(v));
            }
            i = close + 1;
        }
        return true;
    }

    private static JsonNode value(OpDescription d, String name, JsonNode data, JsonNode asked) {
        JsonNode v = data != null && data.isObject() ? data.get(name) : null;
        if (v == null || v.isNull()) {
            boolean secret = d.arg(name).map(Arg::secret).orElse(false);
            v = secret ? null : asked.get(name);
        }
        return v == null || v.isNull() ? null : v;
    }
}
