package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import picocli.CommandLine;
import probe.cli.client.ProbeClient;
import probe.cli.client.ProbeError;
import probe.cli.client.internal.Json;

/**
 * What a command runs with: the connected client, the shared options, and where to print. Kept
 * out of the picocli-annotated classes so that parsing the command line loads no Jackson class.
 */
final class Invocation {
    final ProbeClient client;
    final PrintWriter out;
    final PrintWriter err;
    final InputStream stdin;
    final boolean json;

    Invocation(ProbeClient client, CommandLine cl, HvmDbg root) {
        this.client = client;
        this.out = cl.getOut();
        this.err = cl.getErr();
        this.stdin = root.stdin;
        this.json = root.json;
    }

    /** A fresh, empty {@code args} object. */
    ObjectNode args() {
        return Json.object();
    }

    JsonNode call(String op, ObjectNode args) throws ProbeError, IOException {
        return client.call(op, args);
    }

    /** {@code data} as one line of JSON, {@code null} when there is none: what {@code --json} prints. */
    void printJson(JsonNode data) {
        out.println(compact(data));
    }

    /** {@code data} pretty-printed for a person; nothing when there is none. */
    void printPretty(JsonNode data) {
        if (data != null) {
            out.println(Json.pretty(data));
        }
    }

    static String compact(JsonNode data) {
        return Json.compact(data);
    }
}
