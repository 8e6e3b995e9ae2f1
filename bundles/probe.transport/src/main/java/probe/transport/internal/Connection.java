package probe.transport.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.newsclub.net.unix.AFUNIXSocketChannel;
import probe.api.Session;
import probe.api.wire.Wire;

/**
 * One client connection's state, and no thread: the {@link IoLoop} reads and frames its bytes, the
 * {@link Router} runs its requests on the {@link OpPool} one after another (its own serial queue),
 * and its output (replies, then queued events) is written without blocking from a queue whose
 * bytes are bounded: a client that does not read stops being read ({@link #wantsRead}) and, stalled
 * for {@code stallMillis}, is dropped by the loop.
 *
 * <p>Events offered while a request that asked to {@link #holdEvents hold them} is answered wait
 * for its reply, so a {@code subscribed} reply always comes before the first event it subscribed to.
 */
final class Connection implements Session {
    private static final System.Logger LOG = System.getLogger(Connection.class.getName());

    /** The bounds of a connection, from the transport's configuration; 0 for none. */
    record Bounds(long firstLineMillis, long lineMillis, long authMillis, long stallMillis) {
    }

    /** Requests read but not yet answered, past which the connection is not read until they are. */
    static final int MAX_PENDING = 16;

    private final String id;
    final AFUNIXSocketChannel channel;
    private final String peer;
    private final int eventQueueSize;
    /** Output bytes queued past which the connection is not read (its replies wait for it to read). */
    private final int outBound;
    final Bounds bounds;
    final LineFramer framer;
    private final IoLoop loop;
    final long connectedAt = System.nanoTime();

    private final Object lock = new Object();
    private final ArrayDeque<ObjectNode> events = new ArrayDeque<>();
    private final ArrayDeque<ByteBuffer> out = new ArrayDeque<>();
    private long outBytes;
    /** When the output last moved while some was queued ({@link System#nanoTime}); 0 with none queued. */
    private long stalledSince;
    private boolean holding;
    private boolean subscribed;
    private final List<Runnable> onClose = new ArrayList<>();
    private long lost;
    private boolean closing;
    private boolean closed;
    /** Requests waiting for their turn, and whether one runs now. */
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    private boolean running;

    private volatile boolean authenticated;
    /** A whole line has come: from now on only an unfinished line is timed. */
    volatile boolean spoken;
    /** When the last whole line came, or the connection did ({@link System#nanoTime}): eviction takes the oldest. */
    volatile long heardAt = connectedAt;

    Connection(String id, AFUNIXSocketChannel channel, String peer, int maxLineBytes, int eventQueueSize, int outBound, boolean authenticated,
            Bounds bounds, IoLoop loop) {
        this.id = id;
        this.channel = channel;
        this.peer = peer;
        this.eventQueueSize = eventQueueSize;
        this.outBound = outBound;
        this.bounds = bounds;
        this.framer = new LineFramer(maxLineBytes);
        this.authenticated = authenticated;
        this.loop = loop;
    }

    @Override
    public String id() {
        return id;
    }

    String peer() {
        return peer;
    }

    boolean authenticated() {
        return authenticated;
    }

    void authenticate() {
        authenticated = true;
    }

    @Override
    public boolean isOpen() {
        synchronized (lock) {
            return !closing && !closed;
        }
    }

    boolean subscribed() {
        synchronized (lock) {
            return subscribed;
        }
    }

    @Override
    public void holdEvents() {
        synchronized (lock) {
            holding = true;
            subscribed = true;
        }
    }

    @Override
    public boolean offerEvent(ObjectNode event) {
        synchronized (lock) {
            if (closing || closed) {
                return false;
            }
            boolean first = events.isEmpty();
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
            if (holding || !out.isEmpty() || !first) {
                // The loop writes it when the output drains (or the reply that holds it is out).
                return true;
            }
            // Output waits from now: if the socket never takes it (full, the client not reading), the stall counts from here.
            stalledSince = System.nanoTime();
        }
        // Written by the loop, never by the publisher (the EDT must not serialise or write).
        loop.changed(this);
        return true;
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

    /** Queues a request to run after those before it; {@code pool} runs them one at a time. */
    void submit(Runnable task, OpPool pool) {
        synchronized (lock) {
            if (closed) {
                return;
            }
            tasks.add(task);
            if (running) {
                return;
            }
            running = true;
        }
        pool.execute(() -> runNext(pool));
    }

    /**
     * Runs {@code task} on the calling thread (the loop's) if nothing of this connection is queued
     * or running, so that the order of its requests holds; false, without running it, otherwise.
     */
    boolean runHere(Runnable task) {
        synchronized (lock) {
            if (closed) {
                return true;
            }
            if (running || !tasks.isEmpty()) {
                return false;
            }
            running = true;
        }
        try {
            task.run();
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "a request of connection " + id + " failed", t);
            close();
        } finally {
            synchronized (lock) {
                running = false;
            }
        }
        if (closingIdle()) {
            loop.changed(this);
        }
        return true;
    }

    private void runNext(OpPool pool) {
        Runnable task;
        synchronized (lock) {
            task = tasks.poll();
            if (task == null || closed) {
                running = false;
                tasks.clear();
                return;
            }
        }
        try {
            task.run();
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "a request of connection " + id + " failed", t);
            close();
        }
        boolean more;
        boolean resume;
        synchronized (lock) {
            more = !tasks.isEmpty() && !closed;
            running = more;
            resume = tasks.size() == MAX_PENDING - 1;
        }
        if (resume) {
            loop.changed(this);
        }
        if (more) {
            // Back to the pool's queue: a connection with many requests takes its turn among the others.
            pool.execute(() -> runNext(pool));
        } else if (closingIdle()) {
            loop.changed(this);
        }
    }

    /** Sends a reply line: written at once as far as the socket takes it, the rest by the loop; events held for it follow. */
    void reply(ObjectNode message) {
        byte[] line = lineOf(message);
        boolean more;
        synchronized (lock) {
            if (closed) {
                return;
            }
            holding = false;
            enqueue(ByteBuffer.wrap(line));
            more = flushLocked();
        }
        if (more || closingIdle()) {
            loop.changed(this);
        }
    }

    /**
     * {@code reply} as a line; a reply with no JSON form (a plugin op's data holding a POJO or a raw value)
     * becomes the op's failure under the same id, so the client is answered and the connection goes on.
     */
    private byte[] lineOf(ObjectNode reply) {
        try {
            return Wire.line(reply);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "a reply on connection " + id + " has no JSON form", e);
            return Wire.line(Wire.failure(reply.get("id"), probe.api.ErrorCodes.INTERNAL,
                    "the op's reply could not be written as JSON: " + e.getMessage(), null));
        }
    }

    /** Queues a line to write (the lock held). */
    private void enqueue(ByteBuffer b) {
        if (out.isEmpty()) {
            stalledSince = System.nanoTime();
        }
        out.add(b);
        outBytes += b.remaining();
    }

    /** Writes what the socket takes now; the loop's thread on a writable key, or an op's after its reply. True while more is queued. */
    boolean flush() {
        synchronized (lock) {
            if (closed) {
                return false;
            }
            return flushLocked();
        }
    }

    private boolean flushLocked() {
        try {
            while (true) {
                while (!out.isEmpty()) {
                    ByteBuffer head = out.peek();
                    int n = channel.write(head);
                    if (n > 0) {
                        outBytes -= n;
                        stalledSince = System.nanoTime();
                    }
                    if (head.hasRemaining()) {
                        return true;
                    }
                    out.poll();
                }
                stalledSince = 0;
                if (holding || closing || (events.isEmpty() && lost == 0)) {
                    return false;
                }
                // The client has taken all that was queued: the next events, or what it lost.
                int batch = 0;
                while (!events.isEmpty() && batch < 64 * 1024) {
                    byte[] b;
                    try {
                        b = Wire.line(events.poll());
                    } catch (RuntimeException e) {
                        // An event with no JSON form (a plugin's POJO): told as lost, as an event dropped is.
                        LOG.log(System.Logger.Level.WARNING, "an event for connection " + id + " has no JSON form", e);
                        lost++;
                        continue;
                    }
                    batch += b.length;
                    enqueue(ByteBuffer.wrap(b));
                }
                if (events.isEmpty() && lost > 0 && out.isEmpty()) {
                    enqueue(ByteBuffer.wrap(Wire.line(lostMarker())));
                    lost = 0;
                }
            }
        } catch (IOException e) {
            // The client went away: nothing more to send, nothing more to read. Closed by the loop.
            closing = true;
            out.clear();
            outBytes = 0;
            stalledSince = 0;
            return false;
        }
    }

    /** Whether the loop should read more now: not closing, its output drained enough, and not too many requests waiting. */
    boolean wantsRead() {
        synchronized (lock) {
            return !closing && !closed && outBytes < outBound && tasks.size() < MAX_PENDING;
        }
    }

    boolean hasOutput() {
        synchronized (lock) {
            return !out.isEmpty() || (!holding && !closing && (!events.isEmpty() || lost > 0));
        }
    }

    /** Nanos since the output last moved while some waited (replies, or events not held), or -1 when none waits. */
    long stalledFor(long now) {
        synchronized (lock) {
            boolean waiting = !out.isEmpty() || (!holding && !closing && (!events.isEmpty() || lost > 0));
            return waiting && stalledSince != 0 ? now - stalledSince : -1;
        }
    }

    /** Closing, with its output out and no request left to answer: the loop may close it now. */
    boolean closingIdle() {
        synchronized (lock) {
            return closing && !closed && out.isEmpty() && !running;
        }
    }

    /** A request of this connection is queued or running: it is not silent. */
    boolean busy() {
        synchronized (lock) {
            return running;
        }
    }

    boolean closed() {
        synchronized (lock) {
            return closed;
        }
    }

    /** Closes once the replies queued so far are out; further requests are not read, queued events are dropped. */
    void closeAfterFlush() {
        synchronized (lock) {
            if (closing || closed) {
                return;
            }
            closing = true;
            events.clear();
        }
        loop.changed(this);
    }

    /**
     * Writes {@code message} as a last line if the socket takes it now, without waiting (a client
     * that does not read gets nothing more), then closes.
     */
    void lastLine(ObjectNode message) {
        synchronized (lock) {
            if (closed) {
                return;
            }
            if (out.isEmpty() || out.peek().position() == 0) {
                // Not in the middle of a line: the coded line goes first, whole or not at all.
                ByteBuffer b = ByteBuffer.wrap(Wire.line(message));
                try {
                    out.clear();
                    channel.write(b);
                } catch (IOException e) {
                    LOG.log(System.Logger.Level.DEBUG, "could not tell connection " + id + " why it is closed: " + e);
                }
            }
        }
        close();
    }

    /** Closes at once: close actions run once, the loop forgets this connection. */
    void close() {
        List<Runnable> actions;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            closing = true;
            events.clear();
            out.clear();
            outBytes = 0;
            tasks.clear();
            actions = new ArrayList<>(onClose);
            onClose.clear();
        }
        try {
            channel.close();
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
        loop.forget(this);
    }
}
