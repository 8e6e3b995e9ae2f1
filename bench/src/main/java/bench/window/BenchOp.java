package bench.window;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.AWTEvent;
import java.awt.EventQueue;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Toolkit;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.awt.event.MouseEvent;
import java.lang.reflect.InvocationTargetException;
import javax.swing.SwingUtilities;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import probe.api.Args;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.events.EventBus;
import probe.input.Deadline;
import probe.input.Delivery;
import probe.input.Effects;
import probe.input.Mouse;
import probe.api.swing.Target;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * Opens the {@link BenchWindow} in the GUI's JVM and answers {@code bench.control {action}}: the
 * listeners' records ({@code stats}), and the floors measured here, in the GUI's own JVM:
 * {@code edtHop} (an empty invokeAndWait), {@code clickFloor} (press and release posted to the
 * frame until the listener ran), {@code typeFloor} (100 KEY_TYPED posted to the focused field
 * until the document holds them). {@code closeDialog} hides the bench dialog; {@code setValueLater
 * {value, delayMillis}} sets the text of {@code bench.grid.label.3} on the EDT that much later;
 * {@code slider {show, at}} shows (or hides) the slider's frame, its value {@code at}, and answers
 * where the thumb is for each value (the drag rows).
 */
@Component(service = ProbeOp.class, immediate = true)
@Op(value = "bench.control", args = {"action", "samples", "chars", "scope", "clicksFrom", "value", "delayMillis", "show", "at"})
public final class BenchOp implements ProbeOp {
    private static final long WAIT = 5_000_000_000L;
    private final BenchWindow window;

    private final ViewRegistry registry;

    /** probe.events' bus, so that the in-process receipts collect events as gui.click's do. */
    @Reference(cardinality = org.osgi.service.component.annotations.ReferenceCardinality.OPTIONAL,
            policy = org.osgi.service.component.annotations.ReferencePolicy.DYNAMIC,
            policyOption = org.osgi.service.component.annotations.ReferencePolicyOption.GREEDY)
    volatile EventBus bus;

    @Activate
    public BenchOp(@Reference(name = "registry") ViewRegistry registry) throws InterruptedException, InvocationTargetException {
        this.registry = registry;
        BenchWindow[] w = new BenchWindow[1];
        EventQueue.invokeAndWait(() -> {
            w[0] = new BenchWindow(new Rectangle(0, 0, 1280, 800));
            w[0].frame.setVisible(true);
        });
        window = w[0];
    }

    @Deactivate
    void deactivate() {
        EventQueue.invokeLater(() -> {
            window.dialog.dispose();
            window.frame.dispose();
        });
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        Args a = Args.of(args);
        String action = a.oneOf("action", "stats", "stats", "edtHop", "clickFloor", "typeFloor", "closeDialog",
                "listCost", "setValueLater", "effectsCost", "slider");
        int samples = (int) a.integer("samples", 1000, 1, 100_000);
        try {
            switch (action) {
                case "edtHop":
                    return times(edtHop(samples));
                case "clickFloor":
                    return times(clickFloor(samples));
                case "typeFloor":
                    return times(typeFloor(samples, (int) a.integer("chars", 100, 1, 10_000)));
                case "listCost":
                    return listCost(a.string("scope", "window"), samples);
                case "effectsCost":
                    return effectsCost(samples);
                case "setValueLater": {
                    // A Swing timer sets the label's text on the EDT a little later, as the app's own code would.
                    String value = a.requiredString("value");
                    int delay = (int) a.integer("delayMillis", 10, 0, 10_000);
                    EventQueue.invokeLater(() -> {
                        javax.swing.Timer t = new javax.swing.Timer(delay, e -> window.setValue(value));
                        t.setRepeats(false);
                        t.start();
                    });
                    return Wire.object().put("scheduled", true);
                }
                case "slider": {
                    boolean show = a.bool("show", true);
                    int at = (int) a.integer("at", 20, 0, 100);
                    ObjectNode o = Wire.object();
                    EventQueue.invokeAndWait(() -> window.showSlider(show, at));
                    // Behind the events the showing queued (the slider's UI lays out its track as it hears of its size).
                    EventQueue.invokeAndWait(() -> {
                        ArrayNode xs = o.putArray("x");
                        for (int v = 0; v <= 100; v++) {
                            xs.add(window.sliderX(v));
                        }
                        o.put("height", window.slider.getHeight());
                    });
                    return o;
                }
                case "closeDialog":
                    EventQueue.invokeAndWait(() -> window.dialog.setVisible(false));
                    return Wire.object().put("closed", true);
                default:
                    return stats(a);
            }
        } catch (InterruptedException | InvocationTargetException e) {
            throw new ProbeException("internal", "bench: " + e, null);
        }
    }

    private ObjectNode stats(Args a) throws ProbeException {
        ObjectNode o = Wire.object();
        int clicks = window.clicks.get();
        o.put("clicks", clicks);
        int from = (int) a.integer("clicksFrom", clicks + 1, 1, Integer.MAX_VALUE);
        ArrayNode at = o.putArray("clickAt");
        for (int n = from; n <= clicks; n++) {
            at.add(window.clickTime(n));
        }
        o.put("typedAt", window.typedAt.get());
        o.put("typedReached", window.typedReached.get());
        o.put("dialogShownAt", window.dialogShownAt.get());
        o.put("dialogShown", window.dialogShown.get());
        o.put("valueSetAt", window.valueSetAt.get());
        o.put("slides", window.slides.get());
        o.put("slidAt", window.slidAt.get());
        o.put("slidValue", window.slidValue);
        return o;
    }

    private static ObjectNode times(long[] nanos) {
        ObjectNode o = Wire.object();
        ArrayNode a = o.putArray("nanos");
        for (long n : nanos) {
            a.add(n);
        }
        return o;
    }

    /**
     * Where the time of gui.list goes, in this JVM: the registry's walk on the EDT (what ListOp
     * runs there) and the serialisation of its items to one line (what the transport does).
     */
    private ObjectNode listCost(String scope, int samples) throws InterruptedException, InvocationTargetException {
        long[] edt = new long[samples];
        long[] write = new long[samples];
        int bytes = 0;
        for (int i = -50; i < samples; i++) {
            Object[] items = new Object[1];
            long t0 = System.nanoTime();
            EventQueue.invokeAndWait(() -> {
                try {
                    items[0] = registry.list(scope);
                } catch (ProbeException e) {
                    items[0] = Wire.object();
                }
            });
            long t1 = System.nanoTime();
            bytes = Wire.line((com.fasterxml.jackson.databind.JsonNode) items[0]).length;
            long t2 = System.nanoTime();
            if (i >= 0) {
                edt[i] = t1 - t0;
                write[i] = t2 - t1;
            }
        }
        ObjectNode o = Wire.object();
        o.set("edt", times(edt).get("nanos"));
        o.set("write", times(write).get("nanos"));
        o.put("bytes", bytes);
        return o;
    }

    /**
     * Where the time of a receipt goes, in this JVM, on {@code bench.button.count}: a click as
     * gui.click makes it (resolve, verdict, press and release posted, settled) with its receipt,
     * with {@code effects: false}, and with {@code settleMillis: 0} too, interleaved (a millisecond
     * apart, as the bench's clicks are); for the first: the first look with the lookup
     * ({@code before(identifier)}, on the EDT), the wait and the last look with the receipt built ({@code finish}), and the reply's
     * serialisation; then, alone on the EDT, one look ({@code ViewRegistry.states()}), the
     * windows, and resolve with its verdict. Printed by the bench, never asserted.
     */
    private ObjectNode effectsCost(int samples) throws InterruptedException, InvocationTargetException, ProbeException {
        ObjectNode[] variants = {Wire.object(), Wire.object().put("effects", false),
            Wire.object().put("effects", false).put("settleMillis", 0)};
        long[][] total = new long[variants.length][samples];
        long[] before = new long[samples];
        long[] task = new long[samples];
        long[] finish = new long[samples];
        long[] write = new long[samples];
        ObjectNode receipt = null;
        int warm = Math.max(50, samples / 5);
        for (int i = -warm; i < samples; i++) {
            for (int v = 0; v < variants.length; v++) {
                long[] b = new long[2];
                long t0 = System.nanoTime();
                ObjectNode data = Wire.object();
                long t1;
                long t2;
                try (Effects effects = Effects.of(variants[v], registry, bus)) {
                    Deadline deadline = Deadline.after(5000);
                    Delivery.run(deadline, () -> {
                        b[0] = System.nanoTime();
                        // The first look and the lookup in one walk, as gui.click takes them.
                        Target t = effects.before(BenchWindow.COUNT_BUTTON);
                        b[1] = System.nanoTime();
                        Mouse.click(t.window(), probe.input.Reach.check(registry, t).at(), Mouse.Button.LEFT, 1);
                        return Delivery.posted(null);
                    });
                    t1 = System.nanoTime();
                    effects.finish(deadline, data);
                    t2 = System.nanoTime();
                }
                long t3 = System.nanoTime();
                try {
                    Wire.mapper().writeValueAsBytes(data);
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    throw new ProbeException("internal", "bench: " + e, null);
                }
                long t4 = System.nanoTime();
                if (i >= 0) {
                    total[v][i] = t4 - t0;
                    if (v == 0) {
                        before[i] = b[1] - b[0];
                        task[i] = t1 - t0;
                        finish[i] = t2 - t1;
                        write[i] = t4 - t3;
                        receipt = data;
                    }
                }
                Thread.sleep(1);
            }
        }
        long[] states = new long[samples];
        long[] windows = new long[samples];
        long[] resolve = new long[samples];
        for (int i = -warm; i < samples; i++) {
            long[] s = new long[3];
            EventQueue.invokeAndWait(() -> {
                long t0 = System.nanoTime();
                registry.states();
                long t1 = System.nanoTime();
                registry.windows();
                long t2 = System.nanoTime();
                try {
                    registry.verdict(registry.resolve(BenchWindow.COUNT_BUTTON));
                } catch (ProbeException e) {
                    // Measured all the same.
                }
                long t3 = System.nanoTime();
                s[0] = t1 - t0;
                s[1] = t2 - t1;
                s[2] = t3 - t2;
            });
            if (i >= 0) {
                states[i] = s[0];
                windows[i] = s[1];
                resolve[i] = s[2];
            }
        }
        ObjectNode o = Wire.object();
        o.set("with", times(total[0]).get("nanos"));
        o.set("without", times(total[1]).get("nanos"));
        o.set("unsettled", times(total[2]).get("nanos"));
        o.set("before", times(before).get("nanos"));
        o.set("task", times(task).get("nanos"));
        o.set("finish", times(finish).get("nanos"));
        o.set("write", times(write).get("nanos"));
        o.set("states", times(states).get("nanos"));
        o.set("windows", times(windows).get("nanos"));
        o.set("resolve", times(resolve).get("nanos"));
        o.set("receipt", receipt);
        return o;
    }

    private static long[] edtHop(int samples) throws InterruptedException, InvocationTargetException {
        for (int i = 0; i < 1000; i++) {
            SwingUtilities.invokeAndWait(() -> { });
        }
        long[] t = new long[samples];
        for (int i = 0; i < samples; i++) {
            long t0 = System.nanoTime();
            SwingUtilities.invokeAndWait(() -> { });
            t[i] = System.nanoTime() - t0;
        }
        return t;
    }

    private long[] clickFloor(int samples) throws InterruptedException, InvocationTargetException, ProbeException {
        Point[] at = new Point[1];
        EventQueue.invokeAndWait(() -> {
            Rectangle r = SwingUtilities.convertRectangle(window.count.getParent(), window.count.getBounds(), window.frame);
            at[0] = new Point(r.x + r.width / 2, r.y + r.height / 2);
        });
        long[] t = new long[samples + 100];
        for (int i = 0; i < t.length; i++) {
            int before = window.clicks.get();
            long t0 = System.nanoTime();
            long when = System.currentTimeMillis();
            post(new MouseEvent(window.frame, MouseEvent.MOUSE_PRESSED, when, InputEvent.BUTTON1_DOWN_MASK, at[0].x, at[0].y, 1,
                    false, MouseEvent.BUTTON1));
            post(new MouseEvent(window.frame, MouseEvent.MOUSE_RELEASED, when + 1, 0, at[0].x, at[0].y, 1, false,
                    MouseEvent.BUTTON1));
            if (!window.await(() -> window.clicks.get() > before, WAIT)) {
                throw new ProbeException("gui.timeout", "bench: the posted click did not reach the listener", null);
            }
            t[i] = window.clickTime(before + 1) - t0;
        }
        return java.util.Arrays.copyOfRange(t, 100, t.length);
    }

    private long[] typeFloor(int samples, int chars) throws InterruptedException, InvocationTargetException, ProbeException {
        window.typedTarget = chars;
        boolean[] focused = new boolean[1];
        EventQueue.invokeAndWait(() -> window.text.requestFocusInWindow());
        window.await(() -> {
            try {
                EventQueue.invokeAndWait(() -> focused[0] = window.text.isFocusOwner());
            } catch (InterruptedException | InvocationTargetException e) {
                return true;
            }
            return focused[0];
        }, WAIT);
        if (!focused[0]) {
            throw new ProbeException("gui.no_focus", "bench: the text field did not get the focus", null);
        }
        long[] t = new long[samples + 10];
        for (int i = 0; i < t.length; i++) {
            EventQueue.invokeAndWait(() -> window.text.setText(""));
            int before = window.typedReached.get();
            long t0 = System.nanoTime();
            long when = System.currentTimeMillis();
            for (int c = 0; c < chars; c++) {
                post(new KeyEvent(window.text, KeyEvent.KEY_TYPED, when, 0, KeyEvent.VK_UNDEFINED, (char) ('a' + c % 26)));
            }
            if (!window.await(() -> window.typedReached.get() > before, WAIT)) {
                throw new ProbeException("gui.timeout", "bench: the posted keys did not reach the document", null);
            }
            t[i] = window.typedAt.get() - t0;
        }
        return java.util.Arrays.copyOfRange(t, 10, t.length);
    }

    private static void post(AWTEvent e) {
        Toolkit.getDefaultToolkit().getSystemEventQueue().postEvent(e);
    }
}
