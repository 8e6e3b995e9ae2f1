package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code hvm-dbg call OP [ARGS_JSON]}: any op, by name, for ops that have no verb yet. */
@Command(name = CallCommand.NAME, description = "Call any op with raw JSON args and print its data as JSON.")
final class CallCommand extends ProbeCommand {
    static final String NAME = "call";

    @Parameters(index = "0", paramLabel = "OP", description = "the op, such as gui.list")
    String op;

    @Parameters(index = "1", arity = "0..1", paramLabel = "ARGS_JSON",
            description = "the op's args as a JSON object; - reads them from standard input"
                    + " (keeps text for gui.type out of shell history and the process list)")
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
