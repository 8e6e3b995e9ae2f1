package probe.client.internal;

import probe.api.wire.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import probe.api.wire.SocketPaths;
import probe.client.ProbeClientException;
import probe.client.ProbeTimeoutException;
import probe.client.ProbeUnavailableException;
import probe.client.ProbeUnavailableException.Reason;

/**
 * The machinery under {@link probe.client.ProbeClient} and {@link probe.client.RawConnection}: one
 * connection to the probe, whose lines {@link LineChannel} reads and writes, and the routing of
 * what arrives: event lines (those with an {@code event} key) are queued apart for
 * {@link #nextEvent}; a reply goes to the {@link #request} waiting for its id; replies that nobody
 * waits for (answers to {@link #send raw lines}) are queued for {@link #readMessage}, and the late
 * reply of a request that timed out is dropped. Every wait is bounded.
 *
 * <p>Threads: one thread sends requests and reads their replies; another thread may take events
 * with {@link #nextEvent} at the same time, and any thread may {@link #close}. Whichever of the two
 * is waiting reads the socket and hands over what belongs to the other, so neither starves. Two
 * threads requesting at once are safe but their replies are matched only by id; {@link #readMessage}
 * and {@link #readLine} from two threads at once are not meaningful.
 *
 * <p>Right after connecting, before it writes anything, it refuses a listener that runs as another
 * user than this process ({@link Peers#check}).
 *
 * <p>It logs nothing and puts nothing it sent into an exception message.
 */
public final class Connection implements AutoCloseable {
    private static final Duration LONGEST_WAIT = Duration.ofDays(100);
    /** Ids are positive: this stands for "any message". */
    private static final long ANY = -1;

    private final Path socket;
    private final LineChannel lines;
    private final Duration readTimeout;
    private final AtomicLong ids = new AtomicLong();
    private volatile boolean closed;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    /** True while one thread reads the socket with the lock released; guarded by lock. */
    private boolean reading;
    private final ArrayDeque<ObjectNode> replies = new ArrayDeque<>();
    private final ArrayDeque<ObjectNode> events = new ArrayDeque<>();
    /** Ids of requests that timed out: their late replies are dropped, not queued; guarded by lock. */
    private final Set<Long> abandoned = new HashSet<>();
    /** Set once the connection is unusable (closed by the peer, a runaway line); guarded by lock. */
    private ProbeClientException failure;
    /** The peer closed the connection between two lines; guarded by lock. */
    private boolean cleanEnd;

    private Connection(Path socket, LineChannel lines, Duration readTimeout) {
        this.socket = socket;
        this.lines = lines;
        this.readTimeout = readTimeout;
    }

    /**
     * Connects to the probe listening on {@code socket}.
     *
     * @param readTimeout how long {@link #readMessage}, {@link #readLine} and a blocked
     *     {@link #send} wait
     * @throws ProbeUnavailableException when nobody answers there, with the reason
     * @throws ProbeClientException when the connection cannot be set up for another reason
     */
    public static Connection open(Path socket, Duration readTimeout) {
        Objects.requireNonNull(socket, "socket");
        Objects.requireNonNull(readTimeout, "readTimeout");
        String tooLong = SocketPaths.tooLong(socket, System.getProperty("os.name", ""));
        if (tooLong != null) {
            throw new ProbeUnavailableException(socket, Reason.PATH_TOO_LONG, tooLong, null);
        }
        return new Connection(socket, LineChannel.open(socket, readTimeout), readTimeout);
    }

    public Path socket() {
        return socket;
    }

    public Duration readTimeout() {
        return readTimeout;
    }

    /** False once {@link #close} was called or the probe closed the connection. */
    public boolean isOpen() {
        if (closed) {
            return false;
        }
        lock.lock();
        try {
            return failure == null;
        } finally {
            lock.unlock();
        }
    }

    /** The id of the next request: 1, 2, 3, … */
    public long nextId() {
        return ids.incrementAndGet();
    }

    /**
     * Sends {@code line}, a request with the id {@code id}, and waits for the reply with that id.
     *
     * @return the reply; null when none came within {@code timeout} (its late reply is then dropped)
     * @throws ProbeUnavailableException when the probe closed the connection first
     * @throws ProbeClientException when the connection is closed or broken
     */
    public ObjectNode request(long id, byte[] line, Duration timeout) {
        long deadline = deadline(timeout);
        send(line);
        ObjectNode reply = await(replies, id, deadline);
        if (reply == null) {
            abandon(id);
        }
        return reply;
    }

    /**
     * Waits up to {@code timeout} for the reply with id {@code id} to a request already sent with
     * {@link #send}: what {@link #request} does after sending, for requests sent back to back.
     *
     * @return the reply; null when none came within {@code timeout} (its late reply is then dropped)
     * @throws ProbeUnavailableException when the probe closed the connection first
     * @throws ProbeClientException when the connection is closed or broken
     */
    public ObjectNode awaitReply(long id, Duration timeout) {
        ObjectNode reply = await(replies, id, deadline(timeout));
        if (reply == null) {
            abandon(id);
        }
        return reply;
    }

    /** Drops the reply with id {@code id} when it comes (or now, when it came): nobody will wait for it. */
    public void dropReply(long id) {
        abandon(id);
    }

    /**
     * The next event, waiting up to {@code timeout}; null when none came in time. Events are
     * returned in the order they arrived, whether they were read here or while a request waited.
     *
     * @throws ProbeUnavailableException once the queued events are taken and the probe has closed
     *     the connection
     */
    public ObjectNode nextEvent(Duration timeout) {
        return await(events, ANY, deadline(timeout));
    }

    /**
     * The next line straight off the socket, whatever it is, decoded as UTF-8 without its
     * {@code \n} (or {@code \r\n}); null when the probe closed the connection at a line boundary.
     * It does not look at, nor add to, the queues of replies and events.
     *
     * @throws ProbeTimeoutException when no whole line came within the read timeout
     */
    public String readLine() {
        long deadline = deadline(readTimeout);
        lock.lock();
        try {
            while (true) {
                ensureOpen();
                if (failure != null) {
                    if (cleanEnd) {
                        return null;
                    }
                    throw failure;
                }
                if (!reading) {
                    Object s = readOneLocked(deadline, true);
                    if (s != null) {
                        return (String) s;
                    }
                    if (failure == null) {
                        throw timeout("line");
                    }
                    continue;
                }
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    throw timeout("line");
                }
                awaitNanos(remaining);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The next message that is not an event, parsed: a queued reply that no request took (oldest
     * first), else the next one from the socket. Events met on the way are queued for
     * {@link #nextEvent}.
     *
     * @throws ProbeTimeoutException when none came within the read timeout
     * @throws ProbeClientException when the line is not a JSON object
     */
    public ObjectNode readMessage() {
        ObjectNode m = await(replies, ANY, deadline(readTimeout));
        if (m == null) {
            throw timeout("reply");
        }
        return m;
    }

    /**
     * Closes the connection. Threads waiting in this connection's methods get a
     * {@link ProbeClientException} (its cause a {@link ClosedChannelException}), as does every later
     * call. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        lines.closeChannel();
        lock.lock();
        try {
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        lines.closeWriting();
    }

    private static boolean hasId(ObjectNode reply, long id) {
        JsonNode v = reply.get("id");
        return v != null && v.isIntegralNumber() && v.canConvertToLong() && v.longValue() == id;
    }

    private ProbeTimeoutException timeout(String what) {
        return new ProbeTimeoutException("no " + what + " within " + seconds(readTimeout) + " from the probe on " + socket,
                readTimeout);
    }

    /** {@code d} for a person: {@code 30 s}, {@code 0.25 s}. */
    public static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms / 1000.0 + " s";
    }

    static long deadline(Duration timeout) {
        Duration d = timeout.isNegative() ? Duration.ZERO : timeout.compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : timeout;
        return System.nanoTime() + d.toNanos();
    }

    private void ensureOpen() {
        if (closed) {
            throw closedByUs();
        }
    }

    private ProbeClientException closedByUs() {
        return new ProbeClientException("the connection to the probe on " + socket + " was closed by this client",
                new ClosedChannelException());
    }

    static ProbeClientException interrupted(String what, Throwable cause) {
        return new ProbeClientException("interrupted while " + what + " the probe", cause);
    }

    private void awaitNanos(long nanos) {
        try {
            arrived.awaitNanos(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw interrupted("waiting for", e);
        }
    }

    // ---- reading: one thread at a time reads the socket, with the lock released ----

    /**
     * Takes the first message of {@code queue} with id {@code wanted} (any when {@link #ANY}), reading
     * the socket (or waiting for the thread that does) until one comes; null when the deadline passes
     * first.
     */
    private ObjectNode await(ArrayDeque<ObjectNode> queue, long wanted, long deadline) {
        lock.lock();
        try {
            while (true) {
                ensureOpen();
                ObjectNode m = take(queue, wanted);
                if (m != null) {
                    return m;
                }
                if (failure != null) {
                    throw failure;
                }
                if (!reading) {
                    m = (ObjectNode) readOneLocked(deadline, false);
                    if (m != null) {
                        dispatch(m);
                    } else if (failure == null) {
                        return take(queue, wanted);
                    }
                    continue;
                }
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    return null;
                }
                awaitNanos(remaining);
            }
        } finally {
            lock.unlock();
        }
    }

    /** With the lock held: queues a message read from the socket. */
    private void dispatch(ObjectNode m) {
        if (m.has("event")) {
            events.add(m);
            return;
        }
        JsonNode id = m.get("id");
        if (id != null && id.isIntegralNumber() && !abandoned.isEmpty() && abandoned.remove(id.longValue())) {
            return;
        }
        replies.add(m);
    }

    private void abandon(long id) {
        lock.lock();
        try {
            if (take(replies, id) == null) {
                abandoned.add(id);
            }
        } finally {
            lock.unlock();
        }
    }

    private static ObjectNode take(ArrayDeque<ObjectNode> queue, long wanted) {
        for (Iterator<ObjectNode> it = queue.iterator(); it.hasNext();) {
            ObjectNode m = it.next();
            if (wanted == ANY || hasId(m, wanted)) {
                it.remove();
                return m;
            }
        }
        return null;
    }

    private ObjectNode parse(byte[] buf, int len) {
        JsonNode n;
        try {
            n = Json.parse(buf, 0, len);
        } catch (IOException e) {
            throw new ProbeClientException("the probe on " + socket + " sent a line that is not JSON (" + len + " bytes)", e);
        }
        if (!n.isObject()) {
            throw new ProbeClientException("the probe on " + socket + " sent a line that is not a JSON object (" + len + " bytes)",
                    null);
        }
        return (ObjectNode) n;
    }

    /**
     * Called with the lock held and nobody reading: reads one line with the lock released, as a
     * String when {@code raw}, else parsed. Null on timeout, and when the connection broke (then
     * {@link #failure} is set).
     */
    private Object readOneLocked(long deadline, boolean raw) {
        reading = true;
        lock.unlock();
        ProbeClientException broken = null;
        boolean atLineEnd = false;
        try {
            int len;
            try {
                len = lines.readLine(deadline);
            } catch (ProbeUnavailableException | LineChannel.LineTooLongException e) {
                broken = e;
                atLineEnd = e instanceof ProbeUnavailableException && lines.atLineBoundary();
                return null;
            } catch (ClosedChannelException | ClosedSelectorException e) {
                throw closedByUs();
            }
            if (len < 0) {
                return null;
            }
            return raw ? new String(lines.line(), 0, len, StandardCharsets.UTF_8) : parse(lines.line(), len);
        } finally {
            lock.lock();
            reading = false;
            if (broken != null && failure == null) {
                failure = broken;
                cleanEnd = atLineEnd;
            }
            arrived.signalAll();
        }
    }

    // ---- writing ----

    /**
     * Writes {@code bytes} to the socket as they are, waiting up to the read timeout while the
     * probe takes no input. When that passes the connection is closed: part of the line may be
     * written, and anything sent after it would join it (the probe drops a partial line when its
     * connection closes, so the request is never carried out).
     *
     * @throws ProbeTimeoutException when the probe took no input for the read timeout (the
     *     connection is closed then)
     * @throws ProbeUnavailableException when the probe closed the connection
     */
    public void send(byte[] bytes) {
        ensureOpen();
        try {
            lines.write(bytes);
        } catch (ProbeTimeoutException e) {
            close();
            throw e;
        } catch (ClosedChannelException | ClosedSelectorException e) {
            throw closedByUs();
        } catch (IOException e) {
            throw new ProbeUnavailableException(socket, Reason.CONNECTION_CLOSED, e.getMessage(), e);
        }
    }
}
