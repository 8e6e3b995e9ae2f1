package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import probe.api.ErrorCodes;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.client.ProbeClientException;
import probe.client.ProbeOpException;
import probe.client.format.Readable;

/** {@code hvm-dbg gui audit [--strict]}: one line per problem; exit 0 even when there are problems, unless --strict. */
final class GuiAudit extends GuiVerb {
    static final String STRICT = "--strict";

    @Override
    List<Extra> extras() {
        return List.of(new Extra(STRICT, null, null, "exit 1 when there is any problem (for CI); else the exit is 0 either way"));
    }

    @Override
    int run(Invocation inv, OpDescription d, ObjectNode args, Map<String, String> extras) throws Exception {
        JsonNode data = inv.call(d.op(), args);
        JsonNode problems = data == null ? null : data.get("problems");
        boolean clean = problems == null || !problems.isArray() || problems.isEmpty();
        if (inv.json) {
            inv.printJson(data);
        } else {
            inv.out.println(Readable.audit(data, clean ? checked(inv) : -1));
        }
        return extras.containsKey(STRICT) && !clean ? Failures.PROBE_ERROR : 0;
    }

    /** How many controls the audit looked at: what gui.list shows of the same windows; -1 when unknown. */
    private static int checked(Invocation inv) {
        try {
            JsonNode list = inv.call(Ops.LIST, null);
            JsonNode items = list == null ? null : list.get("items");
            return items != null && items.isArray() ? items.size() : -1;
        } catch (ProbeOpException e) {
            return ErrorCodes.NO_WINDOW.equals(e.code()) ? 0 : -1;
        } catch (ProbeClientException e) {
            return -1;
        }
    }
}
