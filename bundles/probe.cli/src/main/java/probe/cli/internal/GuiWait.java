package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Set;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import probe.api.Ops;
import probe.api.Ops.Verbs;
import probe.client.format.Readable;

/**
 * {@code hvm-dbg gui wait (--identifier ID --state showing|hidden|enabled|disabled | --dialog NAME
 * --state open|closed | --identifier ID --value V | --state idle [--quiet-ms N]) [--timeout-ms N]}:
 * the probe waits, so a script never sleeps.
 */
@Command(name = Verbs.WAIT, description = {
    "Wait until a control or a dialog is in a state, a control has a value, or the GUI is idle.",
    "A control: --identifier ID --state showing|hidden|enabled|disabled, or --identifier ID --value V"
        + " (a label's or field's text, a toggle's true/false, a combo's item); a dialog: --dialog NAME"
        + " --state open|closed; the whole GUI: --state idle [--quiet-ms N] (nothing to do for N ms,"
        + " default 50). The probe waits (default 5000 ms); not so by then is error gui.timeout"
        + " (exit 1) with the last state or value seen."})
final class GuiWait extends ProbeCommand {
    private static final Set<String> CONTROL_STATES = Set.of("showing", "hidden", "enabled", "disabled");
    private static final Set<String> DIALOG_STATES = Set.of("open", "closed");
    /** The op's own limit (gui.wait's timeoutMillis). */
    private static final long MAX_MILLIS = 600_000;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Subject subject;

    static final class Subject {
        @Option(names = "--identifier", paramLabel = "ID", description = "a control, with --state showing, hidden, enabled or disabled")
        String identifier;

        @Option(names = "--dialog", paramLabel = "NAME", description = "a dialog's name (createVM), with --state open or closed")
        String dialog;
    }

    @Option(names = "--state", paramLabel = "STATE", description = "the state to wait for (idle: the whole GUI, without --identifier)")
    String state;

    @Option(names = "--value", paramLabel = "V", description = "with --identifier instead of --state: the value to wait for")
    String value;

    @Option(names = "--quiet-ms", paramLabel = "N", description = "with --state idle: how long nothing must happen, in ms (default 50)")
    Long quietMillis;

    @Option(names = "--timeout-ms", paramLabel = "N", description = "how long the probe waits, in ms (default 5000, at most 600000)")
    Long timeoutMillis;

    @Override
    void check() throws UsageException {
        if (subject == null) {
            subject = new Subject();
        }
        if (value != null) {
            if (subject.identifier == null || state != null || quietMillis != null) {
                throw new UsageException("--value goes with --identifier alone (not with --dialog, --state or --quiet-ms)");
            }
            checkTimeout();
            return;
        }
        if ("idle".equals(state)) {
            if (subject.identifier != null || subject.dialog != null) {
                throw new UsageException("--state idle is the whole GUI's: give it without --identifier or --dialog");
            }
            if (quietMillis != null && (quietMillis < 1 || quietMillis > MAX_MILLIS)) {
                throw new UsageException("--quiet-ms must be from 1 to " + MAX_MILLIS);
            }
            checkTimeout();
            return;
        }
        if (state == null) {
            throw new UsageException("give --state (or --value with --identifier)");
        }
        if (subject.identifier == null && subject.dialog == null) {
            throw new UsageException("--state " + state + " needs --identifier or --dialog (only --state idle goes alone)");
        }
        if (quietMillis != null) {
            throw new UsageException("--quiet-ms goes with --state idle");
        }
        Set<String> allowed = subject.identifier != null ? CONTROL_STATES : DIALOG_STATES;
        if (!allowed.contains(state)) {
            throw new UsageException("--state " + state + " does not go with "
                    + (subject.identifier != null ? "--identifier: use showing, hidden, enabled or disabled"
                            : "--dialog: use open or closed"));
        }
        checkTimeout();
    }

    private void checkTimeout() throws UsageException {
        if (timeoutMillis != null && (timeoutMillis < 0 || timeoutMillis > MAX_MILLIS)) {
            throw new UsageException("--timeout-ms must be from 0 to " + MAX_MILLIS);
        }
    }

    @Override
    int run(Invocation inv) throws Exception {
        ObjectNode args = inv.args();
        if (subject.identifier != null) {
            args.put("identifier", subject.identifier);
        } else if (subject.dialog != null) {
            args.put("dialog", subject.dialog);
        }
        if (value != null) {
            args.put("value", value);
        } else {
            args.put("state", state);
        }
        if (quietMillis != null) {
            args.put("quietMillis", quietMillis);
        }
        if (timeoutMillis != null) {
            args.put("timeoutMillis", timeoutMillis);
        }
        // The probe answers by its wait's end; the reply may take that long plus the EDT's time.
        long waitMillis = timeoutMillis == null ? 5000 : timeoutMillis;
        Duration reply = Duration.ofMillis(waitMillis).plusSeconds(10);
        JsonNode data = inv.call(Ops.WAIT, args, reply.compareTo(inv.timeout) > 0 ? reply : inv.timeout);
        if (inv.json) {
            inv.printJson(data);
        } else {
            if (value != null) {
                inv.out.println(Readable.waitedValue(Invocation.filled(data, inv.args().put("value", value)), subject.identifier));
                return 0;
            }
            String what = subject.identifier != null ? subject.identifier : subject.dialog != null ? "dialog " + subject.dialog : "the GUI";
            inv.out.println(Readable.waited(Invocation.filled(data, inv.args().put("state", state)), what));
        }
        return 0;
    }
}
