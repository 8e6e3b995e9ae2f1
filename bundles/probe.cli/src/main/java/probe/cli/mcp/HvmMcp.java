package probe.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Content;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import probe.api.ErrorCodes;
import probe.api.Ops;
import probe.client.ProbeClientException;
import probe.client.ProbeOpException;
import probe.client.ProbeTimeoutException;
import probe.client.ProbeUnavailableException;
import probe.client.format.Readable;
import probe.client.internal.Json;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * {@code hvm-dbg mcp}: the probe as a Model Context Protocol server on standard input and output,
 * built on the official MCP Java SDK ({@link McpServer#sync}, {@link StdioServerTransportProvider}).
 * It runs in the CLI's process and reaches the GUI through the probe's socket with the client
 * library, one connection for the tools ({@link Probe}) and one for the event subscription
 * ({@link EventFeed}); nothing of MCP enters the GUI's JVM. A GUI that is not there, or goes away,
 * makes a tool's result an error with what to start; the server keeps running and the next call
 * connects again. It ends when its standard input ends. Only MCP's JSON-RPC goes to standard
 * output: {@code System.out} is pointed at standard error while it runs, and the SDK's logging
 * (slf4j-simple) writes warnings to standard error.
 */
public final class HvmMcp {
    static final String INSTRUCTIONS = "Drives the HVM desktop application (a Swing VM manager) through its debug probe,"
            + " as a person's eyes and hands would. Start with gui_snapshot: one line per visible control with its"
            + " identifier (<scene>.<role>.<name>, such as toolbar.button.createVM or dialog.createVM.input.name) and"
            + " whether a hand could operate it now. Pass those identifiers to the other tools; an identifier names the"
            + " same control for as long as it shows, so it does not go stale between snapshots. Every action answers"
            + " what it did, what changed, and which dialog is open after it. Use gui_wait to wait for a dialog or a"
            + " control instead of sleeping. Type a password with gui_type's secretEnv (an environment variable of"
            + " this server), never as text: the password then never passes through the conversation.";

    private final Probe probe;
    private final EventFeed events;
    private final Function<String, String> env;
    private final PrintStream log;

    HvmMcp(Probe probe, EventFeed events, Function<String, String> env, PrintStream log) {
        this.probe = probe;
        this.events = events;
        this.env = env;
        this.log = log;
    }

    /**
     * Serves MCP on {@code in} and {@code out} until {@code in} ends; returns the exit code (0).
     *
     * @param socket the probe's socket
     * @param timeout how long an op's reply may take (the CLI's {@code --timeout})
     * @param tokenFile the CLI's {@code --token-file}, or null
     */
    public static int serve(Path socket, Duration timeout, Path tokenFile, InputStream in, OutputStream out, PrintStream err)
            throws InterruptedException {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        // Screenshots are scaled here with java.desktop's imaging, never on a display.
        System.setProperty("java.awt.headless", "true");
        PrintStream stdout = System.out;
        System.setOut(err);
        Probe probe = new Probe(socket, timeout, tokenFile);
        // A short read timeout: a GUI that accepts the connection and never answers the subscription
        // (one that is stopping) must not hold the feed back from the GUI that comes next.
        EventFeed events = new EventFeed(() -> probe.connect(Duration.ofSeconds(3)), EventFeed.CAPACITY, err);
        HvmMcp tools = new HvmMcp(probe, events, System::getenv, err);
        CountDownLatch ended = new CountDownLatch(1);
        McpJsonMapper json = new JacksonMcpJsonMapper(new ObjectMapper());
        Counted answers = new Counted(out);
        StdioServerTransportProvider transport = new StdioServerTransportProvider(json,
                new Watched(in, ended, answers, timeout.plusSeconds(10)), answers);
        McpAsyncServer server = McpServer.async(transport)
                .serverInfo("hvm-dbg", version())
                .instructions(INSTRUCTIONS)
                .capabilities(ServerCapabilities.builder().tools(false).build())
                .jsonMapper(json)
                .jsonSchemaValidator(new Unvalidated())
                .validateToolInputs(false)
                .tools(tools.specifications())
                .build();
        events.start();
        try {
            ended.await();
        } finally {
            server.closeGracefully().block(Duration.ofSeconds(5));
            events.close();
            probe.close();
            System.setOut(stdout);
        }
        return 0;
    }

    private static String version() {
        String v = HvmMcp.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }

    /**
     * Standard input that says when it ended (end of stream or a read error): the client is gone.
     * The SDK stops answering once it reads the end, so the end is handed on only when every request
     * read so far has its answer written ({@link Counted}), as when requests are piped in and the pipe
     * closes; at most an op's timeout later.
     */
    private static final class Watched extends FilterInputStream {
        private final CountDownLatch ended;
        private final Counted answers;
        private final Duration drain;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        private long requests;

        Watched(InputStream in, CountDownLatch ended, Counted answers, Duration drain) {
            super(in);
            this.ended = ended;
            this.answers = answers;
            this.drain = drain;
        }

        /** Counts the lines that are requests (a method and an id; a notification has no id). */
        private void saw(byte[] b, int off, int n) {
            for (int i = off; i < off + n; i++) {
                if (b[i] == '\n') {
                    String l = line.toString(java.nio.charset.StandardCharsets.UTF_8);
                    if (l.contains("\"method\"") && l.contains("\"id\"")) {
                        requests++;
                    }
                    line.reset();
                } else {
                    line.write(b[i]);
                }
            }
        }

        private void drain() {
            long deadline = System.nanoTime() + drain.toNanos();
            try {
                while (answers.lines() < requests && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                int n = super.read(b, off, len);
                if (n < 0) {
                    drain();
                    ended.countDown();
                } else {
                    saw(b, off, n);
                }
                return n;
            } catch (IOException e) {
                ended.countDown();
                throw e;
            }
        }
    }

    /** Standard output that counts the lines (messages) written through it. */
    private static final class Counted extends java.io.FilterOutputStream {
        private final java.util.concurrent.atomic.AtomicLong lines = new java.util.concurrent.atomic.AtomicLong();

        Counted(OutputStream out) {
            super(out);
        }

        long lines() {
            return lines.get();
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            if (b == '\n') {
                lines.incrementAndGet();
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    lines.incrementAndGet();
                }
            }
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }
    }

    // ---- the tools ----

    /**
     * The tools. A call runs on the thread that read its request (the SDK's stdin reader), which
     * saves two thread hand-offs a call; only the tools that may wait long (gui_wait, gui_hover's
     * tooltip) run on Reactor's bounded-elastic threads, so that other requests are read meanwhile.
     */
    List<AsyncToolSpecification> specifications() {
        List<AsyncToolSpecification> specs = new ArrayList<>();
        for (ToolSpecs.Spec s : ToolSpecs.all()) {
            Tool tool = Tool.builder(s.name)
                    .title(s.title)
                    .description(s.description)
                    .inputSchema(s.schema)
                    .annotations(ToolAnnotations.builder().title(s.title).readOnlyHint(s.readOnly)
                            .destructiveHint(false).openWorldHint(false).build())
                    .build();
            boolean waits = s.name.equals("gui_wait") || s.name.equals("gui_hover");
            specs.add(AsyncToolSpecification.builder()
                    .tool(tool)
                    .callHandler((exchange, request) -> {
                        Mono<CallToolResult> result = Mono.fromCallable(() -> call(s.name, request.arguments()));
                        return waits ? result.subscribeOn(Schedulers.boundedElastic()) : result;
                    })
                    .build());
        }
        return specs;
    }

    /** Runs the tool {@code name}; every failure is a result with {@code isError}, never a protocol error. */
    CallToolResult call(String name, Map<String, Object> args) {
        try {
            switch (name) {
                case "gui_snapshot":
                    return snapshot(args);
                case "gui_screenshot":
                    return screenshot(args);
                case "gui_click":
                    return action(ToolArgs.click(args), Readable::clicked);
                case "gui_type":
                    return type(args);
                case "gui_keypress":
                    return action(ToolArgs.keypress(args), Readable::pressed);
                case "gui_select":
                    return action(ToolArgs.select(args), Readable::selected);
                case "gui_hover":
                    return action(ToolArgs.hover(args), Readable::hovered);
                case "gui_scroll":
                    return action(ToolArgs.scroll(args), Readable::scrolled);
                case "gui_wait":
                    return waitFor(args);
                case "gui_dialog":
                    return dialog(args);
                case "gui_audit": {
                    ToolArgs.OpCall c = ToolArgs.audit(args);
                    return text(Readable.audit(probe.call(c.op, c.args, c.replyTimeout), -1));
                }
                case "gui_events":
                    return text(EventFeed.text(events.take(ToolArgs.eventsMax(args))));
                default:
                    return error("unknown tool " + name);
            }
        } catch (ToolArgs.Problem p) {
            return error("error invalid arguments: " + p.getMessage());
        } catch (ProbeOpException e) {
            boolean now = !name.equals("gui_snapshot") && !name.equals("gui_events") && !name.equals("gui_dialog");
            return refused(e, now ? dialogNow() : null);
        } catch (ProbeUnavailableException e) {
            return error(unavailable(e));
        } catch (ProbeTimeoutException e) {
            return error("error client.timeout: " + e.getMessage() + " (the GUI may be busy: gui_events shows edt.stalled then)");
        } catch (ProbeClientException e) {
            return error("error client.io: " + e.getMessage());
        } catch (RuntimeException e) {
            // The type only: a message could, in principle, carry what was sent.
            log.println("hvm-dbg mcp: " + name + " failed: " + e.getClass().getName());
            return error("error internal: " + name + " failed (" + e.getClass().getSimpleName() + "); the server's standard error has a line about it");
        }
    }

    /** An op's refusal as a tool's error, with the dialog line after it when {@code now} is not null. */
    private static CallToolResult refused(ProbeOpException e, String now) {
        StringBuilder t = new StringBuilder(Replies.opError(e.code(), e.getMessage(), e.details()));
        if (ErrorCodes.AUTH_REQUIRED.equals(e.code()) || ErrorCodes.AUTH_DENIED.equals(e.code())) {
            t.append("\nhint: this probe wants a token: start the server with --token-file FILE (the file the GUI's tokenFile names)");
        }
        if (now != null) {
            t.append("\nnow: ").append(now);
        }
        return error(t.toString());
    }

    static String unavailable(ProbeUnavailableException e) {
        return "error probe.unavailable: " + e.getMessage() + "\nhint: " + e.hint()
                + "\nthe MCP server keeps running; the next call connects again";
    }

    private CallToolResult snapshot(Map<String, Object> args) {
        ToolArgs.OpCall list = ToolArgs.snapshot(args);
        int max = ToolArgs.maxItems(args);
        // The list and the dialog line asked for back to back on the probe's connection, from this
        // thread: one round trip, no thread hand-off. A refused list is the tool's error, as before.
        Probe.Both both = probe.both(list.op, list.args, list.replyTimeout, Ops.DIALOG_CURRENT);
        if (both.refused() != null) {
            throw both.refused();
        }
        JsonNode items = both.first();
        String first = dialogLine(both);
        JsonNode scope = items == null ? null : items.get("scope");
        return text(Snapshot.tree(first, items == null ? null : items.get("items"),
                "no items in scope " + (scope == null ? "window" : Readable.bare(scope.asText())), max));
    }

    private CallToolResult screenshot(Map<String, Object> args) {
        ToolArgs.OpCall c = ToolArgs.screenshot(args);
        Integer maxSize = ToolArgs.maxSize(args);
        JsonNode data = probe.call(c.op, c.args, c.replyTimeout);
        JsonNode b64 = data == null ? null : data.get("png_base64");
        if (b64 == null || !b64.isTextual()) {
            return error("error client.bad_reply: the probe's screenshot reply has no png_base64");
        }
        int w = data.path("width").asInt();
        int h = data.path("height").asInt();
        String image = b64.textValue();
        int shownW = w;
        int shownH = h;
        if (maxSize != null && Math.max(w, h) > maxSize) {
            try {
                Images.Png fitted = Images.fit(Base64.getMimeDecoder().decode(image), w, h, maxSize);
                image = Base64.getEncoder().encodeToString(fitted.bytes);
                shownW = fitted.width;
                shownH = fitted.height;
            } catch (IOException | IllegalArgumentException e) {
                return error("error client.bad_reply: the probe's screenshot cannot be scaled (" + e.getMessage() + ")");
            }
        }
        List<Content> content = new ArrayList<>(2);
        content.add(new ImageContent(null, image, "image/png"));
        content.add(new TextContent(Replies.screenshot(data, shownW, shownH)));
        return CallToolResult.builder().content(content).isError(false).build();
    }

    private CallToolResult type(Map<String, Object> args) {
        ToolArgs.OpCall c = ToolArgs.type(args, env);
        if (ToolArgs.isSecret(args)) {
            // A secret goes only into a password field, which shows nothing of it: typed into any
            // other field, gui_snapshot would read it back to the model.
            String id = c.args.path("identifier").asText();
            ObjectNode scope = Json.object();
            scope.put("scope", id);
            JsonNode list = probe.call(Ops.LIST, scope, null);
            String role = null;
            JsonNode items = list == null ? null : list.get("items");
            for (int i = 0; items != null && i < items.size(); i++) {
                if (id.equals(items.get(i).path("identifier").asText(null))) {
                    role = items.get(i).path("role").asText(null);
                    break;
                }
            }
            if (role == null) {
                return error("error gui.identifier_not_found: '" + id + "' is not showing now, so the secret was not typed;"
                        + " gui_snapshot lists what shows (a password field has the role password)\nnow: " + dialogNow());
            }
            if (!"password".equals(role)) {
                return error("error invalid arguments: '" + id + "' is a " + role + ", not a password field: a secret from"
                        + " secretEnv is typed only into a password field, whose text nothing reads back; type other text with 'text'");
            }
        }
        return action(c, Readable::typed);
    }

    private CallToolResult waitFor(Map<String, Object> args) {
        ToolArgs.OpCall c = ToolArgs.waitFor(args);
        String subject = c.args.has("dialog") ? "dialog " + c.args.get("dialog").asText()
                : c.args.has("identifier") ? c.args.get("identifier").asText() : "the GUI";
        if (c.args.has("value")) {
            return action(c, data -> Readable.waitedValue(data, subject));
        }
        return action(c, data -> Readable.waited(data, subject));
    }

    private CallToolResult dialog(Map<String, Object> args) {
        ToolArgs.OpCall c = ToolArgs.dialog(args);
        JsonNode data = probe.call(c.op, c.args, c.replyTimeout);
        return text(Snapshot.tree(Snapshot.dialogLine(data), data == null ? null : data.get("controls"),
                data != null && data.hasNonNull("name") ? "it lists no controls" : "the main window takes input", Integer.MAX_VALUE));
    }

    /**
     * Calls the op and asks which dialog is open after it, the two requests sent back to back on
     * the probe's connection: the probe carries out a connection's requests in order, so the
     * dialog line is the state after the op, and the tool costs one round trip instead of two.
     */
    private CallToolResult action(ToolArgs.OpCall c, Function<JsonNode, String> readable) {
        Probe.Both both = probe.both(c.op, c.args, c.replyTimeout, Ops.DIALOG_CURRENT);
        if (both.refused() != null) {
            return refused(both.refused(), dialogLine(both));
        }
        return text(Replies.action(readable.apply(both.first()), both.first(), dialogLine(both)));
    }

    /** The dialog line of a {@link Probe.Both} whose second op was gui.dialog.current, as {@link #dialogNow} words it. */
    private static String dialogLine(Probe.Both both) {
        ProbeClientException e = both.secondFailed();
        if (e == null) {
            return Snapshot.dialogLine(both.second());
        }
        if (e instanceof ProbeOpException) {
            return "which dialog is open is not known (" + ((ProbeOpException) e).code() + ": " + e.getMessage() + ")";
        }
        return "which dialog is open is not known (" + e.getMessage() + ")";
    }

    /** The dialog line of gui.dialog.current, or why it is not known. */
    private String dialogNow() {
        try {
            return Snapshot.dialogLine(probe.call(Ops.DIALOG_CURRENT, null, null));
        } catch (ProbeOpException e) {
            return "which dialog is open is not known (" + e.code() + ": " + e.getMessage() + ")";
        } catch (ProbeClientException e) {
            return "which dialog is open is not known (" + e.getMessage() + ")";
        }
    }

    static CallToolResult text(String text) {
        return CallToolResult.builder().addTextContent(text).isError(false).build();
    }

    static CallToolResult error(String text) {
        return CallToolResult.builder().addTextContent(text).isError(true).build();
    }
}
