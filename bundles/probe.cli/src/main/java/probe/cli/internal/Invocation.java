package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.io.PrintWriter;
import java.time.Duration;
import probe.client.ProbeClient;
import probe.api.wire.Json;

/**
 * What a command runs with: the connected client, the shared options, and where to print. Free of
 * picocli, which {@code hvm-dbg gui VERB} ({@link GuiLine}) does not load.
 */
final class Invocation {
    final ProbeClient client;
    final PrintWriter out;
    final PrintWriter err;
    final InputStream stdin;
    final boolean json;
    /** {@code --timeout}: how long a reply may take. */
    final Duration timeout;
    /** Whether {@code --timeout} was given, before or after the command, rather than defaulted. */
    final boolean timeoutGiven;

    Invocation(ProbeClient client, Shared s) {
        this.client = client;
        this.out = s.out;
        this.err = s.err;
        this.stdin = s.stdin;
        this.json = s.json;
        this.timeout = s.timeout;
        this.timeoutGiven = s.timeoutGiven;
    }

    /** A fresh, empty {@code args} object. */
    ObjectNode args() {
        return Json.object();
    }

    JsonNode call(String op, ObjectNode args) {
        return client.call(op, args);
    }

    /** For an op that may take longer than {@code --timeout} by design ({@code gui.wait}). */
    JsonNode call(String op, ObjectNode args, Duration replyTimeout) {
        return client.call(op, args, replyTimeout);
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
