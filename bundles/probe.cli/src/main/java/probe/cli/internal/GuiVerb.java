package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.client.format.Readable;

/**
 * What {@code hvm-dbg gui VERB} adds to an op beyond its description, a small named special case
 * per op that needs one: options of the command line alone ({@link #extras}, such as screenshot's
 * {@code --output}), a check of them, how long the reply may take, how the reply is printed (its
 * wording in {@link Readable}), or a run of its own (watch's loop). Any other op, one a running GUI
 * describes included, is this class itself: its options from its description, its reply in
 * {@link Readable#generic}.
 */
class GuiVerb {
    /**
     * An option of the command line alone, never sent to the probe: {@code name} ({@code --output}),
     * an {@code alias} or null, the {@code label} of its value or null for a flag, and its help.
     */
    record Extra(String name, String alias, String label, String help) {
    }

    /** The special case of {@code op}, or the plain verb. */
    static GuiVerb of(String op) {
        switch (op) {
            case Ops.LIST:
                return new GuiList();
            case Ops.DIALOG_CURRENT:
                return new GuiDialog();
            case Ops.AUDIT:
                return new GuiAudit();
            case Ops.CLICK:
                return new GuiClick();
            case Ops.TYPE:
                return new GuiType();
            case Ops.KEYPRESS:
                return new GuiKeypress();
            case Ops.WAIT:
                return new GuiWait();
            case Ops.EVENT_SUBSCRIBE:
                return new GuiWatch();
            case Ops.SCREENSHOT:
                return new GuiScreenshot();
            case Ops.SELECT:
                return new GuiSelect();
            case Ops.HOVER:
                return new GuiHover();
            case Ops.SCROLL:
                return new GuiScroll();
            default:
                return new GuiVerb();
        }
    }

    /** The options of the command line alone. */
    List<Extra> extras() {
        return List.of();
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

    /** A line of help after the options, or null. */
    String note() {
        return null;
    }

    /** Turns options of the command line alone into the op's args where they stand for one ({@code --double}). */
    void adjust(ObjectNode args, Map<String, String> extras) throws UsageException {
    }

    /** Checks the options of the command line alone, once the op's args are known good. */
    void check(Map<String, String> extras) throws UsageException {
    }

    /** How long the reply may take: {@code --timeout}, unless the op waits longer by design. */
    Duration replyTimeout(OpDescription d, ObjectNode args, Invocation inv) {
        return inv.timeout;
    }

    /** Calls the op and prints its reply: the data as JSON with {@code --json}, else {@link #readable}. */
    int run(Invocation inv, OpDescription d, ObjectNode args, Map<String, String> extras) throws Exception {
        JsonNode data = inv.call(d.op(), args, replyTimeout(d, args, inv));
        if (inv.json) {
            inv.printJson(data);
        } else {
            inv.out.println(readable(d, data, args));
        }
        return 0;
    }

    /** The reply for a person. */
    String readable(OpDescription d, JsonNode data, ObjectNode args) {
        return Readable.generic(d.op(), data);
    }
}
