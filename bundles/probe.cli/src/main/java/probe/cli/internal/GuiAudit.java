package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import probe.api.OpDescription;

/**
 * An audit's verb ({@link OpDescription.Reply#AUDIT}): exit 0 even when there are problems, unless
 * {@code --strict} (for CI).
 */
final class GuiAudit extends GuiVerb {
    static final String STRICT = "--strict";

    @Override
    List<Extra> extras() {
        return List.of(new Extra(STRICT, null, null, "exit 1 when there is any problem (for CI); else the exit is 0 either way"));
    }

    @Override
    int run(Invocation inv, OpDescription d, ObjectNode args, Map<String, String> extras) throws Exception {
        super.run(inv, d, args, extras);
        JsonNode problems = inv.lastReply == null ? null : inv.lastReply.get("problems");
        boolean clean = problems == null || !problems.isArray() || problems.isEmpty();
        return extras.containsKey(STRICT) && !clean ? Failures.PROBE_ERROR : 0;
    }
}
