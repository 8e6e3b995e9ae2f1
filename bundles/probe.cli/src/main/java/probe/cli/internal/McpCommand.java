package probe.cli.internal;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.OutputStream;

/**
 * {@code hvm-dbg mcp}: serves the probe's ops as MCP tools on standard input and output
 * ({@link probe.cli.mcp.StdioServer}) until standard input ends. This class only hands the shared
 * options over: it names no MCP type, so that no other command loads anything of the SDK.
 */
final class McpCommand {
    static final String NAME = "mcp";
    static final String[] DESCRIPTION = {"Serve the GUI to an AI agent as a Model Context Protocol server on standard input and output.",
        "Tools: one per op, from the ops' descriptions (gui_snapshot, gui_click, ...; an op installed into the"
            + " running GUI becomes one), and gui_events. It runs until its input ends; a GUI that"
            + " is not there makes a tool's result an error, and the next call connects again. Register it"
            + " with an MCP client as: run/hvm-dbg mcp (see bundles/probe.cli/README.md). With --app NAME it drives"
            + " that application of yours, found (the probe loaded into it) at the first call and again when it is"
            + " started again; with no socket named and no GUI answering it offers gui_apps and gui_attach."
            + " A result's data is in its structuredContent; with --json its text ends with it too."};

    private McpCommand() {
    }

    /**
     * The token file checked (bad usage, exit 2, before the server starts), then the server; with
     * {@code --json} every result's text ends with its data as JSON too (it is in structuredContent always).
     */
    static int serve(Shared s) throws Exception {
        if (s.tokenFile != null) {
            Token.read(s.tokenFile);
        }
        s.out.flush();
        // The raw descriptors: MCP's messages are bytes on standard output, and nothing else may be.
        OutputStream out = new FileOutputStream(FileDescriptor.out);
        // --app NAME: followed by name (its socket, if it ran as the line was read, is where to look first).
        // No socket named at all (no --socket, --pid, --app, nor the environment's): it may offer to find one.
        boolean named = s.socket != null || s.app != null || System.getenv(probe.api.wire.SocketPaths.ENV) != null;
        probe.cli.mcp.StdioServer.Where where = s.app != null ? new probe.cli.mcp.StdioServer.Where(s.socket, s.app, false)
                : new probe.cli.mcp.StdioServer.Where(Globals.socketPath(s.socket), null, !named);
        return probe.cli.mcp.StdioServer.serve(where, s.timeout, s.tokenFile, s.json,
                s.stdin == System.in ? new FileInputStream(FileDescriptor.in) : s.stdin, out, System.err);
    }
}
