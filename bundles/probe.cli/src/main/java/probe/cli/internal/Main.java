package probe.cli.internal;

import java.io.BufferedWriter;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** The {@code hvm-dbg} command line: {@code java -jar hvm-dbg.jar [OPTIONS] COMMAND …}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter out = writer(System.out, "sun.stdout.encoding");
        PrintWriter err = writer(System.err, "sun.stderr.encoding");
        int code = run(args, System.in, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs one command line and returns its exit code. hvm-dbg's own options ({@link Globals}) and the
     * commands that run one op or serve ({@code gui VERB}, {@code hello}, {@code call}, {@code mcp})
     * are read without picocli; whatever else (help, version, completion, a mistake before the
     * command) goes to picocli ({@link #commandLine}), which says what is wrong as it always has.
     */
    static int run(String[] args, InputStream stdin, PrintWriter out, PrintWriter err) {
        List<String> words = List.of(args);
        Globals g = new Globals();
        int i = 0;
        try {
            while (i < words.size() && Globals.names(words.get(i))) {
                i = g.take(words, i);
            }
        } catch (UsageException e) {
            return picocli(args, stdin, out, err);
        }
        if (i == words.size()) {
            return picocli(args, stdin, out, err); // no command
        }
        for (String w : words) {
            if (w.startsWith("@")) {
                return picocli(args, stdin, out, err); // @files, which picocli reads
            }
        }
        String command = words.get(i);
        List<String> rest = words.subList(i + 1, words.size());
        if (command.equals(GuiLine.NAME)) {
            return GuiLine.run(g, rest, stdin, out, err);
        }
        if (command.equals(Completion.NAME)) {
            return Completion.complete(g, rest, out);
        }
        if (!command.equals(HelloCommand.NAME) && !command.equals(CallCommand.NAME) && !command.equals(McpCommand.NAME)) {
            return picocli(args, stdin, out, err);
        }
        List<String> positionals = new ArrayList<>();
        try {
            for (int j = 0; j < rest.size();) {
                String w = rest.get(j);
                if (Globals.names(w)) {
                    j = g.take(rest, j);
                } else if (!w.startsWith("-") || w.equals("-")) {
                    positionals.add(w);
                    j++;
                } else {
                    return picocli(args, stdin, out, err);
                }
            }
        } catch (UsageException e) {
            return picocli(args, stdin, out, err);
        }
        Shared s = g.shared(out, err, stdin);
        try {
            switch (command) {
                case HelloCommand.NAME:
                    if (!positionals.isEmpty()) {
                        return picocli(args, stdin, out, err);
                    }
                    return new HelloCommand().execute(s);
                case CallCommand.NAME: {
                    if (positionals.isEmpty() || positionals.size() > 2) {
                        return picocli(args, stdin, out, err);
                    }
                    CallCommand c = new CallCommand();
                    c.op = positionals.get(0);
                    c.args = positionals.size() > 1 ? positionals.get(1) : null;
                    return c.execute(s);
                }
                default:
                    if (!positionals.isEmpty()) {
                        return picocli(args, stdin, out, err);
                    }
                    return McpCommand.serve(s);
            }
        } catch (UsageException e) {
            // Found after parsing (a token file, ARGS_JSON): picocli prints it as it prints a parse error.
            CommandLine cl = commandLine(stdin, out, err).getSubcommands().get(command);
            return new Redacting().handleParseException(new ParameterException(cl, e.getMessage()), args);
        } catch (Exception e) {
            return Failures.report(e, err, s.json, s.tokenFile != null);
        }
    }

    private static int picocli(String[] args, InputStream stdin, PrintWriter out, PrintWriter err) {
        return commandLine(stdin, out, err).execute(args);
    }

    /** The writer picocli would make for {@code stream}: its encoding property, else the default. */
    private static PrintWriter writer(PrintStream stream, String encodingProperty) {
        Charset charset = Charset.defaultCharset();
        String name = System.getProperty(encodingProperty);
        if (name != null) {
            try {
                charset = Charset.forName("cp65001".equalsIgnoreCase(name) ? "UTF-8" : name);
            } catch (RuntimeException e) {
                // An encoding this JVM lacks: the default, as picocli does.
            }
        }
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(stream, charset)), true);
    }

    /**
     * The whole command tree, with exit codes as the contract says (0 success, 1 probe error,
     * 2 bad usage, 3 no probe). Output goes to {@link CommandLine#getOut()} and
     * {@link CommandLine#getErr()}, which tests may replace.
     */
    public static CommandLine commandLine(InputStream stdin) {
        HvmDbg root = new HvmDbg(stdin);
        CommandLine cl = new CommandLine(root);
        cl.addSubcommand("help", new HelpCommand());
        // `hvm-dbg completion` prints a bash/zsh completion script: source <(run/hvm-dbg completion)
        cl.addSubcommand(Completion.NAME, new Completion());
        cl.setExecutionExceptionHandler(new Failures());
        cl.setParameterExceptionHandler(new Redacting());
        return cl;
    }

    /** For tests: the command line writing to {@code out} and {@code err}. */
    public static CommandLine commandLine(InputStream stdin, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine(stdin);
        cl.setOut(out);
        cl.setErr(err);
        return cl;
    }
}
