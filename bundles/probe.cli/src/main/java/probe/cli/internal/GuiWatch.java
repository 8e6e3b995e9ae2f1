package probe.cli.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import probe.api.OpDescription;
import probe.client.format.Phrases;

/**
 * {@code hvm-dbg gui watch [--events PATTERN,...] [--count N] [--timeout S]}: subscribes, prints one
 * line per event until N events, S seconds, or Ctrl-C, exits 0 on any of them, and ends the
 * subscription with its connection. Exits 3 when the probe goes away meanwhile.
 */
final class GuiWatch extends GuiVerb {
    static final String COUNT = "--count";
    /** How often the wait for the next event looks at Ctrl-C and the deadline. */
    private static final Duration SLICE = Duration.ofMillis(100);

    @Override
    List<Extra> extras() {
        return List.of(new Extra(COUNT, null, "N", "stop after N events"));
    }

    @Override
    String note(OpDescription d) {
        return "For watch, --timeout SECONDS is how long to watch in all (default: no limit; Ctrl-C stops it, exit 0), and also"
                + " how long to wait for the probe's reply to the subscription (default 30). With --json each event is one line"
                + " of JSON.";
    }

    @Override
    void check(Map<String, String> extras) throws UsageException {
        String count = extras.get(COUNT);
        if (count == null) {
            return;
        }
        try {
            if (Integer.parseInt(count) >= 1) {
                return;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UsageException(COUNT + " must be an integer of at least 1, got '" + count + "'");
    }

    @Override
    int run(Invocation inv, OpDescription d, ObjectNode args, Map<String, String> extras) throws Exception {
        List<String> events = new ArrayList<>();
        args.path("events").forEach(e -> events.add(e.asText()));
        Integer count = extras.containsKey(COUNT) ? Integer.valueOf(extras.get(COUNT)) : null;
        try (CtrlC ctrlC = CtrlC.trap()) {
            long start = System.nanoTime();
            inv.client.subscribe(events.toArray(new String[0]));
            long limit = inv.timeout.toNanos();
            int seen = 0;
            while (!ctrlC.pressed() && (count == null || seen < count)) {
                Duration wait = SLICE;
                if (inv.timeoutGiven) {
                    long left = limit - (System.nanoTime() - start);
                    if (left <= 0) {
                        break;
                    }
                    wait = left < SLICE.toNanos() ? Duration.ofNanos(left) : SLICE;
                }
                ObjectNode e = inv.client.nextEvent(wait);
                if (e == null) {
                    continue;
                }
                inv.out.println(inv.json ? Invocation.compact(e) : Phrases.event(e));
                inv.out.flush();
                // Whoever read the output has gone (| head): nothing left to watch for. The writer
                // may sit on System.out, which keeps a write error to itself: ask both.
                if (inv.out.checkError() || System.out.checkError()) {
                    break;
                }
                seen++;
            }
            return 0;
        }
    }
}
