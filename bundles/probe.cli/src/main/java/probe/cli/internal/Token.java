package probe.cli.internal;

import java.nio.file.Path;
import probe.client.ProbeClientException;
import probe.client.TokenFile;

/**
 * Reads {@code --token-file} with the client library's {@link TokenFile}: the first line, stripped,
 * from a file only its owner may read (else bad usage, exit 2, with the fix). Never prints it.
 */
final class Token {
    private Token() {
    }

    static String read(Path file) throws UsageException {
        try {
            return TokenFile.read(file);
        } catch (ProbeClientException e) {
            throw new UsageException("--token-file: " + e.getMessage());
        }
    }
}
