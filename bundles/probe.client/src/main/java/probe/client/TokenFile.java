package probe.client;

import java.nio.file.Path;
import probe.api.TokenFiles;

/**
 * A token file, the file a probe's {@code tokenFile} names and a client reads its token from
 * ({@code hvm-dbg --token-file}, {@code hvm-dbg mcp --token-file}): the token is its first line,
 * stripped, and a file that its group or others may read, write or execute is refused with the fix
 * ({@code chmod 600}), as ssh does with a private key. The rule and its reading are the probe's own,
 * {@link TokenFiles}: here they are the client library's exception. Messages never hold the token.
 *
 * @since 1.2
 */
public final class TokenFile {
    private TokenFile() {
    }

    /**
     * The token in {@code file}: its first line, stripped.
     *
     * @throws ProbeClientException when the file does not exist, cannot be read, is empty, or may be
     *     read or written by its group or others (the message names the file and says what to do)
     */
    public static String read(Path file) {
        try {
            return TokenFiles.read(file);
        } catch (TokenFiles.Refused e) {
            throw new ProbeClientException(e.getMessage(), e.getCause());
        }
    }
}
