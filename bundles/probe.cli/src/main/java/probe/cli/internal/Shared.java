package probe.cli.internal;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The options every command shares ({@link Globals}) and where it prints: what a command runs with.
 */
final class Shared {
    /** {@code --socket}, null when not given. */
    final Path socket;
    /** {@code --app NAME}'s name, null when not given; {@link #socket} is its JVM's socket, or null when none of that name ran. */
    final String app;
    final boolean json;
    final Duration timeout;
    /** Whether {@code --timeout} was given rather than defaulted. */
    final boolean timeoutGiven;
    /** {@code --token-file}, null when not given. */
    final Path tokenFile;
    final PrintWriter out;
    final PrintWriter err;
    final InputStream stdin;

    Shared(Path socket, String app, boolean json, Duration timeout, boolean timeoutGiven, Path tokenFile, PrintWriter out,
            PrintWriter err, InputStream stdin) {
        this.socket = socket;
        this.app = app;
        this.json = json;
        this.timeout = timeout;
        this.timeoutGiven = timeoutGiven;
        this.tokenFile = tokenFile;
        this.out = out;
        this.err = err;
        this.stdin = stdin;
    }
}
