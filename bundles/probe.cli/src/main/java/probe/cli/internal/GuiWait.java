package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import probe.api.OpDescription;
import probe.client.format.Readable;

/**
 * {@code hvm-dbg gui wait}: the probe waits, so a script never sleeps; the reply may take as long as
 * the wait ({@code timeoutMillis}, its default from the description) and a little more, beyond
 * {@code --timeout}. Which arguments go together is the op's to say (gui.invalid_args, exit 2).
 */
final class GuiWait extends GuiVerb {
    /** What the reply may take beyond the wait itself: the EDT's time. */
    private static final Duration SLACK = Duration.ofSeconds(10);

    @Override
    Duration replyTimeout(OpDescription d, ObjectNode args, Invocation inv) {
        JsonNode ms = args.has("timeoutMillis") ? args.get("timeoutMillis")
                : d.arg("timeoutMillis").map(OpDescription.Arg::defaultValue).orElse(null);
        Duration reply = Duration.ofMillis(ms == null ? 0 : ms.asLong()).plus(SLACK);
        return reply.compareTo(inv.timeout) > 0 ? reply : inv.timeout;
    }

    @Override
    String readable(OpDescription d, JsonNode data, ObjectNode args) {
        String identifier = args.path("identifier").asText(null);
        if (args.has("value")) {
            return Readable.waitedValue(Invocation.filled(data, Invocation.filledFrom(args, "value")), identifier);
        }
        String dialog = args.path("dialog").asText(null);
        String what = identifier != null ? identifier : dialog != null ? "dialog " + dialog : "the GUI";
        return Readable.waited(Invocation.filled(data, Invocation.filledFrom(args, "state")), what);
    }
}
