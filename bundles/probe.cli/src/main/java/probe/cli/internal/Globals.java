package probe.cli.internal;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * hvm-dbg's own options ({@code --socket}, {@code --json}, {@code --timeout}, {@code --token-file}),
 * which go before or after the command and the verb, read without picocli: the one-shot commands
 * ({@code gui VERB}, {@code hello}, {@code call}, {@code mcp}) start without building picocli's model
 * (about 180 classes, reflection, an annotation proxy per option), which took a good part of every
 * start. Their names, values and defaults are {@link HvmDbg}'s, which picocli reads for {@code --help}
 * and for whatever line this does not take.
 */
final class Globals {
    static final String SOCKET = "--socket";
    static final String PID = "--pid";
    static final String JSON = "--json";
    static final String TIMEOUT = "--timeout";
    static final String TOKEN_FILE = "--token-file";
    /** {@code --timeout}'s default, in seconds. */
    static final String DEFAULT_TIMEOUT = "30";

    Path socket;
    boolean json;
    Duration timeout = HvmDbg.SecondsConverter.seconds(DEFAULT_TIMEOUT);
    boolean timeoutGiven;
    Path tokenFile;
    private boolean socketGiven;
    private boolean tokenGiven;

    /** Whether {@code word} names one of these options (alone or as {@code --name=value}). */
    static boolean names(String word) {
        String name = name(word);
        return name.equals(SOCKET) || name.equals(PID) || name.equals(JSON) || name.equals(TIMEOUT) || name.equals(TOKEN_FILE);
    }

    private static String name(String word) {
        int eq = word.indexOf('=');
        return word.startsWith("--") && eq > 0 ? word.substring(0, eq) : word;
    }

    /**
     * Takes the option at {@code words[i]} (one of {@link #names}) with its value, and returns the
     * index after it.
     *
     * @throws UsageException for a value it refuses, a missing value or an option given twice
     */
    int take(List<String> words, int i) throws UsageException {
        String word = words.get(i);
        String name = name(word);
        String value = name.length() < word.length() ? word.substring(name.length() + 1) : null;
        if (name.equals(JSON)) {
            if (value != null) {
                throw new UsageException(JSON + " takes no value");
            }
            if (json) {
                throw new UsageException("option '" + JSON + "' should be specified only once");
            }
            json = true;
            return i + 1;
        }
        int next = i + 1;
        if (value == null) {
            if (next >= words.size()) {
                throw new UsageException("Missing required parameter for option '" + name + "'");
            }
            value = words.get(next++);
        }
        try {
            switch (name) {
                case SOCKET:
                    once(socketGiven, SOCKET + "' or '" + PID);
                    socketGiven = true;
                    socket = Path.of(value);
                    break;
                case PID:
                    once(socketGiven, SOCKET + "' or '" + PID);
                    socketGiven = true;
                    try {
                        socket = probe.api.wire.SocketPaths.forApplication(Long.parseLong(value));
                    } catch (NumberFormatException e) {
                        throw new UsageException("Invalid value for option '" + PID + "': '" + value + "' is not a process id");
                    }
                    break;
                case TOKEN_FILE:
                    once(tokenGiven, name);
                    tokenGiven = true;
                    tokenFile = Path.of(value);
                    break;
                default:
                    once(timeoutGiven, name);
                    String problem = HvmDbg.SecondsConverter.problem(value);
                    if (problem != null) {
                        throw new UsageException("Invalid value for option '" + TIMEOUT + "': " + problem);
                    }
                    timeoutGiven = true;
                    timeout = HvmDbg.SecondsConverter.seconds(value);
                    break;
            }
        } catch (InvalidPathException e) {
            throw new UsageException("Invalid value for option '" + name + "': " + e.getMessage());
        }
        return next;
    }

    private static void once(boolean given, String name) throws UsageException {
        if (given) {
            throw new UsageException("option '" + name + "' should be specified only once");
        }
    }

    /**
     * {@code g} with the options it finds among {@code words} too, for a line not read yet (a verb
     * whose description is still to be asked for): a word that cannot be taken is passed over.
     */
    static Globals peek(Globals g, List<String> words) {
        Globals p = g.copy();
        for (int i = 0; i < words.size();) {
            if (Globals.names(words.get(i))) {
                try {
                    i = p.take(words, i);
                    continue;
                } catch (UsageException e) {
                    // said when the line is read in full
                }
            }
            i++;
        }
        return p;
    }

    /** A copy, to take more options into without changing this one. */
    Globals copy() {
        Globals p = new Globals();
        p.socket = socket;
        p.json = json;
        p.timeout = timeout;
        p.timeoutGiven = timeoutGiven;
        p.tokenFile = tokenFile;
        p.socketGiven = socketGiven;
        p.tokenGiven = tokenGiven;
        return p;
    }

    /** What a command runs with. */
    Shared shared(PrintWriter out, PrintWriter err, InputStream stdin) {
        return new Shared(socket, json, timeout, timeoutGiven, tokenFile, out, err, stdin);
    }
}
