package probe.events.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import probe.api.Session;
import probe.api.events.EventBus;
import probe.api.wire.Wire;

/**
 * The event bus. {@link #publish} builds the event object and queues it for each subscriber whose
 * patterns match, under one short lock that also numbers it, so every subscriber sees events in
 * {@code seq} order; it never serialises and never calls a sink, so publishing on the event
 * dispatch thread costs microseconds. Each subscriber's queue is bounded ({@value #QUEUE_SIZE}) and
 * is drained by a delivery thread of its own while it has events, so a slow sink delays only
 * itself, and when it falls too far behind it is told how many events it lost. A socket
 * connection's subscription skips that queue: its sink never blocks and has its own bounded queue
 * and writer thread, so the publisher hands it the event directly (one thread hand-off from the
 * publisher to the socket instead of two).
 *
 * <p>Sinks must not block: a socket connection's sink is {@link Session#offerEvent} (bounded, never
 * waits); an in-process sink (Gogo) should hand the event on and return. A sink that blocks holds
 * one delivery thread and loses its own events, nobody else's. The event object is shared by all
 * subscribers: sinks must not modify it.
 *
 * <p>Also keeps the socket connections' subscriptions ({@code gui.event.subscribe}): one per
 * connection, forgotten when the connection closes. The event ops reach them through
 * {@link SessionEvents}, a service type only this bundle can load.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = {EventBus.class, SessionEvents.class})
public final class Hub implements EventBus, SessionEvents {
    static final int QUEUE_SIZE = 4096;
    private static final System.Logger LOG = System.getLogger(Hub.class.getName());

    private final int queueSize;
    private final ExecutorService delivery;
    private final Object lock = new Object();
    private final List<Subscription> subscriptions = new ArrayList<>();
    private final Map<String, Connected> sessions = new HashMap<>();
    private long seq;
    private boolean closed;

    /** A connection that has subscribed at least once; kept until it closes, so its close hook is added once. */
    private static final class Connected {
        Subscription subscription;
    }

    public Hub() {
        this(QUEUE_SIZE);
    }

    Hub(int queueSize) {
        this.queueSize = queueSize;
        AtomicInteger n = new AtomicInteger();
        // Threads only while a subscriber has events to take: none idle after 30 s.
        this.delivery = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "hdp-gui-events-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void publish(String name, ObjectNode fields) {
        Objects.requireNonNull(name, "name");
        ObjectNode event = Wire.object();
        event.put("event", name);
        if (fields != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = fields.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> f = it.next();
                if (!isReserved(f.getKey())) {
                    event.set(f.getKey(), f.getValue());
                }
            }
        }
        long ts = System.currentTimeMillis();
        List<Subscription> start = null;
        synchronized (lock) {
            if (closed) {
                return;
            }
            event.put("seq", ++seq);
            event.put("ts", ts);
            for (Subscription s : subscriptions) {
                if (s.wants(name) && s.offer(event)) {
                    if (start == null) {
                        start = new ArrayList<>(2);
                    }
                    start.add(s);
                }
            }
        }
        if (start != null) {
            for (Subscription s : start) {
                try {
                    delivery.execute(s::drain);
                } catch (RejectedExecutionException e) {
                    // The bus closed meanwhile: there is nobody left to deliver to.
                }
            }
        }
    }

    private static boolean isReserved(String key) {
        return "event".equals(key) || "seq".equals(key) || "ts".equals(key);
    }

    @Override
    public AutoCloseable subscribe(List<String> patterns, Consumer<ObjectNode> sink) {
        return add(Patterns.of(patterns), Objects.requireNonNull(sink, "sink"));
    }

    /** The sink is called under the publisher's lock, as a connection's is: it only stores the event (an action's receipt). */
    @Override
    public AutoCloseable subscribeDirect(List<String> patterns, Consumer<ObjectNode> sink) {
        return add(Patterns.of(patterns), Objects.requireNonNull(sink, "sink"), true);
    }

    Subscription add(Patterns patterns, Consumer<ObjectNode> sink) {
        return add(patterns, sink, false);
    }

    private Subscription add(Patterns patterns, Consumer<ObjectNode> sink, boolean direct) {
        Subscription s = new Subscription(this, patterns, sink, queueSize, direct);
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("the event bus has stopped");
            }
            subscriptions.add(s);
        }
        return s;
    }

    void remove(Subscription s) {
        synchronized (lock) {
            subscriptions.remove(s);
        }
    }

    @Override
    public void subscribe(Session session, Patterns patterns) {
        boolean fresh = false;
        synchronized (sessions) {
            Connected c = sessions.get(session.id());
            if (c != null && c.subscription != null) {
                c.subscription.setPatterns(patterns);
                return;
            }
            Subscription s = add(patterns, session::offerEvent, true);
            if (c == null) {
                c = new Connected();
                sessions.put(session.id(), c);
                fresh = true;
            }
            c.subscription = s;
        }
        if (fresh) {
            session.onClose(() -> forget(session.id()));
        }
    }

    @Override
    public boolean unsubscribe(Session session) {
        Subscription s;
        synchronized (sessions) {
            Connected c = sessions.get(session.id());
            if (c == null || c.subscription == null) {
                return false;
            }
            s = c.subscription;
            c.subscription = null;
        }
        s.close();
        return true;
    }

    private void forget(String sessionId) {
        Connected c;
        synchronized (sessions) {
            c = sessions.remove(sessionId);
        }
        if (c != null && c.subscription != null) {
            c.subscription.close();
        }
    }

    /** How many subscribers there are now (sessions and in-process). */
    int subscriberCount() {
        synchronized (lock) {
            return subscriptions.size();
        }
    }

    /** Whether the connection has a subscription now. */
    boolean isSubscribed(Session session) {
        synchronized (sessions) {
            Connected c = sessions.get(session.id());
            return c != null && c.subscription != null;
        }
    }

    @Deactivate
    void close() {
        List<Subscription> all;
        synchronized (lock) {
            closed = true;
            all = new ArrayList<>(subscriptions);
        }
        synchronized (sessions) {
            sessions.clear();
        }
        all.forEach(Subscription::close);
        delivery.shutdownNow();
        try {
            if (!delivery.awaitTermination(1, TimeUnit.SECONDS)) {
                LOG.log(System.Logger.Level.WARNING, "an event subscriber's sink did not return within 1 s of the bus stopping");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
