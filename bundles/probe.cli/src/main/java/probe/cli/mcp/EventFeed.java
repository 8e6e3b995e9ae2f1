package probe.cli.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import probe.client.ProbeClient;
import probe.client.ProbeClientException;
import probe.client.format.Phrases;

/**
 * The subscription the server holds from its start, on a connection of its own, so that
 * {@code gui_events} can say what happened since it was last called: a daemon thread takes every
 * event ({@code gui.event.subscribe} with {@code *}) into a bounded queue; when the queue is full
 * the oldest event is dropped and counted. When the GUI goes away the thread notes it in the queue,
 * tries again every half second, and subscribes anew once a GUI answers (noted too: what happened
 * meanwhile is unknown). It tells the tools when the ops present may have changed.
 */
final class EventFeed implements AutoCloseable {
    static final int CAPACITY = 1000;
    /** The longest event line gui_events gives. */
    static final int MAX_LINE = 400;
    private static final Duration POLL = Duration.ofMillis(250);
    private static final long RETRY_MILLIS = 500;

    /** One entry of the queue: an event, or a note of the server's own (a line of text). */
    static final class Entry {
        final ObjectNode event;
        final String note;

        Entry(ObjectNode event, String note) {
            this.event = event;
            this.note = note;
        }

        String line() {
            if (event == null) {
                return "-- " + note;
            }
            // An edt.stalled event carries the EDT's whole stack: its start says enough here.
            String line = Phrases.event(event);
            return line.length() <= MAX_LINE ? line : line.substring(0, MAX_LINE) + "... (cut)";
        }
    }

    /** What {@link #take} returns: the entries, how many were dropped before them, and how many are left. */
    static final class Batch {
        final List<Entry> entries;
        final long lost;
        final int left;

        Batch(List<Entry> entries, long lost, int left) {
            this.entries = entries;
            this.lost = lost;
            this.left = left;
        }
    }

    /**
     * The probe's event that an op came or went (docs/PROTOCOL.md): optional, so the subscription
     * names it beside {@code *}.
     */
    static final String OPS_CHANGED = "probe.ops.changed";

    private final Supplier<ProbeClient> connect;
    private final java.util.function.Consumer<String> opsChanged;
    private final java.io.PrintStream log;
    private final int capacity;
    private final ArrayDeque<Entry> queue = new ArrayDeque<>();
    private long lost;
    private volatile boolean closed;
    /** Set by {@link #resubscribe}: the subscription that ends next ends because the server moved, not because the GUI went. */
    private volatile boolean moved;
    private volatile ProbeClient client;
    private final Thread thread;

    EventFeed(Supplier<ProbeClient> connect, int capacity) {
        this(connect, capacity, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), op -> { });
    }

    /**
     * @param log where the feed says when its subscription starts and ends (the server's standard error)
     * @param opsChanged told when the ops present may have changed: each time it subscribes (a GUI
     *     answers, maybe another one: null), and at each {@value #OPS_CHANGED} event (the op that
     *     came, or null when one went); it returns at once
     */
    EventFeed(Supplier<ProbeClient> connect, int capacity, java.io.PrintStream log, java.util.function.Consumer<String> opsChanged) {
        this.log = log;
        this.opsChanged = opsChanged;
        this.connect = connect;
        this.capacity = capacity;
        this.thread = new Thread(this::run, "hvm-mcp-events");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    private void run() {
        boolean wasConnected = false;
        boolean toldAbsent = false;
        String lastFailure = null;
        while (!closed) {
            ProbeClient c = null;
            try {
                c = connect.get();
                c.subscribe("*", OPS_CHANGED);
            } catch (RuntimeException e) {
                if (c != null) {
                    c.close();
                }
                // One line on standard error when the reason changes, not one a retry.
                String why = e.getClass().getSimpleName() + ": " + e.getMessage();
                if (!why.equals(lastFailure)) {
                    log.println("hvm-dbg mcp: events: no subscription (" + why + "); trying again every " + RETRY_MILLIS + " ms");
                    lastFailure = why;
                }
                if (!toldAbsent) {
                    add(null, wasConnected ? null : "no GUI answers yet; events are collected once one does");
                    toldAbsent = true;
                }
                sleep();
                continue;
            }
            client = c;
            lastFailure = null;
            log.println("hvm-dbg mcp: events: subscribed");
            opsChanged.accept(null);
            if (wasConnected) {
                add(null, "reconnected to the GUI and subscribed again; what happened while it was away is not known");
            } else if (toldAbsent) {
                add(null, "the GUI answers now; its events are collected from here on");
            }
            wasConnected = true;
            toldAbsent = false;
            try {
                while (!closed) {
                    ObjectNode e = c.nextEvent(POLL);
                    if (e != null) {
                        add(e, null);
                        if (OPS_CHANGED.equals(e.path("event").asText())) {
                            opsChanged.accept("added".equals(e.path("change").asText()) ? e.path("op").asText(null) : null);
                        }
                    }
                }
            } catch (ProbeClientException gone) {
                // Closing the feed closes its connection, which ends the subscription: that is no news.
                if (moved) {
                    moved = false;
                    add(null, "the server drives another application now; its events are collected from here on");
                    wasConnected = false;
                    toldAbsent = false;
                } else if (!closed) {
                    log.println("hvm-dbg mcp: events: the subscription ended (" + gone.getClass().getSimpleName() + ": "
                            + gone.getMessage() + ")");
                    add(null, "the GUI went away (" + gone.getMessage() + "); waiting for it to come back");
                    toldAbsent = true;
                }
            } finally {
                client = null;
                c.close();
            }
            sleep();
        }
    }

    private void sleep() {
        try {
            Thread.sleep(RETRY_MILLIS);
        } catch (InterruptedException e) {
            closed = true;
        }
    }

    /** Adds an event or a note (a null note adds nothing). */
    synchronized void add(ObjectNode event, String note) {
        if (event == null && note == null) {
            return;
        }
        if (queue.size() >= capacity) {
            queue.removeFirst();
            lost++;
        }
        queue.addLast(new Entry(event, note));
    }

    /** The oldest {@code max} entries, removed from the queue, and the count dropped since the last take. */
    synchronized Batch take(int max) {
        List<Entry> out = new ArrayList<>(Math.min(max, queue.size()));
        while (out.size() < max && !queue.isEmpty()) {
            out.add(queue.removeFirst());
        }
        Batch b = new Batch(out, lost, queue.size());
        lost = 0;
        return b;
    }

    /** The text of a batch, for gui_events. */
    static String text(Batch b) {
        StringBuilder t = new StringBuilder();
        if (b.lost > 0) {
            t.append(b.lost).append(b.lost == 1 ? " older event was" : " older events were")
                    .append(" dropped: the server keeps the last ").append(CAPACITY).append('\n');
        }
        if (b.entries.isEmpty()) {
            t.append("no events since the last call");
        } else {
            t.append(b.entries.size()).append(b.entries.size() == 1 ? " event" : " events").append(" since the last call, oldest first:");
            for (Entry e : b.entries) {
                t.append('\n').append(e.line());
            }
        }
        if (b.left > 0) {
            t.append('\n').append(b.left).append(" more queued; call gui_events again");
        }
        return t.toString();
    }

    /** The data of a batch, for gui_events' structuredContent: {@code {events: [event or {note}], dropped, queued}}. */
    static ObjectNode data(Batch b) {
        ObjectNode o = probe.api.wire.Json.object();
        com.fasterxml.jackson.databind.node.ArrayNode list = o.putArray("events");
        for (Entry e : b.entries) {
            if (e.event != null) {
                list.add(e.event);
            } else {
                list.addObject().put("note", e.note);
            }
        }
        o.put("dropped", b.lost);
        o.put("queued", b.left);
        return o;
    }

    /**
     * The server drives another application from now on: the subscription ends and the feed
     * subscribes where the tools now connect, saying so once.
     */
    void resubscribe() {
        moved = true;
        ProbeClient c = client;
        if (c != null) {
            c.close();
        }
    }

    @Override
    public void close() {
        closed = true;
        ProbeClient c = client;
        if (c != null) {
            c.close();
        }
        thread.interrupt();
    }
}
