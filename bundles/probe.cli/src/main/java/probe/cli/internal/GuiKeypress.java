package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import probe.api.OpDescription;
import probe.client.format.Readable;

/** {@code hvm-dbg gui keypress}: the key with its modifiers and where it went, and the receipt. */
final class GuiKeypress extends GuiVerb {
    @Override
    String readable(OpDescription d, JsonNode data, ObjectNode args) {
        ObjectNode asked = args.deepCopy();
        if (args.hasNonNull("identifier")) {
            asked.set("target", args.get("identifier"));
        }
        return Readable.pressed(Invocation.filled(data, asked)) + Readable.receipt(data);
    }
}
