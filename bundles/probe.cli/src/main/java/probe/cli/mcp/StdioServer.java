package probe.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import probe.cli.jvm.Jvms;
import probe.client.ProbeClient;

/**
 * {@code hvm-dbg mcp}: the probe as a Model Context Protocol server on standard input and output,
 * built on the official MCP Java SDK ({@link McpServer#async}, with its stdio transport written here:
 * {@link StdioTransport}).
 * It runs in the CLI's process and reaches the GUI through the probe's socket with the client
 * library, one connection for the tools ({@link ProbeLink}) and one for the event subscription
 * ({@link EventFeed}); nothing of MCP enters the GUI's JVM. A GUI that is not there, or goes away,
 * makes a tool's result an error with what to start; the server keeps running and the next call
 * connects again. The tools and their calls are {@link ProbeTools}. It ends when its
 * standard input ends. Only MCP's JSON-RPC goes to standard
 * output: {@code System.out} is pointed at standard error while it runs, and the SDK's logging
 * (slf4j-simple) writes warnings to standard error.
 */
public final class StdioServer {
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
     * Where the server finds its GUI.
     *
     * @param socket where it connects (null: only where {@code app} is found)
     * @param app the application it follows by name ({@code hvm-dbg --app NAME mcp}; null: none): found
     *     at the first call, the probe loaded into it if need be, and found again when it is started again
     * @param mayFind whether, no socket being named, it offers gui_apps and gui_attach when no GUI
     *     answers as it starts
     */
    public record Where(Path socket, String app, boolean mayFind) {
    }

    /** What the application answering on {@code probe} says of itself ({@code probe.hello}'s application), or null when none answers within {@link #ASK_WHO}. */
    static JsonNode who(ProbeLink probe) {
        try (ProbeClient c = probe.connect(ASK_WHO)) {
            return c.hello(ASK_WHO).path("application");
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * {@link #INSTRUCTIONS} and the application answering ({@code app}, from {@link #who}; null when
     * none), so that the model learns it drives HVM only when HVM answers; for a server that
     * follows an application by name ({@code follows}), that name; for one that finds its
     * application ({@code finding}), how.
     */
    static String instructions(JsonNode app, String follows, boolean finding) {
        if (follows != null) {
            return INSTRUCTIONS + " It drives the application named '" + follows + "' (one of your JVMs), found at the first call"
                    + " and again whenever it is started again; gui_apps lists your Java applications, gui_attach drives another.";
        }
        if (app != null) {
            return INSTRUCTIONS + answering(app);
        }
        return INSTRUCTIONS + (finding ? " No application answers yet: gui_apps lists your Java applications, gui_attach drives one."
                : " No application answers on the probe's socket yet: the first tool call says what to start.");
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
        List<String> windows = new ArrayList<>();
        app.path("windows").forEach(t -> windows.add(t.asText("")));
        String titles = Jvms.quoted(windows);
        if (!titles.isEmpty()) {
            b.append(", its windows ").append(titles);
        }
        return b.length() == 0 ? "" : " The application answering now:" + b + '.';
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
        return serve(new Where(socket, null, false), timeout, tokenFile, dataInText, in, out, err);
    }

    /** {@link #serve(Path, Duration, Path, boolean, InputStream, OutputStream, PrintStream)} for the GUI {@code where} says. */
    public static int serve(Where where, Duration timeout, Path tokenFile, boolean dataInText, InputStream in, OutputStream out,
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
        AppFinder finder = where.app() == null ? null : new AppFinder(where.app(), timeout);
        ProbeLink probe = new ProbeLink(where.socket(), finder, timeout, tokenFile);
        // An application followed by name is looked for at the first call, not here: loading the probe takes a while.
        JsonNode app = finder == null ? who(probe) : null;
        boolean finding = finder != null || where.mayFind() && app == null;
        // The feed's connection has a short read timeout: a GUI that accepts the connection and never
        // answers the subscription (one that is stopping) must not hold the feed back from the GUI that comes next.
        CallsInFlight json = new CallsInFlight(new JacksonMcpJsonMapper(new ObjectMapper()));
        ProbeTools[] self = new ProbeTools[1];
        // The feed tells the tools when the ops present may have changed: a GUI answers (anew), or probe.ops.changed.
        EventFeed events = new EventFeed(() -> probe.connect(Duration.ofSeconds(3)), EventFeed.CAPACITY, err, op -> self[0].opsChanged(op));
        ProbeTools tools = new ProbeTools(probe, events, System::getenv, err, dataInText, json);
        self[0] = tools;
        CountDownLatch ended = new CountDownLatch(1);
        StdioTransport transport = new StdioTransport(json, in, out, err, json::answersDropped, timeout.plusSeconds(10), ended::countDown);
        McpAsyncServer server = McpServer.async(transport)
                .serverInfo("hvm-dbg", version())
                .instructions(instructions(app, where.app(), finding))
                // listChanged: the tools follow the ops present (refresh), and the client hears when they change.
                .capabilities(ServerCapabilities.builder().tools(true).build())
                .jsonMapper(json)
                .jsonSchemaValidator(new Unvalidated())
                .validateToolInputs(false)
                .tools(tools.specifications(known(known, finding)))
                .build();
        tools.attach(server);
        transport.answerFirst(tools::goneTool);
        events.start();
        try {
            ended.await();
        } finally {
            server.closeGracefully().block(Duration.ofSeconds(5));
            events.close();
            tools.close();
            probe.close();
            System.setOut(stdout);
        }
        return 0;
    }

    /** The compiled-in tools, read meanwhile ({@link ToolSpecs#known}), and gui_apps and gui_attach when {@code finding}; a build without them fails here, at start. */
    private static List<ToolSpecs.Spec> known(FutureTask<List<ToolSpecs.Spec>> known, boolean finding) throws InterruptedException {
        try {
            List<ToolSpecs.Spec> tools = new ArrayList<>(known.get(30, TimeUnit.SECONDS));
            if (finding) {
                tools.addAll(ToolSpecs.finding());
            }
            return tools;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("reading the tools' descriptions took over 30 s");
        }
    }

    private static String version() {
        String v = StdioServer.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }

    private StdioServer() {
    }
}
