package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import probe.api.ErrorCodes;
import probe.api.Ops;
import probe.api.Ops.Verbs;
import probe.client.ProbeClientException;
import probe.client.ProbeOpException;
import probe.client.format.Readable;

/** {@code hvm-dbg gui audit [--strict]}: controls without an identifier, identifiers shared by several. */
@Command(name = Verbs.AUDIT, description = {
    "Find controls without an identifier, and identifiers that several controls share.",
    "One line per problem. Exits 0 even when there are problems, unless --strict."})
final class GuiAudit extends ProbeCommand {
    @Option(names = "--strict", description = "exit 1 when there is any problem (for CI)")
    boolean strict;

    @Override
    int run(Invocation inv) throws Exception {
        JsonNode data = inv.call(Ops.AUDIT, null);
        JsonNode problems = data == null ? null : data.get("problems");
        boolean clean = problems == null || !problems.isArray() || problems.isEmpty();
        if (inv.json) {
            inv.printJson(data);
        } else {
            inv.out.println(Readable.audit(data, clean ? checked(inv) : -1));
        }
        return strict && !clean ? Failures.PROBE_ERROR : 0;
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
