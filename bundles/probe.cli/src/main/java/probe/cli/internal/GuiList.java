package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import probe.api.OpDescription;
import probe.client.format.Readable;

/** {@code hvm-dbg gui list}: the controls a person sees, as an indented tree ({@link Readable#list}). */
final class GuiList extends GuiVerb {
    @Override
    String readable(OpDescription d, JsonNode data, ObjectNode args) {
        return Readable.list(data);
    }
}
