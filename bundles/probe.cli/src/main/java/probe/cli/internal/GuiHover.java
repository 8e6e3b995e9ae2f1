package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import probe.api.Ops;
import probe.api.Ops.Verbs;
import probe.client.format.Readable;

/** {@code hvm-dbg gui hover --identifier ID [--no-effects] [--settle-ms N]}. */
@Command(name = Verbs.HOVER, description = {
    "Rest the pointer on a control the way a person would.",
    "The pointer moves onto its centre and stays: the control gets its enter events and rollover,"
        + " and its tooltip, if it has one, shows (the reply waits for it and prints it). Prints what resting there changed, as click does."})
final class GuiHover extends ProbeCommand {
    @Option(names = "--identifier", paramLabel = "ID", required = true, description = "the control, such as toolbar.button.start")
    String identifier;

    @Mixin
    ReceiptOptions receipt = new ReceiptOptions();

    @Override
    void check() throws UsageException {
        receipt.check();
    }

    @Override
    int run(Invocation inv) throws Exception {
        ObjectNode args = inv.args();
        args.put("identifier", identifier);
        receipt.put(args);
        JsonNode data = inv.call(Ops.HOVER, args);
        if (inv.json) {
            inv.printJson(data);
        } else {
            inv.out.println(Readable.hoveredReceipt(Invocation.filled(data, args)));
        }
        return 0;
    }
}
