package probe.cli.internal;

import java.io.BufferedWriter;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

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
     * Runs one command line and returns its exit code: through {@link FastPath} when it takes the
     * line, else through picocli ({@link #commandLine}). Both print the same and exit the same.
     */
    static int run(String[] args, InputStream stdin, PrintWriter out, PrintWriter err) {
        int code = FastPath.run(args, stdin, out, err);
        if (code == FastPath.NOT_HANDLED && McpCommand.named(args)) {
            code = McpCommand.fast(args, stdin, err);
        }
        return code != FastPath.NOT_HANDLED ? code : commandLine(stdin, out, err).execute(args);
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
        cl.addSubcommand("completion", new AutoComplete.GenerateCompletion());
        describeWatchTimeout(cl.getSubcommands().get("gui").getSubcommands().get("watch"));
        cl.setExecutionExceptionHandler(new Failures());
        cl.setParameterExceptionHandler(new Redacting());
        return cl;
    }

    /**
     * {@code gui watch} inherits {@code --timeout} from the root, which describes it as the reply
     * timeout; for watch it is also, and mainly, how long to watch. Its help says so.
     */
    private static void describeWatchTimeout(CommandLine watch) {
        CommandSpec spec = watch.getCommandSpec();
        OptionSpec inherited = spec.findOption("--timeout");
        if (inherited == null) {
            return;
        }
        spec.remove(inherited);
        spec.addOption(OptionSpec.builder(inherited)
                .description("stop after SECONDS of watching in all (default: no limit); also how long to wait for the probe's"
                        + " reply to the subscription (default 30)")
                .build());
    }

    /** For tests: the command line writing to {@code out} and {@code err}. */
    public static CommandLine commandLine(InputStream stdin, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine(stdin);
        cl.setOut(out);
        cl.setErr(err);
        return cl;
    }
}
