package probe.cli.internal;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.TypeConversionException;
import probe.api.wire.SocketPaths;

/**
 * hvm-dbg's own options ({@code --socket}, {@code --pid}, {@code --json}, {@code --timeout},
 * {@code --token-file}), declared here once as picocli options ({@link #options}) and their values,
 * which picocli sets as it parses. They go before or after the command, and after a verb of
 * {@code gui}: {@link GuiLine} finds them among the verb's words by their names and arity, and
 * {@link #take} has picocli read them together with those given before.
 */
final class Globals {
    static final String SOCKET = "--socket";
    static final String PID = "--pid";
    static final String JSON = "--json";
    static final String TIMEOUT = "--timeout";
    static final String TOKEN_FILE = "--token-file";
    /** {@code --timeout}'s default, in seconds. */
    static final String DEFAULT_TIMEOUT = "30";
    static final List<String> NAMES = List.of(SOCKET, PID, JSON, TIMEOUT, TOKEN_FILE);

    Path socket;
    boolean json;
    Duration timeout = seconds(DEFAULT_TIMEOUT);
    boolean timeoutGiven;
    Path tokenFile;
    /** The words of these options given so far, as on the line: read again in full by {@link #take}. */
    private final List<String> words = new ArrayList<>();

    /** The options, bound to this instance's fields: the root command's, inherited by the commands. */
    List<OptionSpec> options() {
        Bound json = new Bound(this, JSON);
        return List.of(
                option(SOCKET, "PATH", Path.class, "the probe's socket (default: see Socket below)"),
                option(PID, "PID", Long.class, "talk to the probe in that JVM (hvm-dbg attach or launch): its own socket"),
                OptionSpec.builder(JSON).arity("0").type(boolean.class).getter(json).setter(json).scopeType(ScopeType.INHERIT)
                        .description("print the reply's raw data as JSON (and an error's details)").build(),
                option(TIMEOUT, "SECONDS", Duration.class, "how long to wait for a reply (default: " + DEFAULT_TIMEOUT + ")"),
                option(TOKEN_FILE, "FILE", Path.class, "for a probe that wants a token: the file whose first line is it"));
    }

    private OptionSpec option(String name, String label, Class<?> type, String description) {
        Bound b = new Bound(this, name);
        return OptionSpec.builder(name).paramLabel(label).type(type).converters(b).getter(b).setter(b).scopeType(ScopeType.INHERIT)
                .description(description).build();
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
        Globals p = new Globals();
        CommandSpec spec = CommandSpec.create();
        p.options().forEach(spec::addOption);
        try {
            p.parsed(new CommandLine(spec).parseArgs(all.toArray(new String[0])));
        } catch (ParameterException e) {
            throw new UsageException(e.getMessage());
        }
        socket = p.socket;
        json = p.json;
        timeout = p.timeout;
        timeoutGiven = p.timeoutGiven;
        tokenFile = p.tokenFile;
        this.words.clear();
        this.words.addAll(all);
        return next;
    }

    /** After picocli parsed a line into this: what was given, and its words, for {@link #take}. */
    void parsed(ParseResult line) {
        timeoutGiven = false;
        words.clear();
        for (ParseResult r = line; r != null; r = r.subcommand()) {
            for (OptionSpec o : r.matchedOptions()) {
                String name = o.longestName();
                if (!NAMES.contains(name)) {
                    continue;
                }
                timeoutGiven |= name.equals(TIMEOUT);
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
        p.json = json;
        p.timeout = timeout;
        p.timeoutGiven = timeoutGiven;
        p.tokenFile = tokenFile;
        p.words.addAll(words);
        return p;
    }

    /** What a command runs with. */
    Shared shared(PrintWriter out, PrintWriter err, InputStream stdin) {
        return new Shared(socket, json, timeout, timeoutGiven, tokenFile, out, err, stdin);
    }

    /** The socket to connect to: {@code --socket}, else the environment's, else the default. */
    static Path socketPath(Path socket) {
        return SocketPaths.forClient(socket == null ? null : socket.toString());
    }

    /** What is wrong with {@code value} as {@code --timeout}, a positive number of seconds; null when nothing. */
    static String problem(String value) {
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
    static Duration seconds(String value) {
        return Duration.ofNanos(new java.math.BigDecimal(value.trim()).movePointRight(9).longValue());
    }

    /**
     * One option's binding to a field of one {@link Globals}, and its conversion: one class for all
     * five, as every class loaded counts at each start.
     */
    private static final class Bound implements IGetter, ISetter, CommandLine.ITypeConverter<Object> {
        private final Globals g;
        private final String name;

        Bound(Globals g, String name) {
            this.g = g;
            this.name = name;
        }

        @Override
        public Object convert(String value) {
            switch (name) {
                case TIMEOUT:
                    String problem = problem(value);
                    if (problem != null) {
                        throw new TypeConversionException(problem);
                    }
                    return seconds(value);
                case PID:
                    try {
                        return Long.parseLong(value);
                    } catch (NumberFormatException e) {
                        throw new TypeConversionException("'" + value + "' is not a process id");
                    }
                default:
                    try {
                        return Path.of(value);
                    } catch (InvalidPathException e) {
                        throw new TypeConversionException(e.getMessage());
                    }
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            switch (name) {
                case SOCKET:
                    return (T) g.socket;
                case JSON:
                    return (T) Boolean.valueOf(g.json);
                case TIMEOUT:
                    return (T) g.timeout;
                case TOKEN_FILE:
                    return (T) g.tokenFile;
                default:
                    return null;
            }
        }

        @Override
        public <T> T set(T value) {
            switch (name) {
                case SOCKET:
                    g.socket = (Path) value;
                    break;
                case PID:
                    if (value != null) {
                        g.socket = SocketPaths.forApplication((Long) value);
                    }
                    break;
                case JSON:
                    g.json = Boolean.TRUE.equals(value);
                    break;
                case TIMEOUT:
                    if (value != null) {
                        g.timeout = (Duration) value;
                    }
                    break;
                default:
                    g.tokenFile = (Path) value;
                    break;
            }
            return null;
        }
    }
}
