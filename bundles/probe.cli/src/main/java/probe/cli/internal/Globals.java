package probe.cli.internal;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.TypeConversionException;
import probe.api.wire.SocketPaths;
import probe.cli.jvm.Jvms;

/**
 * hvm-dbg's own options ({@code --socket}, {@code --pid}, {@code --json}, {@code --timeout},
 * {@code --token-file}), declared here once as picocli options ({@link #options}), and their values.
 * They go before or after the command, and after a verb of {@code gui}: {@link GuiLine} finds them
 * among the verb's words by their names and arity, and {@link #take} has picocli read them together
 * with those given before.
 */
final class Globals {
    static final String SOCKET = "--socket";
    static final String PID = "--pid";
    static final String APP = "--app";
    static final String JSON = "--json";
    static final String TIMEOUT = "--timeout";
    static final String TOKEN_FILE = "--token-file";
    /** {@code --timeout}'s default, in seconds. */
    static final String DEFAULT_TIMEOUT = "30";
    static final List<String> NAMES = List.of(SOCKET, PID, APP, JSON, TIMEOUT, TOKEN_FILE);

    Path socket;
    /** {@code --app NAME}'s name, null when not given (its JVM's socket is {@link #socket}). */
    String app;
    boolean json;
    Duration timeout = seconds(DEFAULT_TIMEOUT);
    boolean timeoutGiven;
    Path tokenFile;
    /** The words of these options given so far, as on the line: read again in full by {@link #take}. */
    private final List<String> words = new ArrayList<>();

    /** The options, the root command's, which the commands inherit; {@link #parsed} reads their values. */
    static List<OptionSpec> options() {
        CommandLine.ITypeConverter<Path> path = Path::of;
        return List.of(
                option(SOCKET, "PATH", Path.class, path, "the probe's socket (default: see Socket below)"),
                option(PID, "PID", long.class, null, "talk to the probe in that JVM (hvm-dbg attach or launch): its own socket"),
                option(APP, "NAME", String.class, null, "the same for the one JVM of yours of that name (hvm-dbg ps: a jar, a main class)"),
                option(JSON, null, boolean.class, null, "print the reply's raw data as JSON (and an error's details)"),
                option(TIMEOUT, "SECONDS", Duration.class, value -> {
                    String problem = problem(value);
                    if (problem != null) {
                        throw new TypeConversionException(problem);
                    }
                    return seconds(value);
                }, "how long to wait for a reply (default: " + DEFAULT_TIMEOUT + ")"),
                option(TOKEN_FILE, "FILE", Path.class, path, "for a probe that wants a token: the file whose first line is it"));
    }

    private static OptionSpec option(String name, String label, Class<?> type, CommandLine.ITypeConverter<?> converter, String description) {
        OptionSpec.Builder b = OptionSpec.builder(name).type(type).scopeType(ScopeType.INHERIT).description(description);
        if (label == null) {
            b.arity("0");
        } else {
            b.paramLabel(label);
        }
        if (converter != null) {
            b.converters(converter);
        }
        return b.build();
    }

    /** Whether {@code word} names one of these options (alone or as {@code --name=value}). */
    static boolean names(String word) {
        return NAMES.contains(name(word));
    }

    private static String name(String word) {
        int eq = word.indexOf('=');
        return word.startsWith("--") && eq > 0 ? word.substring(0, eq) : word;
    }

    /**
     * Takes the option at {@code words[i]} (one of {@link #names}) with its value, as picocli reads it
     * with those taken before, and returns the index after it.
     *
     * @throws UsageException what picocli says of it: a value it refuses, a missing value, an option given twice
     */
    int take(List<String> words, int i) throws UsageException {
        String word = words.get(i);
        int next = i + 1;
        List<String> all = new ArrayList<>(this.words);
        all.add(word);
        if (!word.equals(JSON) && word.equals(name(word)) && next < words.size()) {
            all.add(words.get(next++));
        }
        CommandSpec spec = CommandSpec.create();
        options().forEach(spec::addOption);
        try {
            parsed(new CommandLine(spec).parseArgs(all.toArray(new String[0])));
        } catch (ParameterException | AppUnresolved e) {
            throw new UsageException(e.getMessage());
        }
        return next;
    }

    /** Takes the values of a line picocli parsed, and its words of these options, for {@link #take}. */
    void parsed(ParseResult line) {
        socket = null;
        app = null;
        json = false;
        timeout = seconds(DEFAULT_TIMEOUT);
        timeoutGiven = false;
        tokenFile = null;
        words.clear();
        for (ParseResult r = line; r != null; r = r.subcommand()) {
            for (OptionSpec o : r.matchedOptions()) {
                String name = o.longestName();
                switch (name) {
                    case SOCKET:
                        socket = o.getValue();
                        break;
                    case PID:
                        socket = SocketPaths.forApplication(o.<Long>getValue());
                        break;
                    case APP:
                        app = o.getValue();
                        try {
                            socket = SocketPaths.forApplication(app(app));
                        } catch (AppUnresolved e) {
                            // The MCP server waits for its application to start and finds it then; any other command needs it now.
                            if (!runs(line, McpCommand.NAME)) {
                                throw e;
                            }
                            socket = null;
                        }
                        break;
                    case JSON:
                        json = true;
                        break;
                    case TIMEOUT:
                        timeout = o.getValue();
                        timeoutGiven = true;
                        break;
                    case TOKEN_FILE:
                        tokenFile = o.getValue();
                        break;
                    default:
                        continue;
                }
                if (o.arity().max == 0) {
                    words.add(name);
                } else {
                    for (String v : o.originalStringValues()) {
                        words.add(name);
                        words.add(v);
                    }
                }
            }
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
        p.app = app;
        p.json = json;
        p.timeout = timeout;
        p.timeoutGiven = timeoutGiven;
        p.tokenFile = tokenFile;
        p.words.addAll(words);
        return p;
    }

    /** {@code --app NAME} named no single JVM: the message (the candidates, if several) and hvm-dbg's exit code. */
    static final class AppUnresolved extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int code;

        AppUnresolved(Jvms.Unresolved e) {
            super(e.getMessage(), null, false, false);
            this.code = e.code();
        }
    }

    /** Whether the line runs the command {@code name}. */
    private static boolean runs(ParseResult line, String name) {
        for (ParseResult r = line; r != null; r = r.subcommand()) {
            if (name.equals(r.commandSpec().name())) {
                return true;
            }
        }
        return false;
    }

    /** The pid of the one JVM of this user that {@code name} names. */
    private static long app(String name) {
        try {
            return Jvms.resolve(name).pid();
        } catch (Jvms.Unresolved e) {
            throw new AppUnresolved(e);
        } catch (NoClassDefFoundError e) {
            throw new AppUnresolved(new Jvms.Unresolved(6, "--app needs the attach API (module jdk.attach): run hvm-dbg with a JDK's java", java.util.List.of()));
        }
    }

    /** What a command runs with. */
    Shared shared(PrintWriter out, PrintWriter err, InputStream stdin) {
        return new Shared(socket, app, json, timeout, timeoutGiven, tokenFile, out, err, stdin);
    }

    /** The socket to connect to: {@code --socket}, else the environment's, else the default. */
    static Path socketPath(Path socket) {
        return SocketPaths.forClient(socket == null ? null : socket.toString());
    }

    /** What is wrong with {@code value} as {@code --timeout}, a positive number of seconds; null when nothing. */
    private static String problem(String value) {
        java.math.BigDecimal s;
        try {
            s = new java.math.BigDecimal(value.trim());
        } catch (NumberFormatException e) {
            return "'" + value + "' is not a number of seconds";
        }
        if (s.signum() <= 0 || s.compareTo(java.math.BigDecimal.valueOf(86_400L * 100)) > 0) {
            return "'" + value + "' must be more than 0 and at most 8640000 seconds";
        }
        return null;
    }

    /** {@code value}, which has no {@link #problem}, as a duration. */
    private static Duration seconds(String value) {
        return Duration.ofNanos(new java.math.BigDecimal(value.trim()).movePointRight(9).longValue());
    }
}
