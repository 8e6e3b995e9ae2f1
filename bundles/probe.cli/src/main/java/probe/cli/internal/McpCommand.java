package probe.cli.internal;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code hvm-dbg mcp}: serves the probe's ops as MCP tools on standard input and output
 * ({@link probe.cli.mcp.HvmMcp}) until standard input ends. This class only hands the shared
 * options over: it names no MCP type, so the picocli model of every other command loads nothing of
 * the SDK, and the fast path never sees {@code mcp}.
 */
@Command(name = "mcp", description = {
    "Serve the GUI to an AI agent as a Model Context Protocol server on standard input and output.",
    "Tools: one per op, from the ops' descriptions (gui_snapshot, gui_click, ...; an op installed into the"
        + " running GUI becomes one), and gui_events. It runs until its input ends; a GUI that"
        + " is not there makes a tool's result an error, and the next call connects again. Register it"
        + " with an MCP client as: run/hvm-dbg mcp (see bundles/probe.cli/README.md). A result's data is in"
        + " its structuredContent; with --json its text ends with it too."})
final class McpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Whether the command line has the word {@code mcp}: only then is {@link #fast} tried. */
    static boolean named(String[] args) {
        for (String a : args) {
            if (a.equals("mcp")) {
                return true;
            }
        }
        return false;
    }

    /** {@link #runFast}, with a failure of the server itself reported as the CLI reports one. */
    static int fast(String[] args, InputStream stdin, PrintWriter err) {
        try {
            return runFast(args, stdin);
        } catch (Exception e) {
            return Failures.report(e, err, false, true);
        }
    }

    /**
     * {@code hvm-dbg [--socket P] [--timeout S] [--token-file F] mcp}, read without picocli (whose model
     * of every command took a good part of the server's start-up); anything else, such as
     * {@code mcp --help} or a bad option, is {@link FastPath#NOT_HANDLED} and left to picocli.
     */
    static int runFast(String[] args, InputStream stdin) throws Exception {
        String socket = null;
        String timeout = null;
        String tokenFile = null;
        boolean mcp = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("mcp") && !mcp) {
                mcp = true;
                continue;
            }
            String name = a;
            String value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            } else if (i + 1 < args.length && !args[i + 1].startsWith("-") && !args[i + 1].startsWith("@")) {
                value = args[++i];
            }
            if (value == null) {
                return FastPath.NOT_HANDLED;
            }
            switch (name) {
                case "--socket":
                    if (socket != null) {
                        return FastPath.NOT_HANDLED;
                    }
                    socket = value;
                    break;
                case "--timeout":
                    if (timeout != null || HvmDbg.SecondsConverter.problem(value) != null) {
                        return FastPath.NOT_HANDLED;
                    }
                    timeout = value;
                    break;
                case "--token-file":
                    if (tokenFile != null) {
                        return FastPath.NOT_HANDLED;
                    }
                    tokenFile = value;
                    break;
                default:
                    return FastPath.NOT_HANDLED;
            }
        }
        if (!mcp) {
            return FastPath.NOT_HANDLED;
        }
        Path token = tokenFile == null ? null : Path.of(tokenFile);
        if (token != null) {
            try {
                Token.read(token);
            } catch (UsageException e) {
                return FastPath.NOT_HANDLED; // picocli says what is wrong, with the usage
            }
        }
        return serve(socket == null ? null : Path.of(socket),
                HvmDbg.SecondsConverter.seconds(timeout == null ? "30" : timeout), token, false, stdin);
    }

    /** @param json {@code --json}: every result's text ends with its data as JSON too (it is in structuredContent always) */
    private static int serve(Path socket, Duration timeout, Path tokenFile, boolean json,
            InputStream stdin) throws Exception {
        // The raw descriptors: MCP's messages are bytes on standard output, and nothing else may be.
        OutputStream out = new FileOutputStream(FileDescriptor.out);
        return probe.cli.mcp.HvmMcp.serve(HvmDbg.socketPath(socket), timeout, tokenFile, json,
                stdin == System.in ? new FileInputStream(FileDescriptor.in) : stdin, out, System.err);
    }

    @Override
    public Integer call() throws Exception {
        HvmDbg root = (HvmDbg) spec.root().userObject();
        if (root.tokenFile != null) {
            try {
                Token.read(root.tokenFile);
            } catch (UsageException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        spec.commandLine().getOut().flush();
        return serve(root.socket, root.timeout, root.tokenFile, root.json, root.stdin);
    }
}
