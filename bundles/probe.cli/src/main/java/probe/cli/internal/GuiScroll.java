package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import probe.api.Ops;
import probe.api.Ops.Verbs;
import probe.client.format.Readable;

/** {@code hvm-dbg gui scroll --identifier ID [--dy N] [--dx N] [--no-effects] [--settle-ms N]}. */
@Command(name = Verbs.SCROLL, description = {
    "Turn the mouse wheel over a control the way a person would.",
    "--dy notches down (negative: up), --dx notches right (negative: left; a shift+wheel); at most "
        + GuiScroll.MAX + " each way. Whatever scrolls under the pointer scrolls (a list's scroll pane). Prints what the wheel changed, as click does."})
final class GuiScroll extends ProbeCommand {
    /** The op's own limit (gui.scroll's notches per call). */
    static final int MAX = 100;

    @Option(names = "--identifier", paramLabel = "ID", required = true, description = "the control, such as sidebar.list")
    String identifier;

    @Option(names = "--dy", paramLabel = "N", description = "wheel notches down; negative scrolls up")
    Integer dy;

    @Option(names = "--dx", paramLabel = "N", description = "wheel notches right; negative scrolls left")
    Integer dx;

    @Mixin
    ReceiptOptions receipt = new ReceiptOptions();

    @Override
    void check() throws UsageException {
        int y = dy == null ? 0 : dy;
        int x = dx == null ? 0 : dx;
        if (y == 0 && x == 0) {
            throw new UsageException("give --dy or --dx (wheel notches), not zero");
        }
        if (Math.abs(y) > MAX || Math.abs(x) > MAX) {
            throw new UsageException("--dy and --dx must be from -" + MAX + " to " + MAX);
        }
        receipt.check();
    }

    @Override
    int run(Invocation inv) throws Exception {
        ObjectNode args = inv.args();
        args.put("identifier", identifier);
        if (dy != null) {
            args.put("dy", dy);
        }
        if (dx != null) {
            args.put("dx", dx);
        }
        receipt.put(args);
        JsonNode data = inv.call(Ops.SCROLL, args);
        if (inv.json) {
            inv.printJson(data);
        } else {
            inv.out.println(Readable.scrolledReceipt(Invocation.filled(data, args)));
        }
        return 0;
    }
}
