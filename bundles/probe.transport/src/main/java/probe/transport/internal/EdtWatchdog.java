package probe.transport.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.EventQueue;
import java.util.function.Supplier;
import probe.api.events.EventBus;
import probe.api.wire.Wire;

/**
 * Pings the event dispatch thread every {@value #PING_MILLIS} ms, from the I/O loop's tick (no
 * thread of its own, and the loop never waits for the EDT: it posts the ping and looks at the next
 * tick whether it ran). A ping not answered within {@value #STALL_MILLIS} ms publishes
 * {@code edt.stalled {millis, edtStack}} once for that stall, and {@code edt.recovered {millis}}
 * when the EDT answers again, on the event bus when one is there (the transport runs without
 * probe.events too: then the watchdog only watches). Each ping also runs {@code onEdt} there (the
 * window titles that {@code probe.hello} reads without an EDT hop).
 */
final class EdtWatchdog {
    static final long PING_MILLIS = 250;
    static final long STALL_MILLIS = 1000;
    private static final int STACK_FRAMES = 40;

    private final Supplier<EventBus> bus;
    private final Runnable onEdt;

    /** The last ping the EDT ran, and when; written on the EDT. */
    private volatile long answered;
    private volatile long answeredAt;
    /** The thread that ran the last ping: the EDT whose stack a stall shows. */
    private volatile Thread edt;

    // The loop's thread only.
    private long sent;
    private long sentAt;
    private boolean waiting;
    private boolean reported;

    EdtWatchdog(Supplier<EventBus> bus, Runnable onEdt) {
        this.bus = bus;
        this.onEdt = onEdt;
    }

    /** On the loop's thread, at each of its ticks: notes an answer or a stall, and posts the next ping when one is due. */
    void tick(long now) {
        if (waiting) {
            if (answered == sent) {
                waiting = false;
                if (reported) {
                    reported = false;
                    publish("edt.recovered", Wire.object().put("millis", (answeredAt - sentAt) / 1_000_000), false);
                }
            } else if (!reported && now - sentAt > STALL_MILLIS * 1_000_000) {
                // Said once for this stall, not again until the EDT has answered.
                reported = true;
                publish("edt.stalled", Wire.object().put("millis", (now - sentAt) / 1_000_000), true);
            }
        }
        if (!waiting && now - sentAt >= PING_MILLIS * 1_000_000) {
            long ping = ++sent;
            sentAt = now;
            waiting = true;
            EventQueue.invokeLater(() -> {
                edt = Thread.currentThread();
                try {
                    onEdt.run();
                } finally {
                    answeredAt = System.nanoTime();
                    answered = ping;
                }
            });
        }
    }

    private void publish(String name, ObjectNode fields, boolean withStack) {
        EventBus b = bus.get();
        if (b == null) {
            return;
        }
        if (withStack) {
            Thread t = edt;
            if (t == null || !t.isAlive()) {
                t = findEdt();
            }
            if (t != null) {
                ArrayNode frames = fields.putArray("edtStack");
                StackTraceElement[] all = t.getStackTrace();
                for (int i = 0; i < Math.min(STACK_FRAMES, all.length); i++) {
                    frames.add(all[i].toString());
                }
                fields.put("edtState", t.getState().name());
            }
        }
        b.publish(name, fields);
    }

    /** The EDT when no ping has told which it is (none answered yet, or that one died). */
    private static Thread findEdt() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("AWT-EventQueue")) {
                return t;
            }
        }
        return null;
    }
}
