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
import probe.api.OpDescription;
import probe.client.format.Readable;

/**
 * {@code hvm-dbg gui type}: prints how many characters went where, never the text. The text is a
 * secret of its description, so {@code --text-stdin} reads it ({@link #readText}); it goes only onto
 * the socket: never into output or a message ({@link Redacting}).
 */
final class GuiType extends GuiVerb {
    @Override
    String note() {
        return "Prefer --text-stdin for a password: it keeps the text out of shell history and the process list; it reads all"
                + " of standard input less ONE trailing newline, or from a terminal one line without echo.";
    }

    @Override
    String readable(OpDescription d, JsonNode data, ObjectNode args) {
        ObjectNode asked = Invocation.filledFrom(args, "identifier");
        asked.put("typed", args.path("text").asText("").length());
        return Readable.typed(Invocation.filled(data, asked)) + Readable.receipt(data);
    }

    /**
     * All of standard input as UTF-8, less one trailing newline ({@code \n} or {@code \r\n}); from
     * a terminal, one line read without echo. Errors name {@code option}, never quote the input.
     *
     * @param option the option that asked for it ({@code --text-stdin})
     * @param what where the text goes, for the prompt
     */
    static String readText(InputStream in, String option, String what) throws IOException, UsageException {
        Console console = System.console();
        if (in == System.in && console != null) {
            char[] typed = console.readPassword("text for %s (not shown): ", what);
            if (typed == null) {
                throw new UsageException(option + ": standard input ended before a line was read");
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
            throw new UsageException(option + ": standard input is not UTF-8 text");
        }
        if (s.endsWith("\r\n")) {
            return s.substring(0, s.length() - 2);
        }
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }
}
