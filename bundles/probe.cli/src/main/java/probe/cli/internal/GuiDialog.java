package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import probe.api.Ops;
import probe.api.Ops.Verbs;
import probe.client.format.Readable;

/** {@code hvm-dbg gui dialog}: the topmost dialog and its controls; exit 0 whether one is open or not. */
@Command(name = Verbs.DIALOG, description = {
    "Show the topmost open dialog and its controls.",
    "Prints its name, title, modal, focused and its controls, or \"no dialog open\"; exits 0 either way."})
final class GuiDialog extends ProbeCommand {
    @Override
    int run(Invocation inv) throws Exception {
        JsonNode data = inv.call(Ops.DIALOG_CURRENT, null);
        if (inv.json) {
            inv.printJson(data);
        } else {
            inv.out.println(Readable.dialog(data));
        }
        return 0;
    }
}
