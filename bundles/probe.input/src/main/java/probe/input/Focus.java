package probe.input;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.KeyboardFocusManager;
import java.awt.Window;
import java.util.concurrent.atomic.AtomicReference;
import javax.swing.JComboBox;
import javax.swing.JSpinner;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.Edt;
import probe.api.swing.ViewRegistry;

/** The keyboard focus: who has it, and giving it to a control before keys are sent there. */
public final class Focus {
    private static final long OWNER_FOR_MESSAGE_MILLIS = 500;
    /** How long keys for "whatever has the focus" wait for the focus to land, as after a window opened. */
    public static final long SETTLE_MILLIS = 1000;

    private Focus() {
    }

    /**
     * The control that owns the keyboard focus, or null: none when nothing does, or when only a
     * window itself does (nothing inside it takes keys). On the EDT.
     */
    public static Component owner() {
        Component owner = KeyboardFocusManager.getCurrentKeyboardFocusManager().getFocusOwner();
        return owner instanceof Window ? null : owner;
    }

    /**
     * The component that takes the keys a person types at {@code c}: the text field of a
     * spinner's editor, the editor of an editable combo box, else {@code c} itself. On the EDT.
     */
    public static Component keyTarget(Component c) {
        if (c instanceof JSpinner && ((JSpinner) c).getEditor() instanceof JSpinner.DefaultEditor) {
            return ((JSpinner.DefaultEditor) ((JSpinner) c).getEditor()).getTextField();
        }
        if (c instanceof JComboBox && ((JComboBox<?>) c).isEditable() && ((JComboBox<?>) c).getEditor() != null) {
            return ((JComboBox<?>) c).getEditor().getEditorComponent();
        }
        return c;
    }

    /** A component's identifier (its name), else its class, so a message can name it; {@code nothing} for null. */
    public static String describe(Component c) {
        if (c == null) {
            return "nothing";
        }
        return c.getName() != null ? c.getName() : "an unnamed " + c.getClass().getSimpleName();
    }

    /**
     * Gives {@code c} the keyboard focus and waits, within {@code deadline}, until it owns it.
     * When its window is not the focused one, the window is raised and asked for focus too, as a
     * person would bring it forward first. Call off the EDT.
     *
     * @throws ProbeException {@code gui.no_focus} when {@code c} does not take focus, with the
     *     component that has it instead in {@code details.focusOwner}
     */
    public static void focus(Component c, Deadline deadline) throws ProbeException {
        boolean asked = deadline.edt(() -> {
            if (c.isFocusOwner()) {
                return true;
            }
            if (!c.isFocusable()) {
                return false;
            }
            Window w = ViewRegistry.windowOf(c);
            if (w != null && !w.isFocused()) {
                // requestFocusInWindow never changes the focused window: raise it and ask across
                // windows. On X11 that request answers false and still succeeds: the wait decides.
                w.toFront();
                c.requestFocus();
                return true;
            }
            return c.requestFocusInWindow();
        });
        if (!asked) {
            throw noFocus(c, ownerNow(), "it does not accept the keyboard focus");
        }
        if (!deadline.until(c::isFocusOwner)) {
            throw noFocus(c, ownerNow(), "it did not get the keyboard focus within " + deadline.timeoutMillis() + " ms");
        }
    }

    /**
     * Waits until some control owns the keyboard focus, for at most {@link #SETTLE_MILLIS} within
     * {@code deadline}: a window that has just opened (a dialog a client saw open a moment ago) gets
     * the focus a little after it shows, and a person's keys go where it lands. Call off the EDT.
     *
     * @return whether a control owns the focus now
     * @throws ProbeException {@code gui.timeout} naming the op's budget when the EDT does not answer
     */
    public static boolean awaitOwner(Deadline deadline) throws ProbeException {
        return deadline.until(() -> owner() != null, SETTLE_MILLIS);
    }

    /**
     * What keys go to, found on the EDT: a control, or (for the first find only) null when none is
     * named and nothing has the focus yet.
     *
     * @since 1.5
     */
    @FunctionalInterface
    public interface Find<C extends Component> {
        C find() throws ProbeException;
    }

    /**
     * Sends the keys to {@code c}, on the EDT. After {@link #focus} it checks that {@code c} (or the
     * control named) still owns the focus: the focus may have moved on since.
     *
     * @since 1.5
     */
    @FunctionalInterface
    public interface Send<C extends Component, T> {
        Delivery.Sent<T> to(C c) throws ProbeException;
    }

    /**
     * Keys for a control that owns the keyboard focus, sent as a person's go: in one EDT hop when
     * the control {@code first} finds owns the focus already; when nothing has the focus yet (a
     * window has just opened), once it has landed ({@link #awaitOwner}) on the control {@code
     * again} finds; and when the control found does not own it, once it has been given it ({@link
     * #focus}). Each hop waits until the keys it sent were handled ({@link Delivery#run}). Call off
     * the EDT.
     *
     * @param first the find of the first EDT task (an op's {@code effects.before} comes first in it)
     * @param again the find once the focus has had time to land: never null (the op's own
     *     {@code gui.no_focus} instead)
     * @return what {@code send} handed back
     * @since 1.5
     */
    public static <C extends Component, T> T keys(Deadline deadline, Find<C> first, Find<C> again, Send<C, T> send)
            throws ProbeException {
        // The control found that does not own the focus (null: nothing does yet), when a hop sent nothing.
        AtomicReference<C> unfocused = new AtomicReference<>();
        Delivery.Sent<T> sent = Delivery.run(deadline, () -> toOwner(first.find(), send, unfocused));
        if (!sent.posted() && unfocused.get() == null) {
            awaitOwner(deadline);
            sent = Delivery.run(deadline, () -> toOwner(again.find(), send, unfocused));
        }
        if (!sent.posted()) {
            C c = unfocused.get();
            focus(c, deadline);
            sent = Delivery.run(deadline, () -> send.to(c));
        }
        return sent.value();
    }

    private static <C extends Component, T> Delivery.Sent<T> toOwner(C c, Send<C, T> send, AtomicReference<C> unfocused)
            throws ProbeException {
        if (c == null || owner() != c) {
            unfocused.set(c);
            return Delivery.nothing(null);
        }
        return send.to(c);
    }

    /** The focus owner for a message, asked after the deadline: briefly, and null when the EDT does not answer. */
    private static Component ownerNow() {
        try {
            return Edt.call(Focus::owner, OWNER_FOR_MESSAGE_MILLIS);
        } catch (ProbeException e) {
            return null;
        }
    }

    /** {@code gui.no_focus} for {@code wanted}, naming {@code owner}, which has the focus instead. */
    public static ProbeException noFocus(Component wanted, Component owner, String why) {
        ObjectNode details = ProbeException.newDetails();
        details.put("identifier", wanted == null ? null : wanted.getName());
        details.put("focusOwner", owner == null ? null : describe(owner));
        return new ProbeException(ErrorCodes.NO_FOCUS, "'" + describe(wanted) + "' cannot take the keys: " + why
                + "; the focus is with " + (owner == null ? "nothing" : "'" + describe(owner) + "'"), details);
    }
}
