package probe.cli.mcp;

import probe.cli.ops.CompiledDescriptions;
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
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Content;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import probe.api.DescriptionJson;
import probe.api.ErrorCodes;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.text.Listing;
import probe.client.ProbeClient;
import probe.client.ProbeClientException;
import probe.client.ProbeOpException;
import probe.client.ProbePeerException;
import probe.client.ProbeTimeoutException;
import probe.client.ProbeUnavailableException;
import probe.client.format.Phrases;
import probe.client.format.ReplyText;
import probe.api.wire.Json;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * {@code hvm-dbg mcp}: the probe as a Model Context Protocol server on standard input and output,
 * built on the official MCP Java SDK ({@link McpServer#async}, with its stdio transport written here:
 * {@link StdioTransport}).
 * It runs in the CLI's process and reaches the GUI through the probe's socket with the client
 * library, one connection for the tools ({@link ProbeLink}) and one for the event subscription
 * ({@link EventFeed}); nothing of MCP enters the GUI's JVM. A GUI that is not there, or goes away,
 * makes a tool's result an error with what to start; the server keeps running and the next call
 * connects again. A result's text is written for a model ({@link Replies}, {@link Snapshot}, and
 * for gui_snapshot the probe's own lines); its data is its {@code structuredContent} (and in the text too with {@code --json}). It ends when its
 * standard input ends. Only MCP's JSON-RPC goes to standard
 * output: {@code System.out} is pointed at standard error while it runs, and the SDK's logging
 * (slf4j-simple) writes warnings to standard error.
 */
public final class HvmMcp {
    /**
     * What the server tells a model at {@code initialize}: nothing of one application, since the
     * probe serves whichever Swing application it was loaded into ({@link #instructions} adds the
     * one answering when the server starts).
     */
    static final String INSTRUCTIONS = "Drives a Swing desktop application through its GUI probe,"
            + " as a person's eyes and hands would. Start with gui_snapshot: one line per visible control with its"
            + " identifier (<scene>.<role>.<name>, such as main.button.save or dialog.open.input.fileName) and"
            + " whether a hand could operate it now. Pass those identifiers to the other tools; an identifier names the"
            + " same control for as long as it shows, so it does not go stale between snapshots. Every action answers"
            + " what it changed and which dialog is open after it, and lists a dialog that opened with its controls:"
            + " no new snapshot is needed to go on. Use gui_wait to wait for a dialog or a"
            + " control instead of sleeping. Type a password with gui_type's secretEnv (an environment variable of"
            + " this server), never as text: the password then never passes through the conversation.";

    /** How long the server waits, as it starts, for the probe to say which application answers. */
    static final Duration ASK_WHO = Duration.ofSeconds(1);

    /**
     * {@link #INSTRUCTIONS} and, when a probe answers within {@link #ASK_WHO}, the application it
     * answers for (its main class, pid and windows' titles, from {@code probe.hello}): the model
     * learns it drives HVM only when HVM answers.
     */
    static String instructions(ProbeLink probe) {
        try (ProbeClient c = probe.connect(ASK_WHO)) {
            return INSTRUCTIONS + answering(c.hello(ASK_WHO).path("application"));
        } catch (RuntimeException e) {
            return INSTRUCTIONS + " No application answers on the probe's socket yet: the first tool call says what to start.";
        }
    }

    /** The sentence that names the application of {@code probe.hello}'s {@code application}; empty when it says nothing. */
    static String answering(JsonNode app) {
        StringBuilder b = new StringBuilder();
        String main = app.path("mainClass").asText("");
        if (!main.isEmpty()) {
            b.append(' ').append(main);
        }
        if (app.has("pid")) {
            b.append(" (pid ").append(app.path("pid").asLong()).append(')');
        }
        List<String> titles = new ArrayList<>();
        app.path("windows").forEach(t -> {
            if (!t.asText("").isBlank()) {
                titles.add('"' + t.asText() + '"');
            }
        });
        if (!titles.isEmpty()) {
            b.append(", its windows ").append(String.join(", ", titles));
        }
        return b.length() == 0 ? "" : " The application answering now:" + b + '.';
    }

    /** How often a long gui_wait tells a client that asked for progress how long it has waited. */
    static final Duration PROGRESS_EVERY = Duration.ofSeconds(1);

    private final ProbeLink probe;
    private final EventFeed events;
    private final Function<String, String> env;
    private final PrintStream log;
    /** Whether a result's text ends with its data as JSON too ({@code hvm-dbg mcp --json}), for a client that reads no structuredContent. */
    private final boolean dataInText;
    /** The calls in flight, for notifications/cancelled. */
    final CallsInFlight requests;
    /**
     * The dialog the last result said was open (its name; null for none): a dialog open now that is
     * another one opened since (on its own, as an error does, or by the call), and the result lists
     * its controls.
     */
    private volatile String lastDialog;

    HvmMcp(ProbeLink probe, EventFeed events, Function<String, String> env, PrintStream log) {
        this(probe, events, env, log, false, new CallsInFlight(new JacksonMcpJsonMapper(new ObjectMapper())));
    }

    HvmMcp(ProbeLink probe, EventFeed events, Function<String, String> env, PrintStream log, boolean dataInText, CallsInFlight requests) {
        this.probe = probe;
        this.events = events;
        this.env = env;
        this.log = log;
        this.dataInText = dataInText;
        this.requests = requests;
        probe.readOnly(this::readOnly);
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
        // The tools are built from the compiled-in descriptions on a thread of their own while the SDK's
        // server is set up (reading them and the first JSON Schema cost some 100 ms of a cold start).
        FutureTask<List<ToolSpecs.Spec>> known = new FutureTask<>(ToolSpecs::known);
        Thread reading = new Thread(known, "hvm-mcp-tools");
        reading.setDaemon(true);
        reading.start();
        PrintStream stdout = System.out;
        System.setOut(err);
        ProbeLink probe = new ProbeLink(socket, timeout, tokenFile);
        // The feed's connection has a short read timeout: a GUI that accepts the connection and never
        // answers the subscription (one that is stopping) must not hold the feed back from the GUI that comes next.
        CallsInFlight json = new CallsInFlight(new JacksonMcpJsonMapper(new ObjectMapper()));
        HvmMcp[] self = new HvmMcp[1];
        // The feed tells the tools when the ops present may have changed: a GUI answers (anew), or probe.ops.changed.
        EventFeed events = new EventFeed(() -> probe.connect(Duration.ofSeconds(3)), EventFeed.CAPACITY, err, op -> self[0].opsChanged(op));
        HvmMcp tools = new HvmMcp(probe, events, System::getenv, err, dataInText, json);
        self[0] = tools;
        CountDownLatch ended = new CountDownLatch(1);
        StdioTransport transport = new StdioTransport(json, in, out, err, json::answersDropped, timeout.plusSeconds(10), ended::countDown);
        McpAsyncServer server = McpServer.async(transport)
                .serverInfo("hvm-dbg", version())
                .instructions(instructions(probe))
                // listChanged: the tools follow the ops present (refresh), and the client hears when they change.
                .capabilities(ServerCapabilities.builder().tools(true).build())
                .jsonMapper(json)
                .jsonSchemaValidator(new Unvalidated())
                .validateToolInputs(false)
                .tools(tools.specifications(known(known)))
                .build();
        tools.attach(server);
        transport.answerFirst(tools::goneTool);
        events.start();
        try {
            ended.await();
        } finally {
            server.closeGracefully().block(Duration.ofSeconds(5));
            events.close();
            tools.refresher.shutdownNow();
            probe.close();
            System.setOut(stdout);
        }
        return 0;
    }

    /** The compiled-in tools, read meanwhile ({@link ToolSpecs#known}); a build without them fails here, at start. */
    private static List<ToolSpecs.Spec> known(FutureTask<List<ToolSpecs.Spec>> known) throws InterruptedException {
        try {
            return known.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("reading the tools' descriptions took over 30 s");
        }
    }

    private static String version() {
        String v = HvmMcp.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }

    // ---- the tools ----

    /** How long after an op came or went the tools are brought up to date: a burst (a plugin of many bundles) is one update. */
    static final Duration SETTLE_OPS = Duration.ofMillis(100);
    /** How long probe.describe may take. */
    static final Duration DESCRIBE_TIMEOUT = Duration.ofSeconds(5);

    /**
     * The tools now, by name, in the order listed: those of the ops hvm-dbg is built with first
     * ({@link CompiledDescriptions}: there before any GUI answers), then gui_events; an op the GUI reports beyond
     * them is added, and removed once it goes ({@link #refresh}).
     */
    private final Map<String, ToolSpecs.Spec> tools = new LinkedHashMap<>();
    /** The server, once built: tools added and removed go to it (it tells the client, notifications/tools/list_changed). */
    private volatile McpAsyncServer server;
    private final ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "hvm-mcp-ops");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean refreshQueued = new AtomicBoolean();
    /** What the last failed refresh said, so that it is logged once, not at every try. */
    private String refreshFailed;

    /** The tools there before any GUI answers ({@link ToolSpecs#known}), unless given already. */
    private void known() {
        synchronized (tools) {
            if (tools.isEmpty()) {
                ToolSpecs.known().forEach(s -> tools.put(s.name(), s));
            }
        }
    }

    /** Whether {@code op} only looks, as the tools' descriptions say (else as hvm-dbg's, else it acts). */
    private boolean readOnly(String op) {
        synchronized (tools) {
            for (ToolSpecs.Spec s : tools.values()) {
                if (op.equals(s.op())) {
                    return s.readOnly();
                }
            }
        }
        return CompiledDescriptions.of(op).map(d -> !d.acts()).orElse(false);
    }

    /**
     * The tools, each bound with its handler (as the SDK's own style does). A call runs on the thread
     * that read its request ({@link StdioTransport}'s reader), and its answer is written there too; only
     * the tools whose op may wait (its description says so, or it declared none) run on Reactor's
     * bounded-elastic threads, so that other requests are read meanwhile.
     */
    List<AsyncToolSpecification> specifications() {
        return specifications(ToolSpecs.known());
    }

    /** {@link #specifications()}, the tools there before any GUI answers being {@code known}. */
    List<AsyncToolSpecification> specifications(List<ToolSpecs.Spec> known) {
        List<AsyncToolSpecification> specs = new ArrayList<>();
        synchronized (tools) {
            if (tools.isEmpty()) {
                known.forEach(s -> tools.put(s.name(), s));
            }
            tools.values().forEach(s -> specs.add(specification(s)));
        }
        return specs;
    }

    private AsyncToolSpecification specification(ToolSpecs.Spec s) {
        boolean waits = s.op() != null && (s.described().waits() || !s.described().declared());
        return AsyncToolSpecification.builder()
                .tool(s.tool())
                .callHandler((exchange, request) -> {
                    Mono<CallToolResult> result = Mono.fromCallable(() -> call(s, request.arguments(),
                            CallsInFlight.id(request.meta()), progress(exchange, request.meta())));
                    return waits ? result.subscribeOn(Schedulers.boundedElastic()) : result;
                })
                .build();
    }

    /** The server the tools go to as ops come and go. */
    void attach(McpAsyncServer server) {
        this.server = server;
    }

    /**
     * The ops present may have changed (an op came or went, or a GUI answers anew): the tools are
     * brought up to date {@link #SETTLE_OPS} later, once for a burst.
     */
    void opsChanged() {
        opsChanged(null);
    }

    /**
     * {@link #opsChanged()}, {@code added} naming the op that came (else null). Such an op is
     * awaited: probe.ops.changed comes when its service is registered, which may be before the
     * probe has it (its component still activating, as one that opens a window on the EDT is), so
     * probe.describe is asked again every {@link #REASK} until it describes it, at most {@link #AWAIT_DESCRIBED}.
     */
    void opsChanged(String added) {
        if (added != null) {
            synchronized (awaited) {
                awaited.put(added, System.nanoTime() + AWAIT_DESCRIBED.toNanos());
            }
        }
        schedule(SETTLE_OPS);
    }

    private void schedule(Duration after) {
        if (refreshQueued.compareAndSet(false, true)) {
            try {
                refresher.schedule(this::refresh, after.toMillis(), TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException stopping) {
                refreshQueued.set(false);
            }
        }
    }

    /** How often probe.describe is asked again for an op announced but not described yet. */
    static final Duration REASK = Duration.ofMillis(250);
    /** How long an op announced is awaited in probe.describe. */
    static final Duration AWAIT_DESCRIBED = Duration.ofSeconds(10);
    /** The ops announced (probe.ops.changed, added) that probe.describe has not described yet, with when to stop asking (System.nanoTime). */
    private final Map<String, Long> awaited = new LinkedHashMap<>();

    /** After a refresh: the awaited ops now described are no longer awaited; if any is still awaited, probe.describe is asked again. */
    private void awaitDescribed(java.util.Collection<String> described) {
        boolean again;
        synchronized (awaited) {
            long now = System.nanoTime();
            awaited.keySet().removeAll(described);
            awaited.entrySet().removeIf(e -> {
                if (now - e.getValue() < 0) {
                    return false;
                }
                log.println("hvm-dbg mcp: the op " + e.getKey() + " came, but probe.describe did not describe it within "
                        + AWAIT_DESCRIBED.toSeconds() + " s; no tool for it");
                return true;
            });
            again = !awaited.isEmpty();
        }
        if (again) {
            schedule(REASK);
        }
    }

    /** The tools removed because their op went, by name: a call of one is answered as the op's absence (gui.op_unavailable), not as an unknown tool. */
    private final Map<String, ToolSpecs.Spec> gone = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * A tools/call of a tool removed because its op went: answered here, as a result with
     * {@code isError} (the probe says the op's bundle is not there: gui.op_unavailable), where the
     * SDK would answer a JSON-RPC error (unknown tool). Null for any other request.
     */
    Object goneTool(io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest request) {
        if (!io.modelcontextprotocol.spec.McpSchema.METHOD_TOOLS_CALL.equals(request.method()) || !(request.params() instanceof Map<?, ?> p)
                || !(p.get("name") instanceof String name)) {
            return null;
        }
        ToolSpecs.Spec s;
        synchronized (tools) {
            s = tools.containsKey(name) ? null : gone.get(name);
        }
        if (s == null) {
            return null;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> args = p.get("arguments") instanceof Map<?, ?> a ? (Map<String, Object>) a : Map.of();
        return call(s, args, null, null);
    }

    /**
     * Brings the tools up to date with the GUI's {@code probe.describe}: an op it has that no tool
     * sends becomes one, a tool whose op's description changed is replaced, and a tool of an op
     * beyond those hvm-dbg is built with that is no longer there is removed (the SDK tells the
     * client each time: notifications/tools/list_changed). The tools of the contract's ops stay
     * while their bundle is away: their calls then say so (gui.op_unavailable, with what to do).
     */
    void refresh() {
        refreshQueued.set(false);
        JsonNode described;
        // On a connection of its own: the tools' connection carries an action and its dialog line back to back.
        try (ProbeClient own = probe.connect(DESCRIBE_TIMEOUT)) {
            described = own.describe(DESCRIBE_TIMEOUT).path("ops");
            refreshFailed = null;
        } catch (ProbeClientException e) {
            String why = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (!why.equals(refreshFailed)) {
                log.println("hvm-dbg mcp: the tools stay as they are: probe.describe failed (" + why + ")");
                refreshFailed = why;
            }
            awaitDescribed(List.of());
            return;
        }
        Map<String, OpDescription> present = new LinkedHashMap<>();
        for (JsonNode d : described) {
            try {
                OpDescription desc = OpDescription.of(d);
                present.put(desc.op(), desc);
            } catch (IllegalArgumentException e) {
                log.println("hvm-dbg mcp: the GUI describes an op this server cannot read (" + e.getMessage() + "); no tool for it");
            }
        }
        List<ToolSpecs.Spec> added = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        synchronized (tools) {
            for (ToolSpecs.Spec s : List.copyOf(tools.values())) {
                if (s.op() == null) {
                    continue;
                }
                OpDescription now = present.get(s.op());
                if (now == null ? CompiledDescriptions.of(s.op()).isEmpty() : !DescriptionJson.served(now).equals(DescriptionJson.served(s.described()))) {
                    tools.remove(s.name());
                    removed.add(s.name());
                    if (now == null) {
                        gone.put(s.name(), s);
                    }
                }
            }
            for (OpDescription d : present.values()) {
                boolean has = tools.values().stream().anyMatch(s -> d.op().equals(s.op()));
                if (has) {
                    continue;
                }
                String name = ToolSpecs.name(d);
                if (tools.containsKey(name)) {
                    name = ToolSpecs.fullName(d);
                }
                ToolSpecs.Spec s = tools.containsKey(name) ? null : ToolSpecs.of(d, name);
                if (s != null) {
                    tools.put(s.name(), s);
                    gone.remove(s.name());
                    added.add(s);
                }
            }
        }
        awaitDescribed(present.keySet());
        McpAsyncServer to = server;
        if (to == null) {
            return;
        }
        for (String name : removed) {
            Mono<Void> m = to.removeTool(name).onErrorResume(e -> Mono.empty());
            m.block(DESCRIBE_TIMEOUT);
        }
        for (ToolSpecs.Spec s : added) {
            Mono<Void> m = to.addTool(specification(s)).onErrorResume(e -> {
                log.println("hvm-dbg mcp: no tool " + s.name() + " (" + e.getMessage() + ")");
                return Mono.empty();
            });
            m.block(DESCRIBE_TIMEOUT);
        }
        if (!added.isEmpty() || !removed.isEmpty()) {
            log.println("hvm-dbg mcp: tools" + (added.isEmpty() ? "" : " added " + String.join(", ", added.stream().map(ToolSpecs.Spec::name)
                    .toList())) + (removed.isEmpty() ? "" : " removed " + String.join(", ", removed)));
        }
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
        ToolSpecs.Spec s;
        known();
        synchronized (tools) {
            s = tools.get(name);
        }
        return s == null ? error("unknown tool " + name) : call(s, args, null, null);
    }

    /**
     * Runs the tool {@code s} for the request {@code requestId} (its JSON-RPC id, for
     * notifications/cancelled; may be null), with {@code progress} for a client that gave a progress
     * token (else null). Null when the client cancelled the call. The arguments are checked against
     * what the tool takes ({@link ToolArgs#of}) before anything is sent.
     */
    CallToolResult call(ToolSpecs.Spec s, Map<String, Object> given, String requestId, Progress progress) {
        String name = s.name();
        try {
            ObjectNode args = ToolArgs.of(name, s.takes(), given);
            if (s.op() == null) {
                EventFeed.Batch batch = events.take((int) ToolArgs.integer(args, s.takes(), "max"));
                return result(EventFeed.text(batch), EventFeed.data(batch), null);
            }
            OpDescription d = s.described();
            // The server's own views of the two contract ops it builds on, and an image it scales.
            if (Ops.LIST.equals(s.op())) {
                return snapshot(s, args);
            }
            if (Ops.DIALOG_CURRENT.equals(s.op())) {
                return dialog(s, args);
            }
            if (d.shows() == OpDescription.Shows.IMAGE) {
                return screenshot(s, args);
            }
            if (d.waitArg() != null) {
                return waitFor(s, args, requestId, progress);
            }
            CallToolResult notTyped = secretFromEnv(s, args);
            if (notTyped != null) {
                return notTyped;
            }
            if (d.acts()) {
                return action(s, args, null);
            }
            JsonNode data = probe.call(s.op(), args, null);
            return result(ReplyText.head(d, data, args), data, null);
        } catch (ToolArgs.Problem p) {
            ProbeException r = p.refusal();
            return refused(new ProbeOpException(s.op(), r.code(), r.getMessage(), r.details()), null);
        } catch (ProbeOpException e) {
            boolean now = s.op() != null && !Ops.LIST.equals(s.op()) && !Ops.DIALOG_CURRENT.equals(s.op());
            return refused(e, now ? dialogNow() : null);
        } catch (ProbeUnavailableException e) {
            return error(unavailable(e));
        } catch (ProbeLink.ReplyLost e) {
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

    /**
     * gui_snapshot: the probe's lines ({@code gui.list {format: text}}, written in the GUI's JVM)
     * under the {@code now:} line; at most {@code maxItems} (the server's default when not given).
     * The structuredContent is the reply without its text: the scope and the count.
     */
    private CallToolResult snapshot(ToolSpecs.Spec s, ObjectNode args) {
        args.put("maxItems", (int) ToolArgs.integer(args, s.takes(), "maxItems")).put("format", "text");
        // The list and the dialog line asked for back to back on the probe's connection, from this
        // thread: one round trip, no thread hand-off. A refused list is the tool's error.
        ProbeLink.Both both = probe.both(s.op(), args, null, Ops.DIALOG_CURRENT);
        if (both.refused() != null) {
            throw both.refused();
        }
        JsonNode data = both.first();
        JsonNode lines = data instanceof ObjectNode ? ((ObjectNode) data).remove("text") : null;
        if (lines == null || !lines.isTextual()) {
            return error("error client.bad_reply: the probe's " + s.op() + " reply has no text");
        }
        return result("now: " + nowLine(both, true) + "\n" + lines.textValue(), data, both.second());
    }

    /** An image's tool (gui_screenshot): the op's PNG as MCP image content, scaled down to {@code maxSize} (the server's own). */
    private CallToolResult screenshot(ToolSpecs.Spec s, ObjectNode args) {
        JsonNode size = args.remove("maxSize");
        Integer maxSize = size == null ? null : size.intValue();
        JsonNode data = probe.call(s.op(), args, null);
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
        String text = Replies.screenshot(data, shownW, shownH, data.has("marks") ? ReplyText.head(s.described(), data, args) : null);
        content.add(new TextContent(dataInText ? text + "\ndata: " + Json.compact(structured(shown, null)) : text));
        return CallToolResult.builder().content(content).structuredContent(structured(shown, null)).isError(false).build();
    }

    /**
     * A secret argument (gui_type's text) from the server's environment ({@code secretEnv}, the
     * server's own) when asked: it goes only into a password field, which shows nothing of it: typed
     * into any other field, gui_snapshot would read it back to the model. The refusal, or null to go on.
     */
    private CallToolResult secretFromEnv(ToolSpecs.Spec s, ObjectNode args) {
        OpDescription.Arg secret = ToolSpecs.secret(s.described());
        if (secret == null || !ToolArgs.secret(s.name(), secret.name(), args, env)) {
            return null;
        }
        String id = args.path("identifier").asText();
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
                    + " secretEnv is typed only into a password field, whose text nothing reads back; type other text with '"
                    + secret.name() + "'");
        }
        return null;
    }

    /**
     * gui_wait. The wait runs on a connection of its own, so that a {@code notifications/cancelled}
     * for it ({@code requestId}) ends it at once by closing that connection; while it waits, a
     * client that gave a progress token hears every {@link #PROGRESS_EVERY} how long it has waited.
     * Null when the client cancelled it: MCP says a cancelled request gets no response.
     */
    private CallToolResult waitFor(ToolSpecs.Spec s, ObjectNode args, String requestId, Progress progress) {
        String subject = args.has("dialog") ? "dialog " + args.get("dialog").asText()
                : args.has("identifier") ? args.get("identifier").asText() : "the GUI";
        // The reply may take the whole wait (its default as the description gives it), so the server waits 10 s longer.
        long total = ToolArgs.integer(args, s.takes(), s.described().waitArg());
        Duration replyTimeout = Duration.ofMillis(total).plusSeconds(10);
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
            data = own.call(s.op(), args, replyTimeout);
        } catch (ProbeClientException e) {
            if (cancelled.get()) {
                requests.answerDropped();
                return null;
            }
            throw e;
        } finally {
            requests.done(requestId);
            if (ticker != null) {
                // No interrupt: a tick may be writing its notification to the client's output, which an
                // interrupt would close were it a channel. No tick starts after this, and one under way
                // ends before the call's answer is written.
                ticker.shutdown();
                try {
                    ticker.awaitTermination(PROGRESS_EVERY.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            own.close();
        }
        String done = ReplyText.head(s.described(), data, args);
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

    private CallToolResult dialog(ToolSpecs.Spec s, ObjectNode args) {
        JsonNode data = probe.call(s.op(), args.isEmpty() ? null : args, null);
        lastDialog = Snapshot.dialogName(data);
        String first = "now: " + Phrases.dialogHead(data, true) + (lastDialog == null ? "" : ", its controls:");
        String text = lastDialog == null ? first : Listing.tree(first, data.get("controls"), "  (none)", Integer.MAX_VALUE)
                .replace("\n", "\n  ");
        // Its controls are the text's lines: the data counts them (Snapshot.head).
        return result(text, Snapshot.head(data), null);
    }

    /**
     * Calls the op and asks which dialog is open after it, the two requests sent back to back on
     * the probe's connection: the probe carries out a connection's requests in order, so the
     * dialog line is the state after the op, and the tool costs one round trip instead of two.
     */
    private CallToolResult action(ToolSpecs.Spec s, ObjectNode args, Duration replyTimeout) {
        ProbeLink.Both both = probe.both(s.op(), args, replyTimeout, Ops.DIALOG_CURRENT);
        if (both.refused() != null) {
            lastDialog = both.secondFailed() == null ? Snapshot.dialogName(both.second()) : lastDialog;
            return refused(both.refused(), nowLine(both, false));
        }
        return answer(ReplyText.head(s.described(), both.first(), args), both.first(), both.secondFailed() == null ? both.second() : null,
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

    /** The words after {@code now:} for a {@link ProbeLink.Both} whose second op was gui.dialog.current, as {@link #dialogNow} words it. */
    private static String nowLine(ProbeLink.Both both, boolean withTitle) {
        ProbeClientException e = both.secondFailed();
        if (e == null) {
            return Phrases.dialogHead(both.second(), withTitle);
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
            return Phrases.dialogHead(dialog, false);
        } catch (ProbeOpException e) {
            return "which dialog is open is not known (" + e.code() + ": " + e.getMessage() + ")";
        } catch (ProbeClientException e) {
            return "which dialog is open is not known (" + e.getMessage() + ")";
        }
    }

    /**
     * A result: the readable {@code text}, and {@code {"data": …, "dialog": …}} as its
     * structuredContent (the dialog's head and the count of its controls); the same JSON after the text too when the server was
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
            // Its head and how many controls it has, not their items (Snapshot.head).
            o.set("dialog", Snapshot.head(dialog));
        }
        return o;
    }

    static CallToolResult error(String text) {
        return CallToolResult.builder().addTextContent(text).isError(true).build();
    }
}
