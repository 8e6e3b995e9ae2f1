package probe.cli.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Option;

/**
 * The options of the verbs that act ({@code click}, {@code type}, {@code keypress}, {@code select},
 * {@code hover}, {@code scroll}): whether the
 * reply carries the receipt of what the action changed, and how long the probe waits at most for
 * the GUI to settle before it replies. Neither is sent unless given, so the probe's defaults apply.
 */
final class ReceiptOptions {
    /** The op's own limit (settleMillis). */
    static final long MAX_SETTLE_MILLIS = 10_000;

    @Option(names = "--no-effects", description = "leave out the receipt (what the action changed in the GUI)")
    boolean noEffects;

    @Option(names = "--settle-ms", paramLabel = "N", description = "wait at most N ms for the GUI to settle before the reply"
            + " (default 100; 0: reply as soon as the input was handled)")
    Long settleMillis;

    void check() throws UsageException {
        if (settleMillis != null && (settleMillis < 0 || settleMillis > MAX_SETTLE_MILLIS)) {
            throw new UsageException("--settle-ms must be from 0 to " + MAX_SETTLE_MILLIS);
        }
    }

    /** Puts {@code effects: false} and {@code settleMillis} into the op's args, where given. */
    void put(ObjectNode args) {
        if (noEffects) {
            args.put("effects", false);
        }
        if (settleMillis != null) {
            args.put("settleMillis", settleMillis);
        }
    }
}
