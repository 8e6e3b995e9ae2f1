package probe.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import probe.api.wire.SocketPaths;
import probe.client.internal.Json;
import probe.client.ProbeUnavailableException.Reason;

/**
 * One connection to the probe's Unix socket, speaking HDP-GUI v1: one JSON object per line, UTF-8,
 * {@code \n} terminated (PROTOCOL.md sections 2 and 3).
 *
 * <p>{@link #call} sends {@code {"id": n, "op": …, "args": …}} with ids 1, 2, 3, … and waits for the
 * reply with that id. Event lines (those with an {@code event} key) that arrive meanwhile are queued
 * apart and taken with {@link #nextEvent}; replies that no call is waiting for (answers to
 * {@link #sendRaw} lines) are queued for {@link #readMessage}, and the late reply of a call that
 * timed out is dropped. Every wait is bounded: by the read
 * timeout given to {@link #connect(Path, Duration)} (default {@link #DEFAULT_READ_TIMEOUT}), or by
 * the timeout passed to the method.
 *
 * <p>Threads: one thread sends requests and reads their replies ({@link #call}, {@link #sendRaw},
 * {@link #readMessage}, {@link #readLine}); another thread may take events with {@link #nextEvent}
 * at the same time, and any thread may {@link #close}. Whichever of the two is waiting reads the
 * socket and hands over what belongs to the other, so neither starves. Two threads calling at once
 * are safe but their replies are matched only by id; {@link #readMessage} and {@link #readLine}
 * from two threads at once are not meaningful.
 *
 * <p>The client logs nothing and puts nothing it sent into an exception message, so text sent with
 * {@code gui.type} stays out of logs.
 */
public final class ProbeClient implements AutoCloseable {
    /** How long a reply may take unless said otherwise. */
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(30);

    /** Replies may be long (screenshots), but not unbounded. */
    private static final int MAX_LINE_BYTES = 256 << 20;
    private static final Duration LONGEST_WAIT = Duration.ofDays(100);
    /** Ids are positive: this stands for "any message". */
    private static final long ANY = -1;

    private final Path socket;
    private final SocketChannel channel;
    private final Selector readSelector;
    private final Duration readTimeout;
    private final AtomicLong ids = new AtomicLong();
    private volatile boolean closed;

    private final Object writeLock = new Object();
    /** Opened only when the socket's send buffer is ever full; guarded by writeLock. */
    private Selector writeSelector;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    /** True while one thread reads the socket with the lock released; guarded by lock. */
    private boolean reading;
    private final ArrayDeque<ObjectNode> replies = new ArrayDeque<>();
    private final ArrayDeque<ObjectNode> events = new ArrayDeque<>();
    /** Ids of calls that timed out: their late replies are dropped, not queued; guarded by lock. */
    private final Set<Long> abandoned = new HashSet<>();
    /** Set once the connection is unusable (closed by the peer, a runaway line); guarded by lock. */
    private IOException failure;
    /** The peer closed the connection between two lines; guarded by lock. */
    private boolean cleanEnd;

    // Owned by the thread that set `reading`.
    private final ByteBuffer in = ByteBuffer.allocate(64 * 1024).flip();
    private byte[] line = new byte[8 * 1024];
    private int lineLength;
    private boolean lineDone;

    private ProbeClient(Path socket, SocketChannel channel, Selector readSelector, Duration readTimeout) {
        this.socket = socket;
        this.channel = channel;
        this.readSelector = readSelector;
        this.readTimeout = readTimeout;
    }

    /** Connects with the {@link #DEFAULT_READ_TIMEOUT}. */
    public static ProbeClient connect(Path socket) throws IOException {
        return connect(socket, DEFAULT_READ_TIMEOUT);
    }

    /**
     * Connects to the probe listening on {@code socket}.
     *
     * @param readTimeout how long {@link #call}, {@link #readMessage} and {@link #readLine} wait
     * @throws ProbeUnavailableException when nobody answers there, with the reason
     * @throws IOException when the connection cannot be set up for another reason
     */
    public static ProbeClient connect(Path socket, Duration readTimeout) throws IOException {
        Objects.requireNonNull(socket, "socket");
        Objects.requireNonNull(readTimeout, "readTimeout");
        String tooLong = SocketPaths.tooLong(socket, System.getProperty("os.name", ""));
        if (tooLong != null) {
            throw new ProbeUnavailableException(socket, Reason.PATH_TOO_LONG, tooLong, null);
        }
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            try {
                ch.connect(UnixDomainSocketAddress.of(socket));
            } catch (IOException e) {
                throw unavailable(socket, e);
            }
            // Non-blocking with a selector: the JDK's Unix channels have no SO_TIMEOUT.
            ch.configureBlocking(false);
            Selector sel = Selector.open();
            ch.register(sel, SelectionKey.OP_READ);
            return new ProbeClient(socket, ch, sel, readTimeout);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    private static ProbeUnavailableException unavailable(Path socket, IOException e) {
        String m = String.valueOf(e.getMessage());
        Reason reason;
        if (m.contains("too long")) {
            reason = Reason.PATH_TOO_LONG;
        } else if (m.contains("Permission denied")) {
            reason = Reason.ACCESS_DENIED;
        } else if (Files.notExists(socket)) {
            reason = Reason.NO_SOCKET_FILE;
        } else if (!isSocketFile(socket)) {
            reason = Reason.NOT_A_SOCKET;
        } else {
            reason = Reason.NOBODY_LISTENING;
        }
        return new ProbeUnavailableException(socket, reason, null, e);
    }

    private static boolean isSocketFile(Path p) {
        try {
            // A socket is neither file, folder nor link: "other".
            return Files.readAttributes(p, BasicFileAttributes.class).isOther();
        } catch (IOException e) {
            return true;
        }
    }

    /** The socket this client is connected to. */
    public Path socket() {
        return socket;
    }

    /** How long replies may take unless a method is given its own timeout. */
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

    /** {@link #call(String, ObjectNode, Duration)} with no args and the read timeout. */
    public JsonNode call(String op) throws ProbeError, IOException {
        return call(op, null, readTimeout);
    }

    /** {@link #call(String, ObjectNode, Duration)} with the read timeout. */
    public JsonNode call(String op, ObjectNode args) throws ProbeError, IOException {
        return call(op, args, readTimeout);
    }

    /**
     * Calls an op and waits for its reply.
     *
     * @param args the request's {@code args}; null to send none
     * @param timeout how long to wait for the reply
     * @return the reply's {@code data}, or null when it has none
     * @throws ProbeError when the reply says {@code "ok": false}
     * @throws SocketTimeoutException when no reply came in time
     * @throws ProbeUnavailableException when the probe closed the connection first
     * @throws IOException when the reply is not a protocol reply, or the connection is closed
     */
    public JsonNode call(String op, ObjectNode args, Duration timeout) throws ProbeError, IOException {
        Objects.requireNonNull(op, "op");
        long id = ids.incrementAndGet();
        long deadline = deadline(timeout);
        ObjectNode request = Json.object();
        request.put("id", id);
        request.put("op", op);
        if (args != null) {
            request.set("args", args);
        }
        send(Json.line(request));
        ObjectNode reply = await(replies, id, deadline);
        if (reply == null) {
            abandon(id);
            throw new SocketTimeoutException("no reply to " + op + " within " + seconds(timeout) + " from the probe on "
                    + socket);
        }
        return dataOf(op, reply);
    }

    /**
     * Calls {@code probe.auth}: the first request of a connection to a probe that has a token. The
     * token goes only onto the socket.
     *
     * @throws ProbeError {@code auth.denied} for a wrong token (the probe then closes the connection)
     */
    public void authenticate(String token) throws ProbeError, IOException {
        ObjectNode args = Json.object();
        args.put("token", Objects.requireNonNull(token, "token"));
        call("probe.auth", args);
    }

    /** Calls {@code gui.event.subscribe} for the given name patterns ({@code dialog.*}); all events when none. */
    public JsonNode subscribe(String... patterns) throws ProbeError, IOException {
        ObjectNode args = null;
        if (patterns.length > 0) {
            args = Json.object();
            ArrayNode names = args.putArray("events");
            for (String p : patterns) {
                names.add(p);
            }
        }
        return call("gui.event.subscribe", args);
    }

    /**
     * The next event, waiting up to {@code timeout}; null when none came in time. Events are
     * returned in the order they arrived, whether they were read by this method or while a
     * {@link #call} waited for its reply.
     *
     * @throws ProbeUnavailableException once the queued events are taken and the probe has closed
     *     the connection
     */
    public ObjectNode nextEvent(Duration timeout) throws IOException {
        return await(events, ANY, deadline(timeout));
    }

    /**
     * Writes {@code bytes} to the socket as they are: no newline is added, so a test can send a
     * partial line, garbage, or several lines at once. Ids of {@link #call} are not affected.
     */
    public void sendRaw(byte[] bytes) throws IOException {
        send(bytes.clone());
    }

    /**
     * The next line straight off the socket, whatever it is (reply, event, anything), decoded as
     * UTF-8 without its {@code \n} (or {@code \r\n}); null when the probe closed the connection at a
     * line boundary. It does not look at, nor add to, the queues of replies and events.
     *
     * @throws SocketTimeoutException when no whole line came within the read timeout
     */
    public String readLine() throws IOException {
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
     * The next message that is not an event, parsed: a queued reply that no {@link #call} took
     * (oldest first), else the next one from the socket. Events met on the way are queued for
     * {@link #nextEvent}. For tests that speak the protocol by hand with {@link #sendRaw}.
     *
     * @throws SocketTimeoutException when none came within the read timeout
     * @throws IOException when the line is not a JSON object
     */
    public ObjectNode readMessage() throws IOException {
        ObjectNode m = await(replies, ANY, deadline(readTimeout));
        if (m == null) {
            throw timeout("reply");
        }
        return m;
    }

    /**
     * Closes the connection. Threads waiting in this client's methods get a
     * {@link ClosedChannelException}, as does every later call. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        // The selector first: it deregisters the channel, which then closes at once. A channel
        // still registered is closed the long way (SO_LINGER read and reset through sun.nio.ch.Net,
        // whose set-up loads the JDK's InetAddress and NetworkInterface classes): about 50 classes
        // for a one-shot command, only to close.
        closeQuietly(readSelector);
        closeQuietly(channel);
        lock.lock();
        try {
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        synchronized (writeLock) {
            if (writeSelector != null) {
                closeQuietly(writeSelector);
            }
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // Closing: nothing left to tell anyone.
        }
    }

    private static boolean hasId(ObjectNode reply, long id) {
        JsonNode v = reply.get("id");
        return v != null && v.isIntegralNumber() && v.canConvertToLong() && v.longValue() == id;
    }

    private JsonNode dataOf(String op, ObjectNode reply) throws ProbeError, IOException {
        JsonNode ok = reply.get("ok");
        if (ok == null || !ok.isBoolean()) {
            throw new IOException("the probe on " + socket + " answered " + op + " with a reply without \"ok\"");
        }
        if (ok.booleanValue()) {
            JsonNode data = reply.get("data");
            return data == null || data.isNull() ? null : data;
        }
        JsonNode error = reply.get("error");
        if (error == null || !error.isObject()) {
            throw new IOException("the probe on " + socket + " failed " + op + " without saying why (no \"error\")");
        }
        JsonNode details = error.get("details");
        throw new ProbeError(op, error.path("code").asText("internal"), error.path("message").asText(""),
                details == null || details.isNull() ? null : details);
    }

    private SocketTimeoutException timeout(String what) {
        return new SocketTimeoutException("no " + what + " within " + seconds(readTimeout) + " from the probe on " + socket);
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms / 1000.0 + " s";
    }

    private static long deadline(Duration timeout) {
        Duration d = timeout.isNegative() ? Duration.ZERO : timeout.compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : timeout;
        return System.nanoTime() + d.toNanos();
    }

    private void ensureOpen() throws ClosedChannelException {
        if (closed) {
            throw new ClosedChannelException();
        }
    }

    private void awaitNanos(long nanos) throws InterruptedIOException {
        try {
            arrived.awaitNanos(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the probe");
        }
    }

    // ---- reading: one thread at a time reads the socket, with the lock released ----

    /**
     * Takes the first message of {@code queue} with id {@code wanted} (any when {@link #ANY}), reading
     * the socket (or waiting for the thread that does) until one comes; null when the deadline passes
     * first.
     */
    private ObjectNode await(ArrayDeque<ObjectNode> queue, long wanted, long deadline)
            throws IOException {
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

    private ObjectNode parse(byte[] buf, int len) throws IOException {
        JsonNode n;
        try {
            n = Json.parse(buf, 0, len);
        } catch (IOException e) {
            throw new IOException("the probe on " + socket + " sent a line that is not JSON (" + len + " bytes)", e);
        }
        if (!n.isObject()) {
            throw new IOException("the probe on " + socket + " sent a line that is not a JSON object (" + len + " bytes)");
        }
        return (ObjectNode) n;
    }

    /**
     * Called with the lock held and nobody reading: reads one line with the lock released, as a
     * String when {@code raw}, else parsed. Null on timeout, and when the connection broke (then
     * {@link #failure} is set).
     */
    private Object readOneLocked(long deadline, boolean raw) throws IOException {
        reading = true;
        lock.unlock();
        IOException broken = null;
        boolean atLineEnd = false;
        try {
            int len;
            try {
                len = readLineBytes(deadline);
            } catch (ProbeUnavailableException | LineTooLongException e) {
                broken = e;
                atLineEnd = e instanceof ProbeUnavailableException && lineLength == 0;
                return null;
            } catch (ClosedChannelException | ClosedSelectorException e) {
                throw new ClosedChannelException();
            }
            if (len < 0) {
                return null;
            }
            return raw ? new String(line, 0, len, StandardCharsets.UTF_8) : parse(line, len);
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

    private static final class LineTooLongException extends IOException {
        private static final long serialVersionUID = 1L;

        LineTooLongException(String message) {
            super(message);
        }
    }

    /** The length of the next line, which is in {@link #line}; -1 when the deadline passed first. */
    private int readLineBytes(long deadline) throws IOException {
        if (lineDone) {
            lineLength = 0;
            lineDone = false;
        }
        while (true) {
            byte[] a = in.array();
            int p = in.position();
            int lim = in.limit();
            for (int i = p; i < lim; i++) {
                if (a[i] == '\n') {
                    append(a, p, i - p);
                    in.position(i + 1);
                    lineDone = true;
                    return lineLength > 0 && line[lineLength - 1] == '\r' ? lineLength - 1 : lineLength;
                }
            }
            append(a, p, lim - p);
            in.clear();
            int n;
            try {
                n = fill(deadline);
            } finally {
                in.flip();
            }
            if (n == 0) {
                return -1;
            }
            if (n < 0) {
                throw new ProbeUnavailableException(socket, Reason.CONNECTION_CLOSED,
                        lineLength == 0 ? null : "in the middle of a line", null);
            }
        }
    }

    private void append(byte[] a, int from, int count) throws LineTooLongException {
        if (count == 0) {
            return;
        }
        if (lineLength + count > line.length) {
            if (lineLength + count > MAX_LINE_BYTES) {
                throw new LineTooLongException("the probe on " + socket + " sent a line longer than "
                        + (MAX_LINE_BYTES >> 20) + " MiB");
            }
            line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, Math.max(line.length * 2, lineLength + count)));
        }
        System.arraycopy(a, from, line, lineLength, count);
        lineLength += count;
    }

    /** Reads what is there into {@link #in}: the byte count, 0 on timeout, -1 at the end of the stream. */
    private int fill(long deadline) throws IOException {
        while (true) {
            int n;
            try {
                n = channel.read(in);
            } catch (ClosedChannelException e) {
                throw e;
            } catch (IOException e) {
                throw new ProbeUnavailableException(socket, Reason.CONNECTION_CLOSED, e.getMessage(), e);
            }
            if (n != 0) {
                return n;
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return 0;
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException("interrupted while reading from the probe");
            }
            try {
                readSelector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining + 999_999)));
                readSelector.selectedKeys().clear();
            } catch (ClosedSelectorException e) {
                throw new AsynchronousCloseException();
            }
        }
    }

    // ---- writing ----

    private void send(byte[] bytes) throws IOException {
        synchronized (writeLock) {
            ensureOpen();
            ByteBuffer b = ByteBuffer.wrap(bytes);
            long deadline = deadline(readTimeout);
            try {
                while (b.hasRemaining()) {
                    if (channel.write(b) == 0) {
                        awaitWritable(deadline);
                    }
                }
            } catch (ClosedChannelException | InterruptedIOException e) {
                throw e;
            } catch (IOException e) {
                throw new ProbeUnavailableException(socket, Reason.CONNECTION_CLOSED, e.getMessage(), e);
            }
        }
    }

    private void awaitWritable(long deadline) throws IOException {
        if (writeSelector == null) {
            writeSelector = Selector.open();
            channel.register(writeSelector, SelectionKey.OP_WRITE);
        }
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            throw new SocketTimeoutException("the probe on " + socket + " took no input for " + seconds(readTimeout));
        }
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("interrupted while writing to the probe");
        }
        try {
            writeSelector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining + 999_999)));
            writeSelector.selectedKeys().clear();
        } catch (ClosedSelectorException e) {
            throw new AsynchronousCloseException();
        }
    }
}
