package probe.transport.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import probe.api.Op;
import probe.api.OpDescription;
import probe.api.OpTable;
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.TokenFiles;
import probe.api.events.EventBus;
import probe.api.wire.SocketPaths;
import probe.api.wire.Wire;

/**
 * The probe's socket server: binds when the component activates (a live socket of another GUI
 * keeps it down, with a log line that says so) and wires the parts that serve it, all on one thread
 * but the ops': the {@link IoLoop} accepts (through the {@link Acceptor}), reads and writes every
 * connection, the {@link Router} runs the transport's own ops (hello, describe, auth) there and
 * every other op through the op table on the {@link OpPool}, and the loop's tick runs the
 * {@link EdtWatchdog}. Op services are tracked dynamically: an op bundle started later answers at
 * once, a stopped one answers {@code gui.op_unavailable}. The transport's own ops are in the same
 * table.
 */
@Component(service = {}, immediate = true, configurationPid = "probe.transport")
@Designate(ocd = TransportConfig.class)
public final class ProbeServer {
    private static final System.Logger LOG = System.getLogger(ProbeServer.class.getName());
    private static final long JOIN_MILLIS = 2000;

    /** The transport's own ops, described in this bundle as every op is in its own (OSGI-INF/probe/ops). */
    private static final List<String> OWN = List.of(Ops.HELLO, Ops.AUTH, Ops.DESCRIBE);

    private final OpTable ops = new OpTable();
    private SocketBinder.Bound bound;
    private OpPool pool;
    private IoLoop loop;

    /** Where the EDT watchdog tells of a stall, when probe.events is there. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    private volatile EventBus bus;
    /** Deletes the socket file when the JVM ends without stopping the framework (SIGTERM, Ctrl-C, System.exit). */
    private Thread exitHook;

    /**
     * Why the probe did not start, in one line that says what to do. SCR logs the exception an
     * activate method throws, with its trace, on the runtime's stderr: this one's "trace" is its
     * message alone (a real one would only show SCR's reflection), and the component's failure,
     * as {@code scr:info} shows it, is that line too. The cause's trace goes to the log at DEBUG.
     */
    static final class NotStarted extends Exception {
        private static final long serialVersionUID = 1L;

        NotStarted(String reason, Throwable cause) {
            super("HDP-GUI probe not started: " + reason, cause, false, false);
        }

        @Override
        public String toString() {
            return getMessage();
        }

        @Override
        public void printStackTrace(java.io.PrintStream s) {
            s.println(getMessage());
        }

        /** Without a line end: SCR ends the line itself, and puts this string into the component's failure. */
        @Override
        public void printStackTrace(java.io.PrintWriter s) {
            s.print(getMessage());
        }
    }

    /**
     * Binds the socket and starts serving. A refusal (the folder is not safe, another GUI answers
     * there, the token cannot be read) fails the activation with a {@link NotStarted} that says why
     * and what to do; the GUI runs on without a probe.
     */
    @Activate
    void activate(BundleContext context, TransportConfig config) throws NotStarted {
        String version = context.getBundle().getVersion().toString();
        Path path = null;
        byte[] token;
        try {
            token = readToken(config);
            path = socketPath(context, config);
            this.bound = SocketBinder.bind(path, System.getProperty("os.name"));
        } catch (SocketBinder.RefusedException e) {
            LOG.log(System.Logger.Level.DEBUG, "the probe refused to start on " + path, e);
            throw new NotStarted(e.getMessage(), e);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "the probe could not start on " + path, e);
            throw new NotStarted(path == null ? e.getMessage() : "could not open the socket " + path + ": " + e.getMessage()
                    + "; check that folder, or set " + SocketPaths.ENV + " to another path", e);
        }
        try {
            WindowTitles titles = new WindowTitles();
            TransportOps.Describe describe = new TransportOps.Describe(ops);
            TransportOps.Hello hello = new TransportOps.Hello(version, token != null, ops, limits(config), titles::get, describe);
            addOwn(context, Ops.HELLO, hello);
            addOwn(context, Ops.DESCRIBE, describe);
            addOwn(context, Ops.AUTH, new TransportOps.Auth(token));
            this.pool = new OpPool(config.opThreads());
            Router router = new Router(ops, pool, context, config.opTimeoutMillis(), config.maxLineBytes(), OWN);
            this.loop = new IoLoop(router, "hdp-gui-io");
            Connection.Bounds bounds = new Connection.Bounds(config.firstLineMillis(), config.lineMillis(),
                    token == null ? 0 : config.authMillis(), config.stallMillis());
            boolean open = token == null;
            IoLoop l = loop;
            Acceptor acceptor = new Acceptor(bound, loop, config.maxConnections(), (id, channel, peer) -> new Connection(id, channel, peer,
                    config.maxLineBytes(), config.eventQueueSize(), config.maxOutputBytes(), open, bounds, l));
            loop.listen(acceptor.channel(), acceptor);
            EdtWatchdog watchdog = new EdtWatchdog(() -> bus, titles::refresh);
            // The loop's first tick (after its first select, at most a tick's 50 ms after it starts, or after the
            // keys that select returned) answers a hello to nobody: the first client's hello then finds
            // its code loaded and linked (the descriptions' hash, the reply's JSON), which in an application the
            // probe was just attached to costs some 60 ms cold, while the other bundles are still starting.
            boolean[] warmed = {false};
            loop.onTick(now -> {
                if (!warmed[0]) {
                    warmed[0] = true;
                    Wire.line(hello.execute(null, Wire.object()));
                }
                watchdog.tick(now);
            });
        } catch (IOException e) {
            if (loop != null) {
                try {
                    loop.stop(0);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                }
            }
            bound.close();
            throw new NotStarted("the probe's own op descriptions or its selector: " + e.getMessage(), e);
        }
        SocketBinder.Bound b = bound;
        this.exitHook = new Thread(b::close, "hdp-gui-exit");
        Runtime.getRuntime().addShutdownHook(exitHook);
        loop.start();
        LOG.log(System.Logger.Level.INFO, "HDP-GUI probe listening on " + bound.path() + (token == null ? "" : " (token required)"));
    }

    /**
     * Where the socket goes: the agent's per-application path first (a property of the framework it
     * embeds), then the environment, then the configuration, else the per-OS default.
     */
    private static Path socketPath(BundleContext context, TransportConfig config) {
        Map<String, String> env = System.getenv();
        return SocketPaths.resolve(env, System.getProperty("os.name"), System.getProperty("user.home"),
                context.getProperty(SocketPaths.PROPERTY), env.get(SocketPaths.ENV), config.socketPath());
    }

    /** The limits a client meets, as probe.hello reports them (one list, from the configuration). */
    private static ObjectNode limits(TransportConfig config) {
        return Wire.object()
                .put("maxConnections", config.maxConnections())
                .put("maxLineBytes", config.maxLineBytes())
                .put("opThreads", config.opThreads())
                .put("opTimeoutMillis", config.opTimeoutMillis())
                .put("firstLineMillis", config.firstLineMillis())
                .put("lineMillis", config.lineMillis())
                .put("authMillis", config.authMillis())
                .put("stallMillis", config.stallMillis())
                .put("eventQueueSize", config.eventQueueSize())
                .put("maxOutputBytes", config.maxOutputBytes());
    }

    /** Puts one of the transport's own ops in the table, with the description this bundle declares (a bundle that lacks one is broken). */
    private void addOwn(BundleContext context, String name, ProbeOp op) throws IOException {
        java.net.URL entry = context.getBundle().getEntry(OpDescription.location(name));
        if (entry == null) {
            throw new IOException("this bundle lacks " + OpDescription.location(name));
        }
        OpDescription description;
        try (java.io.InputStream in = entry.openStream()) {
            description = OpDescription.read(in);
        }
        // No service: an id of its own that no service has (they are positive).
        ops.add(op, Map.of(Op.NAME, name, "service.id", -(long) (OWN.indexOf(name) + 1)), context.getBundle().getSymbolicName(), description);
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        try {
            // Removed, or the hook would keep this bundle's class loader for the JVM's life.
            Runtime.getRuntime().removeShutdownHook(exitHook);
        } catch (IllegalStateException e) {
            // The JVM is exiting: the hook runs (or ran) and deletes the file too.
        }
        // The loop first: once it has ended nothing accepts, and the socket is closed with no accept pending.
        loop.stop(JOIN_MILLIS);
        bound.close();
        pool.stop(JOIN_MILLIS);
        LOG.log(System.Logger.Level.INFO, "HDP-GUI probe stopped; removed " + bound.path());
    }

    @Reference(service = ProbeOp.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addOp(ProbeOp op, Map<String, Object> props) {
        org.osgi.framework.Bundle provider = org.osgi.framework.FrameworkUtil.getBundle(op.getClass());
        // Its description is the one its bundle declares, which OpTable finds through the op's class loader.
        // Nameless: OpTable says so in the log; a description it cannot read, too.
        ops.add(op, props, provider == null ? null : provider.getSymbolicName());
    }

    void removeOp(ProbeOp op, Map<String, Object> props) {
        ops.remove(props);
    }

    private static byte[] readToken(TransportConfig config) throws IOException {
        if (!config.token().isEmpty()) {
            return config.token().getBytes(StandardCharsets.UTF_8);
        }
        if (config.tokenFile().isEmpty()) {
            return null;
        }
        Path file = Path.of(config.tokenFile());
        try {
            return TokenFiles.read(file).getBytes(StandardCharsets.UTF_8);
        } catch (TokenFiles.Refused e) {
            // Asked for a token but cannot take it: refusing to start beats serving without one.
            throw new SocketBinder.RefusedException("tokenFile: " + e.getMessage()
                    + (Files.exists(file) ? "" : "; create it (mode 0600), or change tokenFile in the probe.transport configuration"));
        }
    }
}
