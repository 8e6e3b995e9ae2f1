package probe.transport.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
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
 */
final class Connection implements Session {
    private static final System.Logger LOG = System.getLogger(Connection.class.getName());

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
    private final Dispatcher dispatcher;

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
    private boolean authenticated;

    private Thread reader;
    private Thread writer;

    Connection(String id, AFUNIXSocket socket, String peer, int maxLineBytes, int eventQueueSize, byte[] token,
            Dispatcher dispatcher) {
        this.id = id;
        this.socket = socket;
        this.peer = peer;
        this.maxLineBytes = maxLineBytes;
        this.eventQueueSize = eventQueueSize;
        this.token = token;
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
            LineReader in = new LineReader(socket.getInputStream(), maxLineBytes);
            byte[] line;
            while ((line = in.next()) != null && isOpen()) {
                if (line == LineReader.TOO_LONG) {
                    reply(Wire.failure(null, ErrorCodes.LINE_TOO_LONG, "the request line is longer than " + maxLineBytes
                            + " bytes; it was discarded up to its newline and the connection stays usable", null));
                    continue;
                }
                handle(RequestDecoder.decode(line));
            }
            // The client has sent all it will (EOF, or a half-close as socat does): answer what was asked, then close.
            closeAfterFlush();
        } catch (IOException e) {
            close();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "connection " + id + " failed", e);
            close();
        }
    }

    private void handle(Decoded d) {
        if (d.isError()) {
            reply(Wire.failure(d.id(), d.errorCode(), d.errorMessage(), null));
            return;
        }
        if (!authenticated) {
            if (!Ops.AUTH.equals(d.op())) {
                reply(Wire.failure(d.id(), ErrorCodes.AUTH_REQUIRED,
                        "this probe needs a token: send probe.auth {\"token\": ...} as the first request", null));
                closeAfterFlush();
                return;
            }
            com.fasterxml.jackson.databind.JsonNode t = d.args().get("token");
            byte[] given = t != null && t.isTextual() ? t.textValue().getBytes(StandardCharsets.UTF_8) : new byte[0];
            if (!MessageDigest.isEqual(given, token)) {
                LOG.log(System.Logger.Level.WARNING, "connection " + id + " (" + peer + ") sent a wrong token; closed");
                reply(Wire.failure(d.id(), ErrorCodes.AUTH_DENIED, "wrong token", null));
                closeAfterFlush();
                return;
            }
            authenticated = true;
            reply(Wire.success(d.id(), Wire.object().put("authenticated", true)));
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
        byte[] bytes = Wire.line(message);
        synchronized (lock) {
            if (closing || closed) {
                return;
            }
        }
        writeLock.lock();
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            // The client went away: nothing more to send, nothing more to read.
            close();
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
