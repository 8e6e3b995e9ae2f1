package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/** The person-readable form of {@code probe.hello}'s data. */
final class Hello {
    private Hello() {
    }

    static void print(JsonNode data, PrintWriter out) {
        if (data == null) {
            out.println("the probe sent no hello data");
            return;
        }
        out.println("protocol " + data.path("protocol").asText("?"));
        JsonNode server = data.path("server");
        if (server.isObject()) {
            out.println(("server " + server.path("name").asText("?") + " " + server.path("version").asText("")).trim());
        } else if (!server.isMissingNode()) {
            out.println("server " + server.asText());
        }
        JsonNode ops = data.path("ops");
        out.println("ops (" + ops.size() + "):");
        for (JsonNode op : ops) {
            out.println("  " + op.asText());
        }
    }
}
