package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code hvm-dbg call OP [ARGS_JSON]}: any op, by name, for ops that have no verb yet. */
final class CallCommand extends ProbeCommand {
    static final String NAME = "call";

    /** The op, such as gui.list. */
    String op;
    /** The op's args as a JSON object, {@code -} for standard input; null for none. */
    String args;

    @Override
    int run(Invocation inv) throws Exception {
        JsonNode data = inv.call(op, RawArgs.parse(args, inv.stdin));
        if (inv.json) {
            inv.printJson(data);
        } else {
            inv.printPretty(data);
        }
        return 0;
    }
}
