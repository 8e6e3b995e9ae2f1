package bench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntUnaryOperator;
import probe.client.ProbeClient;

/**
 * The rows of {@code hvm-dbg mcp}: what the MCP server adds to an op (a tool call over JSON-RPC on
 * the server's pipes, against the same op through the client library in the same run, the two
 * interleaved), the probe's annotated screenshot against the plain one, and the spawn of
 * {@code run/hvm-dbg mcp} to its answer to {@code initialize}. The MCP client here writes JSON-RPC
 * lines and reads them, parsing each reply with Jackson, as the client library parses the probe's:
 * the server's cost, not an SDK client's.
 */
final class McpBench {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}\n";

    private final Report out;
    private final Path root;
    private final Path socket;
    private final IntUnaryOperator n;
    private final String java;

    McpBench(Report out, Path root, Path socket, IntUnaryOperator n, String java) {
        this.out = out;
        this.root = root;
        this.socket = socket;
        this.n = n;
        this.java = java;
    }

    /** A running {@code run/hvm-dbg mcp}, initialized, spoken to a JSON-RPC line at a time. */
    static final class Session implements AutoCloseable {
        final Process process;
        final OutputStream in;
        final BufferedReader reader;
        private int id;

        Session(List<String> command) throws IOException {
            process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            in = process.getOutputStream();
            reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        /** Sends initialize and waits for its answer. */
        void initialize() throws IOException {
            in.write(INITIALIZE.getBytes(StandardCharsets.UTF_8));
            in.flush();
            awaitId(0);
            in.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
        }

        private JsonNode awaitId(int want) throws IOException {
            while (true) {
                String line = reader.readLine();
                if (line == null) {
                    throw new IOException("hvm-dbg mcp ended");
                }
                JsonNode m = JSON.readTree(line);
                if (m.path("id").asInt(-1) == want) {
                    return m;
                }
            }
        }

        /** MCP's {@code ping}: a JSON-RPC round trip through the SDK that does no work of the server's own. */
        void ping() throws IOException {
            int i = ++id;
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"ping\"}\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            if (awaitId(i).get("result") == null) {
                throw new IllegalStateException("ping failed");
            }
        }

        /** Calls a tool; fails when it answers an error. */
        JsonNode call(String tool, ObjectNode arguments) throws IOException {
            int i = ++id;
            ObjectNode req = JsonNodeFactory.instance.objectNode();
            req.put("jsonrpc", "2.0").put("id", i).put("method", "tools/call");
            req.putObject("params").put("name", tool).set("arguments", arguments);
            in.write((JSON.writeValueAsString(req) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            JsonNode r = awaitId(i).get("result");
            if (r == null || r.path("isError").asBoolean()) {
                throw new IllegalStateException(tool + " failed: " + r);
            }
            return r;
        }

        @Override
        public void close() throws Exception {
            in.close();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    /**
     * The floor of a line over a child's pipes: {@code cat}, which echoes the ping line, read and
     * parsed as the server's replies are.
     */
    static final class Echo implements AutoCloseable {
        private final Process process;
        private final OutputStream in;
        private final BufferedReader reader;
        private int id;

        Echo() throws IOException {
            process = new ProcessBuilder("cat").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            in = process.getOutputStream();
            reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        void ping() throws IOException {
            int i = ++id;
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"ping\"}\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            String line = reader.readLine();
            if (line == null || JSON.readTree(line).path("id").asInt(-1) != i) {
                throw new IOException("cat did not echo the line");
            }
        }

        @Override
        public void close() throws Exception {
            in.close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    private List<String> command() {
        return List.of(root.resolve("run/hvm-dbg").toString(), "--socket", socket.toString(), "mcp");
    }

    private static ObjectNode args(String... kv) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < kv.length; i += 2) {
            o.put(kv[i], kv[i + 1]);
        }
        return o;
    }

    /** Needs the bench window showing (bench.button.count, the 500 controls of scope bench). */
    void rows(ProbeClient c) throws Exception {
        // Spawn to initialize: the server's own AppCDS archive is made by its first run, as run/hvm-dbg does.
        Main.deleteArchives(root.resolve("bundles/probe.cli/target"), "hvm-dbg-mcp");
        try (Session first = new Session(command())) {
            first.initialize();
        }
        long[] spawn = new long[n.applyAsInt(20)];
        long[] javaVersion = new long[spawn.length];
        for (int i = -2; i < spawn.length; i++) {
            long t0 = System.nanoTime();
            try (Session s = new Session(command())) {
                s.initialize();
                if (i >= 0) {
                    spawn[i] = System.nanoTime() - t0;
                }
            }
            t0 = System.nanoTime();
            Process v = new ProcessBuilder(java, "-version").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            v.waitFor();
            if (i >= 0) {
                javaVersion[i] = System.nanoTime() - t0;
            }
        }
        Stats spawnStats = new Stats(spawn);
        out.row("spawn of `run/hvm-dbg mcp` → its answer to `initialize` (its own AppCDS archive)", spawnStats,
                "bare `java -version`", new Stats(javaVersion), "< 1 s", spawnStats.medianMs() < 1000, "mcp");

        try (Session s = new Session(command()); Echo cat = new Echo()) {
            s.initialize();
            ObjectNode clickArgs = args("identifier", "bench.button.count");
            int rounds = n.applyAsInt(500);
            long[] mcpClick = new long[rounds];
            long[] libClick = new long[rounds];
            long[] libClickDialog = new long[rounds];
            long[] libClickDialogPiped = new long[rounds];
            long[] mcpPing = new long[rounds];
            long[] catPing = new long[rounds];
            // A session's first calls run the SDK's and Jackson's code interpreted (the server is C1
            // only, compiling after 20 calls): timed as such, then the server is warmed as a long
            // agent session would have it, and the rows below time it warm.
            int warm = n.applyAsInt(1000);
            long[] coldMcp = new long[Math.min(100, warm)];
            long[] coldLib = new long[coldMcp.length];
            for (int i = 0; i < warm; i++) {
                long t0 = System.nanoTime();
                s.call("gui_click", clickArgs);
                long t1 = System.nanoTime();
                if (i < coldMcp.length) {
                    c.call("gui.click", clickArgs);
                    coldMcp[i] = t1 - t0;
                    coldLib[i] = System.nanoTime() - t1;
                }
                s.ping();
            }
            for (int i = -50; i < rounds; i++) {
                long t0 = System.nanoTime();
                s.call("gui_click", clickArgs);
                long t1 = System.nanoTime();
                Thread.sleep(1);
                long t2 = System.nanoTime();
                c.call("gui.click", clickArgs);
                long t3 = System.nanoTime();
                Thread.sleep(1);
                long t4 = System.nanoTime();
                c.call("gui.click", clickArgs);
                c.call("gui.dialog.current");
                long t5 = System.nanoTime();
                Thread.sleep(1);
                long t6 = System.nanoTime();
                ProbeClient.Pending click = c.send("gui.click", clickArgs);
                ProbeClient.Pending dialog = c.send("gui.dialog.current", null);
                click.reply(c.readTimeout());
                dialog.reply(c.readTimeout());
                long t7 = System.nanoTime();
                Thread.sleep(1);
                long t8 = System.nanoTime();
                s.ping();
                long t9 = System.nanoTime();
                cat.ping();
                long t10 = System.nanoTime();
                Thread.sleep(1);
                if (i >= 0) {
                    mcpClick[i] = t1 - t0;
                    libClick[i] = t3 - t2;
                    libClickDialog[i] = t5 - t4;
                    libClickDialogPiped[i] = t7 - t6;
                    mcpPing[i] = t9 - t8;
                    catPing[i] = t10 - t9;
                }
            }
            Stats ping = new Stats(mcpPing);
            out.row("MCP `ping` to the server (a JSON-RPC round trip through the server's stdio transport and the SDK's dispatch;"
                    + " no tool, no probe)", ping, "the same line echoed by `cat` over a child's pipes, same run", new Stats(catPing), "", null, "mcp");
            Stats mcp = new Stats(mcpClick);
            Stats lib = new Stats(libClick);
            out.row("`gui_click` `bench.button.count` through MCP (tools/call over the server's pipes; the tool also asks"
                    + " `gui.dialog.current` after the click)", mcp, "`gui.click`, same control, through `ProbeClient`, same run",
                    lib, "MCP adds ≤ 0.5 ms to the median", mcp.medianMs() - lib.medianMs() <= 0.5, "mcp");
            out.row("… the same tool, the session's first " + coldMcp.length + " calls (the server still warming up; the row"
                    + " above is after " + warm + " calls)", new Stats(coldMcp), "`gui.click` through `ProbeClient`, interleaved",
                    new Stats(coldLib), "", null, null);
            out.row("… the same tool", mcp, "`gui.click` then `gui.dialog.current` through `ProbeClient` (what the tool asks the probe)",
                    new Stats(libClickDialog), "", null, null);
            out.row("… the same tool", mcp, "`gui.click` and `gui.dialog.current` sent back to back through `ProbeClient.send`"
                    + " (how the tool asks them)", new Stats(libClickDialogPiped), "", null, null);

            for (String scope : List.of("toolbar", "bench")) {
                ObjectNode snap = args("scope", scope);
                snap.put("maxItems", 1000);
                ObjectNode list = args("scope", scope);
                // What the tool asks the probe: the lines, not the items (gui.list format text).
                ObjectNode lines = args("scope", scope, "format", "text");
                lines.put("maxItems", 1000);
                int items = c.call("gui.list", list).get("items").size();
                int textKib = (int) Math.round(c.call("gui.list", lines).get("text").asText().length() / 1024.0);
                int r = n.applyAsInt(scope.equals("bench") ? 300 : 500);
                long[] m = new long[r];
                long[] l = new long[r];
                long[] ld = new long[r];
                long[] lt = new long[r];
                for (int i = -30; i < r; i++) {
                    long t0 = System.nanoTime();
                    s.call("gui_snapshot", snap);
                    long t1 = System.nanoTime();
                    c.call("gui.list", list);
                    long t2 = System.nanoTime();
                    ProbeClient.Pending listed = c.send("gui.list", list);
                    ProbeClient.Pending dialog = c.send("gui.dialog.current", null);
                    listed.reply(c.readTimeout());
                    dialog.reply(c.readTimeout());
                    long t3 = System.nanoTime();
                    ProbeClient.Pending text = c.send("gui.list", lines);
                    ProbeClient.Pending now = c.send("gui.dialog.current", null);
                    text.reply(c.readTimeout());
                    now.reply(c.readTimeout());
                    long t4 = System.nanoTime();
                    if (i >= 0) {
                        m[i] = t1 - t0;
                        l[i] = t2 - t1;
                        ld[i] = t3 - t2;
                        lt[i] = t4 - t3;
                    }
                }
                Stats ms = new Stats(m);
                Stats ls = new Stats(l);
                out.row("`gui_snapshot` scope `" + scope + "` (" + items + " items) through MCP (the probe's text lines"
                        + (textKib > 0 ? ", " + textKib + " KiB" : "") + ";"
                        + " `gui.dialog.current` asked right after, back to back)", ms, "`gui.list` scope `" + scope
                        + "` through `ProbeClient`, same run", ls, "MCP adds ≤ 0.5 ms to the median", ms.medianMs() - ls.medianMs() <= 0.5,
                        "mcp");
                out.row("… the same tool", ms, "`gui.list` and `gui.dialog.current` sent back to back through `ProbeClient.send`",
                        new Stats(ld), "", null, null);
                out.row("… the same tool", ms, "`gui.list` `format: text` and `gui.dialog.current` sent back to back through"
                        + " `ProbeClient.send` (what the tool asks the probe, and how)", new Stats(lt), "", null, null);
            }

            ObjectNode plain = args("format", "png", "scope", "window");
            ObjectNode annotated = args("format", "png", "scope", "window");
            annotated.put("annotate", true);
            int marks = c.call("gui.screenshot", annotated).get("marks").size();
            int r = n.applyAsInt(60);
            long[] a = new long[r];
            long[] p = new long[r];
            long[] m = new long[r];
            for (int i = -5; i < r; i++) {
                long t0 = System.nanoTime();
                c.call("gui.screenshot", annotated);
                long t1 = System.nanoTime();
                c.call("gui.screenshot", plain);
                long t2 = System.nanoTime();
                s.call("gui_screenshot", JsonNodeFactory.instance.objectNode());
                long t3 = System.nanoTime();
                if (i >= 0) {
                    a[i] = t1 - t0;
                    p[i] = t2 - t1;
                    m[i] = t3 - t2;
                }
            }
            Stats as = new Stats(a);
            Stats ps = new Stats(p);
            out.row("`gui.screenshot` `annotate: true` (" + marks + " numbered boxes, the `bench` window over the main one) through"
                    + " `ProbeClient`", as, "`gui.screenshot` plain, same run", ps, "≤ 5 ms more",
                    as.medianMs() - ps.medianMs() <= 5, "mcp");
            out.row("`gui_screenshot` through MCP (the PNG as image content)", new Stats(m), "`gui.screenshot` plain through `ProbeClient`",
                    ps, "", null, null);

            // A dialog as an agent mostly sees one: the bench's dialog, a few controls, shot alone.
            c.call("gui.click", args("identifier", "bench.button.dialog"));
            ObjectNode open = args("dialog", "bench", "state", "open");
            open.put("timeoutMillis", 10000);
            c.call("gui.wait", open, Duration.ofSeconds(15));
            ObjectNode plainDialog = args("format", "png", "scope", "dialog");
            ObjectNode annotatedDialog = args("format", "png", "scope", "dialog");
            annotatedDialog.put("annotate", true);
            int dialogMarks = c.call("gui.screenshot", annotatedDialog).get("marks").size();
            long[] ad = new long[r];
            long[] pd = new long[r];
            for (int i = -5; i < r; i++) {
                long t0 = System.nanoTime();
                c.call("gui.screenshot", annotatedDialog);
                long t1 = System.nanoTime();
                c.call("gui.screenshot", plainDialog);
                long t2 = System.nanoTime();
                if (i >= 0) {
                    ad[i] = t1 - t0;
                    pd[i] = t2 - t1;
                }
            }
            c.call("bench.control", args("action", "closeDialog"));
            Stats ads = new Stats(ad);
            Stats pds = new Stats(pd);
            out.row("`gui.screenshot` scope `dialog` `annotate: true` (`dialog.bench`, " + dialogMarks + " boxes) through `ProbeClient`",
                    ads, "`gui.screenshot` scope `dialog` plain, same run", pds, "≤ 5 ms more", ads.medianMs() - pds.medianMs() <= 5, "mcp");
        }
    }
}
