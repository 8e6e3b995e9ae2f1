package probe.input;

import java.awt.AWTEvent;
import java.awt.Component;
import java.awt.Dialog;
import java.awt.EventQueue;
import java.awt.Toolkit;
import java.awt.event.AWTEventListener;
import java.awt.event.FocusEvent;
import java.awt.event.HierarchyEvent;
import java.awt.event.KeyEvent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The key events of one op (strokes and typed characters, as {@link Keyboard} makes them), built
 * and delivered on the EDT, in order.
 * <p>
 * {@link #deliver()} dispatches the leading run of plain keys at once, each through
 * {@code Component.dispatchEvent} and so through the keyboard focus manager (retargeting to the
 * focus owner, type-ahead while a focus change is pending, key event dispatchers and
 * post-processors, then the component's key bindings, document filters and listeners), as a
 * posted key event is; it only saves each event its trip through the event queue. From the first
 * key that a binding may act on beyond the text (Enter, Tab: default buttons, focus traversal) on,
 * the events are posted, as before. When a key's handler opens a modal dialog, the keys not yet
 * dispatched are posted at that moment, so the dialog's own event loop delivers them, as it would
 * deliver keys a person typed ahead; and while the focus is moving (its events are queued), the
 * rest is posted, so that the focus manager's type-ahead sends it where the focus lands. Call only after checking that the target owns the focus and
 * can be reached: dispatching skips the queue's modality filter.
 */
public final class KeyRun {
    /** The id of {@code java.awt.SequencedEvent}, which wraps focus events from the native system. */
    private static final int SEQUENCED_EVENT = FocusEvent.FOCUS_LAST + 1;

    private final Component to;
    private final List<KeyEvent> events = new ArrayList<>();
    /** Index of the first event that is posted, not dispatched. */
    private int postFrom = -1;

    /** A run of keys for {@code to}, the focus owner. On the EDT. */
    public KeyRun(Component to) {
        this.to = to;
    }

    /** Adds one stroke of {@code key} with {@code modifiers} held: the events of {@link Keyboard#stroke}. */
    public KeyRun stroke(Keyboard.Key key, Collection<Keyboard.Modifier> modifiers) {
        Keyboard.stroke(to, key, modifiers, events::add);
        return this;
    }

    /**
     * Adds one stroke of a key whose binding may act beyond the text (Enter, Tab): it and every
     * event after it are posted.
     */
    public KeyRun strokeQueued(Keyboard.Key key, Collection<Keyboard.Modifier> modifiers) {
        if (postFrom < 0) {
            postFrom = events.size();
        }
        return stroke(key, modifiers);
    }

    /** Adds a KEY_TYPED of {@code c}: the event of {@link Keyboard#typed}. */
    public KeyRun typed(char c) {
        events.add(Keyboard.typedEvent(to, c));
        return this;
    }

    /** Posts every event to the system event queue. */
    public void post() {
        post(0);
    }

    /**
     * Dispatches the leading run now and posts the rest; see the class comment. On the EDT.
     *
     * @return whether some events were posted (they are still to be handled), as {@link
     *     Delivery.Input#deliver} reports it
     */
    public boolean deliver() {
        int direct = postFrom < 0 ? events.size() : postFrom;
        if (direct > 0) {
            EventQueue q = Toolkit.getDefaultToolkit().getSystemEventQueue();
            Handoff h = new Handoff();
            Toolkit.getDefaultToolkit().addAWTEventListener(h, AWTEvent.HIERARCHY_EVENT_MASK);
            try {
                for (int i = 0; i < direct && h.postFrom < 0; i++) {
                    if (focusMoving(q)) {
                        // Keys typed while the focus moves go where it lands: the focus manager's
                        // type-ahead retargets posted keys only.
                        post(i);
                        return true;
                    }
                    h.next = i + 1;
                    KeyEvent e = events.get(i);
                    try {
                        e.getComponent().dispatchEvent(e);
                    } catch (RuntimeException ex) {
                        // As the event dispatch thread treats an exception from a posted event's
                        // handler: reported, and the next event is still delivered.
                        Thread t = Thread.currentThread();
                        t.getUncaughtExceptionHandler().uncaughtException(t, ex);
                    }
                }
            } finally {
                Toolkit.getDefaultToolkit().removeAWTEventListener(h);
            }
            if (h.postFrom >= 0) {
                return true;
            }
        }
        post(direct);
        return direct < events.size();
    }

    /**
     * Whether a focus change is under way: its focus events (or the sequenced events that carry a
     * window's) are queued and not yet dispatched.
     */
    private static boolean focusMoving(EventQueue q) {
        return q.peekEvent(FocusEvent.FOCUS_LOST) != null || q.peekEvent(FocusEvent.FOCUS_GAINED) != null
                || q.peekEvent(SEQUENCED_EVENT) != null;
    }

    private void post(int from) {
        for (int i = from; i < events.size(); i++) {
            Input.post(events.get(i));
        }
    }

    /** Posts what is left the moment a modal dialog opens inside one of the run's handlers. */
    private final class Handoff implements AWTEventListener {
        int next;
        int postFrom = -1;

        @Override
        public void eventDispatched(AWTEvent e) {
            if (postFrom < 0 && e instanceof HierarchyEvent) {
                HierarchyEvent h = (HierarchyEvent) e;
                if ((h.getChangeFlags() & HierarchyEvent.SHOWING_CHANGED) != 0 && h.getChanged() == h.getComponent()
                        && h.getChanged() instanceof Dialog && ((Dialog) h.getChanged()).isModal() && h.getChanged().isShowing()) {
                    postFrom = next;
                    post(next);
                }
            }
        }
    }
}
