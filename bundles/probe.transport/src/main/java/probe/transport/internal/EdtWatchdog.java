package probe.transport.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.EventQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import probe.api.events.EventBus;
import probe.api.wire.Wire;

/**
 * Pings the event dispatch thread every {@value #PING_MILLIS} ms. A ping not answered within
 * {@value #STALL_MILLIS} ms publishes {@code edt.stalled {millis, edtStack}} once for that stall,
 * and {@code edt.recovered {millis}} when the EDT answers again, on the event bus when one is
 * there (the transport runs without probe.events too: then the watchdog only watches).
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = {}, immediate = true)
public final class EdtWatchdog {
    static final long PING_MILLIS = 250;
    static final long STALL_MILLIS = 1000;
    private static final int STACK_FRAMES = 40;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    private volatile EventBus bus;

    private final Thread thread;
    private volatile boolean running = true;

    @Activate
    public EdtWatchdog() {
        thread = new Thread(this::watch, "hdp-gui-edt-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(2000);
    }

    private void watch() {
        try {
            while (running) {
                long sent = System.nanoTime();
                CountDownLatch answered = new CountDownLatch(1);
                EventQueue.invokeLater(answered::countDown);
                if (!answered.await(STALL_MILLIS, TimeUnit.MILLISECONDS)) {
                    publish("edt.stalled", Wire.object().put("millis", millisSince(sent)), true);
                    while (running && !answered.await(PING_MILLIS, TimeUnit.MILLISECONDS)) {
                        // Still stalled: said once, not again.
                    }
                    if (!running) {
                        return;
                    }
                    publish("edt.recovered", Wire.object().put("millis", millisSince(sent)), false);
                }
                long left = PING_MILLIS - millisSince(sent);
                if (left > 0) {
                    Thread.sleep(left);
                }
            }
        } catch (InterruptedException e) {
            // Deactivated.
        }
    }

    private void publish(String name, ObjectNode fields, boolean withStack) {
        EventBus b = bus;
        if (b == null) {
            return;
        }
        if (withStack) {
            ArrayNode frames = fields.putArray("edtStack");
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith("AWT-EventQueue")) {
                    StackTraceElement[] all = t.getStackTrace();
                    for (int i = 0; i < Math.min(STACK_FRAMES, all.length); i++) {
                        frames.add(all[i].toString());
                    }
                    fields.put("edtState", t.getState().name());
                    break;
                }
            }
        }
        b.publish(name, fields);
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }
}
