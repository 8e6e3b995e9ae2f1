package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import probe.api.OpDescription;
import probe.client.format.Readable;

/** {@code hvm-dbg gui dialog}: the topmost dialog and its controls, or "no dialog open" (exit 0 either way). */
final class GuiDialog extends GuiVerb {
    @Override
    String readable(OpDescription d, JsonNode data, ObjectNode args) {
        return Readable.dialog(data);
    }
}
