package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import probe.api.Ops;
import probe.api.Ops.Verbs;
import probe.client.format.Readable;

/** {@code hvm-dbg gui click --identifier ID [--button right] [--double]}. */
@Command(name = Verbs.CLICK, description = {
    "Click a control the way a person would.",
    "Press and release at its centre. A control a person could not click (disabled, covered,"
        + " behind a modal dialog) is refused with gui.not_clickable and the reason. Prints what"
        + " the click changed: dialogs opened or closed, where the focus went, the controls whose"
        + " value, label, enabled, selected or showing changed, those that appeared or disappeared."})
final class GuiClick extends ProbeCommand {
    /** The buttons the op knows; picocli lists them in the help and refuses others (exit 2). */
    enum Button { left, right, middle }

    @Option(names = "--identifier", paramLabel = "ID", required = true, description = "the control, such as detail.button.start")
    String identifier;

    @Option(names = "--button", paramLabel = "B", description = "left (default), right or middle")
    Button button;

    @Option(names = "--double", description = "a double click")
    boolean doubleClick;

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
        args.put("button", (button == null ? Button.left : button).name());
        args.put("count", doubleClick ? 2 : 1);
        receipt.put(args);
        JsonNode data = inv.call(Ops.CLICK, args);
        if (inv.json) {
            inv.printJson(data);
        } else {
            inv.out.println(Readable.clickedReceipt(Invocation.filled(data, args)));
        }
        return 0;
    }
}
