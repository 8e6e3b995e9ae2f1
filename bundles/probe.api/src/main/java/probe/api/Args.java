package probe.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;

/**
 * Reads an op's {@code args} strictly: a value of the wrong type is {@code gui.invalid_args} with a
 * message that names the argument, never silently taken as the default. For an op without a
 * description (an older plugin): an op with one ({@link OpDescription}) gets its arguments already
 * checked against it, its defaults filled in, and reads them plainly.
 */
public final class Args {
    private final ObjectNode args;

    private Args(ObjectNode args) {
        this.args = args;
    }

    public static Args of(ObjectNode args) {
        return new Args(args);
    }

    /** The string argument, or {@code fallback} when it is absent or null. */
    public String string(String name, String fallback) throws ProbeException {
        JsonNode v = args.get(name);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isTextual()) {
            throw ProbeException.invalidArgs("argument '" + name + "' must be a string, got " + kind(v));
        }
        return v.textValue();
    }

    /** The string argument, which must be present and not empty. */
    public String requiredString(String name) throws ProbeException {
        String s = string(name, null);
        if (s == null || s.isEmpty()) {
            throw ProbeException.invalidArgs("argument '" + name + "' is required");
        }
        return s;
    }

    /** The string argument restricted to {@code allowed}, or {@code fallback} when absent. */
    public String oneOf(String name, String fallback, String... allowed) throws ProbeException {
        String s = string(name, fallback);
        List<String> ok = Arrays.asList(allowed);
        if (s != null && !ok.contains(s)) {
            throw ProbeException.invalidArgs("argument '" + name + "' must be one of " + ok + ", got '" + Names.quoted(s) + "'");
        }
        return s;
    }

    /** The integer argument within [min, max], or {@code fallback} when absent. */
    public long integer(String name, long fallback, long min, long max) throws ProbeException {
        JsonNode v = args.get(name);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < min || v.longValue() > max) {
            throw ProbeException.invalidArgs("argument '" + name + "' must be an integer from " + min + " to " + max
                    + ", got " + (v.isNumber() ? v.asText() : kind(v)));
        }
        return v.longValue();
    }

    /** The boolean argument, or {@code fallback} when absent. */
    public boolean bool(String name, boolean fallback) throws ProbeException {
        JsonNode v = args.get(name);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isBoolean()) {
            throw ProbeException.invalidArgs("argument '" + name + "' must be true or false, got " + kind(v));
        }
        return v.booleanValue();
    }

    private static String kind(JsonNode v) {
        return v.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }
}
