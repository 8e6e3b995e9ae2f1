package probe.transport.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import probe.api.Names;
import probe.api.OpDescription;
import probe.api.ProbeException;
import probe.api.RequestCheck;

/**
 * The transport's own argument check, for the one case a description cannot cover: an op without
 * a description (an older plugin, {@link OpDescription#undeclared}) cannot say which of its
 * arguments name something, so the transport bounds the conventional ones ({@link Names#ARGUMENTS})
 * before the op runs. Every op with a description is checked against it ({@link RequestCheck}:
 * unknown keys, types, ranges, choices, required, and which arguments are names, bounded).
 */
final class ArgumentCheck {

    private ArgumentCheck() {
    }

    /**
     * Refuses a name longer than {@link Names#MAX_LENGTH} in any argument that conventionally names
     * something ({@link Names#ARGUMENTS}: an identifier, a scope, a key, …, or an array of such),
     * for an op without a description: the op would look it up, and maybe search for what was meant.
     *
     * @param args the request's arguments, or null for none
     * @throws ProbeException {@code gui.invalid_args} naming the argument, quoting the name's start
     */
    static void names(ObjectNode args) throws ProbeException {
        if (args == null) {
            return;
        }
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
}
