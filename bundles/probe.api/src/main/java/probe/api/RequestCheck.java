package probe.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import probe.api.OpDescription.Arg;
import probe.api.wire.Wire;

/**
 * The check of a request's arguments against its op's {@link OpDescription}, the same
 * wherever it runs: the transport before the op runs ({@link OpTable#call} in-process), and the
 * clients (hvm-dbg, its MCP tools, the Gogo commands) before they send, so that a person or a model
 * is told, in the same words, what an argument accepts.
 */
public final class RequestCheck {

    /** Suggestions per unknown key. */
    private static final int NEAREST = 3;

    private RequestCheck() {
    }

    /**
     * Checks a request's {@code args} against the description {@code d}, before the op runs, and
     * gives them with each absent argument's default filled in (a new object; {@code args} is not
     * changed). A JSON null counts as absent.
     *
     * @param request the request's arguments, or null for none
     * @throws ProbeException {@code gui.invalid_args} naming the argument and what it accepts
     *     ({@code details.argument}, {@code details.accepts}); for keys it does not take,
     *     {@code details.unknown} (in request order), {@code details.accepted} (sorted) and
     *     {@code details.nearest} (the accepted names nearest to the first unknown key)
     */
    public static ObjectNode check(OpDescription d, ObjectNode request) throws ProbeException {
        ObjectNode in = request == null ? Wire.object() : request;
        if (d.open()) {
            return in.deepCopy();
        }
        Map<String, Arg> args = d.argsByName();
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
            throw unknown(d.op(), args.keySet(), unknown);
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
            value(a, v);
            out.set(a.name(), v);
        }
        return out;
    }

    private static ProbeException unknown(String op, Set<String> names, List<String> unknown) {
        SortedSet<String> accepted = new TreeSet<>(names);
        List<String> nearest = Nearest.of(unknown.get(0), accepted, NEAREST);
        ObjectNode details = ProbeException.newDetails();
        details.set("unknown", DescriptionJson.array(unknown));
        details.set("accepted", DescriptionJson.array(accepted));
        details.set("nearest", DescriptionJson.array(nearest));
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

    /** Checks one argument's value: a request's, or the default its description declares (as read). */
    static void value(Arg a, JsonNode v) throws ProbeException {
        String n = "argument '" + a.name() + "'";
        switch (a.type()) {
            case STRING:
                if (!v.isTextual()) {
                    throw invalid(a, n + " must be " + a.accepts() + ", got " + kind(v));
                }
                string(a, n, v.textValue());
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
                    string(a, "an item of " + n, e.textValue());
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

    private static void string(Arg a, String n, String s) throws ProbeException {
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

    private static String kind(JsonNode v) {
        return v.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
