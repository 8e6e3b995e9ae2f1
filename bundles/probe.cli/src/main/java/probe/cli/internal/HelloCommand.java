package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import probe.api.Ops.Verbs;
import probe.client.format.Phrases;

/** {@code hvm-dbg hello}: the probe's protocol, name and the ops it offers now. */
final class HelloCommand extends ProbeCommand {
    static final String NAME = Verbs.HELLO;

    @Override
    int run(Invocation inv) throws Exception {
        JsonNode data = inv.client.hello();
        if (inv.json) {
            inv.printJson(data);
            return 0;
        }
        inv.out.println(Phrases.hello(data));
        return 0;
    }
}
