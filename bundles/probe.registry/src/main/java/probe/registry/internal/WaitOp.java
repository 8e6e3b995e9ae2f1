package probe.registry.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.EventQueue;
import java.awt.Window;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.swing.Timer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import probe.api.ErrorCodes;
import probe.api.Op;
import probe.api.OpContext;
import probe.api.Ops;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.swing.Edt;
import probe.api.swing.Target;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * {@code gui.wait}: waits server-side until a control is showing, hidden, enabled or disabled, or a
 * dialog is open or closed, so a script never sleeps; or until a control has a value ({@link
 * ValueWait}), or the whole GUI is idle ({@link IdleWait}). A Swing timer checks on the EDT every
 * {@value #POLL_MILLIS} ms; the connection's thread only waits for the answer, without spinning.
 * A name that no loaded catalogue holds, and that does not show now, is answered at once with
 * {@code gui.identifier_not_found} and the nearest names: the app will never show it.
 */
@Component(configurationPolicy = ConfigurationPolicy.IGNORE, service = ProbeOp.class)
@Op(Ops.WAIT)
public final class WaitOp implements ProbeOp {
    static final int POLL_MILLIS = 20;

    private final ViewRegistry registry;
    private final Catalogues catalogues;

    @Activate
    public WaitOp(@Reference(name = "registry") ViewRegistry registry, @Reference(name = "catalogues") Catalogues catalogues) {
        this.registry = registry;
        this.catalogues = catalogues;
    }

    /** What is waited for, and how the state is read (on the EDT). */
    private interface Condition {
        /** The state now, in words; {@code wanted} when the wait is over. */
        String state() throws ProbeException;
    }

    @Override
    public JsonNode execute(OpContext ctx, ObjectNode args) throws ProbeException {
        // Checked against the description (OSGI-INF/probe/ops/gui.wait.json): each argument's type and range, a state
        // one of the seven, timeoutMillis filled in. What it cannot say is which go together: that is checked here.
        String state = args.path("state").textValue();
        String named = args.path("identifier").textValue();
        boolean dialogState = "open".equals(state) || "closed".equals(state);
        // With open or closed, the identifier names a dialog (createVM, or dialog.createVM as gui.list shows it):
        // the states say which, so a line's two words (wait createVM open) need no option to tell.
        String dialog = named != null && dialogState && !args.has("dialog") ? named.replaceFirst("^dialog\\.", "")
                : args.path("dialog").textValue();
        String identifier = named != null && dialogState && !args.has("dialog") ? null : named;
        long timeout = args.get("timeoutMillis").longValue();
        if (args.has("value") || args.has("quietMillis") || "idle".equals(state)) {
            return valueOrIdle(ctx, args, identifier, dialog, timeout);
        }
        String wanted;
        Condition condition;
        Catalogue catalogue = catalogues.current();
        if (identifier != null && dialog == null) {
            wanted = state(state, "identifier", "showing", "hidden", "enabled", "disabled");
            condition = () -> controlState(identifier, wanted);
            if (catalogue.loaded() && !catalogue.knows(identifier)) {
                condition = unlessAbsent(condition, "hidden", () -> NotFound.neverShown(identifier, catalogue));
            }
        } else if (dialog != null && identifier == null) {
            wanted = state(state, "dialog", "open", "closed");
            condition = () -> dialogState(dialog);
            if (catalogue.loaded() && !catalogue.knowsDialog(dialog)) {
                condition = unlessAbsent(condition, "closed", () -> NotFound.noSuchDialog(dialog, catalogue));
            }
        } else {
            throw ProbeException.invalidArgs("give 'identifier' with state showing, hidden, enabled or disabled (or with a value),"
                    + " 'dialog' with state open or closed, or state idle");
        }
        if (wanted == null) {
            throw ProbeException.invalidArgs("argument 'state' is required");
        }
        long start = System.nanoTime();
        String last = poll(condition, wanted, timeout, ctx.timeoutMillis());
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        if (!wanted.equals(last)) {
            ObjectNode details = ProbeException.newDetails().put("wanted", wanted).put("lastState", last).put("timeoutMillis", timeout);
            throw new ProbeException(ErrorCodes.TIMEOUT, "'" + (identifier != null ? identifier : "dialog." + dialog) + "' was still "
                    + last + " after " + timeout + " ms (waited for " + wanted + ")", details);
        }
        ObjectNode done = Wire.object().put("state", wanted).put("waitedMillis", waited);
        return dialog != null ? done.put("dialog", dialog) : done;
    }

    /**
     * The state to wait for, one of those that go with {@code with} (the description allows every
     * state of either kind), or null when none was given.
     */
    private static String state(String state, String with, String... allowed) throws ProbeException {
        if (state != null && !java.util.Arrays.asList(allowed).contains(state)) {
            throw ProbeException.invalidArgs("with '" + with + "', argument 'state' must be one of " + String.join(", ", allowed)
                    + ", got '" + state + "'");
        }
        return state;
    }

    /**
     * A name no catalogue holds: when its first reading is {@code absent} (hidden, closed), nothing
     * will ever show it, so the wait fails at once with {@code notFound} instead of running out its
     * time. One that shows now (a window of a bundle without a catalogue) is waited for as any other.
     */
    private static Condition unlessAbsent(Condition condition, String absent, java.util.function.Supplier<ProbeException> notFound) {
        boolean[] first = {true};
        return () -> {
            String state = condition.state();
            if (first[0] && absent.equals(state)) {
                throw notFound.get();
            }
            first[0] = false;
            return state;
        };
    }

    /**
     * {@code {identifier, value}}: until the control's value is {@code value} ({@link ValueWait});
     * {@code {state: "idle", quietMillis}}: until the GUI has been idle that long ({@link IdleWait}).
     */
    private JsonNode valueOrIdle(OpContext ctx, ObjectNode args, String identifier, String dialog, long timeout) throws ProbeException {
        if (args.has("value")) {
            // A string, number or boolean: the description's "scalar".
            JsonNode v = args.get("value");
            if (identifier == null || dialog != null || args.has("state") || args.has("quietMillis")) {
                throw ProbeException.invalidArgs("'value' goes with 'identifier' alone: {\"identifier\": \"detail.label.state\", \"value\": \"Running\"}");
            }
            return ValueWait.await(registry, identifier, v.asText(), timeout, ctx.timeoutMillis());
        }
        if (identifier != null || dialog != null) {
            throw ProbeException.invalidArgs("state 'idle' is the whole GUI's: give it without 'identifier' or 'dialog'");
        }
        if (!"idle".equals(args.path("state").textValue())) {
            throw ProbeException.invalidArgs("'quietMillis' goes with state 'idle'");
        }
        long quiet = args.has("quietMillis") ? args.get("quietMillis").longValue() : DEFAULT_QUIET_MILLIS;
        return IdleWait.await(quiet, timeout, ctx.timeoutMillis());
    }

    /** How long the GUI must be idle for {@code state: "idle"}, unless told. */
    static final long DEFAULT_QUIET_MILLIS = 50;

    /** Returns {@code wanted} once the condition reaches it, else the last state seen when the time is up. */
    private static String poll(Condition condition, String wanted, long timeout, long edtTimeout) throws ProbeException {
        CompletableFuture<String> done = new CompletableFuture<>();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        String[] last = {"unknown"};
        Timer timer = new Timer(POLL_MILLIS, null);
        timer.addActionListener(e -> {
            try {
                last[0] = condition.state();
            } catch (ProbeException | RuntimeException x) {
                timer.stop();
                done.completeExceptionally(x);
                return;
            }
            if (wanted.equals(last[0]) || System.nanoTime() >= deadline) {
                timer.stop();
                done.complete(last[0]);
            }
        });
        timer.setInitialDelay(0);
        EventQueue.invokeLater(timer::start);
        return answer(done, timeout, edtTimeout, timer::stop);
    }

    /**
     * The answer of a wait that runs on the EDT: what it completed {@code done} with, or the
     * ProbeException it failed with. It answers within {@code timeout} unless the EDT is stuck;
     * then the EDT hop's own timeout applies ({@code gui.timeout} after {@code edtTimeout} more).
     * Either way {@code stop} runs on the EDT afterwards.
     */
    static <T> T answer(CompletableFuture<T> done, long timeout, long edtTimeout, Runnable stop) throws ProbeException {
        try {
            return done.get(timeout + edtTimeout, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw Edt.timeout(edtTimeout);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ProbeException) {
                throw (ProbeException) e.getCause();
            }
            throw new ProbeException(ErrorCodes.INTERNAL, "gui.wait failed: " + e.getCause(), null, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProbeException(ErrorCodes.INTERNAL, "interrupted while waiting");
        } finally {
            EventQueue.invokeLater(stop);
        }
    }

    private String controlState(String identifier, String wanted) throws ProbeException {
        Target t;
        try {
            t = registry.resolve(identifier);
        } catch (ProbeException e) {
            if (ErrorCodes.IDENTIFIER_NOT_FOUND.equals(e.code())) {
                return "hidden";
            }
            throw e;
        }
        java.awt.Component c = t.component();
        boolean showing = c.isShowing() || !t.menuPath().isEmpty();
        switch (wanted) {
            case "showing":
            case "hidden":
                return showing ? "showing" : "hidden";
            default:
                return !showing ? "hidden" : c.isEnabled() ? "enabled" : "disabled";
        }
    }

    private String dialogState(String name) {
        for (Window w : registry.windows()) {
            if (w instanceof java.awt.Dialog && name.equals(registry.dialogName((java.awt.Dialog) w))) {
                return "open";
            }
        }
        return "closed";
    }
}
