package probe.transport.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.stream.Collectors;
import probe.api.ErrorCodes;
import probe.api.Names;
import probe.api.Nearest;
import probe.api.ProbeException;
import probe.api.wire.Wire;

/**
 * Refuses a request whose {@code args} hold a key its op did not declare, before the op runs: a
 * misspelt argument ({@code scop}) would otherwise be ignored and the op would do its default
 * (list the whole window) as if all were well.
 */
final class ArgumentCheck {
    /** Suggestions per unknown key. */
    private static final int NEAREST = 3;

    private ArgumentCheck() {
    }

    /**
     * Checks {@code args} against the names {@code op} accepts.
     *
     * @throws ProbeException {@code gui.invalid_args} with {@code details.unknown} (the keys not
     *     accepted, in request order), {@code details.accepted} (sorted) and {@code details.nearest}
     *     (the accepted names nearest to the first unknown key, nearest first)
     */
    static void check(String op, SortedSet<String> accepted, ObjectNode args) throws ProbeException {
        List<String> unknown = new ArrayList<>();
        for (Iterator<String> keys = args.fieldNames(); keys.hasNext();) {
            String key = keys.next();
            // Before any lookup or search: no argument name is this long.
            Names.check("an argument name", key);
            if (!accepted.contains(key)) {
                unknown.add(key);
            }
        }
        if (unknown.isEmpty()) {
            names(args);
            return;
        }
        List<String> nearest = Nearest.of(unknown.get(0), accepted, NEAREST);
        ObjectNode details = ProbeException.newDetails();
        details.set("unknown", array(unknown));
        details.set("accepted", array(accepted));
        details.set("nearest", array(nearest));
        throw new ProbeException(ErrorCodes.INVALID_ARGS, message(op, accepted, unknown, nearest), details);
    }

    /**
     * Refuses a name longer than {@link Names#MAX_LENGTH} in any argument that names something
     * ({@link Names#ARGUMENTS}: an identifier, a scope, a key, …, or an array of such), before the
     * op runs: the op would look it up, and maybe search for what was meant.
     *
     * @throws ProbeException {@code gui.invalid_args} naming the argument, quoting the name's start
     */
    static void names(ObjectNode args) throws ProbeException {
        for (String key : Names.ARGUMENTS) {
            JsonNode v = args.get(key);
            if (v == null) {
                continue;
            }
            if (v.isTextual()) {
                Names.check("argument '" + key + "'", v.textValue());
            } else if (v.isArray()) {
                for (JsonNode e : v) {
                    if (e.isTextual()) {
                        Names.check("an entry of argument '" + key + "'", e.textValue());
                    }
                }
            }
        }
    }

    /** Such as "unknown argument 'scop' for gui.list; did you mean 'scope'? accepted: scope". */
    static String message(String op, Set<String> accepted, List<String> unknown, List<String> nearest) {
        StringBuilder b = new StringBuilder();
        b.append(unknown.size() == 1 ? "unknown argument " : "unknown arguments ").append(quoted(unknown)).append(" for ").append(op);
        if (accepted.isEmpty()) {
            return b.append("; ").append(op).append(" takes no arguments").toString();
        }
        b.append(nearest.isEmpty() ? ";" : "; did you mean '" + nearest.get(0) + "'?");
        return b.append(" accepted: ").append(String.join(", ", accepted)).toString();
    }

    private static String quoted(Collection<String> keys) {
        return keys.stream().map(k -> "'" + Names.quoted(k) + "'").collect(Collectors.joining(", "));
    }


    private static ArrayNode array(Collection<String> values) {
        ArrayNode a = Wire.mapper().createArrayNode();
        values.forEach(a::add);
        return a;
    }
}
