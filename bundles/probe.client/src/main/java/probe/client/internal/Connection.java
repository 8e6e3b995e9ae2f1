package probe.client.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
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
import probe.client.ProbeClientException;
import probe.client.ProbeTimeoutException;
import probe.client.ProbeUnavailableException;
import probe.client.ProbeUnavailableException.Reason;

/**
 * The machinery under {@link probe.client.ProbeClient} and {@link probe.client.RawConnection}: one
 * connection to the probe's Unix socket (the JDK's own {@code SocketChannel}, non-blocking with a
 * selector, since the JDK's Unix channels have no {@code SO_TIMEOUT}), the line framing (one JSON
 * object per line, UTF-8, {@code \n} terminated: docs/PROTOCOL.md, "Framing and requests" and "Messages"), and the matching of
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
    /** Ids of requests that timed out: their late replies are dropped, not queued; guarded by lock. */
    private final Set<Long> abandoned = new HashSet<>();
    /** Set once the connection is unusable (closed by the peer, a runaway line); guarded by lock. */
    private ProbeClientException failure;
    /** The peer closed the connection between two lines; guarded by lock. */
    private boolean cleanEnd;

    // Owned by the thread that set `reading`.
    private final ByteBuffer in = ByteBuffer.allocate(64 * 1024).flip();
    private byte[] line = new byte[8 * 1024];
    private int lineLength;
    private boolean lineDone;

    private Connection(Path socket, SocketChannel channel, Selector readSelector, Duration readTimeout) {
        this.socket = socket;
        this.channel = channel;
        this.readSelector = readSelector;
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
        SocketChannel ch = null;
        try {
            ch = connect(socket, readTimeout);
            // Before a byte is written: the token and typed text go only to a listener of our own user.
            Peers.check(socket, ch);
            Selector sel = Selector.open();
            ch.register(sel, SelectionKey.OP_READ);
            return new Connection(socket, ch, sel, readTimeout);
        } catch (IOException | RuntimeException e) {
            if (ch != null) {
                closeQuietly(ch);
            }
            if (e instanceof RuntimeException) {
                throw (RuntimeException) e;
            }
            throw new ProbeClientException("cannot set up a connection to " + socket + ": " + e.getMessage(), e);
        }
    }

    /**
     * A connected channel, non-blocking (the JDK's Unix channels have no {@code SO_TIMEOUT}: every
     * wait here is a selector's), within {@code timeout}. A Unix socket connects at once or not at
     * all: a listener whose backlog is full (it accepts nothing: a GUI that hangs, or a process
     * that is no probe) refuses a non-blocking connect with EAGAIN, where a blocking one would wait
     * for ever. That is tried again, more slowly each time, until the timeout passes.
     */
    private static SocketChannel connect(Path socket, Duration timeout) throws IOException {
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(socket);
        long deadline = deadline(timeout);
        long pauseMillis = 5;
        while (true) {
            SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                ch.configureBlocking(false);
                try {
                    if (!ch.connect(address)) {
                        // In progress (not what Linux and macOS do for Unix sockets, but allowed): bounded all the same.
                        finishConnect(ch, socket, timeout, deadline);
                    }
                    return ch;
                } catch (IOException e) {
                    if (!busy(e)) {
                        throw unavailable(socket, e);
                    }
                }
            } catch (IOException | RuntimeException e) {
                closeQuietly(ch);
                throw e;
            }
            // The JDK closes a channel whose connect failed: the next try takes a new one.
            closeQuietly(ch);
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw notAccepting(socket, timeout);
            }
            try {
                Thread.sleep(Math.min(pauseMillis, Math.max(1, TimeUnit.NANOSECONDS.toMillis(left))));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw interrupted("connecting to", e);
            }
            pauseMillis = Math.min(100, pauseMillis * 2);
        }
    }

    private static void finishConnect(SocketChannel ch, Path socket, Duration timeout, long deadline) throws IOException {
        try (Selector sel = Selector.open()) {
            ch.register(sel, SelectionKey.OP_CONNECT);
            while (!ch.finishConnect()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw notAccepting(socket, timeout);
                }
                sel.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left + 999_999)));
                sel.selectedKeys().clear();
            }
        }
    }

    /** A connect refused because the listener's backlog is full (EAGAIN), not because nobody listens. */
    private static boolean busy(IOException e) {
        String m = String.valueOf(e.getMessage());
        return m.contains("Resource temporarily unavailable") || m.contains("temporarily unavailable");
    }

    private static ProbeUnavailableException notAccepting(Path socket, Duration timeout) {
        return new ProbeUnavailableException(socket, Reason.NOT_ACCEPTING, "its backlog stayed full for " + seconds(timeout)
                + ", the client's timeout", null);
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

    private ProbeTimeoutException timeout(String what) {
        return new ProbeTimeoutException("no " + what + " within " + seconds(readTimeout) + " from the probe on " + socket,
                readTimeout);
    }

    /** {@code d} for a person: {@code 30 s}, {@code 0.25 s}. */
    public static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms / 1000.0 + " s";
    }

    private static long deadline(Duration timeout) {
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

    private static ProbeClientException interrupted(String what, Throwable cause) {
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
                len = readLineBytes(deadline);
            } catch (ProbeUnavailableException | LineTooLongException e) {
                broken = e;
                atLineEnd = e instanceof ProbeUnavailableException && lineLength == 0;
                return null;
            } catch (ClosedChannelException | ClosedSelectorException e) {
                throw closedByUs();
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

    private static final class LineTooLongException extends ProbeClientException {
        private static final long serialVersionUID = 1L;

        LineTooLongException(String message) {
            super(message, null);
        }
    }

    /** The length of the next line, which is in {@link #line}; -1 when the deadline passed first. */
    private int readLineBytes(long deadline) throws ClosedChannelException {
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

    private void append(byte[] a, int from, int count) {
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
    private int fill(long deadline) throws ClosedChannelException {
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
                throw interrupted("reading from", null);
            }
            try {
                readSelector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining + 999_999)));
                readSelector.selectedKeys().clear();
            } catch (IOException e) {
                throw new ProbeClientException("cannot wait for the probe on " + socket + ": " + e.getMessage(), e);
            }
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

    private void awaitWritable(long deadline) throws IOException {
        if (writeSelector == null) {
            writeSelector = Selector.open();
            channel.register(writeSelector, SelectionKey.OP_WRITE);
        }
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            throw new ProbeTimeoutException("the probe on " + socket + " took no input for " + seconds(readTimeout)
                    + "; the connection is closed, since part of a line may be on it", readTimeout);
        }
        if (Thread.currentThread().isInterrupted()) {
            throw interrupted("writing to", null);
        }
        writeSelector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining + 999_999)));
        writeSelector.selectedKeys().clear();
    }
}
