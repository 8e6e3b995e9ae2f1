package probe.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import probe.api.Ops;
import probe.api.Ops.Verbs;
import probe.client.format.Readable;

/**
 * {@code hvm-dbg gui type --identifier ID (--text T | --text-stdin) [--replace]}. The text goes only
 * onto the socket: never into output or a message (see {@link Main}'s redaction of parse errors).
 */
@Command(name = Verbs.TYPE, description = {
    "Type text into a control as a person's keys would.",
    "Prefer --text-stdin for a password: it keeps the text out of shell history and the process"
        + " list; from a terminal it asks for the text without echoing it. The text never appears"
        + " in the output or in a message."})
final class GuiType extends ProbeCommand {
    @Option(names = "--identifier", paramLabel = "ID", required = true, description = "the control, such as dialog.createVM.input.name")
    String identifier;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    @Option(names = "--replace", description = "clear the control's text first")
    boolean replace;

    @Mixin
    ReceiptOptions receipt = new ReceiptOptions();

    @Override
    void check() throws UsageException {
        receipt.check();
    }

    static final class Source {
        @Option(names = "--text", paramLabel = "T", description = "the text (visible in the process list: prefer --text-stdin for secrets)")
        String text;

        @Option(names = "--text-stdin", description = "read the text from standard input, all of it, without ONE trailing newline")
        boolean stdin;
    }

    @Override
    int run(Invocation inv) throws Exception {
        String text = source.stdin ? readText(inv.stdin, identifier) : source.text;
        ObjectNode args = inv.args();
        args.put("identifier", identifier);
        args.put("text", text);
        if (replace) {
            args.put("replace", true);
        }
        receipt.put(args);
        JsonNode data = inv.call(Ops.TYPE, args);
        if (inv.json) {
            inv.printJson(data);
        } else {
            ObjectNode asked = inv.args();
            asked.put("identifier", identifier);
            asked.put("typed", text.length());
            inv.out.println(Readable.typed(Invocation.filled(data, asked)) + Readable.receipt(data));
        }
        return 0;
    }

    /**
     * All of standard input as UTF-8, less one trailing newline ({@code \n} or {@code \r\n}); from
     * a terminal, one line read without echo. Errors never quote the input.
     */
    static String readText(InputStream in, String identifier) throws IOException, UsageException {
        Console console = System.console();
        if (in == System.in && console != null) {
            char[] typed = console.readPassword("text for %s (not shown): ", identifier);
            if (typed == null) {
                throw new UsageException("--text-stdin: standard input ended before a line was read");
            }
            return new String(typed);
        }
        byte[] bytes = in.readAllBytes();
        String s;
        try {
            s = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new UsageException("--text-stdin: standard input is not UTF-8 text");
        }
        if (s.endsWith("\r\n")) {
            return s.substring(0, s.length() - 2);
        }
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }
}
