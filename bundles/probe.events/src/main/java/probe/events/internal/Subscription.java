package probe.events.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.function.Consumer;
import probe.api.wire.Wire;

/**
 * One subscriber: its patterns, its own bounded queue, and the sink a delivery thread hands the
 * queued events to, in order. The publisher only queues (never waits for the sink); when the queue
 * is full the event is dropped and counted, and the sink is given
 * {@code {"event": "events.lost", "count": n, "ts": …}} where the lost events would have been,
 * the same line the transport sends when a connection's own queue overflows.
 *
 * <p>A <em>direct</em> subscription's sink is known never to block (a socket connection's
 * {@link probe.api.Session#offerEvent}, which has a bounded queue and a writer thread of its own):
 * the publisher hands it each event at once, with no queue and no delivery thread in between.
 */
final class Subscription implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(Subscription.class.getName());

    private final Hub hub;
    private final Consumer<ObjectNode> sink;
    private final int capacity;
    private final boolean direct;
    private final ArrayDeque<ObjectNode> queue = new ArrayDeque<>();
    private volatile Patterns patterns;
    private volatile boolean closed;
    private long lost;
    private boolean scheduled;
    private boolean sinkFailed;

    Subscription(Hub hub, Patterns patterns, Consumer<ObjectNode> sink, int capacity) {
        this(hub, patterns, sink, capacity, false);
    }

    Subscription(Hub hub, Patterns patterns, Consumer<ObjectNode> sink, int capacity, boolean direct) {
        this.hub = hub;
        this.patterns = patterns;
        this.sink = sink;
        this.capacity = capacity;
        this.direct = direct;
    }

    Patterns patterns() {
        return patterns;
    }

    /** Replaces the patterns; events already queued are still delivered. */
    void setPatterns(Patterns patterns) {
        this.patterns = patterns;
    }

    boolean wants(String event) {
        return !closed && patterns.matches(event);
    }

    /**
     * Queues {@code event} (called under the hub's lock, so queues keep the bus's order).
     *
     * A direct subscription's sink is called here, on the publisher's thread.
     *
     * @return true when no delivery is under way and the caller must start one
     */
    synchronized boolean offer(ObjectNode event) {
        if (closed) {
            return false;
        }
        if (direct) {
            deliver(event);
            return false;
        }
        if (lost > 0) {
            // Room for the marker and the event, or the event is lost too.
            if (queue.size() >= capacity - 1) {
                lost++;
                return false;
            }
            queue.add(lostMarker());
        } else if (queue.size() >= capacity) {
            lost++;
            return false;
        }
        queue.add(event);
        if (scheduled) {
            return false;
        }
        scheduled = true;
        return true;
    }

    /** Hands the queued events to the sink until the queue is empty; runs on a delivery thread. */
    void drain() {
        while (true) {
            ObjectNode next;
            synchronized (this) {
                next = queue.poll();
                if (next == null && lost > 0 && !closed) {
                    next = lostMarker();
                }
                if (next == null || closed) {
                    scheduled = false;
                    return;
                }
            }
            deliver(next);
        }
    }

    private void deliver(ObjectNode event) {
        try {
            sink.accept(event);
        } catch (RuntimeException e) {
            boolean first;
            synchronized (this) {
                first = !sinkFailed;
                sinkFailed = true;
            }
            if (first) {
                LOG.log(System.Logger.Level.WARNING, "an event subscriber's sink failed (logged once per subscriber)", e);
            }
        }
    }

    private ObjectNode lostMarker() {
        ObjectNode marker = Wire.object().put("event", "events.lost").put("count", lost).put("ts", System.currentTimeMillis());
        lost = 0;
        return marker;
    }

    /** Ends the subscription: nothing more is queued or delivered (an event already in the sink's hands completes). */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            queue.clear();
        }
        hub.remove(this);
    }

    boolean isClosed() {
        return closed;
    }
}
