package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import probe.api.OpDescription;
import probe.client.format.ReplyText;
import probe.client.line.OpOptions;

/**
 * What {@code hvm-dbg gui VERB} adds to an op beyond its description, by what its reply shows
 * ({@link OpDescription#shows}), never by the op's name: what a terminal needs (an image written to
 * {@code --output}, an event stream's watch loop) and {@code --strict} for an op whose reply names
 * findings ({@link OpDescription.Reply#strict}). Every op is otherwise this class itself: its options
 * from its description, its reply in {@link ReplyText}'s words, its reply bound grown by the wait its
 * description declares ({@link OpDescription#waitArg}).
 */
class GuiVerb {
    /** What the reply may take beyond the wait its description declares: the EDT's time. */
    private static final Duration WAIT_SLACK = Duration.ofSeconds(10);

    /**
     * An option of the command line alone, never sent to the probe: {@code name} ({@code --output}),
     * an {@code alias} or null, the {@code label} of its value or null for a flag, and its help.
     */
    record Extra(String name, String alias, String label, String help) {
    }

    /** What the command line adds to {@code d}'s op, by what its description says it shows (an image, events) and what fails it (strict). */
    static GuiVerb of(OpDescription d) {
        switch (d.shows()) {
            case IMAGE:
                return new GuiScreenshot();
            case EVENTS:
                return new GuiWatch();
            default:
                return new GuiVerb(d.reply().strict() != null);
        }
    }

    /** {@code --strict}: exit 1 when the reply names findings. */
    static final String STRICT = "--strict";

    /** Whether the op's reply names findings, so that {@link #STRICT} is an option. */
    private final boolean strict;

    GuiVerb() {
        this(false);
    }

    private GuiVerb(boolean strict) {
        this.strict = strict;
    }

    /** The options of the command line alone. */
    List<Extra> extras() {
        return strict ? List.of(new Extra(STRICT, null, null, "exit 1 when there is any problem (for CI); else the exit is 0 either way"))
                : List.of();
    }

    /** The option of the command line alone that {@code word} names ({@code --name}, {@code --name=V} or its alias); null if none. */
    final Extra extra(String word) {
        int eq = word.indexOf('=');
        String name = word.startsWith("--") && eq > 0 ? word.substring(0, eq) : word;
        for (Extra x : extras()) {
            if (x.name().equals(name) || name.equals(x.alias())) {
                return x;
            }
        }
        return null;
    }

    /** What the usage line shows after the verb for the required options of the command line alone ({@code " -o FILE"}). */
    String usage() {
        return "";
    }

    /** A line of help after the options, or null: for an op with a secret argument, how to keep it out of sight. */
    String note(OpDescription d) {
        for (OpDescription.Arg a : d.args()) {
            if (a.secret()) {
                return "Prefer " + a.optionName() + OpOptions.STDIN + " for a password: it keeps the value out of shell history and the"
                        + " process list; it reads all of standard input less ONE trailing newline, or from a terminal one line without echo.";
            }
        }
        return null;
    }

    /** Turns options of the command line alone into the op's args where they stand for one ({@code --double}). */
    void adjust(ObjectNode args, Map<String, String> extras) throws UsageException {
    }

    /** Checks the options of the command line alone, once the op's args are known good. */
    void check(Map<String, String> extras) throws UsageException {
    }

    /** How long the reply may take: {@code --timeout}, or longer when the op waits longer by design ({@link OpDescription#waitArg}). */
    Duration replyTimeout(OpDescription d, ObjectNode args, Invocation inv) {
        if (d.waitArg() == null) {
            return inv.timeout;
        }
        JsonNode ms = args.has(d.waitArg()) ? args.get(d.waitArg()) : d.arg(d.waitArg()).map(OpDescription.Arg::defaultValue).orElse(null);
        Duration reply = Duration.ofMillis(ms == null ? 0 : ms.asLong()).plus(WAIT_SLACK);
        return reply.compareTo(inv.timeout) > 0 ? reply : inv.timeout;
    }

    /** Calls the op and prints its reply: the data as JSON with {@code --json}, else {@link #readable}. */
    int run(Invocation inv, OpDescription d, ObjectNode args, Map<String, String> extras) throws Exception {
        JsonNode data = inv.call(d.op(), args, replyTimeout(d, args, inv));
        if (inv.json) {
            inv.printJson(data);
        } else {
            inv.out.println(readable(d, data, args));
        }
        return exitCode(d, data, extras);
    }

    /** The exit code once the reply is printed: 0, unless {@code --strict} and the reply names findings. */
    int exitCode(OpDescription d, JsonNode data, Map<String, String> extras) {
        return strict && extras.containsKey(STRICT) && ReplyText.findings(d, data) ? Failures.PROBE_ERROR : 0;
    }

    /** The reply for a person: {@link ReplyText#say}. */
    String readable(OpDescription d, JsonNode data, ObjectNode args) {
        return ReplyText.say(d, data, args);
    }
}
