package probe.cli.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** Reads {@code --token-file} as the transport reads its {@code tokenFile}: the first line,
 * stripped. Never prints it. */
final class Token {
    private Token() {
    }

    static String read(Path file) throws UsageException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new UsageException("--token-file " + file + ": no such file");
        } catch (IOException e) {
            throw new UsageException("--token-file " + file + ": cannot read it (" + e.getClass().getSimpleName() + ")");
        }
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new UsageException("--token-file " + file + " is empty");
        }
        return lines.get(0).strip();
    }
}
