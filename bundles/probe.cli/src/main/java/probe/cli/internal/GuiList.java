package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import probe.api.Ops;
import probe.api.Ops.Verbs;
import probe.client.format.Readable;

/** {@code hvm-dbg gui list [--scope S]}: the controls a person sees, as an indented tree. */
@Command(name = Verbs.LIST, description = {
    "List the controls a person sees, as an indented tree.",
    "One line per control: role, identifier, label, frame in its window, then markers (disabled,"
        + " not clickable (why), focused, value=...), indented under the named control that holds it."
        + " --json prints the probe's data as it is."})
final class GuiList extends ProbeCommand {
    @Option(names = "--scope", paramLabel = "S",
            description = "window (default: the main window and every window over it), dialog, sidebar, or an identifier prefix")
    String scope;

    @Override
    int run(Invocation inv) throws Exception {
        ObjectNode args = inv.args();
        if (scope != null) {
            args.put("scope", scope);
        }
        JsonNode data = inv.call(Ops.LIST, args);
        if (inv.json) {
            inv.printJson(data);
        } else {
            inv.out.println(Readable.list(data));
        }
        return 0;
    }
}
