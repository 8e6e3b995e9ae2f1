package probe.registry.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.AWTEvent;
import java.awt.EventQueue;
import java.awt.Toolkit;
import java.awt.event.AWTEventListener;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.swing.Timer;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.wire.Wire;

/**
 * {@code gui.wait {state: "idle", quietMillis}}: waits until the GUI has been idle for {@code
 * quietMillis}: the event queue empty (a pending repaint is an event in it) and the event dispatch
 * thread free, at every look for that long. A Swing timer looks every {@value #LOOK_MILLIS} ms on
 * the EDT: the queue must be empty then, no input, focus, window, component or paint event may have
 * been dispatched since the last look (an AWT listener counts them), and the look must not come
 * late (a late look means the EDT was busy with something that is not an event, such as a long
 * {@code invokeLater}). What comes and goes entirely between two looks without such an event (a
 * short {@code invokeLater}) is not seen. The probe's own looks are not counted.
 */
final class IdleWait {
    /** How often the EDT is looked at. */
    static final int LOOK_MILLIS = 2;
    /** A look this much later than planned means the EDT was busy meanwhile. */
    private static final long LATE_NANOS = TimeUnit.MILLISECONDS.toNanos(8);
    private static final long EVENTS = AWTEvent.KEY_EVENT_MASK | AWTEvent.MOUSE_EVENT_MASK | AWTEvent.MOUSE_MOTION_EVENT_MASK
            | AWTEvent.MOUSE_WHEEL_EVENT_MASK | AWTEvent.FOCUS_EVENT_MASK | AWTEvent.WINDOW_EVENT_MASK | AWTEvent.COMPONENT_EVENT_MASK
            | AWTEvent.PAINT_EVENT_MASK | AWTEvent.ACTION_EVENT_MASK | AWTEvent.ITEM_EVENT_MASK | AWTEvent.INPUT_METHOD_EVENT_MASK;

    private final long quietNanos;
    private final long deadline;
    private final long start = System.nanoTime();
    private final CompletableFuture<Long> done = new CompletableFuture<>();
    // EDT only (the listener is called on the EDT for what it dispatches).
    private int dispatched;
    private final AWTEventListener counter = e -> dispatched++;
    private int seen;
    private long lastLook;
    private long quietSince;
    private Timer timer;

    private IdleWait(long quietMillis, long timeoutMillis) {
        this.quietNanos = TimeUnit.MILLISECONDS.toNanos(quietMillis);
        this.deadline = start + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    /**
     * Waits until the GUI has been idle for {@code quietMillis}; the data of the reply:
     * {@code {"state": "idle", "waitedMillis"}}.
     *
     * @throws ProbeException {@code gui.timeout} with {@code details.lastState} {@code busy} when it
     *     was not by {@code timeoutMillis}
     */
    static ObjectNode await(long quietMillis, long timeoutMillis, long edtTimeout) throws ProbeException {
        IdleWait w = new IdleWait(quietMillis, timeoutMillis);
        EventQueue.invokeLater(w::begin);
        long quietFor = WaitOp.answer(w.done, timeoutMillis, edtTimeout, w::end);
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - w.start);
        if (quietFor < 0) {
            ObjectNode details = ProbeException.newDetails().put("wanted", "idle").put("lastState", "busy").put("timeoutMillis", timeoutMillis);
            throw new ProbeException(ErrorCodes.TIMEOUT, "the GUI was still busy after " + timeoutMillis + " ms (it was never idle for "
                    + quietMillis + " ms in a row)", details);
        }
        return Wire.object().put("state", "idle").put("waitedMillis", waited);
    }

    private void begin() {
        Toolkit.getDefaultToolkit().addAWTEventListener(counter, EVENTS);
        lastLook = System.nanoTime();
        quietSince = lastLook;
        seen = dispatched;
        timer = new Timer(LOOK_MILLIS, e -> look());
        timer.start();
        look();
    }

    private void end() {
        if (timer != null) {
            timer.stop();
        }
        Toolkit.getDefaultToolkit().removeAWTEventListener(counter);
    }

    private void look() {
        if (done.isDone()) {
            return;
        }
        long now = System.nanoTime();
        boolean busy = Toolkit.getDefaultToolkit().getSystemEventQueue().peekEvent() != null || dispatched != seen
                || now - lastLook > LATE_NANOS;
        seen = dispatched;
        lastLook = now;
        if (busy) {
            quietSince = now;
        } else if (now - quietSince >= quietNanos) {
            end();
            done.complete(now - quietSince);
            return;
        }
        if (now - deadline >= 0) {
            end();
            done.complete(-1L);
        }
    }
}
