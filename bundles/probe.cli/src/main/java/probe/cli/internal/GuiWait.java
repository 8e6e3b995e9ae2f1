package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Set;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import probe.client.format.Readable;

/**
 * {@code hvm-dbg gui wait (--identifier ID --state showing|hidden|enabled|disabled | --dialog NAME
 * --state open|closed) [--timeout-ms N]}: the probe waits, so a script never sleeps.
 */
@Command(name = "wait", description = {
    "Wait until a control or a dialog is in a state.",
    "A control: --identifier ID --state showing|hidden|enabled|disabled; a dialog: --dialog NAME"
        + " --state open|closed. The probe waits (default 5000 ms); not so by then is error"
        + " gui.timeout (exit 1) with the last state seen."})
final class GuiWait extends ProbeCommand {
    private static final Set<String> CONTROL_STATES = Set.of("showing", "hidden", "enabled", "disabled");
    private static final Set<String> DIALOG_STATES = Set.of("open", "closed");
    /** The op's own limit (gui.wait's timeoutMillis). */
    private static final long MAX_MILLIS = 600_000;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Subject subject;

    static final class Subject {
        @Option(names = "--identifier", paramLabel = "ID", description = "a control, with --state showing, hidden, enabled or disabled")
        String identifier;

        @Option(names = "--dialog", paramLabel = "NAME", description = "a dialog's name (createVM), with --state open or closed")
        String dialog;
    }

    @Option(names = "--state", paramLabel = "STATE", required = true, description = "the state to wait for")
    String state;

    @Option(names = "--timeout-ms", paramLabel = "N", description = "how long the probe waits, in ms (default 5000, at most 600000)")
    Long timeoutMillis;

    @Override
    void check() throws UsageException {
        Set<String> allowed = subject.identifier != null ? CONTROL_STATES : DIALOG_STATES;
        if (!allowed.contains(state)) {
            throw new UsageException("--state " + state + " does not go with "
                    + (subject.identifier != null ? "--identifier: use showing, hidden, enabled or disabled"
                            : "--dialog: use open or closed"));
        }
        if (timeoutMillis != null && (timeoutMillis < 0 || timeoutMillis > MAX_MILLIS)) {
            throw new UsageException("--timeout-ms must be from 0 to " + MAX_MILLIS);
        }
    }

    @Override
    int run(Invocation inv) throws Exception {
        ObjectNode args = inv.args();
        if (subject.identifier != null) {
            args.put("identifier", subject.identifier);
        } else {
            args.put("dialog", subject.dialog);
        }
        args.put("state", state);
        if (timeoutMillis != null) {
            args.put("timeoutMillis", timeoutMillis);
        }
        // The probe answers by its wait's end; the reply may take that long plus the EDT's time.
        long waitMillis = timeoutMillis == null ? 5000 : timeoutMillis;
        Duration reply = Duration.ofMillis(waitMillis).plusSeconds(10);
        JsonNode data = inv.call("gui.wait", args, reply.compareTo(inv.timeout) > 0 ? reply : inv.timeout);
        if (inv.json) {
            inv.printJson(data);
        } else {
            String what = subject.identifier != null ? subject.identifier : "dialog " + subject.dialog;
            inv.out.println(Readable.waited(Invocation.filled(data, inv.args().put("state", state)), what));
        }
        return 0;
    }
}
