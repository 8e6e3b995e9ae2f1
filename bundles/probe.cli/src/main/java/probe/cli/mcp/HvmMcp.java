package probe.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Content;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;
import probe.api.ErrorCodes;
import probe.api.Ops;
import probe.client.ProbeClient;
import probe.client.ProbeClientException;
import probe.client.ProbeOpException;
import probe.client.ProbePeerException;
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
 * connects again. A result's text is written for a model ({@link Replies}, {@link Snapshot}); its
 * data is its {@code structuredContent} (and in the text too with {@code --json}). It ends when its
 * standard input ends. Only MCP's JSON-RPC goes to standard
 * output: {@code System.out} is pointed at standard error while it runs, and the SDK's logging
 * (slf4j-simple) writes warnings to standard error.
 */
public final class HvmMcp {
    static final String INSTRUCTIONS = "Drives the HVM desktop application (a Swing VM manager) through its debug probe,"
            + " as a person's eyes and hands would. Start with gui_snapshot: one line per visible control with its"
            + " identifier (<scene>.<role>.<name>, such as toolbar.button.createVM or dialog.createVM.input.name) and"
            + " whether a hand could operate it now. Pass those identifiers to the other tools; an identifier names the"
            + " same control for as long as it shows, so it does not go stale between snapshots. Every action answers"
            + " what it changed and which dialog is open after it, and lists a dialog that opened with its controls:"
            + " no new snapshot is needed to go on. Use gui_wait to wait for a dialog or a"
            + " control instead of sleeping. Type a password with gui_type's secretEnv (an environment variable of"
            + " this server), never as text: the password then never passes through the conversation.";

    /** How often a long gui_wait tells a client that asked for progress how long it has waited. */
    static final Duration PROGRESS_EVERY = Duration.ofSeconds(1);

    private final Probe probe;
    private final EventFeed events;
    private final Function<String, String> env;
    private final PrintStream log;
    /** Whether a result's text ends with its data as JSON too ({@code hvm-dbg mcp --json}), for a client that reads no structuredContent. */
    private final boolean dataInText;
    /** The calls in flight, for notifications/cancelled. */
    final Requests requests;
    /**
     * The dialog the last result said was open (its name; null for none): a dialog open now that is
     * another one opened since (on its own, as an error does, or by the call), and the result lists
     * its controls.
     */
    private volatile String lastDialog;

    HvmMcp(Probe probe, EventFeed events, Function<String, String> env, PrintStream log) {
        this(probe, events, env, log, false, new Requests(new JacksonMcpJsonMapper(new ObjectMapper())));
    }

    HvmMcp(Probe probe, EventFeed events, Function<String, String> env, PrintStream log, boolean dataInText, Requests requests) {
        this.probe = probe;
        this.events = events;
        this.env = env;
        this.log = log;
        this.dataInText = dataInText;
        this.requests = requests;
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
        return serve(socket, timeout, tokenFile, false, in, out, err);
    }

    /**
     * {@link #serve(Path, Duration, Path, InputStream, OutputStream, PrintStream)}; {@code dataInText}
     * ({@code hvm-dbg mcp --json}) ends every result's text with its data as JSON too, for a client
     * that shows a model no structuredContent.
     */
    public static int serve(Path socket, Duration timeout, Path tokenFile, boolean dataInText, InputStream in, OutputStream out,
            PrintStream err) throws InterruptedException {
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
        Requests json = new Requests(new JacksonMcpJsonMapper(new ObjectMapper()));
        HvmMcp tools = new HvmMcp(probe, events, System::getenv, err, dataInText, json);
        CountDownLatch ended = new CountDownLatch(1);
        Counted answers = new Counted(out);
        StdioServerTransportProvider transport = new StdioServerTransportProvider(json,
                new Watched(in, ended, answers, json::answersDropped, timeout.plusSeconds(10)), answers);
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
     * read so far has its answer written ({@link Counted}) or will have none (a cancelled gui_wait),
     * as when requests are piped in and the pipe closes; at most an op's timeout later.
     */
    private static final class Watched extends FilterInputStream {
        private final CountDownLatch ended;
        private final Counted answers;
        /** How many requests get no answer ({@link Requests#answersDropped}). */
        private final LongSupplier dropped;
        private final Duration drain;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private long requests;

        Watched(InputStream in, CountDownLatch ended, Counted answers, LongSupplier dropped, Duration drain) {
            super(in);
            this.ended = ended;
            this.answers = answers;
            this.dropped = dropped;
            this.drain = drain;
        }

        /** Counts the lines that are requests (a method and an id; a notification has no id). */
        private void saw(byte[] b, int off, int n) {
            for (int i = off; i < off + n; i++) {
                if (b[i] == '\n') {
                    String l = line.toString(StandardCharsets.UTF_8);
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
                while (answers.lines() + dropped.getAsLong() < requests && System.nanoTime() < deadline) {
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

    /**
     * Standard output that counts the answers written through it: the lines (messages) but those
     * that carry a method (a notification such as a progress one, which answers nothing; the SDK
     * writes {@code jsonrpc} first, then {@code method}).
     */
    private static final class Counted extends FilterOutputStream {
        private static final byte[] NOT_AN_ANSWER = "{\"jsonrpc\":\"2.0\",\"method\"".getBytes(StandardCharsets.US_ASCII);
        private final AtomicLong lines = new AtomicLong();
        /** How many bytes of the line being written match {@link #NOT_AN_ANSWER} so far; -1 once one did not. */
        private int matched;

        Counted(OutputStream out) {
            super(out);
        }

        long lines() {
            return lines.get();
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            saw((byte) b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            for (int i = off; i < off + len; i++) {
                saw(b[i]);
            }
        }

        private void saw(byte b) {
            if (b == '\n') {
                if (matched < NOT_AN_ANSWER.length) {
                    lines.incrementAndGet();
                }
                matched = 0;
            } else if (matched >= 0 && matched < NOT_AN_ANSWER.length) {
                matched = NOT_AN_ANSWER[matched] == b ? matched + 1 : -1;
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
            // Annotations that tell the truth: every tool reaches only the GUI on this machine
            // (openWorldHint false: MCP's default is true); a tool whose op only looks is read-only
            // (ToolSpecs: Ops.readOnly of its op); an action does what a user's hand does, which may
            // delete a VM (destructive), but for hovering and scrolling, which destroy nothing. Not
            // idempotent, as the default says: a second click is another click.
            ToolAnnotations annotations = s.readOnly
                    ? ToolAnnotations.builder().readOnlyHint(true).openWorldHint(false).build()
                    : ToolAnnotations.builder().destructiveHint(s.destructive).openWorldHint(false).build();
            Tool tool = Tool.builder(s.name)
                    .title(s.title)
                    .description(s.description)
                    .inputSchema(s.schema)
                    .outputSchema(ToolSpecs.OUTPUT)
                    .annotations(annotations)
                    .build();
            boolean waits = s.name.equals("gui_wait") || s.name.equals("gui_hover");
            specs.add(AsyncToolSpecification.builder()
                    .tool(tool)
                    .callHandler((exchange, request) -> {
                        Mono<CallToolResult> result = Mono.fromCallable(() -> call(s.name, request.arguments(),
                                Requests.id(request.meta()), progress(exchange, request.meta())));
                        return waits ? result.subscribeOn(Schedulers.boundedElastic()) : result;
                    })
                    .build());
        }
        return specs;
    }

    /**
     * What sends a progress notification for the request whose {@code _meta} is {@code meta}: the
     * milliseconds waited, of the total, with a line; null when the client gave no progress token.
     */
    private static Progress progress(McpAsyncServerExchange exchange, Map<String, Object> meta) {
        Object token = meta == null ? null : meta.get("progressToken");
        if (token == null) {
            return null;
        }
        return (done, total, message) -> exchange.progressNotification(new ProgressNotification(token, done, total, message))
                .subscribe(null, e -> { });
    }

    /** Sends one progress notification. */
    interface Progress {
        void send(double done, Double total, String message);
    }

    /**
     * Runs the tool {@code name}; every failure is a result with {@code isError}, never a protocol
     * error. Null for a call the client cancelled (gui_wait): the SDK then sends no response.
     */
    CallToolResult call(String name, Map<String, Object> args) {
        return call(name, args, null, null);
    }

    /**
     * {@link #call(String, Map)} for the request {@code requestId} (its JSON-RPC id, for
     * notifications/cancelled; may be null), with {@code progress} for a client that gave a progress
     * token (else null). Null when the client cancelled the call.
     */
    CallToolResult call(String name, Map<String, Object> args, String requestId, Progress progress) {
        try {
            switch (name) {
                case "gui_snapshot":
                    return snapshot(args);
                case "gui_screenshot":
                    return screenshot(args);
                case "gui_click":
                    return action(ToolArgs.click(args), data -> Readable.clicked(without(data, "clicked")));
                case "gui_type":
                    return type(args);
                case "gui_keypress":
                    return action(ToolArgs.keypress(args), Readable::pressed);
                case "gui_select":
                    return action(ToolArgs.select(args), Readable::selected);
                case "gui_hover":
                    return action(ToolArgs.hover(args), data -> Readable.hovered(without(data, "at")));
                case "gui_scroll":
                    return action(ToolArgs.scroll(args), data -> Readable.scrolled(without(data, "at")));
                case "gui_wait":
                    return waitFor(args, requestId, progress);
                case "gui_dialog":
                    return dialog(args);
                case "gui_audit": {
                    ToolArgs.OpCall c = ToolArgs.audit(args);
                    JsonNode data = probe.call(c.op, c.args, c.replyTimeout);
                    return result(Readable.audit(data, -1), data, null);
                }
                case "gui_events": {
                    EventFeed.Batch batch = events.take(ToolArgs.eventsMax(args));
                    return result(EventFeed.text(batch), EventFeed.data(batch), null);
                }
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
        } catch (Probe.ReplyLost e) {
            return error("error client.reply_lost: " + e.getMessage());
        } catch (ProbePeerException e) {
            return error("error client.foreign_peer: " + e.getMessage());
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

    /** {@code data} without {@code field}: where the pointer went, which a model acting by identifier does not need (structuredContent has it). */
    private static JsonNode without(JsonNode data, String field) {
        if (!(data instanceof ObjectNode) || !data.has(field)) {
            return data;
        }
        ObjectNode copy = ((ObjectNode) data).deepCopy();
        copy.remove(field);
        return copy;
    }

    /** An op's refusal as a tool's error, with the dialog line after it when {@code now} is not null. */
    private CallToolResult refused(ProbeOpException e, String now) {
        StringBuilder t = new StringBuilder(Replies.opError(e.code(), e.getMessage(), e.details()));
        if (ErrorCodes.AUTH_REQUIRED.equals(e.code()) || ErrorCodes.AUTH_DENIED.equals(e.code())) {
            t.append("\nhint: this probe wants a token: start the server with --token-file FILE (the file the GUI's tokenFile names)");
        }
        if (now != null) {
            t.append("\nnow: ").append(now);
        }
        // The refusal as data too: {"data": null, "error": {code, message, details}}.
        ObjectNode structured = structured(null, null);
        ObjectNode error = structured.putObject("error").put("code", e.code()).put("message", e.getMessage());
        if (e.details() != null && !e.details().isNull()) {
            error.set("details", e.details());
        }
        if (dataInText) {
            t.append("\ndata: ").append(Json.compact(structured));
        }
        return CallToolResult.builder().addTextContent(t.toString()).structuredContent(structured).isError(true).build();
    }

    static String unavailable(ProbeUnavailableException e) {
        return "error probe.unavailable: " + e.getMessage() + "\nhint: " + e.hint()
                + "\nthe MCP server keeps running; the next call connects again";
    }

    private CallToolResult snapshot(Map<String, Object> args) {
        ToolArgs.OpCall list = ToolArgs.snapshot(args);
        int max = ToolArgs.maxItems(args);
        String query = ToolArgs.query(args);
        // The list and the dialog line asked for back to back on the probe's connection, from this
        // thread: one round trip, no thread hand-off. A refused list is the tool's error, as before.
        Probe.Both both = probe.both(list.op, list.args, list.replyTimeout, Ops.DIALOG_CURRENT);
        if (both.refused() != null) {
            throw both.refused();
        }
        JsonNode data = both.first();
        JsonNode items = data == null ? null : data.get("items");
        JsonNode scope = data == null ? null : data.get("scope");
        String empty = "no items in scope " + (scope == null ? "window" : Readable.bare(scope.asText()));
        String rest = "";
        if (query != null) {
            JsonNode all = items;
            items = Snapshot.matching(all, query);
            int others = (all == null ? 0 : all.size()) - items.size();
            empty = "no control matches " + Readable.quote(query) + (others > 0 ? " (" + others + " others show)" : "");
            rest = items.isEmpty() || others == 0 ? "" : "\n" + others + " others do not match " + Readable.quote(query);
        }
        String text = Snapshot.tree("now: " + nowLine(both, true), items, empty, max) + rest;
        return result(text, data, both.second());
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
        ObjectNode shown = ((ObjectNode) data).deepCopy();
        shown.remove("png_base64");
        shown.put("shownWidth", shownW);
        shown.put("shownHeight", shownH);
        String text = Replies.screenshot(data, shownW, shownH);
        content.add(new TextContent(dataInText ? text + "\ndata: " + Json.compact(structured(shown, null)) : text));
        return CallToolResult.builder().content(content).structuredContent(structured(shown, null)).isError(false).build();
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

    /**
     * gui_wait. The wait runs on a connection of its own, so that a {@code notifications/cancelled}
     * for it ({@code requestId}) ends it at once by closing that connection; while it waits, a
     * client that gave a progress token hears every {@link #PROGRESS_EVERY} how long it has waited.
     * Null when the client cancelled it: MCP says a cancelled request gets no response.
     */
    private CallToolResult waitFor(Map<String, Object> args, String requestId, Progress progress) {
        ToolArgs.OpCall c = ToolArgs.waitFor(args);
        String subject = c.args.has("dialog") ? "dialog " + c.args.get("dialog").asText()
                : c.args.has("identifier") ? c.args.get("identifier").asText() : "the GUI";
        long total = c.args.path("timeoutMillis").asLong(ToolArgs.DEFAULT_WAIT_MILLIS);
        JsonNode data;
        AtomicBoolean cancelled = new AtomicBoolean();
        ProbeClient own = probe.connect();
        ScheduledExecutorService ticker = null;
        try {
            requests.onCancel(requestId, () -> {
                cancelled.set(true);
                own.close();
            });
            if (progress != null) {
                long start = System.nanoTime();
                ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "hvm-mcp-progress");
                    t.setDaemon(true);
                    return t;
                });
                ticker.scheduleAtFixedRate(() -> {
                    long ms = (System.nanoTime() - start) / 1_000_000;
                    progress.send(ms, (double) total, "waiting for " + subject + ": " + ms + " of " + total + " ms");
                }, PROGRESS_EVERY.toMillis(), PROGRESS_EVERY.toMillis(), TimeUnit.MILLISECONDS);
            }
            data = own.call(c.op, c.args, c.replyTimeout);
        } catch (ProbeClientException e) {
            if (cancelled.get()) {
                requests.answerDropped();
                return null;
            }
            throw e;
        } finally {
            requests.done(requestId);
            if (ticker != null) {
                ticker.shutdownNow();
            }
            own.close();
        }
        String done = c.args.has("value") ? Readable.waitedValue(data, subject) : Readable.waited(data, subject);
        JsonNode dialog = null;
        String unknown = null;
        try {
            dialog = probe.call(Ops.DIALOG_CURRENT, null, null);
        } catch (ProbeOpException e) {
            unknown = "which dialog is open is not known (" + e.code() + ": " + e.getMessage() + ")";
        } catch (ProbeClientException e) {
            unknown = "which dialog is open is not known (" + e.getMessage() + ")";
        }
        return answer(done, data, dialog, unknown);
    }

    private CallToolResult dialog(Map<String, Object> args) {
        ToolArgs.OpCall c = ToolArgs.dialog(args);
        JsonNode data = probe.call(c.op, c.args, c.replyTimeout);
        lastDialog = Snapshot.dialogName(data);
        String first = "now: " + Snapshot.now(data, true) + (lastDialog == null ? "" : ", its controls:");
        String text = lastDialog == null ? first : Snapshot.tree(first, data.get("controls"), "  (none)", Integer.MAX_VALUE)
                .replace("\n", "\n  ");
        return result(text, data, null);
    }

    /**
     * Calls the op and asks which dialog is open after it, the two requests sent back to back on
     * the probe's connection: the probe carries out a connection's requests in order, so the
     * dialog line is the state after the op, and the tool costs one round trip instead of two.
     */
    private CallToolResult action(ToolArgs.OpCall c, Function<JsonNode, String> readable) {
        Probe.Both both = probe.both(c.op, c.args, c.replyTimeout, Ops.DIALOG_CURRENT);
        if (both.refused() != null) {
            lastDialog = both.secondFailed() == null ? Snapshot.dialogName(both.second()) : lastDialog;
            return refused(both.refused(), nowLine(both, false));
        }
        return answer(readable.apply(both.first()), both.first(), both.secondFailed() == null ? both.second() : null,
                both.secondFailed() == null ? null : nowLine(both, false));
    }

    /**
     * An action's result: its text ({@link Replies#action}), listing the dialog open after it with
     * its controls when it opened since the last result (by this call, or on its own), and the
     * controls that appeared beside it as gui_snapshot lists them; the data in structuredContent.
     */
    private CallToolResult answer(String done, JsonNode data, JsonNode dialog, String unknown) {
        String name = unknown == null ? Snapshot.dialogName(dialog) : null;
        boolean show = name != null && (Replies.opened(data).contains(name) || !name.equals(lastDialog));
        if (unknown == null) {
            lastDialog = name;
        }
        Set<String> listed = new HashSet<>();
        if (show) {
            listed.add("dialog." + name);
            for (JsonNode item : dialog.path("controls")) {
                listed.add(item.path("identifier").asText());
            }
        }
        Set<String> beyond = Replies.appearedBeyond(data, listed);
        JsonNode appeared = null;
        if (!beyond.isEmpty()) {
            try {
                JsonNode all = probe.call(Ops.LIST, null, null).get("items");
                ArrayNode items = JsonNodeFactory.instance.arrayNode();
                for (int i = 0; all != null && i < all.size(); i++) {
                    if (beyond.contains(all.get(i).path("identifier").asText())) {
                        items.add(all.get(i));
                    }
                }
                appeared = items;
            } catch (ProbeClientException e) {
                // The receipt's line names them all the same.
            }
        }
        return result(Replies.action(done, data, dialog, unknown, show, appeared), data, dialog);
    }

    /** The words after {@code now:} for a {@link Probe.Both} whose second op was gui.dialog.current, as {@link #dialogNow} words it. */
    private static String nowLine(Probe.Both both, boolean withTitle) {
        ProbeClientException e = both.secondFailed();
        if (e == null) {
            return Snapshot.now(both.second(), withTitle);
        }
        if (e instanceof ProbeOpException) {
            return "which dialog is open is not known (" + ((ProbeOpException) e).code() + ": " + e.getMessage() + ")";
        }
        return "which dialog is open is not known (" + e.getMessage() + ")";
    }

    /** The dialog line of gui.dialog.current, or why it is not known. */
    private String dialogNow() {
        try {
            JsonNode dialog = probe.call(Ops.DIALOG_CURRENT, null, null);
            lastDialog = Snapshot.dialogName(dialog);
            return Snapshot.now(dialog, false);
        } catch (ProbeOpException e) {
            return "which dialog is open is not known (" + e.code() + ": " + e.getMessage() + ")";
        } catch (ProbeClientException e) {
            return "which dialog is open is not known (" + e.getMessage() + ")";
        }
    }

    /**
     * A result: the readable {@code text}, and {@code {"data": …, "dialog": …}} as its
     * structuredContent (ToolSpecs.OUTPUT); the same JSON after the text too when the server was
     * started with {@code --json}.
     */
    CallToolResult result(String text, JsonNode data, JsonNode dialog) {
        ObjectNode structured = structured(data, dialog);
        return CallToolResult.builder().addTextContent(dataInText ? text + "\ndata: " + Json.compact(structured) : text)
                .structuredContent(structured).isError(false).build();
    }

    private static ObjectNode structured(JsonNode data, JsonNode dialog) {
        ObjectNode o = Json.object();
        o.set("data", data == null ? NullNode.getInstance() : data);
        if (dialog != null) {
            o.set("dialog", dialog);
        }
        return o;
    }

    static CallToolResult error(String text) {
        return CallToolResult.builder().addTextContent(text).isError(true).build();
    }
}
