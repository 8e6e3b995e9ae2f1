package probe.cli.internal;

import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A secret argument's {@code --NAME-stdin}: the value read from standard input, so that it goes only
 * onto the socket: never into shell history, the process list, output or a message ({@link Redacting}).
 */
final class Stdin {
    private Stdin() {
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
