package probe.transport.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.newsclub.net.unix.AFUNIXSocket;
import org.newsclub.net.unix.AFUNIXSocketCredentials;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import probe.api.ErrorCodes;
import probe.api.Names;
import probe.api.Nearest;
import probe.api.OpDescription;
import probe.api.OpTable;
import probe.api.OpContext;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.Session;
import probe.api.TokenFiles;
import probe.api.wire.SocketPaths;
import probe.api.wire.Wire;

/**
 * The probe's socket server. Binds when the component activates (a live socket of another GUI
 * keeps it down, with a log line that says so), answers {@code probe.hello} and {@code probe.auth}
 * itself, and hands every other request to the op service of that name, tracked dynamically: an op
 * bundle started later answers at once, a stopped one answers {@code gui.op_unavailable}.
 */
@Component(service = {}, immediate = true, configurationPid = "probe.transport")
@Designate(ocd = TransportConfig.class)
public final class ProbeServer implements Connection.Dispatcher {
    private static final System.Logger LOG = System.getLogger(ProbeServer.class.getName());
    private static final long JOIN_MILLIS = 2000;

    /** The transport's own ops, described in this bundle as every op is in its own (OSGI-INF/probe/ops). */
    private static final List<String> OWN = List.of(Ops.HELLO, Ops.AUTH, Ops.DESCRIBE);

    /** This bundle's context: what declaring() asks which bundle declares an absent op. */
    private BundleContext context;

    /** The descriptions of {@link #OWN}, read once. */
    private final Map<String, OpDescription> own = new java.util.LinkedHashMap<>();
    private static final int NEAREST_OPS = 3;

    private final OpTable ops = new OpTable();
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicLong connectionIds = new AtomicLong();
    // Set by activate, before the acceptor thread starts (which publishes them to the connections).
    private String version;
    private TransportConfig config;
    private SocketBinder.Bound bound;
    private byte[] token;
    private Thread acceptor;
    /** Deletes the socket file when the JVM ends without stopping the framework (SIGTERM, Ctrl-C, System.exit). */
    private Thread exitHook;
    private volatile boolean stopping;

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
     * Binds the socket and starts accepting. A refusal (the folder is not safe, another GUI
     * answers there, the token cannot be read) fails the activation with a {@link NotStarted} that
     * says why and what to do; the GUI runs on without a probe.
     */
    @Activate
    void activate(BundleContext context, TransportConfig config) throws NotStarted {
        this.version = context.getBundle().getVersion().toString();
        this.context = context;
        this.config = config;
        try {
            readOwn(context);
        } catch (IOException e) {
            throw new NotStarted("the probe's own op descriptions: " + e.getMessage(), e);
        }
        Path path = null;
        try {
            this.token = readToken(config);
            Map<String, String> env = System.getenv();
            // The agent's per-application path first (a property of the framework it embeds), then the
            // environment, then ConfigAdmin's.
            String agentPath = context.getProperty(SocketPaths.PROPERTY);
            path = SocketPaths.resolve(env, System.getProperty("os.name"), System.getProperty("user.home"),
                    agentPath, env.get(SocketPaths.ENV), config.socketPath());
            this.bound = SocketBinder.bind(path, System.getProperty("os.name"));
        } catch (SocketBinder.RefusedException e) {
            LOG.log(System.Logger.Level.DEBUG, "the probe refused to start on " + path, e);
            throw new NotStarted(e.getMessage(), e);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "the probe could not start on " + path, e);
            throw new NotStarted(path == null ? e.getMessage() : "could not open the socket " + path + ": " + e.getMessage()
                    + "; check that folder, or set " + SocketPaths.ENV + " to another path", e);
        }
        this.acceptor = new Thread(this::acceptLoop, "hdp-gui-accept");
        acceptor.setDaemon(true);
        SocketBinder.Bound b = bound;
        this.exitHook = new Thread(b::close, "hdp-gui-exit");
        Runtime.getRuntime().addShutdownHook(exitHook);
        acceptor.start();
        LOG.log(System.Logger.Level.INFO, "HDP-GUI probe listening on " + bound.path() + (token == null ? "" : " (token required)"));
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        stopping = true;
        try {
            // Removed, or the hook would keep this bundle's class loader for the JVM's life.
            Runtime.getRuntime().removeShutdownHook(exitHook);
        } catch (IllegalStateException e) {
            // The JVM is exiting: the hook runs (or ran) and deletes the file too.
        }
        // Let accept() return on a connection of our own before the server socket closes: closed
        // under a pending accept(), junixsocket leaves a descriptor open about every other stop
        // (ChurnIT counted them).
        wakeAcceptor();
        acceptor.join(JOIN_MILLIS);
        bound.close();
        for (Connection c : List.copyOf(connections)) {
            c.close();
        }
        for (Connection c : List.copyOf(connections)) {
            c.join(JOIN_MILLIS);
        }
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

    /** Accepts until stopped, whatever goes wrong on the way: a failure (an Error too) costs one connection, never the loop. */
    private void acceptLoop() {
        while (!stopping) {
            AFUNIXSocket socket;
            try {
                socket = bound.server().accept();
            } catch (Throwable e) {
                if (!stopping) {
                    LOG.log(System.Logger.Level.WARNING, "accept failed on " + bound.path() + ": " + e);
                    pause();
                }
                continue;
            }
            if (stopping) {
                closeQuietly(socket);
                return;
            }
            try {
                admit(socket);
            } catch (Throwable e) {
                LOG.log(System.Logger.Level.WARNING, "could not admit a connection", e);
                closeQuietly(socket);
                pause();
            }
        }
    }

    /** Connects once to our own socket, so that a pending accept() returns and the loop sees {@code stopping}. */
    private void wakeAcceptor() {
        try (SocketChannel wake = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            wake.connect(UnixDomainSocketAddress.of(bound.path()));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not wake the acceptor (it may have ended already): " + e);
        }
    }

    private void admit(AFUNIXSocket socket) {
        String id = "c" + connectionIds.incrementAndGet();
        try {
            AFUNIXSocketCredentials peer = socket.getPeerCredentials();
            if (peer == null || peer.getUid() != bound.uid()) {
                String who = peer == null ? "an unknown user" : "uid " + peer.getUid() + " (pid " + peer.getPid() + ")";
                LOG.log(System.Logger.Level.WARNING, "refused a connection from " + who + ": the probe serves only uid " + bound.uid());
                refuse(socket, ErrorCodes.AUTH_DENIED, "connections from " + who + " are refused: this probe serves only its own user");
                return;
            }
            if (connections.size() >= config.maxConnections()) {
                LOG.log(System.Logger.Level.WARNING, "refused a connection from pid " + peer.getPid() + ": " + config.maxConnections()
                        + " connections are open (maxConnections)");
                refuse(socket, ErrorCodes.TOO_MANY_CONNECTIONS, "the probe already has " + config.maxConnections()
                        + " connections open (its maxConnections); close one and connect again");
                return;
            }
            Connection c = new Connection(id, socket, "pid " + peer.getPid() + " uid " + peer.getUid(), config.maxLineBytes(),
                    config.eventQueueSize(), token,
                    new Connection.Bounds(config.firstLineMillis(), config.lineMillis(), token == null ? 0 : config.authMillis()), this);
            connections.add(c);
            if (stopping) {
                c.close();
                return;
            }
            try {
                c.start();
            } catch (Throwable e) {
                // No thread to run it (an OutOfMemoryError "unable to create native thread"): it must not keep a place.
                c.close();
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "could not admit a connection: " + e);
            closeQuietly(socket);
        }
    }

    private static void refuse(AFUNIXSocket socket, String code, String message) {
        try {
            socket.setSoTimeout(1000);
            socket.getOutputStream().write(Wire.line(Wire.failure(null, code, message, null)));
            socket.getOutputStream().flush();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not tell a refused client why: " + e);
        }
        closeQuietly(socket);
    }

    private static void closeQuietly(AFUNIXSocket socket) {
        try {
            socket.close();
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing a refused connection: " + e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void closed(Connection c) {
        connections.remove(c);
    }

    @Override
    public ObjectNode dispatch(Connection c, Decoded d) {
        JsonNode id = d.id();
        String name = d.op();
        if (Names.tooLong(name)) {
            // No lookup, no search: a name this long names no op.
            ObjectNode details = Wire.object();
            details.set("ops", availableOps());
            details.putArray("nearest");
            return Wire.failure(id, ErrorCodes.UNKNOWN_OP, "unknown op '" + Names.quoted(name) + "' (" + name.length()
                    + " characters; an op name is at most " + Names.MAX_LENGTH + "); probe.hello lists the ops available", details);
        }
        if (Ops.HELLO.equals(name)) {
            // The handshake takes every key: a newer client may say more than this server knows.
            return Wire.success(id, hello());
        }
        if (Ops.DESCRIBE.equals(name)) {
            try {
                return Wire.success(id, describe(own.get(Ops.DESCRIBE).check(d.args())));
            } catch (ProbeException e) {
                return Wire.failure(id, e.code(), e.getMessage(), e.details());
            }
        }
        if (Ops.AUTH.equals(name)) {
            try {
                own.get(Ops.AUTH).check(d.args());
            } catch (ProbeException e) {
                return Wire.failure(id, e.code(), e.getMessage(), e.details());
            }
            // Only without a token (the connection answers probe.auth itself when one is set):
            // nothing was checked, so nothing is claimed.
            return Wire.success(id, Wire.object().put("authenticated", false).put("required", false));
        }
        Optional<OpDescription> description = ops.description(name);
        if (description.isEmpty()) {
            ArrayNode available = availableOps();
            ObjectNode details = Wire.object();
            details.set("ops", available);
            // An op whose bundle is installed but not active, or that answered before in this runtime,
            // is unavailable while its bundle is away, not unknown.
            String bundle = declaring(name);
            if (bundle != null) {
                return Wire.failure(id, ErrorCodes.OP_UNAVAILABLE, unavailable(name, bundle), details);
            }
            List<String> names = new ArrayList<>();
            available.forEach(n -> names.add(n.textValue()));
            List<String> nearest = Nearest.of(name, names, NEAREST_OPS);
            ArrayNode near = details.putArray("nearest");
            nearest.forEach(near::add);
            return Wire.failure(id, ErrorCodes.UNKNOWN_OP, "unknown op '" + Names.quoted(name) + "'"
                    + (nearest.isEmpty() ? ";" : "; did you mean '" + nearest.get(0) + "'?") + " probe.hello lists the ops available", details);
        }
        try {
            // An op without a description: the name bound on the arguments that conventionally name something.
            if (!description.get().declared()) {
                ArgumentCheck.names(d.args());
            }
            // Checked against the op's description, its defaults filled in, before it runs.
            return Wire.success(id, ops.call(name, new Context(c), d.args()));
        } catch (ProbeException e) {
            return Wire.failure(id, e.code(), e.getMessage(), e.details());
        } catch (Throwable e) {
            // Any Throwable (a StackOverflowError, an OutOfMemoryError, a NoClassDefFoundError after
            // a bundle update) is the op's failure, answered; the connection goes on.
            // The args are not logged: they may hold typed text or a password.
            LOG.log(System.Logger.Level.WARNING, "op " + name + " failed for " + c.peer(), e);
            return Wire.failure(id, ErrorCodes.INTERNAL, "the op '" + name + "' failed: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()), null);
        }
    }

    /**
     * What gui.op_unavailable says: the bundle that provides the op (the one that last did in this
     * runtime, else the one that does in HDP-GUI v1), and how to bring it back.
     */
    private static String unavailable(String op, String bundle) {
        return "the op '" + op + "' is not available right now: its bundle " + bundle + " is not installed or not started"
                + " (in the debug console: lb " + bundle + ", then start ID; for the probe plugin see docs/PLUGINS.md)";
    }


    /**
     * The bundle that declares the op {@code name} though it answers not: one installed now whose
     * description of it ({@link OpDescription#location}) says so, else the one that last provided it
     * in this runtime; null for neither (an unknown op).
     */
    private String declaring(String name) {
        if (OpDescription.isOpName(name)) {
            String entry = OpDescription.location(name);
            for (org.osgi.framework.Bundle b : context.getBundles()) {
                if (b.getEntry(entry) != null) {
                    return b.getSymbolicName();
                }
            }
        }
        return ops.provider(name);
    }

    private ObjectNode hello() {
        ObjectNode data = Wire.object();
        data.put("protocol", Wire.PROTOCOL);
        data.putObject("server").put("name", "hdp-gui").put("version", version);
        data.putObject("auth").put("required", token != null);
        data.set("ops", availableOps());
        return data;
    }

    private ArrayNode availableOps() {
        ArrayNode names = Wire.mapper().createArrayNode();
        TreeSet<String> all = new TreeSet<>(ops.names());
        all.addAll(OWN);
        all.forEach(names::add);
        return names;
    }

    /**
     * probe.describe: the descriptions of the ops present now (the transport's own included), sorted
     * by op, or of those named in {@code ops}; a name that is no op present is {@code missing}.
     */
    private ObjectNode describe(ObjectNode args) {
        List<OpDescription> all = new ArrayList<>(own.values());
        all.addAll(ops.descriptions());
        all.sort(java.util.Comparator.comparing(OpDescription::op));
        Set<String> wanted = null;
        if (args.has("ops")) {
            wanted = new java.util.LinkedHashSet<>();
            for (JsonNode n : args.get("ops")) {
                wanted.add(n.textValue());
            }
        }
        ObjectNode data = Wire.object();
        ArrayNode list = data.putArray("ops");
        Set<String> found = new TreeSet<>();
        for (OpDescription desc : all) {
            if (wanted == null || wanted.contains(desc.op())) {
                list.add(desc.toJson());
                found.add(desc.op());
            }
        }
        if (wanted != null) {
            ArrayNode missing = data.putArray("missing");
            wanted.stream().filter(w -> !found.contains(w)).forEach(missing::add);
        }
        return data;
    }

    /** Reads the transport's own descriptions from this bundle: a bundle that lacks one is broken. */
    private void readOwn(BundleContext context) throws IOException {
        for (String name : OWN) {
            java.net.URL entry = context.getBundle().getEntry(OpDescription.location(name));
            if (entry == null) {
                throw new IOException("this bundle lacks " + OpDescription.location(name));
            }
            try (java.io.InputStream in = entry.openStream()) {
                own.put(name, OpDescription.read(in));
            }
        }
    }

    private final class Context implements OpContext {
        private final Connection connection;

        Context(Connection connection) {
            this.connection = connection;
        }

        @Override
        public long timeoutMillis() {
            return config.opTimeoutMillis();
        }

        @Override
        public Optional<Session> session() {
            return Optional.of(connection);
        }

        @Override
        public String caller() {
            return "socket " + connection.peer();
        }
    }
}
