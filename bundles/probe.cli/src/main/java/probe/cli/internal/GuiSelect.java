package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import probe.api.OpDescription;
import probe.client.format.Readable;

/** {@code hvm-dbg gui select}: the item chosen, and the receipt. */
final class GuiSelect extends GuiVerb {
    @Override
    String readable(OpDescription d, JsonNode data, ObjectNode args) {
        return Readable.selected(Invocation.filled(data, args)) + Readable.receipt(data);
    }
}
