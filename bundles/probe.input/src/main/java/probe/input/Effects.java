package probe.input;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.EventQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import probe.api.ErrorCodes;
import probe.api.OpDescription;
import probe.api.ProbeException;
import probe.api.events.EventBus;
import probe.api.swing.ControlState;
import probe.api.swing.Target;
import probe.api.swing.ViewRegistry;

/**
 * The receipt of an action op ({@code gui.click}, {@code gui.type}, {@code gui.keypress}, and any op
 * that acts): what its input changed in the GUI, measured on the event dispatch thread from just
 * before the input to when the GUI has settled, and the settling that decides when the reply
 * comes. It puts three parts together, each with one job: the looks at the GUI ({@link GuiState}, with
 * the bus's events meanwhile), the wait until the GUI has settled ({@link Settling}: the input's
 * direct effects have run, the event queue holds nothing more, the focus has landed and nothing the
 * input began to open is still on its way, at most {@code settleMillis} after the input was
 * handled, longer for what is opening or a busy event thread: {@link Settling#LATE_MILLIS}) and the
 * difference of the two looks ({@link ReceiptText}). A click that opens a modal dialog settles while
 * the dialog is open: the settling runs in the dialog's own event loop.
 *
 * <p>An op uses it in a few lines ({@link ActingOp} writes the opening and the finish for the ops that extend it):
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
 * {@code events}. The receipt holds identifiers, the fields of {@link ControlState} (a password
 * field's {@code length}, never its text) and the bus's events, which never hold typed text.
 */
public final class Effects implements AutoCloseable {
    /** The most entries a list of the receipt holds; the rest are counted in {@code truncated}. */
    public static final int MAX_ENTRIES = 50;

    private final ViewRegistry registry;
    private final EventBus bus;
    private final boolean wanted;
    private final long settleMillis;
    private final EventLog events = new EventLog();
    private final Set<String> withheld = ConcurrentHashMap.newKeySet();

    // Written by before() on the EDT; read on the EDT by the settling, and by the op's thread once it ended.
    private volatile boolean begun;
    private long beganNanos;
    private GuiState first;
    /** The identifier the action was aimed at (the first {@link #before(String)}'s), for the receipt. */
    private String target;
    // The op's thread only.
    private boolean finished;

    private Effects(ViewRegistry registry, EventBus bus, boolean wanted, long settleMillis) {
        this.registry = registry;
        this.bus = bus;
        this.wanted = wanted;
        this.settleMillis = settleMillis;
    }

    /**
     * The receipt the op's {@code args} ask for: {@code effects} (false leaves the receipt out) and
     * {@code settleMillis} (0 replies as soon as the input was handled). An op that declares
     * {@code "receipt": true} in its description ({@link OpDescription#receipt}) gets both checked
     * (0 to {@link OpDescription#MAX_SETTLE_MILLIS}) and filled in by the transport before it runs;
     * here they are read as given, and when absent (an op without a description) the receipt's
     * defaults apply: the receipt, and {@link OpDescription#DEFAULT_SETTLE_MILLIS}.
     */
    public static Effects of(ObjectNode args, ViewRegistry registry, EventBus bus) {
        JsonNode effects = args.get("effects");
        JsonNode settle = args.get("settleMillis");
        return new Effects(registry, bus, effects == null || effects.isNull() || effects.booleanValue(),
                settle == null || settle.isNull() ? OpDescription.DEFAULT_SETTLE_MILLIS : settle.longValue());
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
        first = GuiState.take(registry, wanted);
        listen();
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
        if (target == null) {
            target = identifier;
        }
        if (begun || !wanted) {
            before();
            return registry.resolve(identifier);
        }
        begun = true;
        beganNanos = System.nanoTime();
        var windows = registry.windows();
        List<ControlState> states = new ArrayList<>();
        try {
            return registry.resolve(identifier, states);
        } finally {
            // Taken before the lookup, and kept when it fails: the receipt stays whole either way.
            first = new GuiState(registry, windows, states, GuiState.focus(registry));
            listen();
        }
    }

    private void listen() {
        if (wanted && bus != null) {
            events.start(bus);
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
     * settleMillis}; up to {@link Settling#LATE_MILLIS} while a submenu or a window the input began
     * to open is on its way, or the EDT is busy), then puts into {@code data} whether it did
     * ({@code settled}, unless {@code settleMillis} was 0) and the receipt ({@code effects}, unless
     * {@code effects} was false). Call after the op's input was handled. When the EDT stays busy
     * past that too, the receipt has only {@code events}, {@code settledMillis} and {@code
     * busyMillis}, and {@code settled} is false.
     * Only the first call counts: an op that reads the GUI once it has settled calls it before it
     * reads, and {@link ActingOp}'s call after the op is then nothing.
     */
    public void finish(Deadline deadline, ObjectNode data) throws ProbeException {
        if (finished) {
            return;
        }
        finished = true;
        if (!begun || !wanted && settleMillis == 0) {
            return;
        }
        if (EventQueue.isDispatchThread()) {
            throw new IllegalStateException("Effects.finish on the event dispatch thread would wait for itself");
        }
        Settling.Result after;
        try {
            long bound = Math.min(settleMillis, deadline.remainingMillis());
            // What the input began to open, and a busy event thread, are waited for longer (not when the reply is to come at once).
            long late = settleMillis == 0 ? 0 : Math.min(Math.max(settleMillis, Settling.LATE_MILLIS), deadline.remainingMillis());
            after = Settling.await(registry, first, wanted, beganNanos, bound, late, deadline, this::close);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProbeException(ErrorCodes.INTERNAL, "interrupted while waiting for the GUI to settle");
        } finally {
            close();
        }
        if (settleMillis > 0) {
            data.put("settled", after.settled());
        }
        if (wanted) {
            data.set("effects", ReceiptText.of(first, after, bus != null ? events : null, withheld, target, System.nanoTime() - beganNanos));
        }
    }

    /** Stops collecting events. Idempotent; an op that fails leaves nothing behind. */
    @Override
    public void close() {
        events.close();
    }
}
