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
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Content;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import probe.api.ErrorCodes;
import probe.api.OpDescription;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.wire.Wire;
import probe.cli.jvm.Attach;
import probe.cli.jvm.Jvms;
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
 * The MCP tools of the probe's ops: which there are (those of the ops hvm-dbg is built with, then as
 * the GUI's ops come and go, {@link #refresh}) and each call, from its arguments to its result for a
 * model ({@link Replies}, {@link Snapshot}; for gui_snapshot the probe's own lines). A GUI that is
 * not there, or goes away, makes a tool's result an error with what to start; the next call connects
 * again. {@link StdioServer} starts it.
 */
final class ProbeTools {
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

    ProbeTools(ProbeLink probe, EventFeed events, Function<String, String> env, PrintStream log) {
        this(probe, events, env, log, false, new CallsInFlight(new JacksonMcpJsonMapper(new ObjectMapper())));
    }

    ProbeTools(ProbeLink probe, EventFeed events, Function<String, String> env, PrintStream log, boolean dataInText, CallsInFlight requests) {
        this.probe = probe;
        this.events = events;
        this.env = env;
        this.log = log;
        this.dataInText = dataInText;
        this.requests = requests;
        this.catalogue = new ToolCatalogue(probe, log, this::specification);
        probe.readOnly(catalogue::readOnly);
    }

    // ---- the tools ----

    /** Which tools there are, kept up to date as the GUI's ops come and go. */
    private final ToolCatalogue catalogue;

    /** The tools, each bound with its handler ({@link ToolCatalogue#specifications()}). */
    List<AsyncToolSpecification> specifications() {
        return catalogue.specifications();
    }

    /** {@link #specifications()}, the tools there before any GUI answers being {@code known}. */
    List<AsyncToolSpecification> specifications(List<ToolSpecs.Spec> known) {
        return catalogue.specifications(known);
    }

    /** The server the tools go to as ops come and go. */
    void attach(McpAsyncServer server) {
        catalogue.attach(server);
    }

    /** The ops present may have changed ({@code added} the op that came, else null): {@link ToolCatalogue#opsChanged(String)}. */
    void opsChanged(String added) {
        catalogue.opsChanged(added);
    }

    /** Stops bringing the tools up to date. */
    void close() {
        catalogue.close();
    }

    /**
     * A tool bound with its handler (as the SDK's own style does). A call runs on the thread that read
     * its request ({@link StdioTransport}'s reader), and its answer is written there too; only the
     * tools whose op may wait (its description says so, or it declared none) run on Reactor's
     * bounded-elastic threads, so that other requests are read meanwhile.
     */
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
        ToolSpecs.Spec s = catalogue.gone(name);
        if (s == null) {
            return null;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> args = p.get("arguments") instanceof Map<?, ?> a ? (Map<String, Object>) a : Map.of();
        return call(s, args, null, null);
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
        ToolSpecs.Spec s = catalogue.get(name);
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
                // The server's own tools, which send no op of their own.
                switch (name) {
                    case ToolSpecs.APPS:
                        return apps();
                    case ToolSpecs.ATTACH:
                        return attachTo(args.get("app").textValue());
                    default:
                        EventFeed.Batch batch = events.take((int) ToolArgs.integer(args, s.takes(), "max"));
                        return result(EventFeed.text(batch), EventFeed.data(batch), null);
                }
            }
            OpDescription d = s.described();
            // The server's own view of the contract's listing, and an image it scales.
            if (Ops.LIST.equals(s.op())) {
                return snapshot(s, args);
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
            boolean now = s.op() != null && !Ops.LIST.equals(s.op());
            return refused(e, now ? dialogNow() : null);
        } catch (ProbeUnavailableException e) {
            return error(unavailable(e) + (catalogue.get(ToolSpecs.APPS) == null ? ""
                    : "\ngui_apps lists your Java applications; gui_attach drives one"));
        } catch (AppFinder.NotFound e) {
            AppFinder f = probe.app();
            return error("error probe.unavailable: " + e.getMessage() + "\nthe MCP server keeps running; the next call looks for "
                    + (f == null ? "it" : "'" + f.name() + "'") + " again");
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

    /** gui_apps: this user's JVMs ({@link Attach#list}), which answer with a probe, and the one driven now. */
    private CallToolResult apps() {
        List<Attach.Jvm> jvms;
        try {
            jvms = Attach.list(APPS_HELLO);
        } catch (NoClassDefFoundError e) {
            return error("error client.no_attach: listing your Java applications needs the attach API (module jdk.attach):"
                    + " run hvm-dbg with a JDK's java");
        }
        Path now = probe.socket();
        StringBuilder text = new StringBuilder();
        ArrayNode data = Wire.mapper().createArrayNode();
        for (Attach.Jvm j : jvms) {
            boolean driven = j.socket().equals(now);
            String titles = Jvms.quoted(j.titles());
            text.append(j.pid()).append(' ').append(j.name()).append(" (").append(j.main()).append(')')
                    .append(j.answers() ? ", probe answers" : "").append(driven ? ", driven now" : "")
                    .append(titles.isEmpty() ? "" : ", windows " + titles).append('\n');
            ObjectNode o = data.addObject().put("pid", j.pid()).put("name", j.name()).put("main", j.main()).put("probe", j.answers())
                    .put("driven", driven);
            j.titles().forEach(o.putArray("windows")::add);
        }
        text.append(jvms.isEmpty() ? "no Java application of yours runs but this server" : "gui_attach with app (a name or pid) drives one");
        return result(text.toString(), data, null);
    }

    /** How long gui_apps waits for each probe's hello. */
    private static final Duration APPS_HELLO = Duration.ofMillis(500);

    /**
     * gui_attach: the application {@code name} names, the probe loaded into it if need be ({@link
     * AppFinder}), followed from now on; the event feed subscribes there and the tools follow its ops.
     */
    private CallToolResult attachTo(String name) {
        AppFinder f = new AppFinder(name, probe.timeout());
        Path socket;
        try {
            socket = f.find();
        } catch (AppFinder.NotFound e) {
            AppFinder before = probe.app();
            return error("error probe.unavailable: " + e.getMessage() + "\nthe tools still drive "
                    + (before != null ? "'" + before.name() + "'" : probe.socket() != null ? "the GUI on " + probe.socket() : "nothing"));
        }
        probe.follow(f, socket);
        if (events != null) {
            events.resubscribe();
        }
        catalogue.opsChanged();
        String who = "";
        try (ProbeClient c = probe.connect(APPS_HELLO.multipliedBy(4))) {
            who = StdioServer.answering(c.hello(APPS_HELLO.multipliedBy(4)).path("application"));
        } catch (ProbeClientException e) {
            // the line says what was attached without it
        }
        Jvms.Jvm j = f.last();
        ObjectNode data = Wire.object().put("pid", j.pid()).put("name", j.name()).put("main", j.main()).put("socket", socket.toString());
        // A name is followed across restarts; a pid names one process only.
        boolean byPid = name.trim().chars().allMatch(Character::isDigit);
        return result("attached to " + j.name() + " (pid " + j.pid() + "): the tools drive it now" + (byPid ? "."
                : ", and find it again when it is started again.") + who, data, null);
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
