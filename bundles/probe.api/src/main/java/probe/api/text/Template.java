package probe.api.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import probe.api.wire.Json;

/**
 * A sentence an op's description writes about its reply ({@code "says": "clicked {identifier}[ at
 * {clicked|point}]"}), so that every front end words a plugin's op as its author does and no front end
 * names an op. A template is parsed once ({@link #parse}, which refuses a malformed one with what is
 * wrong) and filled per reply ({@link #fill}).
 *
 * <ul>
 * <li>{@code {name}} is that field of the reply, else of the request; {@code {a.b}} a field of a
 * field; {@code {@name}} the reply's field only, never the request's; {@code {.}} the reply (or the entry being worded) itself. A secret argument of the request is never filled, only its length ({@code {text|len}}).
 * <li>{@code [...]} shows only when every field in it has a value (groups nest).
 * <li>{@code {name|filter|filter:arg}} passes the value through filters, left to right ({@link #FILTERS}).
 * <li>A field outside any group with no value makes the whole sentence fail: {@link #fill} answers null,
 * and the description's next sentence is tried.
 * </ul>
 *
 * A value has none when it is absent, null, an empty string or an empty array. Text is shown as
 * {@link Listing#bare}, whole (the {@code text} and {@code quote} filters cut it at {@link Listing#MAX_TEXT}), a list of plain values comma separated,
 * anything else as one line of JSON. Immutable and thread-safe.
 */
public final class Template {
    /**
     * The filters, each described for a message: a filter's name, then its arguments after colons.
     * Every one answers "no value" for no value, unless said otherwise.
     */
    public static final Map<String, String> FILTERS = filters();

    private static Map<String, String> filters() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("quote", "text in double quotes, anything else as JSON");
        m.put("text", "text as it is, without quotes even when it has spaces (cut when long)");
        m.put("point", "an array of numbers as [x,y] or [x,y,w,h]");
        m.put("count", "count:NOUN[:PLURAL]: a number, or an array's size, with its noun: 1 character, 5 characters");
        m.put("abs", "a number without its sign");
        m.put("join", "join:SEP: an array's values joined by SEP");
        m.put("len", "a text's length or an array's size (the only filter a secret argument takes)");
        m.put("is", "is:V: the value when it is V, else no value");
        m.put("not", "not:V: the value unless it is V");
        m.put("sign", "sign:POS:NEG: POS for a number above 0, NEG below, no value for 0");
        m.put("true", "true:WORDS: WORDS when the value is true, else no value");
        m.put("false", "false:WORDS: WORDS when the value is false, else no value");
        m.put("empty", "the value when it is an empty array or text (which otherwise has no value)");
        m.put("no", "a value (shown as nothing) when there is none, and none when there is one");
        m.put("hide", "shows nothing, but needs the value");
        m.put("where", "where:FIELD=V: the entries of an array whose FIELD is V");
        m.put("tally", "tally:FIELD: an array's entries counted by their FIELD: 2 unnamed, 1 disabled");
        m.put("line", "a control's line as gui.list's text shows it");
        return java.util.Collections.unmodifiableMap(m); // in the order a message lists them
    }

    /** The filters whose result is words to show as they are, not a value to show plain. */
    private static final java.util.Set<String> WORDS = java.util.Set.of("text", "quote", "point", "count", "join", "sign", "true", "false",
            "tally", "line");

    /**
     * A value shown as nothing (filters hide, no, empty), compared by identity: its own instance, as
     * {@code TextNode.valueOf("")} is Jackson's shared empty text, which a reply's "" also is.
     */
    private static final JsonNode NOTHING = new TextNode("");

    private final String source;
    private final List<Part> parts;

    private Template(String source, List<Part> parts) {
        this.source = source;
        this.parts = parts;
    }

    /** The template as written. */
    public String source() {
        return source;
    }

    @Override
    public String toString() {
        return source;
    }

    /** Two templates are equal when written alike. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Template t && t.source.equals(source);
    }

    @Override
    public int hashCode() {
        return source.hashCode();
    }

    /**
     * Reads {@code source}.
     *
     * @throws IllegalArgumentException saying what is wrong: an unclosed brace or bracket, an empty
     *         field, an unknown filter
     */
    public static Template parse(String source) {
        int[] at = {0};
        List<Part> parts = parts(source, at, false);
        return new Template(source, List.copyOf(parts));
    }

    private static List<Part> parts(String s, int[] at, boolean inGroup) {
        List<Part> out = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        while (at[0] < s.length()) {
            char c = s.charAt(at[0]);
            if (c == ']') {
                if (!inGroup) {
                    throw new IllegalArgumentException("']' at " + at[0] + " closes no '[' in \"" + s + "\"");
                }
                at[0]++;
                flush(out, text);
                return out;
            }
            if (c == '[') {
                flush(out, text);
                at[0]++;
                out.add(new Group(List.copyOf(parts(s, at, true))));
                continue;
            }
            if (c == '{') {
                int close = s.indexOf('}', at[0]);
                if (close < 0) {
                    throw new IllegalArgumentException("'{' at " + at[0] + " is not closed in \"" + s + "\"");
                }
                flush(out, text);
                out.add(field(s.substring(at[0] + 1, close), s));
                at[0] = close + 1;
                continue;
            }
            if (c == '}') {
                throw new IllegalArgumentException("'}' at " + at[0] + " closes no '{' in \"" + s + "\"");
            }
            text.append(c);
            at[0]++;
        }
        if (inGroup) {
            throw new IllegalArgumentException("'[' is not closed in \"" + s + "\"");
        }
        flush(out, text);
        return out;
    }

    private static void flush(List<Part> out, StringBuilder text) {
        if (text.length() > 0) {
            out.add(new Text(text.toString()));
            text.setLength(0);
        }
    }

    private static Field field(String inside, String s) {
        String[] pieces = inside.split("\\|", -1);
        String path = pieces[0].strip();
        boolean replyOnly = path.startsWith("@");
        path = replyOnly ? path.substring(1) : path;
        if (path.isEmpty() || !(path.equals(".") || path.matches("[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*"))) {
            throw new IllegalArgumentException("'{" + inside + "}' must name a field, such as {identifier} or {target.identifier}, in \""
                    + s + "\"");
        }
        List<String[]> filters = new ArrayList<>();
        for (int i = 1; i < pieces.length; i++) {
            String[] f = pieces[i].split(":", -1);
            if (!FILTERS.containsKey(f[0])) {
                throw new IllegalArgumentException("unknown filter '" + f[0] + "' in \"" + s + "\"; filters are "
                        + String.join(", ", FILTERS.keySet()));
            }
            int need = switch (f[0]) {
                case "join", "is", "not", "true", "false", "where", "tally" -> 1;
                case "sign" -> 2;
                default -> 0;
            };
            if (f[0].equals("count") ? f.length < 2 || f.length > 3 : f.length - 1 != need) {
                throw new IllegalArgumentException("filter '" + pieces[i] + "' in \"" + s + "\": " + FILTERS.get(f[0]));
            }
            if (f[0].equals("where") && !f[1].contains("=")) {
                throw new IllegalArgumentException("filter '" + pieces[i] + "' in \"" + s + "\": " + FILTERS.get("where"));
            }
            filters.add(f);
        }
        return new Field(path.equals(".") ? new String[0] : path.split("\\."), replyOnly, List.copyOf(filters));
    }

    /**
     * The sentence filled from {@code data} (the reply), then {@code asked} (the request), or null when a
     * field outside every group has no value.
     *
     * @param secret whether a request's argument of that name is secret (filled only as its length)
     */
    public String fill(JsonNode data, JsonNode asked, Function<String, Boolean> secret) {
        StringBuilder b = new StringBuilder();
        return fill(parts, data, asked, secret, b, false) ? b.toString() : null;
    }

    /**
     * The first of {@code templates} that fills; when none does, the last with {@code ?} for each field
     * outside a group that has no value; null when there are none.
     */
    public static String first(List<Template> templates, JsonNode data, JsonNode asked, Function<String, Boolean> secret) {
        for (Template t : templates) {
            String s = t.fill(data, asked, secret);
            if (s != null) {
                return s;
            }
        }
        if (templates.isEmpty()) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        fill(templates.get(templates.size() - 1).parts, data, asked, secret, b, true);
        return b.toString();
    }

    private static boolean fill(List<Part> parts, JsonNode data, JsonNode asked, Function<String, Boolean> secret, StringBuilder out,
            boolean unknown) {
        for (Part p : parts) {
            if (p instanceof Text t) {
                out.append(t.text);
            } else if (p instanceof Group g) {
                StringBuilder inner = new StringBuilder();
                if (fill(g.parts, data, asked, secret, inner, false)) {
                    out.append(inner);
                }
            } else {
                String v = ((Field) p).value(data, asked, secret);
                if (v == null && unknown) {
                    v = "?";
                } else if (v == null) {
                    return false;
                }
                out.append(v);
            }
        }
        return true;
    }

    private interface Part {
    }

    private record Text(String text) implements Part {
    }

    private record Group(List<Part> parts) implements Part {
    }

    private record Field(String[] path, boolean replyOnly, List<String[]> filters) implements Part {
        String value(JsonNode data, JsonNode asked, Function<String, Boolean> secret) {
            JsonNode v = at(data, path);
            if (v == null && path.length > 0 && !replyOnly) {
                boolean hidden = secret.apply(path[0]);
                if (!hidden || (!filters.isEmpty() && filters.get(0)[0].equals("len"))) {
                    v = at(asked, path);
                }
            }
            boolean words = false;
            for (String[] f : filters) {
                v = apply(f, v);
                words = WORDS.contains(f[0]);
            }
            if (v == NOTHING) {
                return "";
            }
            if (none(v)) {
                return null;
            }
            // A filter that words a value gives the words as they are; a value is shown plain.
            return words ? v.asText() : plain(v);
        }
    }

    private static JsonNode at(JsonNode node, String[] path) {
        JsonNode v = node;
        for (String p : path) {
            if (v == null || !v.isObject()) {
                return null;
            }
            v = v.get(p);
        }
        return v == null || v.isNull() || v.isMissingNode() ? null : v;
    }

    /** Whether {@code v} has no value: absent, null, or an empty string or array. */
    static boolean none(JsonNode v) {
        return v == null || v.isNull() || v.isMissingNode() || (v.isTextual() && v.textValue().isEmpty())
                || (v.isArray() && v.isEmpty());
    }

    private static JsonNode apply(String[] f, JsonNode v) {
        JsonNodeFactory n = JsonNodeFactory.instance;
        if (v == NOTHING) {
            // A value shown as nothing stays so; "no" of it is none.
            return f[0].equals("no") ? null : NOTHING;
        }
        switch (f[0]) {
            case "no":
                return none(v) ? NOTHING : null;
            case "empty":
                return v != null && ((v.isArray() && v.isEmpty()) || (v.isTextual() && v.textValue().isEmpty())) ? NOTHING : null;
            default:
                break;
        }
        if (none(v)) {
            return null;
        }
        switch (f[0]) {
            case "text":
                return TextNode.valueOf(v.isTextual() ? cut(v.textValue()) : plain(v));
            case "quote":
                return TextNode.valueOf(v.isTextual() ? Listing.quote(v.textValue()) : Json.compact(v));
            case "point": {
                StringBuilder b = new StringBuilder("[");
                for (int i = 0; i < v.size(); i++) {
                    b.append(i > 0 ? "," : "").append(v.get(i).asText());
                }
                return TextNode.valueOf(b.append(']').toString());
            }
            case "count": {
                long c = v.isArray() ? v.size() : v.asLong();
                String noun = c == 1 ? f[1] : f.length > 2 ? f[2] : f[1] + "s";
                return TextNode.valueOf(c + " " + noun);
            }
            case "abs":
                return v.isNumber() ? n.numberNode(Math.abs(v.asLong())) : v;
            case "join": {
                List<String> parts = new ArrayList<>();
                v.forEach(e -> parts.add(plain(e)));
                return TextNode.valueOf(String.join(f[1], parts));
            }
            case "len":
                return IntNode.valueOf(v.isTextual() ? v.textValue().length() : v.size());
            case "is":
                return plain(v).equals(f[1]) ? v : null;
            case "not":
                return plain(v).equals(f[1]) ? null : v;
            case "sign": {
                long s = v.asLong();
                return s > 0 ? TextNode.valueOf(f[1]) : s < 0 ? TextNode.valueOf(f[2]) : null;
            }
            case "true":
                return v.isBoolean() && v.booleanValue() ? TextNode.valueOf(f[1]) : null;
            case "false":
                return v.isBoolean() && !v.booleanValue() ? TextNode.valueOf(f[1]) : null;
            case "hide":
                return NOTHING;
            case "where": {
                if (!v.isArray()) {
                    return null;
                }
                int eq = f[1].indexOf('=');
                String field = f[1].substring(0, eq);
                String want = f[1].substring(eq + 1);
                ArrayNode kept = n.arrayNode();
                for (JsonNode e : v) {
                    if (e.path(field).isValueNode() && e.path(field).asText().equals(want)) {
                        kept.add(e);
                    }
                }
                return kept;
            }
            case "tally": {
                if (!v.isArray()) {
                    return null;
                }
                Map<String, Integer> counts = new LinkedHashMap<>();
                for (JsonNode e : v) {
                    String k = e.path(f[1]).isValueNode() ? e.path(f[1]).asText() : f[1];
                    counts.merge(k, 1, Integer::sum);
                }
                List<String> parts = new ArrayList<>();
                counts.forEach((k, c) -> parts.add(c + " " + k));
                return TextNode.valueOf(String.join(", ", parts));
            }
            case "line":
                return TextNode.valueOf(Listing.line(v));
            default:
                throw new IllegalStateException("filter " + f[0]);
        }
    }

    private static String cut(String s) {
        return s.length() <= Listing.MAX_TEXT ? s : s.substring(0, Listing.MAX_TEXT) + "...";
    }

    /**
     * One value on a line: text {@link Listing#bare}, whole (a bare field is an identifier, a name, a
     * key or a number, which a client takes as it is: a tree row's path is often longer than a
     * label's cut; free text goes through {@code text} or {@code quote}, which cut it), a list of
     * plain values comma separated, else JSON.
     */
    public static String plain(JsonNode v) {
        if (v.isTextual()) {
            return Listing.bare(v.textValue());
        }
        if (v.isArray()) {
            List<String> parts = new ArrayList<>();
            for (JsonNode e : v) {
                if (e.isContainerNode()) {
                    return Json.compact(v);
                }
                parts.add(plain(e));
            }
            return parts.isEmpty() ? "(none)" : String.join(", ", parts);
        }
        return Json.compact(v);
    }

}
