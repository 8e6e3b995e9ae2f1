package probe.input;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.AWTEvent;
import java.awt.Component;
import java.awt.Dialog;
import java.awt.EventQueue;
import java.awt.KeyboardFocusManager;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.PaintEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.swing.Timer;
import probe.api.Args;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.events.EventBus;
import probe.api.swing.ControlState;
import probe.api.swing.ProbeTasks;
import probe.api.swing.Target;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * The receipt of an action op ({@code gui.click}, {@code gui.type}, {@code gui.keypress}, and any op
 * that acts): what its input changed in the GUI, measured on the event dispatch thread from just
 * before the input to when the GUI has settled, and the settling that decides when the reply
 * comes. The GUI has settled when the input's direct effects have run (the op's {@link Delivery})
 * and then the event queue holds nothing more (what the handlers queued, repaints included), and
 * the keyboard focus has landed in a window the input opened; at most {@code settleMillis}
 * (default {@value #DEFAULT_SETTLE_MILLIS}) after the input was handled. A click that opens a modal dialog settles while the dialog is open: the
 * settling runs in the dialog's own event loop.
 *
 * <p>An op uses it in a few lines:
 * <pre>{@code
 * try (Effects effects = Effects.of(args, registry, bus)) {   // reads "effects" and "settleMillis"
 *     Delivery.run(deadline, () -> {
 *         effects.before();                                    // first thing of every EDT task of the op
 *         ... resolve, check, post the input ...
 *     });
 *     ... build data ...
 *     effects.finish(deadline, data);                          // settles; puts "effects" and "settled" into data
 *     return data;
 * }
 * }</pre>
 * {@link #before} takes the snapshot only the first time it is called, so an op that needs several
 * EDT tasks (focus first, open menus first) calls it at the top of each and the receipt covers all
 * of what the op did. {@code bus} may be null (probe.events absent): the receipt then has no
 * {@code events}. The receipt holds identifiers, the seven fields of {@link ControlState} (a password
 * field's {@code length}, never its text) and the bus's events, which never hold typed text.
 */
public final class Effects implements AutoCloseable {
    /** How long the reply waits at most for the GUI to settle after the input was handled, unless the op is told. */
    public static final long DEFAULT_SETTLE_MILLIS = 100;
    /** The most {@code settleMillis} may ask for. */
    public static final long MAX_SETTLE_MILLIS = 10_000;
    /** The most entries a list of the receipt holds; the rest are counted in {@code truncated}. */
    public static final int MAX_ENTRIES = 50;
    /** How long past the settling the reply waits for the EDT to take the last look, when it is busy. */
    private static final long GRACE_MILLIS = 50;
    /** How soon a settling that waits for a paint or for the focus looks again. */
    private static final int RETRY_MILLIS = 1;

    private static final int PENDING = 0;
    private static final int FINISHING = 1;
    private static final int ABANDONED = 2;

    private final ViewRegistry registry;
    private final EventBus bus;
    private final boolean wanted;
    private final long settleMillis;

    // Written by before() on the EDT; read on the EDT by the settling, and by the op's thread once it ended.
    private volatile boolean begun;
    private long beganNanos;
    private List<ControlState> statesBefore;
    private List<Window> windowsBefore;
    private String focusBefore;
    private volatile AutoCloseable subscription;
    private final List<ObjectNode> events = new ArrayList<>();
    private int eventsLeftOut;
    private final Set<String> withheld = ConcurrentHashMap.newKeySet();

    /** What the settling saw; handed from the EDT to the op's thread through its latch. */
    private static final class After {
        boolean settled;
        long settledNanos;
        List<ControlState> states;
        List<Window> windows;
        String focus;
    }

    private Effects(ViewRegistry registry, EventBus bus, boolean wanted, long settleMillis) {
        this.registry = registry;
        this.bus = bus;
        this.wanted = wanted;
        this.settleMillis = settleMillis;
    }

    /**
     * The receipt the op's {@code args} ask for: {@code effects} (default true; false leaves the
     * receipt out) and {@code settleMillis} (0 to {@value #MAX_SETTLE_MILLIS}, default
     * {@value #DEFAULT_SETTLE_MILLIS}; 0 replies as soon as the input was handled).
     *
     * @throws ProbeException {@code gui.invalid_args} for a value of the wrong type or range
     */
    public static Effects of(ObjectNode args, ViewRegistry registry, EventBus bus) throws ProbeException {
        Args a = Args.of(args);
        return new Effects(registry, bus, a.bool("effects", true), a.integer("settleMillis", DEFAULT_SETTLE_MILLIS, 0, MAX_SETTLE_MILLIS));
    }

    /** Whether the op was asked for the receipt (args {@code effects}, default true). */
    public boolean wanted() {
        return wanted;
    }

    /**
     * Notes the GUI as it is now: the named controls' fields, the showing windows, the focus owner;
     * and from now on collects the bus's events. On the EDT, just before the op acts. Only the
     * first call counts.
     */
    public void before() {
        if (begun) {
            return;
        }
        begun = true;
        beganNanos = System.nanoTime();
        windowsBefore = registry.windows();
        if (wanted) {
            statesBefore = registry.states();
            focusBefore = focusName();
            if (bus != null) {
                subscription = bus.subscribeDirect(List.of("*"), this::collect);
            }
        }
    }

    /**
     * {@link #before()}, and the target {@code identifier} names, resolved as {@link
     * ViewRegistry#resolve(String)} does: the first call takes the first look and resolves from
     * one walk of the windows ({@link ViewRegistry#resolve(String, List)}), a later one only
     * resolves. On the EDT, in place of {@code before(); registry.resolve(identifier)}.
     *
     * @since 1.3
     */
    public Target before(String identifier) throws ProbeException {
        if (begun || !wanted) {
            before();
            return registry.resolve(identifier);
        }
        begun = true;
        beganNanos = System.nanoTime();
        windowsBefore = registry.windows();
        List<ControlState> states = new ArrayList<>();
        try {
            return registry.resolve(identifier, states);
        } finally {
            // Taken before the lookup, and kept when it fails: the receipt stays whole either way.
            statesBefore = states;
            focusBefore = focusName();
            if (bus != null) {
                subscription = bus.subscribeDirect(List.of("*"), this::collect);
            }
        }
    }

    private void collect(ObjectNode event) {
        synchronized (events) {
            if (events.size() < MAX_ENTRIES) {
                events.add(event);
            } else {
                eventsLeftOut++;
            }
        }
    }

    /**
     * The control {@code identifier} reports the length of its text instead of the text: the field
     * {@code gui.type} typed into (typed text is never part of a reply). Null is ignored. Any thread,
     * before {@link #finish}.
     */
    public void withhold(String identifier) {
        if (identifier != null) {
            withheld.add(identifier);
        }
    }

    /**
     * Waits, off the EDT and within {@code deadline}, until the GUI has settled (at most {@code
     * settleMillis}), then puts into {@code data} whether it did ({@code settled}, unless
     * {@code settleMillis} was 0) and the receipt ({@code effects}, unless {@code effects} was
     * false). Call after the op's input was handled. When the EDT stays busy past the settling,
     * the receipt has only {@code events} and {@code settledMillis}, and {@code settled} is false.
     */
    public void finish(Deadline deadline, ObjectNode data) throws ProbeException {
        if (!begun || !wanted && settleMillis == 0) {
            return;
        }
        if (EventQueue.isDispatchThread()) {
            throw new IllegalStateException("Effects.finish on the event dispatch thread would wait for itself");
        }
        long bound = Math.min(settleMillis, deadline.remainingMillis());
        Settling s = new Settling(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(bound));
        ProbeTasks.later(s);
        After after = null;
        try {
            if (s.done.await(Math.min(bound + GRACE_MILLIS, Math.max(deadline.remainingMillis(), 1)), TimeUnit.MILLISECONDS)
                    || !s.state.compareAndSet(PENDING, ABANDONED)) {
                // Done, or the EDT is taking the last look right now: it ends in a moment.
                s.done.await();
                after = s.after;
            }
        } catch (InterruptedException e) {
            s.state.set(ABANDONED);
            Thread.currentThread().interrupt();
            throw new ProbeException(ErrorCodes.INTERNAL, "interrupted while waiting for the GUI to settle");
        } finally {
            close();
        }
        if (settleMillis > 0) {
            data.put("settled", after != null && after.settled);
        }
        if (wanted) {
            data.set("effects", receipt(after));
        }
    }

    /** Stops collecting events. Idempotent; an op that fails leaves nothing behind. */
    @Override
    public void close() {
        AutoCloseable sub = subscription;
        subscription = null;
        if (sub != null) {
            try {
                sub.close();
            } catch (Exception e) {
                // The bus has stopped: nothing more arrives either way.
            }
        }
    }

    /** Runs on the EDT until the GUI has settled or the time is up, then takes the last look. */
    private final class Settling implements Runnable {
        final AtomicInteger state = new AtomicInteger(PENDING);
        final CountDownLatch done = new CountDownLatch(1);
        final long endNanos;
        volatile After after;
        private Timer retry;

        Settling(long endNanos) {
            this.endNanos = endNanos;
        }

        private void later() {
            if (retry == null) {
                retry = new Timer(RETRY_MILLIS, e -> run());
                retry.setRepeats(false);
            }
            retry.restart();
        }

        @Override
        public void run() {
            if (state.get() != PENDING) {
                close();
                return;
            }
            boolean settled = false;
            if (System.nanoTime() - endNanos < 0) {
                AWTEvent next = Toolkit.getDefaultToolkit().getSystemEventQueue().peekEvent();
                if (next instanceof PaintEvent) {
                    // Painting is queued at a lower priority than an invokeLater, which would run first
                    // again and again: look again shortly, once the paint has run.
                    later();
                    return;
                }
                if (next != null && ProbeTasks.othersQueued()) {
                    // Behind what is queued now: the next look comes when it has run. Only the
                    // probe's own tasks queued (other clients' ops, their looks) is as good as empty:
                    // they are not what the input caused, and while several clients work they
                    // would keep the queue from ever emptying.
                    ProbeTasks.later(this);
                    return;
                }
                if (!focusSettled()) {
                    // Only the window system's focus event is awaited: look again shortly, without spinning.
                    later();
                    return;
                }
                settled = true;
            }
            if (!state.compareAndSet(PENDING, FINISHING)) {
                close();
                return;
            }
            try {
                After a = new After();
                a.settled = settled;
                a.settledNanos = System.nanoTime() - beganNanos;
                if (wanted) {
                    close();
                    a.windows = registry.windows();
                    a.states = registry.states();
                    a.focus = focusName();
                }
                after = a;
            } finally {
                done.countDown();
            }
        }
    }

    /**
     * Whether the focus is where the input sends it: in the window it opened (or one that window
     * owns). Swing learns it from the window system a little after the window shows. A window that
     * closes is not waited for: where the focus goes then is the window manager's choice, and
     * without one (Xvfb) it goes nowhere.
     */
    private boolean focusSettled() {
        for (Window w : registry.windows()) {
            if (!windowsBefore.contains(w) && w.isFocusableWindow() && w.isAutoRequestFocus()) {
                Window focused = focusedWindow();
                return focused != null && owns(w, focused);
            }
        }
        return true;
    }

    private static boolean owns(Window w, Window descendant) {
        for (Window x = descendant; x != null; x = x.getOwner()) {
            if (x == w) {
                return true;
            }
        }
        return false;
    }

    private static Window focusedWindow() {
        return KeyboardFocusManager.getCurrentKeyboardFocusManager().getFocusedWindow();
    }

    private String focusName() {
        Component owner = Focus.owner();
        return owner == null ? null : registry.identifierOf(owner);
    }

    // ---- the receipt, built off the EDT from the two looks ----

    private ObjectNode receipt(After after) {
        ObjectNode r = Wire.object();
        Counter left = new Counter();
        if (after != null) {
            ArrayNode opened = r.putArray("opened");
            ArrayNode closed = r.putArray("closed");
            for (Window w : after.windows) {
                if (w instanceof Dialog && !windowsBefore.contains(w)) {
                    add(opened, dialogName((Dialog) w), left);
                }
            }
            for (Window w : windowsBefore) {
                if (w instanceof Dialog && !after.windows.contains(w)) {
                    add(closed, dialogName((Dialog) w), left);
                }
            }
            ObjectNode focus = r.putObject("focus");
            focus.put("before", focusBefore);
            focus.put("after", after.focus);
            diff(r, statesBefore, after.states, withheld, left);
        }
        if (bus != null) {
            ArrayNode list = r.putArray("events");
            synchronized (events) {
                events.forEach(list::add);
                left.n += eventsLeftOut;
            }
        }
        r.put("settledMillis", TimeUnit.NANOSECONDS.toMillis(after != null ? after.settledNanos : System.nanoTime() - beganNanos));
        if (left.n > 0) {
            r.put("truncated", left.n);
        }
        return r;
    }

    private static final class Counter {
        int n;
    }

    private static void add(ArrayNode list, String s, Counter left) {
        if (list.size() < MAX_ENTRIES) {
            list.add(s);
        } else {
            left.n++;
        }
    }

    /**
     * {@code changed}, {@code appeared} and {@code disappeared}: the named controls compared by
     * identifier (the first of several that share one). The two lists are in the registry's order,
     * which an input rarely changes: they are compared place by place as long as the identifiers
     * match, and by identifier from the first place where they do not.
     */
    static void diff(ObjectNode r, List<ControlState> before, List<ControlState> after, Set<String> withheld, Counter left) {
        ArrayNode changed = r.putArray("changed");
        ArrayNode appeared = r.putArray("appeared");
        ArrayNode disappeared = r.putArray("disappeared");
        int same = 0;
        int n = Math.min(before.size(), after.size());
        while (same < n && before.get(same).identifier().equals(after.get(same).identifier())) {
            compare(changed, before.get(same), after.get(same), withheld, left);
            same++;
        }
        if (same == before.size() && same == after.size()) {
            return;
        }
        Map<String, ControlState> was = new HashMap<>((before.size() - same) * 2);
        for (int i = before.size() - 1; i >= same; i--) {
            was.put(before.get(i).identifier(), before.get(i));
        }
        Map<String, Boolean> seen = new HashMap<>((after.size() - same) * 2);
        Set<String> prefix = null;
        for (int i = same; i < after.size(); i++) {
            ControlState now = after.get(i);
            if (seen.put(now.identifier(), Boolean.TRUE) != null) {
                continue;
            }
            ControlState then = was.get(now.identifier());
            if (then == null) {
                if (prefix == null) {
                    // Only when something is new: the identifiers already compared place by place.
                    prefix = new HashSet<>();
                    for (int k = 0; k < same; k++) {
                        prefix.add(before.get(k).identifier());
                    }
                }
                if (!prefix.contains(now.identifier())) {
                    add(appeared, now.identifier(), left);
                }
            } else {
                compare(changed, then, now, withheld, left);
            }
        }
        for (int i = same; i < before.size(); i++) {
            String id = before.get(i).identifier();
            if (!seen.containsKey(id) && was.remove(id) != null) {
                add(disappeared, id, left);
            }
        }
    }

    /** Adds to {@code changed} each of the seven fields that differs between {@code then} and {@code now}. */
    private static void compare(ArrayNode changed, ControlState then, ControlState now, Set<String> withheld, Counter left) {
        if (then.equals(now)) {
            return;
        }
        for (String field : ControlState.FIELDS) {
            if (!then.differs(now, field)) {
                continue;
            }
            if (field.equals("label") && then.differs(now, "value") && Objects.equals(then.label(), then.value())
                    && Objects.equals(now.label(), now.value())) {
                // A label's text is both its value and its label: one change, reported as its value.
                continue;
            }
            if (changed.size() >= MAX_ENTRIES) {
                left.n++;
                continue;
            }
            ObjectNode c = changed.addObject();
            c.put("identifier", now.identifier());
            if (field.equals("value") && withheld.contains(now.identifier())) {
                // The text typed: only how long it is, as for a password field.
                c.put("field", "length");
                c.put("before", length(then.value()));
                c.put("after", length(now.value()));
                continue;
            }
            c.put("field", field);
            c.set("before", json(then.field(field)));
            c.set("after", json(now.field(field)));
        }
    }

    private static int length(Object v) {
        return v == null ? 0 : v.toString().length();
    }

    private static JsonNode json(Object v) {
        if (v == null) {
            return Wire.mapper().getNodeFactory().nullNode();
        }
        if (v instanceof Boolean) {
            return Wire.mapper().getNodeFactory().booleanNode((Boolean) v);
        }
        if (v instanceof Integer) {
            return Wire.mapper().getNodeFactory().numberNode((Integer) v);
        }
        if (v instanceof Long) {
            return Wire.mapper().getNodeFactory().numberNode((Long) v);
        }
        if (v instanceof Double) {
            return Wire.mapper().getNodeFactory().numberNode((Double) v);
        }
        return Wire.mapper().getNodeFactory().textNode(v.toString());
    }

    /** A dialog's name as {@code gui.dialog.current} gives it: {@code createVM} for {@code dialog.createVM}. */
    static String dialogName(Dialog d) {
        String n = d.getName();
        return n != null && n.startsWith("dialog.") && n.length() > "dialog.".length() ? n.substring("dialog.".length()) : n;
    }
}
