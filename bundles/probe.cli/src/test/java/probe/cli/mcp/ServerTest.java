package probe.cli.mcp;

import probe.cli.ops.CompiledDescriptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import probe.api.OpDescription;
import probe.api.wire.Wire;
import probe.testing.TestProbe;

/**
 * The server in-process on pipes, speaking JSON-RPC lines as an MCP client does, against a probe
 * that is not there at first and then a {@link TestProbe} on the same socket: an absent GUI is an
 * error result with the hint, the next call connects, an op's error is an error result, and
 * nothing but JSON-RPC reaches the output.
 */
@Timeout(60)
class ServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final List<String> lines = new ArrayList<>();
    private BufferedReader in;
    private OutputStream out;
    private final AtomicInteger ids = new AtomicInteger();

    private JsonNode request(String method, String params) throws Exception {
        int id = ids.incrementAndGet();
        out.write(("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}\n")
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
        while (true) {
            String line = in.readLine();
            assertNotNull(line, "the server answered " + method);
            lines.add(line);
            JsonNode m = JSON.readTree(line);
            assertEquals("2.0", m.path("jsonrpc").asText(), "only JSON-RPC on the output: " + line);
            if (m.path("id").asInt() == id) {
                return m;
            }
        }
    }

    private JsonNode tool(String name, String args) throws Exception {
        JsonNode r = request("tools/call", "{\"name\":\"" + name + "\",\"arguments\":" + args + "}").get("result");
        assertNotNull(r, "a tool's failure is a result, never a protocol error");
        return r;
    }

    private static String text(JsonNode result) {
        return result.get("content").get(0).get("text").asText();
    }

    /** As {@code printf '…' | hvm-dbg mcp} runs it: what was read before the input ended is answered, then the server ends. */
    @Test
    void callsReadBeforeTheInputEndsAreAnswered() throws Exception {
        // The server's input and output on real pipes, as its standard input and output are: a
        // PipedInputStream fails a read ("Write end dead", "Pipe broken") when the thread that wrote
        // last has ended or looks so, which under load made this test fail with no fault of the server's.
        Pipe input = Pipe.open();
        OutputStream toServer = Channels.newOutputStream(input.sink());
        InputStream serverIn = Channels.newInputStream(input.source());
        Pipe pipe = Pipe.open();
        InputStream fromServer = Channels.newInputStream(pipe.source());
        OutputStream serverOut = Channels.newOutputStream(pipe.sink());
        int[] exit = {-1};
        Thread server = new Thread(() -> {
            try {
                exit[0] = StdioServer.serve(dir.resolve("none.sock"), Duration.ofSeconds(5), null, serverIn, serverOut,
                        new PrintStream(new ByteArrayOutputStream(), true));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
        toServer.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"gui_audit\",\"arguments\":{}}}\n")
                .getBytes(StandardCharsets.UTF_8));
        toServer.close();
        BufferedReader r = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8));
        assertEquals(1, JSON.readTree(r.readLine()).path("id").asInt());
        JsonNode call = JSON.readTree(r.readLine());
        assertEquals(2, call.path("id").asInt());
        assertTrue(call.at("/result/isError").asBoolean(), call.toString());
        server.join(20_000);
        assertEquals(0, exit[0]);
    }

    @Test
    void anAbsentGuiIsAnErrorResultAndTheNextCallConnects() throws Exception {
        Path socket = dir.resolve("probe.sock");
        // The server's input and output on real pipes, as its standard input and output are: a
        // PipedInputStream fails a read ("Write end dead", "Pipe broken") when the thread that wrote
        // last has ended or looks so, which under load made this test fail with no fault of the server's.
        Pipe input = Pipe.open();
        OutputStream toServer = Channels.newOutputStream(input.sink());
        InputStream serverIn = Channels.newInputStream(input.source());
        Pipe pipe = Pipe.open();
        InputStream fromServer = Channels.newInputStream(pipe.source());
        OutputStream serverOut = Channels.newOutputStream(pipe.sink());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int[] exit = {-1};
        Thread server = new Thread(() -> {
            try {
                exit[0] = StdioServer.serve(socket, Duration.ofSeconds(5), null, serverIn, serverOut, new PrintStream(err, true));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
        out = toServer;
        in = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8));

        JsonNode init = request("initialize",
                "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}");
        assertEquals("hvm-dbg", init.at("/result/serverInfo/name").asText());
        out.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n".getBytes(StandardCharsets.UTF_8));
        JsonNode tools = request("tools/list", "{}").at("/result/tools");
        assertEquals(ToolSpecs.known().size(), tools.size(), "every compiled-in tool, with no GUI");

        JsonNode absent = tool("gui_snapshot", "{}");
        assertTrue(absent.get("isError").asBoolean());
        assertTrue(text(absent).startsWith("error probe.unavailable: no probe answers on " + socket), text(absent));
        assertTrue(text(absent).contains("start the debug GUI with run/hvm-debug"), text(absent));

        try (TestProbe probe = TestProbe.start(dir, (req, conn) -> {
            String op = req.path("op").asText();
            switch (op) {
                case "gui.dialog.current":
                    conn.reply(req, Wire.object().putNull("name"));
                    break;
                case "gui.list": {
                    // As the probe answers gui_snapshot's request: its lines, not the items.
                    ObjectNode d = Wire.object();
                    d.put("scope", "window");
                    d.put("count", 1);
                    d.put("text", "button a.b \"A\"");
                    conn.reply(req, d);
                    break;
                }
                case "gui.click":
                    if (req.at("/args/identifier").asText().equals("a.b")) {
                        ObjectNode d = Wire.object().put("identifier", "a.b");
                        d.putArray("clicked").add(3).add(4);
                        conn.reply(req, d);
                    } else {
                        ObjectNode details = Wire.object();
                        details.putArray("nearest").add("a.b");
                        conn.fail(req, "gui.identifier_not_found", "no showing view with identifier 'a.c'; nearest: a.b", details);
                    }
                    break;
                case "gui.event.subscribe":
                    conn.reply(req, Wire.object().set("subscribed", Wire.mapper().createArrayNode().add("*")));
                    break;
                default:
                    TestProbe.standard().handle(req, conn);
            }
        })) {
            JsonNode snapshot = tool("gui_snapshot", "{}");
            assertFalse(snapshot.get("isError").asBoolean(), text(snapshot));
            assertEquals("now: no dialog open\nbutton a.b \"A\"", text(snapshot));
            assertEquals("{\"scope\":\"window\",\"count\":1}", snapshot.at("/structuredContent/data").toString(),
                    "the data: the reply without its text, which the result's text has");
            ObjectNode asked = probe.requests().stream().filter(r -> r.path("op").asText().equals("gui.list")).findFirst().orElseThrow();
            assertEquals("{\"maxItems\":" + Snapshot.DEFAULT_MAX_ITEMS + ",\"format\":\"text\"}", asked.get("args").toString(),
                    "the probe writes the lines, at most the server's default");

            JsonNode click = tool("gui_click", "{\"identifier\":\"a.b\"}");
            // This probe sends no receipt, so the line says where the click landed, as every front end words it.
            assertEquals("clicked a.b at [3,4]\nnow: no dialog open", text(click));
            assertEquals("{\"identifier\":\"a.b\",\"clicked\":[3,4]}", click.at("/structuredContent/data").toString(),
                    "the data whole, as structuredContent");

            JsonNode unknown = tool("gui_click", "{\"identifier\":\"a.c\"}");
            assertTrue(unknown.get("isError").asBoolean());
            assertTrue(text(unknown).startsWith("error gui.identifier_not_found: no showing view with identifier 'a.c'; nearest: a.b"),
                    text(unknown));
            assertEquals("a.b", unknown.at("/structuredContent/error/details/nearest/0").asText(), "the details as data: " + unknown);
            assertEquals("gui.identifier_not_found", unknown.at("/structuredContent/error/code").asText(), unknown.toString());
            assertTrue(text(unknown).endsWith("\nnow: no dialog open"), "a refused action says the dialog after it too: " + text(unknown));
            // Each action's gui.dialog.current is the request right behind it on the connection (the
            // event feed's subscription, on a connection of its own, may come between in this list).
            List<ObjectNode> sent = new ArrayList<>(probe.requests());
            sent.removeIf(r -> r.path("op").asText().equals("gui.event.subscribe"));
            for (int i = 0; i < sent.size(); i++) {
                if (sent.get(i).path("op").asText().equals("gui.click")) {
                    assertEquals("gui.dialog.current", sent.get(i + 1).path("op").asText(), sent.toString());
                }
            }

            JsonNode bad = tool("gui_click", "{\"identifier\":\"a.b\",\"botton\":\"left\"}");
            assertTrue(bad.get("isError").asBoolean());
            assertEquals("error gui.invalid_args: unknown argument 'botton' for gui_click; did you mean 'button'?"
                    + " accepted: button, count, effects, identifier, settleMillis, x, y", text(bad));
            assertEquals(2, probe.requests().stream().filter(r -> r.path("op").asText().equals("gui.click")).count(),
                    "bad arguments never reach the probe");
        }
        JsonNode gone = tool("gui_audit", "{}");
        assertTrue(gone.get("isError").asBoolean(), text(gone));
        assertTrue(text(gone).contains("the MCP server keeps running; the next call connects again"), text(gone));

        toServer.close();
        server.join(20_000);
        assertEquals(0, exit[0], "the server ends when its input ends");
        for (String l : lines) {
            JSON.readTree(l);
        }
    }
    /**
     * The annotations tell the truth, as a client reads them from tools/list, and say only what
     * differs from MCP's defaults: a tool whose op only looks (its description says it does not act)
     * is read-only; an action that may destroy (a click, a key, typed text, a selection can delete a
     * VM as a user's can) is destructive, the default; hovering and scrolling change nothing that
     * stays. None says openWorldHint false: what the probe shows and does reaches whatever the
     * application reaches. No tool has a title (the name serves a person's display).
     */
    @Test
    void everyToolsAnnotationsTellTheTruth() throws Exception {
        int[] exit = {-1};
        Thread server = serve(dir.resolve("absent.sock"), exit);
        JsonNode tools = request("tools/list", "{}").at("/result/tools");
        Map<String, String> expected = Map.ofEntries(
                Map.entry("gui_snapshot", "readOnly"), Map.entry("gui_screenshot", "readOnly"),
                Map.entry("gui_wait", "readOnly"),
                Map.entry("gui_audit", "readOnly"), Map.entry("gui_events", "readOnly"),
                Map.entry("gui_click", "destructive"), Map.entry("gui_type", "destructive"),
                Map.entry("gui_keypress", "destructive"), Map.entry("gui_select", "destructive"),
                Map.entry("gui_hover", "harmless"), Map.entry("gui_scroll", "harmless"));
        // The tools of issue 22 as a model must see them (written here, not read from their descriptions);
        // any tool added since takes its kind from its op's description, so adding an op changes no test here.
        Map<String, String> kinds = new java.util.HashMap<>(expected);
        for (ToolSpecs.Spec s : ToolSpecs.known()) {
            if (s.op() != null && !kinds.containsKey(s.name())) {
                OpDescription d = CompiledDescriptions.of(s.op()).orElseThrow();
                kinds.put(s.name(), !d.acts() ? "readOnly" : d.destructive() ? "destructive" : "harmless");
            }
        }
        assertTrue(kinds.keySet().containsAll(expected.keySet()));
        assertEquals(kinds.size(), tools.size(), tools.toString());
        for (JsonNode t : tools) {
            String name = t.path("name").asText();
            JsonNode a = t.path("annotations");
            String kind = kinds.get(name);
            assertNotNull(kind, name);
            assertTrue(a.path("openWorldHint").isMissingNode(), name + " reaches what the application reaches: " + a);
            assertTrue(t.path("title").isMissingNode(), name + ": " + t);
            // An absent hint is MCP's default: readOnlyHint false, destructiveHint true.
            assertEquals(kind.equals("readOnly"), a.path("readOnlyHint").asBoolean(false), name + ": " + a);
            if (!kind.equals("readOnly")) {
                assertEquals(kind.equals("destructive"), a.path("destructiveHint").asBoolean(true), name + ": " + a);
            }
        }
        out.close();
        server.join(20_000);
        assertEquals(0, exit[0]);
    }

    /** Starts the server on pipes against {@code socket} and initializes it; the thread that runs it. */
    private Thread serve(Path socket, int[] exit) throws Exception {
        return serve(socket, false, exit);
    }

    /** {@link #serve(Path, int[])}; {@code json}: as {@code hvm-dbg mcp --json}. */
    private Thread serve(Path socket, boolean json, int[] exit) throws Exception {
        return serve(new StdioServer.Where(socket, null, false), json, exit);
    }

    /** What the server answered to initialize, as the last {@link #serve} started it. */
    private JsonNode initialized;

    private Thread serve(StdioServer.Where where, boolean json, int[] exit) throws Exception {
        // The server's input on a real pipe too (see callsReadBeforeTheInputEndsAreAnswered).
        Pipe input = Pipe.open();
        OutputStream toServer = Channels.newOutputStream(input.sink());
        InputStream serverIn = Channels.newInputStream(input.source());
        // The server's output on a real pipe, as its standard output is: a PipedInputStream fails a read
        // ("Write end dead") once the last thread that wrote ends, and the server writes from the thread that sends.
        Pipe pipe = Pipe.open();
        InputStream fromServer = Channels.newInputStream(pipe.source());
        OutputStream serverOut = Channels.newOutputStream(pipe.sink());
        Thread server = new Thread(() -> {
            try (OutputStream closedAtExit = serverOut) {
                // As a process's standard output closes when it exits: the client reads to the end.
                exit[0] = StdioServer.serve(where, Duration.ofSeconds(5), null, json, serverIn, closedAtExit,
                        System.err);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        server.start();
        out = toServer;
        in = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8));
        initialized = request("initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
        out.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n".getBytes(StandardCharsets.UTF_8));
        return server;
    }

    /**
     * Started with no socket named while no GUI answers, the server offers to find its application
     * (gui_apps, gui_attach) and says so; one given a socket offers neither (every other test here,
     * whose tool count holds them out). A name that names no JVM is the tool's error, the tools
     * staying where they were.
     */
    @Test
    void withNoSocketNamedAndNoGuiTheServerOffersToFindOne() throws Exception {
        int[] exit = {-1};
        Path absent = dir.resolve("absent.sock");
        Thread server = serve(new StdioServer.Where(absent, null, true), false, exit);
        assertTrue(initialized.at("/result/instructions").asText().endsWith(
                "No application answers yet: gui_apps lists your Java applications, gui_attach drives one."), initialized.toString());
        List<String> names = new ArrayList<>();
        request("tools/list", "{}").at("/result/tools").forEach(t -> names.add(t.path("name").asText()));
        assertTrue(names.containsAll(List.of("gui_apps", "gui_attach")), names.toString());
        JsonNode none = tool("gui_attach", "{\"app\":\"NoSuchApp" + ProcessHandle.current().pid() + "\"}");
        assertTrue(none.get("isError").asBoolean(), none.toString());
        assertTrue(text(none).startsWith("error probe.unavailable: no JVM of yours is named 'NoSuchApp"), text(none));
        assertTrue(text(none).endsWith("the tools still drive the GUI on " + absent), text(none));
        JsonNode missing = tool("gui_attach", "{}");
        assertTrue(missing.get("isError").asBoolean() && text(missing).contains("'app'"), text(missing));
        assertTrue(text(tool("gui_snapshot", "{}")).endsWith("gui_apps lists your Java applications; gui_attach drives one"));
        out.close();
        server.join(20_000);
        assertEquals(0, exit[0]);
    }

    /**
     * CallsInFlight piped in and the pipe closed at once ({@code printf … | hvm-dbg mcp}): every one is
     * answered before the server ends, a tool whose probe is slow to reply too, and a wait that runs
     * on a thread of its own and is answered only after the input ended.
     */
    @Test
    void requestsPipedInAreAllAnsweredBeforeTheServerEnds() throws Exception {
        try (TestProbe probe = TestProbe.start(dir, (req, conn) -> {
            switch (req.path("op").asText()) {
                case "gui.list":
                    try {
                        Thread.sleep(300);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    conn.reply(req, Wire.object().put("scope", "window").put("count", 0).put("text", "no items in scope window"));
                    break;
                case "gui.wait":
                    new Thread(() -> {
                        try {
                            Thread.sleep(1500);
                            conn.reply(req, Wire.object().put("identifier", "a.b").put("state", "showing").put("waitedMillis", 1500));
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }).start();
                    break;
                case "gui.dialog.current":
                    conn.reply(req, Wire.object().putNull("name"));
                    break;
                default:
                    TestProbe.standard().handle(req, conn);
            }
        })) {
            int[] exit = {-1};
            Thread server = serve(probe.socket(), exit);
            StringBuilder piped = new StringBuilder("{\"jsonrpc\":\"2.0\",\"id\":\"w\",\"method\":\"tools/call\",\"params\":"
                    + "{\"name\":\"gui_wait\",\"arguments\":{\"identifier\":\"a.b\",\"state\":\"showing\"}}}\n");
            for (int i = 1; i <= 3; i++) {
                piped.append("{\"jsonrpc\":\"2.0\",\"id\":\"s").append(i)
                        .append("\",\"method\":\"tools/call\",\"params\":{\"name\":\"gui_snapshot\",\"arguments\":{}}}\n");
            }
            piped.append("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}\n");
            out.write(piped.toString().getBytes(StandardCharsets.UTF_8));
            out.close();
            List<String> ids = new ArrayList<>();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                JsonNode m = JSON.readTree(line);
                if (m.has("id")) {
                    ids.add(m.get("id").asText());
                    assertFalse(m.at("/result/isError").asBoolean(), line);
                }
            }
            server.join(20_000);
            assertEquals(0, exit[0]);
            assertEquals(java.util.Set.of("w", "s1", "s2", "s3", "p"), new java.util.HashSet<>(ids), "every request answered: " + ids);
        }
    }

    /**
     * A long gui_wait tells a client that gave a progress token how long it has waited, and a
     * notifications/cancelled naming it ends it at once (its connection to the probe closed), not
     * when its timeout runs out, and without a response, as MCP asks of a cancelled request.
     */
    @Test
    void aLongWaitSendsProgressAndACancelEndsItAtOnce() throws Exception {
        java.util.concurrent.CountDownLatch waiting = new java.util.concurrent.CountDownLatch(1);
        try (TestProbe probe = TestProbe.start(dir, (req, conn) -> {
            switch (req.path("op").asText()) {
                case "gui.wait":
                    waiting.countDown(); // and no answer: the condition never holds
                    break;
                case "gui.dialog.current":
                    conn.reply(req, Wire.object().putNull("name"));
                    break;
                default:
                    TestProbe.standard().handle(req, conn);
            }
        })) {
            int[] exit = {-1};
            Thread server = serve(probe.socket(), exit);
            out.write(("{\"jsonrpc\":\"2.0\",\"id\":\"w1\",\"method\":\"tools/call\",\"params\":{\"name\":\"gui_wait\","
                    + "\"arguments\":{\"identifier\":\"a.b\",\"state\":\"showing\",\"timeoutMillis\":60000},"
                    + "\"_meta\":{\"progressToken\":\"tok\"}}}\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            assertTrue(waiting.await(10, java.util.concurrent.TimeUnit.SECONDS), "the wait reached the probe");
            JsonNode progress = JSON.readTree(in.readLine());
            assertEquals("notifications/progress", progress.path("method").asText(), progress.toString());
            assertEquals("tok", progress.at("/params/progressToken").asText(), progress.toString());
            assertEquals(60000, progress.at("/params/total").asInt(), progress.toString());
            assertTrue(progress.at("/params/message").asText().startsWith("waiting for a.b: "), progress.toString());

            out.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"w1\"}}\n"
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
            // MCP: a cancelled request gets no response. The wait ended at once: no progress after
            // two periods of it (a tick under way as the cancel came is written before the first ping).
            Thread.sleep(300);
            List<JsonNode> after = new ArrayList<>(answeredUpTo("ping1"));
            Thread.sleep(ProbeTools.PROGRESS_EVERY.multipliedBy(2).plusMillis(500).toMillis());
            List<JsonNode> later = answeredUpTo("ping2");
            for (JsonNode m : later) {
                assertFalse(m.path("method").asText().equals("notifications/progress"), "the wait ended at the cancel: " + later);
            }
            after.addAll(later);
            for (JsonNode m : after) {
                assertFalse(m.path("id").asText().equals("w1"), "a cancelled call has no response: " + m);
            }
            long closed = System.nanoTime();
            out.close();
            server.join(20_000);
            long ms = (System.nanoTime() - closed) / 1_000_000;
            assertEquals(0, exit[0]);
            assertTrue(ms < 4000, "the server ends with its input: the cancelled call is not waited for: " + ms + " ms");
        }
    }

    /** Sends a ping with the id {@code id}; every message read up to its answer, that answer included. */
    private List<JsonNode> answeredUpTo(String id) throws Exception {
        out.write(("{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"ping\"}\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        List<JsonNode> read = new ArrayList<>();
        while (true) {
            String line = in.readLine();
            assertNotNull(line, "the server answered " + id);
            JsonNode m = JSON.readTree(line);
            read.add(m);
            if (m.path("id").asText().equals(id)) {
                return read;
            }
        }
    }

    /**
     * A dialog that opened on its own (an error, say) between two calls is listed with its controls
     * in the next result, as one that the call opened is; once said, it is not listed again.
     */
    @Test
    void aDialogThatOpenedOnItsOwnIsListedInTheNextResult() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean error = new java.util.concurrent.atomic.AtomicBoolean();
        try (TestProbe probe = TestProbe.start(dir, (req, conn) -> {
            switch (req.path("op").asText()) {
                case "gui.dialog.current":
                    if (error.get()) {
                        ObjectNode d = Wire.object().put("name", "error").put("title", "Error").put("modal", true).put("focused", true);
                        d.putArray("controls").addObject().put("identifier", "dialog.error.button.ok").put("role", "button")
                                .put("label", "OK");
                        conn.reply(req, d);
                    } else {
                        conn.reply(req, Wire.object().putNull("name"));
                    }
                    break;
                case "gui.keypress":
                    conn.reply(req, Wire.object().put("key", "tab"));
                    break;
                default:
                    TestProbe.standard().handle(req, conn);
            }
        })) {
            int[] exit = {-1};
            Thread server = serve(probe.socket(), exit);
            assertEquals("pressed tab\nnow: no dialog open", text(tool("gui_keypress", "{\"key\":\"tab\"}")));
            error.set(true);
            assertEquals("pressed tab\nnow: error \"Error\" (modal), its controls:\n  button dialog.error.button.ok \"OK\"",
                    text(tool("gui_keypress", "{\"key\":\"tab\"}")));
            assertEquals("pressed tab\nnow: error (modal)", text(tool("gui_keypress", "{\"key\":\"tab\"}")), "said once");
            out.close();
            server.join(20_000);
            assertEquals(0, exit[0]);
        }
    }

    /**
     * The data is in structuredContent always, and in the text only when the server was asked for
     * it ({@code hvm-dbg mcp --json}), for a client that shows a model no structuredContent.
     */
    @Test
    void theDataGoesIntoTheTextOnlyWhenAsked() throws Exception {
        for (boolean json : new boolean[] {false, true}) {
            try (TestProbe probe = TestProbe.start(dir, (req, conn) -> {
                switch (req.path("op").asText()) {
                    case "gui.dialog.current":
                        conn.reply(req, Wire.object().putNull("name"));
                        break;
                    case "gui.keypress":
                        conn.reply(req, Wire.object().put("key", "tab"));
                        break;
                    default:
                        TestProbe.standard().handle(req, conn);
                }
            })) {
                int[] exit = {-1};
                Thread server = serve(probe.socket(), json, exit);
                JsonNode r = tool("gui_keypress", "{\"key\":\"tab\"}");
                assertEquals("tab", r.at("/structuredContent/data/key").asText(), r.toString());
                assertEquals(json ? "pressed tab\nnow: no dialog open\ndata: {\"data\":{\"key\":\"tab\"},\"dialog\":{\"name\":null}}"
                        : "pressed tab\nnow: no dialog open", text(r));
                out.close();
                server.join(20_000);
                assertEquals(0, exit[0]);
            }
        }
    }
}
