package probe.gogo.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import probe.api.events.EventBus;
import probe.api.wire.Wire;
import probe.client.format.Phrases;

/**
 * gui:watch's loop: subscribes to the event bus and prints each event to the session's console as
 * it comes, until {@code count} events, the time limit, a key on an interactive console, or an
 * interrupt of the command's thread. The bus's sink must not block: events go into a bounded
 * queue, and what overflows is counted and reported as an {@code events.lost} line, as the
 * transport does for a socket subscriber.
 */
final class Watcher {
    static final int QUEUE_SIZE = 1024;
    /** How often the loop looks at the keyboard, the clock and the interrupt flag. */
    private static final long SLICE_MILLIS = 100;

    private final EventBus bus;
    private final PrintStream out;
    /** Null unless the console is a terminal: only then is a pending byte a key a person pressed. */
    private final InputStream keys;

    Watcher(EventBus bus, PrintStream out, InputStream keys) {
        this.bus = bus;
        this.out = out;
        this.keys = keys;
    }

    /**
     * Watches until done; returns a line saying how many events were printed and why it stopped.
     *
     * @param count stop after this many events; 0 for no limit
     * @param timeoutMillis stop after this long in all; 0 for no limit
     */
    String watch(List<String> patterns, boolean json, int count, long timeoutMillis) throws Exception {
        BlockingQueue<ObjectNode> queue = new ArrayBlockingQueue<>(QUEUE_SIZE);
        AtomicLong lost = new AtomicLong();
        long start = System.nanoTime();
        int seen = 0;
        String end;
        try (AutoCloseable subscription = bus.subscribe(patterns, e -> {
            if (!queue.offer(e)) {
                lost.incrementAndGet();
            }
        })) {
            if (keys != null) {
                out.println("watching " + String.join(",", patterns) + " (press Enter to stop)");
            }
            while (true) {
                if (count > 0 && seen >= count) {
                    end = "count reached";
                    break;
                }
                if (Thread.interrupted()) {
                    // Consumed, not restored: the interrupt was for this command, and the shell's
                    // own loop would take a pending one as a reason to quit.
                    end = "interrupted";
                    break;
                }
                if (keyPressed()) {
                    end = "key pressed";
                    break;
                }
                long wait = SLICE_MILLIS;
                if (timeoutMillis > 0) {
                    long left = timeoutMillis - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                    if (left <= 0) {
                        end = "time up";
                        break;
                    }
                    wait = Math.min(wait, left);
                }
                long dropped = lost.getAndSet(0);
                if (dropped > 0) {
                    print(Wire.object().put("event", "events.lost").put("count", dropped), json);
                }
                ObjectNode e;
                try {
                    e = queue.poll(wait, TimeUnit.MILLISECONDS);
                } catch (InterruptedException x) {
                    end = "interrupted";
                    break;
                }
                if (e != null) {
                    print(e, json);
                    seen++;
                }
            }
        }
        String summary = "watched " + seen + (seen == 1 ? " event" : " events") + " (" + end + ")";
        if (end.equals("interrupted")) {
            // Gogo reports an interrupted command as an InterruptedException and drops its result.
            out.println(summary);
            out.flush();
        }
        return summary;
    }

    private void print(ObjectNode e, boolean json) throws JsonProcessingException {
        out.println(json ? Wire.mapper().writeValueAsString(e) : Phrases.event(e));
        out.flush();
    }

    /** Whether a key came in on the terminal; what came is consumed, so the shell does not run it. */
    private boolean keyPressed() {
        if (keys == null) {
            return false;
        }
        try {
            int n = keys.available();
            if (n <= 0) {
                return false;
            }
            // read(byte[]), not readNBytes: JDK 17's FileInputStream.readNBytes seeks, which a
            // terminal refuses ("Illegal seek").
            int got = keys.read(new byte[n]);
            return got > 0;
        } catch (IOException e) {
            return false;
        }
    }
}
