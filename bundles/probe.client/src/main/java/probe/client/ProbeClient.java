package probe.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import probe.api.Ops;
import probe.client.internal.Connection;
import probe.api.wire.Json;

/**
 * One connection to the probe's Unix socket, speaking HDP-GUI v1 (PROTOCOL.md): calls an op and
 * returns its reply's {@code data}, and takes the events a subscription streams.
 *
 * <p>{@link #call} sends {@code {"id": n, "op": …, "args": …}} with ids 1, 2, 3, … and waits for the
 * reply with that id. Event lines that arrive meanwhile are queued apart and taken with
 * {@link #nextEvent}; the late reply of a call that timed out is dropped. Every wait is bounded: by
 * the read timeout given to {@link #connect(Path, Duration)} (default {@link #DEFAULT_READ_TIMEOUT}),
 * or by the timeout passed to the method.
 *
 * <p>Failures are {@link ProbeClientException}s: {@link ProbeUnavailableException} when no probe
 * answers, {@link ProbeTimeoutException} when no reply came in time, {@link ProbeOpException} when
 * the probe answered with an error. Tests that speak the protocol by hand on the same connection
 * use {@link RawConnection#of}.
 *
 * <p>Threads: one thread calls; another thread may take events with {@link #nextEvent} at the same
 * time, and any thread may {@link #close}. Two threads calling at once are safe, their replies
 * matched by id.
 *
 * <p>The client logs nothing and puts nothing it sent into an exception message, so text sent with
 * {@code gui.type} stays out of logs.
 */
public final class ProbeClient implements AutoCloseable {
    /** How long a reply may take unless said otherwise. */
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(30);

    private final Connection connection;

    private ProbeClient(Connection connection) {
        this.connection = connection;
    }

    /** Connects with the {@link #DEFAULT_READ_TIMEOUT}. */
    public static ProbeClient connect(Path socket) {
        return connect(socket, DEFAULT_READ_TIMEOUT);
    }

    /**
     * Connects to the probe listening on {@code socket}.
     *
     * Before it sends anything it checks who listens there: a process of another user than this
     * one is refused with a {@link ProbePeerException}, so the token and typed text never reach it.
     *
     * @param readTimeout how long a {@link #call} waits for its reply unless given its own timeout
     * @throws ProbeUnavailableException when nobody answers there, with the reason
     * @throws ProbePeerException when the listener runs as another user (nothing was sent)
     * @throws ProbeClientException when the connection cannot be set up for another reason
     */
    public static ProbeClient connect(Path socket, Duration readTimeout) {
        return new ProbeClient(Connection.open(socket, readTimeout));
    }

    /** For {@link RawConnection}, which speaks on the same connection. */
    Connection connection() {
        return connection;
    }

    /** The socket this client is connected to. */
    public Path socket() {
        return connection.socket();
    }

    /** How long replies may take unless a method is given its own timeout. */
    public Duration readTimeout() {
        return connection.readTimeout();
    }

    /** False once {@link #close} was called or the probe closed the connection. */
    public boolean isOpen() {
        return connection.isOpen();
    }

    /** {@link #call(String, ObjectNode, Duration)} with no args and the read timeout. */
    public JsonNode call(String op) {
        return call(op, null, connection.readTimeout());
    }

    /** {@link #call(String, ObjectNode, Duration)} with the read timeout. */
    public JsonNode call(String op, ObjectNode args) {
        return call(op, args, connection.readTimeout());
    }

    /** One request line's object: {@code id}, {@code op}, and {@code args} when given. */
    private static ObjectNode request(long id, String op, ObjectNode args) {
        ObjectNode request = Json.object();
        request.put("id", id);
        request.put("op", op);
        if (args != null) {
            request.set("args", args);
        }
        return request;
    }

    /**
     * Calls an op and waits for its reply.
     *
     * @param args the request's {@code args}; null to send none
     * @param timeout how long to wait for the reply
     * @return the reply's {@code data}, or null when it has none
     * @throws ProbeOpException when the reply says {@code "ok": false}
     * @throws ProbeTimeoutException when no reply came in time
     * @throws ProbeUnavailableException when the probe closed the connection first
     * @throws ProbeClientException when the reply is not a protocol reply, or the client is closed
     */
    public JsonNode call(String op, ObjectNode args, Duration timeout) {
        Objects.requireNonNull(op, "op");
        long id = connection.nextId();
        ObjectNode request = request(id, op, args);
        ObjectNode reply = connection.request(id, Json.line(request), timeout);
        if (reply == null) {
            throw new ProbeTimeoutException("no reply to " + op + " within " + Connection.seconds(timeout)
                    + " from the probe on " + connection.socket(), timeout);
        }
        return dataOf(op, reply);
    }

    /**
     * Sends a request and returns at once, without waiting for its reply: {@link Pending#reply}
     * waits for it. The probe answers a connection's requests one at a time, in the order it read
     * them (docs/PROTOCOL.md), so requests sent back to back cost one round trip of latency
     * instead of one each, and each is carried out after the one sent before it has been answered:
     * {@code gui.click} then {@code gui.dialog.current} gives the dialog that shows after the
     * click. Every request sent so must be waited for or {@link Pending#cancel cancelled}, or its
     * reply stays queued.
     *
     * @param args the request's {@code args}; null to send none
     * @throws ProbeUnavailableException when the probe closed the connection
     * @throws ProbeClientException when the client is closed
     * @since 1.1
     */
    public Pending send(String op, ObjectNode args) {
        Objects.requireNonNull(op, "op");
        long id = connection.nextId();
        ObjectNode request = request(id, op, args);
        connection.send(Json.line(request));
        return new Pending(op, id);
    }

    /**
     * A request sent with {@link #send} whose reply is not taken yet.
     *
     * @since 1.1
     */
    public final class Pending {
        private final String op;
        private final long id;

        private Pending(String op, long id) {
            this.op = op;
            this.id = id;
        }

        /** The op this request calls. */
        public String op() {
            return op;
        }

        /**
         * Waits up to {@code timeout} (from now) for the reply, as {@link ProbeClient#call} does.
         * Take a request's reply once.
         *
         * @return the reply's {@code data}, or null when it has none
         * @throws ProbeOpException when the reply says {@code "ok": false}
         * @throws ProbeTimeoutException when no reply came in time (a late one is dropped)
         * @throws ProbeUnavailableException when the probe closed the connection first
         * @throws ProbeClientException when the reply is not a protocol reply, or the client is closed
         */
        public JsonNode reply(Duration timeout) {
            ObjectNode reply = connection.awaitReply(id, timeout);
            if (reply == null) {
                throw new ProbeTimeoutException("no reply to " + op + " within " + Connection.seconds(timeout)
                        + " from the probe on " + connection.socket(), timeout);
            }
            return dataOf(op, reply);
        }

        /** Drops the reply when it comes: for a request whose answer is no longer wanted. */
        public void cancel() {
            connection.dropReply(id);
        }
    }

    /**
     * Calls {@code probe.auth}: the first request of a connection to a probe that has a token. The
     * token goes only onto the socket.
     *
     * @throws ProbeOpException {@code auth.denied} for a wrong token (the probe then closes the
     *     connection)
     */
    public void authenticate(String token) {
        ObjectNode args = Json.object();
        args.put("token", Objects.requireNonNull(token, "token"));
        call(Ops.AUTH, args);
    }

    /** Calls {@code probe.hello}: the protocol, the server, the application, and the ops present now. */
    public JsonNode hello() {
        return call(Ops.HELLO, null);
    }

    /** {@link #hello()}, its reply waited for at most {@code timeout}. */
    public JsonNode hello(Duration timeout) {
        return call(Ops.HELLO, null, timeout);
    }

    /**
     * Calls {@code probe.describe}: every op's description as served ({@code ops}), and the ops refused
     * for a malformed description with why ({@code unavailable}).
     */
    public JsonNode describe() {
        return call(Ops.DESCRIBE, null);
    }

    /** {@link #describe()}, its reply waited for at most {@code timeout}. */
    public JsonNode describe(Duration timeout) {
        return call(Ops.DESCRIBE, null, timeout);
    }

    /** Calls {@code gui.event.subscribe} for the given name patterns ({@code dialog.*}); all events when none. */
    public JsonNode subscribe(String... patterns) {
        ObjectNode args = null;
        if (patterns.length > 0) {
            args = Json.object();
            ArrayNode names = args.putArray("events");
            for (String p : patterns) {
                names.add(p);
            }
        }
        return call(Ops.EVENT_SUBSCRIBE, args);
    }

    /**
     * The next event, waiting up to {@code timeout}; null when none came in time. Events are
     * returned in the order they arrived, whether they were read by this method or while a
     * {@link #call} waited for its reply.
     *
     * @throws ProbeUnavailableException once the queued events are taken and the probe has closed
     *     the connection
     */
    public ObjectNode nextEvent(Duration timeout) {
        return connection.nextEvent(timeout);
    }

    /**
     * Closes the connection. Threads waiting in this client's methods get a
     * {@link ProbeClientException}, as does every later call. Idempotent.
     */
    @Override
    public void close() {
        connection.close();
    }

    private JsonNode dataOf(String op, ObjectNode reply) {
        JsonNode ok = reply.get("ok");
        if (ok == null || !ok.isBoolean()) {
            throw new ProbeClientException("the probe on " + connection.socket() + " answered " + op
                    + " with a reply without \"ok\"", null);
        }
        if (ok.booleanValue()) {
            JsonNode data = reply.get("data");
            return data == null || data.isNull() ? null : data;
        }
        JsonNode error = reply.get("error");
        if (error == null || !error.isObject()) {
            throw new ProbeClientException("the probe on " + connection.socket() + " failed " + op
                    + " without saying why (no \"error\")", null);
        }
        JsonNode details = error.get("details");
        throw new ProbeOpException(op, error.path("code").asText("internal"), error.path("message").asText(""),
                details == null || details.isNull() ? null : details);
    }
}
