package probe.cli.internal;

import java.io.InputStream;
import java.io.PrintWriter;
import picocli.CommandLine;

/** The {@code hvm-dbg} command line: {@code java -jar hvm-dbg.jar [OPTIONS] COMMAND …}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        CommandLine cl = commandLine(System.in);
        int code = cl.execute(args);
        cl.getOut().flush();
        cl.getErr().flush();
        System.exit(code);
    }

    /**
     * The whole command tree, with exit codes as the contract says (0 success, 1 probe error,
     * 2 bad usage, 3 no probe). Output goes to {@link CommandLine#getOut()} and
     * {@link CommandLine#getErr()}, which tests may replace.
     */
    public static CommandLine commandLine(InputStream stdin) {
        HvmDbg root = new HvmDbg(stdin);
        CommandLine cl = new CommandLine(root);
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
