package probe.cli.internal;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
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
 * the SDK.
 */
@Command(name = McpCommand.NAME, description = {
    "Serve the GUI to an AI agent as a Model Context Protocol server on standard input and output.",
    "Tools: one per op, from the ops' descriptions (gui_snapshot, gui_click, ...; an op installed into the"
        + " running GUI becomes one), and gui_events. It runs until its input ends; a GUI that"
        + " is not there makes a tool's result an error, and the next call connects again. Register it"
        + " with an MCP client as: run/hvm-dbg mcp (see bundles/probe.cli/README.md). A result's data is in"
        + " its structuredContent; with --json its text ends with it too."})
final class McpCommand implements Callable<Integer> {
    static final String NAME = "mcp";

    @Spec
    CommandSpec spec;

    /**
     * {@code hvm-dbg [--socket P] [--timeout S] [--token-file F] [--json] mcp}, read by {@link Main}
     * without picocli (whose model of every command took a good part of the server's start-up): the
     * token file checked (bad usage, exit 2, before the server starts), then the server.
     */
    static int serve(Shared s) throws Exception {
        if (s.tokenFile != null) {
            Token.read(s.tokenFile);
        }
        s.out.flush();
        return serve(s.socket, s.timeout, s.tokenFile, s.json, s.stdin);
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
