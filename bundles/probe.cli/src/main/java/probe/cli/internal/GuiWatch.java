package probe.cli.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import probe.api.Ops.Verbs;
import probe.client.format.Readable;

/**
 * {@code hvm-dbg gui watch [--events PATTERN...] [--count N] [--timeout S]}: subscribes and prints
 * one line per event until N events, S seconds, or Ctrl-C; exits 0 on any of them.
 */
@Command(name = Verbs.WATCH, description = {
    "Print the GUI's events as they come, one line each.",
    "dialog.opened createVM \"Create Virtual Machine\" modal=true (with --json: each event as one line of JSON)."
        + " Stops after --count events, after --timeout seconds of watching in all (for watch,"
        + " --timeout means that; without it there is no limit), or at Ctrl-C, and exits 0."
        + " Exits 3 when the probe goes away meanwhile."})
final class GuiWatch extends ProbeCommand {
    /** How often the wait for the next event looks at Ctrl-C and the deadline. */
    private static final Duration SLICE = Duration.ofMillis(100);

    @Option(names = "--events", paramLabel = "PATTERN", split = ",", arity = "1..*",
            description = "event names to watch, * as a wildcard (dialog.*, vm.state); default all")
    String[] events;

    @Option(names = "--count", paramLabel = "N", description = "stop after N events")
    Integer count;

    @Override
    void check() throws UsageException {
        if (count != null && count < 1) {
            throw new UsageException("--count must be at least 1");
        }
    }

    @Override
    int run(Invocation inv) throws Exception {
        try (CtrlC ctrlC = CtrlC.trap()) {
            long start = System.nanoTime();
            inv.client.subscribe(events == null ? new String[0] : events);
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
                inv.out.println(inv.json ? Invocation.compact(e) : Readable.event(e));
                inv.out.flush();
                // Whoever read the output has gone (| head): nothing left to watch for. picocli's
                // writer sits on System.out, which keeps a write error to itself: ask both.
                if (inv.out.checkError() || System.out.checkError()) {
                    break;
                }
                seen++;
            }
            return 0;
        }
    }
}
