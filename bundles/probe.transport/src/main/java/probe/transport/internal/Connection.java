package probe.transport.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.newsclub.net.unix.AFUNIXSocket;
import probe.api.ErrorCodes;
import probe.api.Ops;
import probe.api.Session;
import probe.api.wire.Wire;

/**
 * One client connection: a reader thread that decodes and dispatches requests one at a time and
 * writes each reply itself (so replies keep their order and cost no thread hand-off), and a writer
 * thread that sends queued events. The two share the socket's output under {@link #writeLock}, a
 * line at a time. A client that stops reading stalls only its own connection: its reader waits in
 * the write; events beyond the bounded queue are dropped and counted, never blocking the publisher.
 *
 * <p>Events offered while a {@code gui.event.subscribe} request is being answered wait for its
 * reply, so the {@code subscribed} line always comes before the first event of the subscription.
 *
 * <p>No connection holds its place for nothing ({@link Bounds}): the first whole line must come
 * within {@code firstLineMillis} of connecting, a line once begun must end within
 * {@code lineMillis}, and with a token the connection must have authenticated within
 * {@code authMillis}; past a bound the connection gets one coded line and is closed. A connection
 * that has spoken and is between lines (an MCP server between calls, a subscriber) waits as long
 * as it likes. Before it has authenticated a connection gets one answer: anything but a right
 * {@code probe.auth} is answered and the connection closes.
 */
final class Connection implements Session {
    private static final System.Logger LOG = System.getLogger(Connection.class.getName());

    /** The bounds of {@link Connection}, from the transport's configuration; 0 for none. */
    record Bounds(long firstLineMillis, long lineMillis, long authMillis) {
        static final Bounds NONE = new Bounds(0, 0, 0);
    }

    /** A bound passed: the coded line to send before closing. */
    private static final class Expired extends IOException {
        private static final long serialVersionUID = 1L;
        final String code;

        Expired(String code, String message) {
            super(message, null);
            this.code = code;
        }

        /** Made for every timed read: no stack to fill in. */
        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /** How long the line about an expired bound may take to write before the connection closes without it. */
    private static final int LAST_WRITE_MILLIS = 1000;

    interface Dispatcher {
        ObjectNode dispatch(Connection c, Decoded request);

        void closed(Connection c);
    }

    private final String id;
    private final AFUNIXSocket socket;
    private final String peer;
    private final int maxLineBytes;
    private final int eventQueueSize;
    private final byte[] token;
    private final Bounds bounds;
    private final Dispatcher dispatcher;
    private final long connectedAt = System.nanoTime();

    private final Object lock = new Object();
    private final ArrayDeque<ObjectNode> events = new ArrayDeque<>();
    /** Held while a line is written, by the reader (a reply) or the writer (an event). */
    private final ReentrantLock writeLock = new ReentrantLock();
    private OutputStream out;
    /** A subscribe request is being answered: the writer holds events back until its reply is out. */
    private boolean holdEvents;
    private final List<Runnable> onClose = new ArrayList<>();
    private long lost;
    private boolean closing;
    private boolean closed;
    /** Read and written by the reader thread only. */
    private boolean authenticated;
    /** A whole line has come (reader thread only): from now on only an unfinished line is timed. */
    private boolean spoken;
    /** The reader's line reader, which says when the unfinished line began (reader thread only). */
    private LineReader lines;
    /** The SO_TIMEOUT set now (reader thread only). */
    private int soTimeout;

    private Thread reader;
    private Thread writer;

    Connection(String id, AFUNIXSocket socket, String peer, int maxLineBytes, int eventQueueSize, byte[] token, Bounds bounds,
            Dispatcher dispatcher) {
        this.id = id;
        this.socket = socket;
        this.peer = peer;
        this.maxLineBytes = maxLineBytes;
        this.eventQueueSize = eventQueueSize;
        this.token = token;
        this.bounds = bounds;
        this.authenticated = token == null;
        this.dispatcher = dispatcher;
    }

    /** Starts the reader and writer threads; a socket already broken is closed at once. */
    void start() {
        try {
            out = new BufferedOutputStream(socket.getOutputStream(), 65536);
        } catch (IOException e) {
            close();
            return;
        }
        reader = new Thread(this::readLoop, "hdp-gui-" + id + "-reader");
        writer = new Thread(this::writeLoop, "hdp-gui-" + id + "-writer");
        reader.setDaemon(true);
        writer.setDaemon(true);
        writer.start();
        reader.start();
    }

    @Override
    public String id() {
        return id;
    }

    String peer() {
        return peer;
    }

    @Override
    public boolean isOpen() {
        synchronized (lock) {
            return !closing && !closed;
        }
    }

    @Override
    public boolean offerEvent(ObjectNode event) {
        synchronized (lock) {
            if (closing || closed) {
                return false;
            }
            if (lost > 0) {
                // Keep the marker where the gap is: before the first event after the loss.
                if (events.size() > eventQueueSize - 2) {
                    lost++;
                    return false;
                }
                events.add(lostMarker());
                lost = 0;
            } else if (events.size() >= eventQueueSize) {
                lost++;
                return false;
            }
            events.add(event);
            lock.notifyAll();
            return true;
        }
    }

    /** The {@code events.lost} line for what was dropped since the last one. Call with the lock held. */
    private ObjectNode lostMarker() {
        return Wire.object().put("event", "events.lost").put("count", lost).put("ts", System.currentTimeMillis());
    }

    @Override
    public void onClose(Runnable action) {
        synchronized (lock) {
            if (!closed) {
                onClose.add(action);
                return;
            }
        }
        action.run();
    }

    private void readLoop() {
        try {
            lines = new LineReader(new TimedInput(socket.getInputStream()), maxLineBytes);
            byte[] line;
            while ((line = lines.next()) != null && isOpen()) {
                spoken = true;
                if (soTimeout != 0) {
                    // A whole line: no bound waits now, and the reply's write must not inherit one (SO_TIMEOUT bounds writes too).
                    socket.setSoTimeout(0);
                    soTimeout = 0;
                }
                if (line == LineReader.TOO_LONG) {
                    reply(Wire.failure(null, ErrorCodes.LINE_TOO_LONG, "the request line is longer than " + maxLineBytes
                            + " bytes; it was discarded up to its newline and the connection stays usable", null));
                    if (!authenticated) {
                        closeAfterFlush();
                    }
                    continue;
                }
                handle(RequestDecoder.decode(line));
            }
            // The client has sent all it will (EOF, or a half-close as socat does): answer what was asked, then close.
            closeAfterFlush();
        } catch (Expired e) {
            LOG.log(System.Logger.Level.INFO, "connection " + id + " (" + peer + ") closed: " + e.getMessage());
            lastLine(Wire.failure(null, e.code, e.getMessage(), null));
            close();
        } catch (IOException e) {
            close();
        } catch (Throwable t) {
            // Whatever it is (an Error too), the connection must not keep its place: close it, then let it go on.
            LOG.log(System.Logger.Level.WARNING, "connection " + id + " failed", t);
            close();
        }
    }

    /**
     * The bound that applies to the next read, or null when the connection may wait freely: the
     * first line from connecting, the authentication from connecting, an unfinished line from its
     * first byte; the earliest of those that apply. Reader thread only.
     */
    private Expired due(long[] at) {
        Expired due = null;
        long when = Long.MAX_VALUE;
        if (!spoken && bounds.firstLineMillis() > 0) {
            long t = connectedAt + bounds.firstLineMillis() * 1_000_000;
            if (t < when) {
                when = t;
                due = new Expired(ErrorCodes.FIRST_LINE_TIMEOUT, "no whole request line within " + bounds.firstLineMillis()
                        + " ms of connecting (firstLineMillis); the connection is closed");
            }
        }
        if (!authenticated && bounds.authMillis() > 0) {
            long t = connectedAt + bounds.authMillis() * 1_000_000;
            if (t < when) {
                when = t;
                due = new Expired(ErrorCodes.AUTH_TIMEOUT, "no probe.auth within " + bounds.authMillis()
                        + " ms of connecting (authMillis); the connection is closed");
            }
        }
        long begun = lines == null ? LineReader.NOT_BEGUN : lines.begunAt();
        if (begun != LineReader.NOT_BEGUN && bounds.lineMillis() > 0) {
            long t = begun + bounds.lineMillis() * 1_000_000;
            if (t < when) {
                when = t;
                due = new Expired(ErrorCodes.LINE_TIMEOUT, "a request line was begun and not ended within " + bounds.lineMillis()
                        + " ms (lineMillis); the connection is closed");
            }
        }
        at[0] = when;
        return due;
    }

    /** The socket's input, each read bounded by the bound that applies then ({@link #due}). Reader thread only. */
    private final class TimedInput extends InputStream {
        private final InputStream in;
        private final long[] at = new long[1];

        TimedInput(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            while (true) {
                Expired due = due(at);
                int timeout = 0;
                if (due != null) {
                    long left = at[0] - System.nanoTime();
                    if (left <= 0) {
                        throw due;
                    }
                    timeout = (int) Math.max(1, Math.min(Integer.MAX_VALUE, (left + 999_999) / 1_000_000));
                }
                if (timeout != soTimeout) {
                    socket.setSoTimeout(timeout);
                    soTimeout = timeout;
                }
                try {
                    return in.read(b, off, len);
                } catch (SocketTimeoutException e) {
                    // The bound is checked again at the top: past it, the connection ends.
                }
            }
        }
    }

    /**
     * Writes a last line before closing, if that can be done at once: not while another line is
     * being written, and never waiting longer than {@link #LAST_WRITE_MILLIS} for a client that
     * does not read (junixsocket's SO_TIMEOUT bounds writes too).
     */
    private void lastLine(ObjectNode message) {
        try {
            if (!writeLock.tryLock(100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            socket.setSoTimeout(LAST_WRITE_MILLIS);
            out.write(Wire.line(message));
            out.flush();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not tell connection " + id + " why it is closed: " + e);
        } finally {
            writeLock.unlock();
        }
    }

    private void handle(Decoded d) {
        if (!authenticated && (d.isError() || !Ops.AUTH.equals(d.op()))) {
            // Before the token, one answer and no more: the error, or that a token is wanted.
            reply(d.isError() ? Wire.failure(d.id(), d.errorCode(), d.errorMessage(), null)
                    : Wire.failure(d.id(), ErrorCodes.AUTH_REQUIRED,
                            "this probe needs a token: send probe.auth {\"token\": ...} as the first request", null));
            closeAfterFlush();
            return;
        }
        if (d.isError()) {
            reply(Wire.failure(d.id(), d.errorCode(), d.errorMessage(), null));
            return;
        }
        if (token != null && Ops.AUTH.equals(d.op())) {
            com.fasterxml.jackson.databind.JsonNode t = d.args().get("token");
            byte[] given = t != null && t.isTextual() ? t.textValue().getBytes(StandardCharsets.UTF_8) : new byte[0];
            if (!MessageDigest.isEqual(given, token)) {
                LOG.log(System.Logger.Level.WARNING, "connection " + id + " (" + peer + ") sent a wrong token; closed");
                reply(Wire.failure(d.id(), ErrorCodes.AUTH_DENIED, "wrong token", null));
                closeAfterFlush();
                return;
            }
            authenticated = true;
            reply(Wire.success(d.id(), Wire.object().put("authenticated", true).put("required", true)));
            return;
        }
        boolean subscribe = Ops.EVENT_SUBSCRIBE.equals(d.op());
        if (subscribe) {
            synchronized (lock) {
                holdEvents = true;
            }
        }
        try {
            reply(dispatcher.dispatch(this, d));
        } finally {
            if (subscribe) {
                synchronized (lock) {
                    holdEvents = false;
                    lock.notifyAll();
                }
            }
        }
    }

    /**
     * Writes a reply line and flushes it, from the reader thread: waits while the client is not
     * reading (or while the writer is writing an event); dropped when the connection is closing.
     */
    void reply(ObjectNode message) {
        synchronized (lock) {
            if (closing || closed) {
                return;
            }
        }
        writeLock.lock();
        try {
            // Generated straight into the socket's stream (LineWriter): a long reply is on its way
            // to the client while its end is still being written.
            LineWriter.write(message, out);
            out.flush();
        } catch (IOException e) {
            // The client went away: nothing more to send, nothing more to read.
            close();
        } catch (RuntimeException e) {
            // A tree that cannot be written (no op makes one): part of the line may be out, so the
            // connection cannot go on.
            close();
            throw e;
        } finally {
            writeLock.unlock();
        }
    }

    /** Sends the queued events (and the loss markers) as they come, flushing when the queue is empty. */
    private void writeLoop() {
        try {
            while (true) {
                ObjectNode next;
                boolean more;
                synchronized (lock) {
                    while ((holdEvents || (events.isEmpty() && lost == 0)) && !closing && !closed) {
                        lock.wait();
                    }
                    if (closing || closed) {
                        break;
                    }
                    if (!events.isEmpty()) {
                        next = events.poll();
                    } else {
                        // The client has caught up with what was queued: tell it now what it lost.
                        next = lostMarker();
                        lost = 0;
                    }
                    more = !events.isEmpty();
                }
                // Serialised outside the lock: a publisher offering the next event (on the EDT) never waits for it.
                byte[] line = Wire.line(next);
                writeLock.lock();
                try {
                    out.write(line);
                    if (!more) {
                        out.flush();
                    }
                } finally {
                    writeLock.unlock();
                }
            }
            // Closing after a last reply (end of input, a refused token): it was flushed when written.
        } catch (IOException | InterruptedException e) {
            // The client went away or the probe is stopping: nothing more to send.
        } finally {
            close();
        }
    }

    /** Closes once the replies written so far are out (they are flushed as written); further requests are not read. */
    void closeAfterFlush() {
        synchronized (lock) {
            if (closing || closed) {
                return;
            }
            closing = true;
            events.clear();
            lock.notifyAll();
        }
    }

    /** Closes at once: both threads end, close actions run once, the dispatcher forgets this connection. */
    void close() {
        List<Runnable> actions;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            events.clear();
            lock.notifyAll();
            actions = new ArrayList<>(onClose);
            onClose.clear();
        }
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing connection " + id + ": " + e);
        }
        for (Runnable a : actions) {
            try {
                a.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "a close action of connection " + id + " failed", e);
            }
        }
        dispatcher.closed(this);
    }

    /** Waits up to {@code millis} for both threads to end. */
    void join(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        for (Thread t : new Thread[] {reader, writer}) {
            if (t != null && t != Thread.currentThread()) {
                t.join(Math.max(1, deadline - System.currentTimeMillis()));
            }
        }
    }
}
