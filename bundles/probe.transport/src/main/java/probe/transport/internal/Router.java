package probe.transport.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.osgi.framework.BundleContext;
import probe.api.ErrorCodes;
import probe.api.Names;
import probe.api.Nearest;
import probe.api.OpContext;
import probe.api.OpDescription;
import probe.api.OpTable;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.Session;
import probe.api.wire.Wire;

/**
 * Routes every request line the same way: decoded, then run through the op table (the
 * transport's own {@code probe.hello}, {@code probe.describe} and {@code probe.auth} are ops there
 * like every other), one request of a connection after another, and the reply written back. The
 * transport's own ops and a line that does not decode touch neither the GUI nor anything that
 * waits, so they run on the I/O loop itself when the connection has nothing else under way (no
 * hand-off, the reply written at once); every other op runs on the {@link OpPool}. The one rule
 * before the table is authentication: while a token is wanted and not given, anything but
 * {@code probe.auth} is answered and the connection closed.
 */
final class Router implements IoLoop.Sink {
    private static final System.Logger LOG = System.getLogger(Router.class.getName());
    private static final int NEAREST_OPS = 3;
    /** Lines longer than this are decoded on the pool, not on the loop (a hello is about 60 bytes). */
    static final int ON_LOOP_BYTES = 4096;

    private final OpTable ops;
    private final OpPool pool;
    private final BundleContext context;
    private final long opTimeoutMillis;
    private final int maxLineBytes;
    /** The ops answered on the loop's thread: the transport's own, which neither wait nor touch the GUI. */
    private final Set<String> onLoop;

    Router(OpTable ops, OpPool pool, BundleContext context, long opTimeoutMillis, int maxLineBytes, Collection<String> onLoop) {
        this.ops = ops;
        this.pool = pool;
        this.context = context;
        this.opTimeoutMillis = opTimeoutMillis;
        this.maxLineBytes = maxLineBytes;
        this.onLoop = Set.copyOf(onLoop);
    }

    /**
     * On the loop's thread: a short line is decoded here; one of the loop's own ops (or a line that
     * does not decode) is answered here when the connection has nothing before it, anything else is
     * queued on the connection and run on the pool.
     */
    @Override
    public void line(Connection c, byte[] line) {
        if (line == LineFramer.TOO_LONG || line.length > ON_LOOP_BYTES) {
            c.submit(() -> handle(c, line), pool);
            return;
        }
        Decoded d = RequestDecoder.decode(line);
        if ((d.isError() || onLoop.contains(d.op())) && c.runHere(() -> handle(c, d))) {
            return;
        }
        c.submit(() -> handle(c, d), pool);
    }

    void handle(Connection c, byte[] line) {
        if (line == LineFramer.TOO_LONG) {
            if (!c.isOpen()) {
                return;
            }
            c.reply(Wire.failure(null, ErrorCodes.LINE_TOO_LONG, "the request line is longer than " + maxLineBytes
                    + " bytes; it was discarded up to its newline and the connection stays usable", null));
            if (!c.authenticated()) {
                c.closeAfterFlush();
            }
            return;
        }
        handle(c, RequestDecoder.decode(line));
    }

    void handle(Connection c, Decoded d) {
        if (!c.isOpen()) {
            // Closing (a refused token, end of input): what came after is not answered.
            return;
        }
        if (!c.authenticated() && (d.isError() || !Ops.AUTH.equals(d.op()))) {
            // Before the token, one answer and no more: the error, or that a token is wanted.
            c.reply(d.isError() ? Wire.failure(d.id(), d.errorCode(), d.errorMessage(), null)
                    : Wire.failure(d.id(), ErrorCodes.AUTH_REQUIRED,
                            "this probe needs a token: send probe.auth {\"token\": ...} as the first request", null));
            c.closeAfterFlush();
            return;
        }
        if (d.isError()) {
            c.reply(Wire.failure(d.id(), d.errorCode(), d.errorMessage(), null));
            return;
        }
        c.reply(dispatch(c, d));
        if (!c.authenticated()) {
            // probe.auth answered without authenticating (a wrong token): that was its one answer.
            c.closeAfterFlush();
        }
    }

    ObjectNode dispatch(Connection c, Decoded d) {
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
        Optional<OpDescription> description = ops.description(name);
        if (description.isEmpty()) {
            ArrayNode available = availableOps();
            ObjectNode details = Wire.object();
            details.set("ops", available);
            // An op refused for its malformed description is unavailable for that reason.
            String refused = ops.unavailable().get(name);
            if (refused != null) {
                return Wire.failure(id, ErrorCodes.OP_UNAVAILABLE, "the op '" + name + "' is not available: " + refused
                        + " (hvm-dbg describe --check FILE checks a description; see docs/PLUGINS.md)", details);
            }
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
        if (Names.isOpName(name)) {
            String entry = OpDescription.location(name);
            for (org.osgi.framework.Bundle b : context.getBundles()) {
                if (b.getEntry(entry) != null) {
                    return b.getSymbolicName();
                }
            }
        }
        return ops.provider(name);
    }

    ArrayNode availableOps() {
        ArrayNode names = Wire.array();
        ops.names().forEach(names::add);
        return names;
    }

    private final class Context implements OpContext {
        private final Connection connection;

        Context(Connection connection) {
            this.connection = connection;
        }

        @Override
        public long timeoutMillis() {
            return opTimeoutMillis;
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
