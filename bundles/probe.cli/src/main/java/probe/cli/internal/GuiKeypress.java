package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import probe.api.Ops;
import probe.api.Ops.Verbs;
import probe.client.format.Readable;

/** {@code hvm-dbg gui keypress --key K [--modifiers ctrl,shift] [--identifier ID]}. */
@Command(name = Verbs.KEYPRESS, description = {
    "Press and release a key, with modifiers held down.",
    "On --identifier (focused first), else on whatever has focus. Keys: return esc tab space"
        + " backspace delete insert up down left right home end pageup pagedown f1..f12 a..z 0..9;"
        + " punctuation by its character: ` - = [ ] \\ ; ' , . / and, pressed with shift as on a US keyboard,"
        + " ~ ! @ # $ %% ^ & * ( ) _ + { } | : \" < > ? (quote them for the shell);"
        + " the keypad: kp0..kp9 kpdecimal kpadd kpsubtract kpmultiply kpdivide kpenter kpup kpdown kpleft kpright."})
final class GuiKeypress extends ProbeCommand {
    @Option(names = "--key", paramLabel = "K", required = true, description = "the key, such as return, a, ? or kpenter")
    String key;

    @Option(names = "--modifiers", paramLabel = "M", split = ",", description = "held down meanwhile: shift, ctrl, alt, meta (comma separated)")
    String[] modifiers;

    @Option(names = "--identifier", paramLabel = "ID", description = "the control to focus first (default: the focus owner)")
    String identifier;

    @Mixin
    ReceiptOptions receipt = new ReceiptOptions();

    @Override
    void check() throws UsageException {
        receipt.check();
    }

    @Override
    int run(Invocation inv) throws Exception {
        ObjectNode args = inv.args();
        args.put("key", key);
        if (modifiers != null && modifiers.length > 0) {
            ArrayNode m = args.putArray("modifiers");
            for (String s : modifiers) {
                m.add(s);
            }
        }
        if (identifier != null) {
            args.put("identifier", identifier);
        }
        receipt.put(args);
        JsonNode data = inv.call(Ops.KEYPRESS, args);
        if (inv.json) {
            inv.printJson(data);
        } else {
            ObjectNode asked = args.deepCopy();
            if (identifier != null) {
                asked.put("target", identifier);
            }
            inv.out.println(Readable.pressed(Invocation.filled(data, asked)) + Readable.receipt(data));
        }
        return 0;
    }
}
