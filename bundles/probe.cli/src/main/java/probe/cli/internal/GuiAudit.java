package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * An audit's verb ({@link probe.api.OpDescription.Reply#AUDIT}): exit 0 even when there are problems, unless
 * {@code --strict} (for CI).
 */
final class GuiAudit extends GuiVerb {
    static final String STRICT = "--strict";

    @Override
    List<Extra> extras() {
        return List.of(new Extra(STRICT, null, null, "exit 1 when there is any problem (for CI); else the exit is 0 either way"));
    }

    @Override
    int exitCode(JsonNode data, Map<String, String> extras) {
        JsonNode problems = data == null ? null : data.get("problems");
        boolean clean = problems == null || !problems.isArray() || problems.isEmpty();
        return extras.containsKey(STRICT) && !clean ? Failures.PROBE_ERROR : 0;
    }
}
