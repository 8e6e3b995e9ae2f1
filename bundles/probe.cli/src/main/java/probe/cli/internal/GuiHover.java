package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import probe.api.OpDescription;
import probe.client.format.Readable;

/** {@code hvm-dbg gui hover}: where the pointer rests, the tooltip, and the receipt. */
final class GuiHover extends GuiVerb {
    @Override
    String readable(OpDescription d, JsonNode data, ObjectNode args) {
        return Readable.hoveredReceipt(Invocation.filled(data, args));
    }
}
