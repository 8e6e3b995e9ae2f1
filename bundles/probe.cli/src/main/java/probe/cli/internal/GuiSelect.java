package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import probe.api.Ops;
import probe.api.Ops.Verbs;
import probe.client.format.Readable;

/** {@code hvm-dbg gui select --identifier ID (--label TEXT | --row ROW | --index N) [--no-effects] [--settle-ms N]}. */
@Command(name = Verbs.SELECT, description = {
    "Choose an item of a combo box, list, table, tree or tabbed pane the way a person would.",
    "A combo box is clicked open and the item clicked in its popup; a row is scrolled into view and"
        + " clicked; a tab is clicked. Name the item by the text shown (--label: exact, else ignoring"
        + " case), by its identifier or the identifier's end (--row fedora), or by its place (--index,"
        + " from 0). A control a person could not operate is refused with gui.not_clickable; no such item"
        + " is gui.identifier_not_found with the nearest ones. Prints what the choice changed, as click does."})
final class GuiSelect extends ProbeCommand {
    @Option(names = "--identifier", paramLabel = "ID", required = true,
            description = "the combo box, list, table, tree or tabbed pane, such as dialog.createVM.combo.os")
    String identifier;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Item item;

    static final class Item {
        @Option(names = "--label", paramLabel = "TEXT", description = "the text the item shows, such as \"Fedora Linux\"")
        String label;

        @Option(names = "--row", paramLabel = "ROW", description = "the item's identifier, or its end after a dot, such as fedora")
        String row;

        @Option(names = "--index", paramLabel = "N", description = "the item's place, from 0")
        Integer index;
    }

    @Mixin
    ReceiptOptions receipt = new ReceiptOptions();

    @Override
    void check() throws UsageException {
        if (item.index != null && item.index < 0) {
            throw new UsageException("--index must be 0 or more");
        }
        receipt.check();
    }

    @Override
    int run(Invocation inv) throws Exception {
        ObjectNode args = inv.args();
        args.put("identifier", identifier);
        if (item.label != null) {
            args.put("label", item.label);
        } else if (item.row != null) {
            args.put("row", item.row);
        } else {
            args.put("index", item.index);
        }
        receipt.put(args);
        JsonNode data = inv.call(Ops.SELECT, args);
        if (inv.json) {
            inv.printJson(data);
        } else {
            inv.out.println(Readable.selected(Invocation.filled(data, args)) + Readable.receipt(data));
        }
        return 0;
    }
}
