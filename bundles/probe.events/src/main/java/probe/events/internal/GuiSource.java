package probe.events.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.AWTEvent;
import java.awt.Component;
import java.awt.Dialog;
import java.awt.EventQueue;
import java.awt.KeyboardFocusManager;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.AWTEventListener;
import java.awt.event.ComponentEvent;
import java.awt.event.WindowEvent;
import java.beans.PropertyChangeEvent;
import java.beans.PropertyChangeListener;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Map;
import java.util.WeakHashMap;
import javax.swing.Timer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import probe.api.events.EventBus;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * The GUI's own events, whoever caused them (the probe, a real mouse, the app's code, a timer):
 * an AWT event listener sees every window shown, hidden or disposed, and the focus manager every
 * change of the focus owner.
 *
 * <ul>
 * <li>{@code dialog.opened {name, title, modal, ...context}} once a dialog is showing and is the
 * topmost one (what {@code gui.dialog.current} reports), or {@value #PENDING_MILLIS} ms after it
 * showed if another stays on top; {@code dialog.closed {name}} once when it is hidden or disposed.
 * Swing sends {@code WINDOW_OPENED} only on a window's first showing, so a dialog shown again is
 * recognised by {@code COMPONENT_SHOWN}, and one disposed while showing (no
 * {@code COMPONENT_HIDDEN}) by {@code WINDOW_CLOSED}. A dialog shown and hidden within one event
 * never showed to anyone and gives neither event.</li>
 * <li>{@code dialog.error} opening also gives {@code error {message, source: "dialog"}}, the text
 * of its {@code dialog.error.label.message} label.</li>
 * <li>Optional (not covered by {@code *}): {@code window.opened {name, type, title}} and
 * {@code window.closed {name, type}} for every window, dialogs included, with the window's whole
 * name; {@code focus.changed {identifier, window}} when the focus moves to another component.</li>
 * </ul>
 *
 * All state is confined to the event dispatch thread. Deactivating removes both listeners.
 */
// Qualified: Component in this file is java.awt.Component.
@org.osgi.service.component.annotations.Component(configurationPolicy = ConfigurationPolicy.IGNORE)
public final class GuiSource {
    static final int PENDING_MILLIS = 250;
    private static final System.Logger LOG = System.getLogger(GuiSource.class.getName());
    private static final long MASK = AWTEvent.WINDOW_EVENT_MASK | AWTEvent.COMPONENT_EVENT_MASK;

    private enum State {
        /** Showing, but dialog.opened waits until it is the topmost dialog. */
        PENDING,
        /** dialog.opened was published. */
        OPEN
    }

    private final EventBus bus;
    private final ViewRegistry registry;
    private final AWTEventListener windowListener = this::onWindowEvent;
    private final PropertyChangeListener focusListener = this::onFocusChange;
    private final KeyboardFocusManager focusManager;
    private final Timer pendingTimer;
    private volatile boolean active = true;

    // EDT only. Weak: a window the app drops without closing must not be kept alive by the probe.
    private final Map<Window, Boolean> shownWindows = new WeakHashMap<>();
    private final Map<Dialog, State> dialogs = new WeakHashMap<>();
    /** The names windows and dialogs had when they showed: the events of their closing give those. */
    private final Map<Window, String> windowNames = new WeakHashMap<>();
    private final Map<Dialog, String> dialogNames = new WeakHashMap<>();
    private WeakReference<Component> lastFocus = new WeakReference<>(null);

    @Activate
    public GuiSource(@Reference(name = "bus") EventBus bus, @Reference(name = "registry") ViewRegistry registry) {
        this.bus = bus;
        this.registry = registry;
        this.pendingTimer = new Timer(PENDING_MILLIS, e -> flushPending(true));
        pendingTimer.setRepeats(false);
        // What is open already was announced before the probe came: only its closing is news.
        EventQueue.invokeLater(this::adoptShowing);
        Toolkit.getDefaultToolkit().addAWTEventListener(windowListener, MASK);
        focusManager = KeyboardFocusManager.getCurrentKeyboardFocusManager();
        focusManager.addPropertyChangeListener("permanentFocusOwner", focusListener);
    }

    @Deactivate
    void deactivate() {
        active = false;
        Toolkit.getDefaultToolkit().removeAWTEventListener(windowListener);
        focusManager.removePropertyChangeListener("permanentFocusOwner", focusListener);
        pendingTimer.stop();
    }

    private void adoptShowing() {
        if (!active) {
            return;
        }
        for (Window w : Window.getWindows()) {
            if (w.isShowing()) {
                shownWindows.putIfAbsent(w, Boolean.TRUE);
                if (w instanceof Dialog) {
                    dialogs.putIfAbsent((Dialog) w, State.OPEN);
                }
            }
        }
    }

    private void onWindowEvent(AWTEvent e) {
        if (!(e.getSource() instanceof Window)) {
            return;
        }
        if (!EventQueue.isDispatchThread()) {
            // Someone dispatched it synchronously off the EDT: look at the window from the EDT.
            EventQueue.invokeLater(() -> onWindowEvent(e));
            return;
        }
        if (!active) {
            return;
        }
        try {
            Window w = (Window) e.getSource();
            switch (e.getID()) {
                case ComponentEvent.COMPONENT_SHOWN:
                case WindowEvent.WINDOW_OPENED:
                    shown(w);
                    break;
                case ComponentEvent.COMPONENT_HIDDEN:
                case WindowEvent.WINDOW_CLOSED:
                    hidden(w);
                    break;
                case WindowEvent.WINDOW_ACTIVATED:
                case WindowEvent.WINDOW_DEACTIVATED:
                    break;
                default:
                    return;
            }
            flushPending(false);
        } catch (RuntimeException ex) {
            // Never let the probe break the app's own event dispatch.
            LOG.log(System.Logger.Level.WARNING, "the GUI event source failed on " + e.paramString(), ex);
        }
    }

    private void shown(Window w) {
        if (!w.isShowing() || shownWindows.containsKey(w)) {
            return;
        }
        shownWindows.put(w, Boolean.TRUE);
        ObjectNode f = Wire.object();
        String name = registry.identifierOf(w);
        windowNames.put(w, name == null ? "" : name);
        f.put("name", name);
        f.put("type", Dialogs.type(w));
        f.put("title", Dialogs.title(w));
        bus.publish("window.opened", f);
        if (w instanceof Dialog) {
            dialogs.put((Dialog) w, State.PENDING);
            pendingTimer.restart();
        }
    }

    private void hidden(Window w) {
        if (w.isShowing() || shownWindows.remove(w) == null) {
            return;
        }
        if (w instanceof Dialog && dialogs.remove(w) == State.OPEN) {
            bus.publish("dialog.closed", Wire.object().put("name", dialogNames.remove(w)));
        }
        dialogNames.remove(w);
        // Named as it was when it showed: a hidden window is no longer in the registry's walk.
        String name = windowNames.remove(w);
        ObjectNode f = Wire.object();
        f.put("name", name == null || name.isEmpty() ? null : name);
        f.put("type", Dialogs.type(w));
        bus.publish("window.closed", f);
    }

    /** Publishes dialog.opened for pending dialogs now topmost, or for every one still showing when {@code all}. */
    private void flushPending(boolean all) {
        if (!active || !dialogs.containsValue(State.PENDING)) {
            return;
        }
        Dialog top = registry.topmostDialog().orElse(null);
        for (Map.Entry<Dialog, State> e : new ArrayList<>(dialogs.entrySet())) {
            Dialog d = e.getKey();
            if (e.getValue() == State.PENDING && d.isShowing() && (all || d == top)) {
                dialogs.put(d, State.OPEN);
                opened(d);
            }
        }
    }

    private void opened(Dialog d) {
        String name = registry.dialogName(d);
        dialogNames.put(d, name);
        ObjectNode f = Wire.object();
        f.put("name", name);
        f.put("title", d.getTitle());
        f.put("modal", d.isModal());
        Dialogs.putContext(d, f);
        bus.publish("dialog.opened", f);
        if ("error".equals(name)) {
            String message = Dialogs.labelText(d, Dialogs.ERROR_MESSAGE_LABEL);
            bus.publish("error", Wire.object().put("message", message != null ? message : d.getTitle()).put("source", "dialog"));
        }
    }

    private void onFocusChange(PropertyChangeEvent e) {
        if (!(e.getNewValue() instanceof Component)) {
            // Focus went to no component (another application, or between two owners): not a change a client acts on.
            return;
        }
        Component c = (Component) e.getNewValue();
        if (!EventQueue.isDispatchThread()) {
            EventQueue.invokeLater(() -> focusMoved(c));
            return;
        }
        focusMoved(c);
    }

    private void focusMoved(Component c) {
        if (!active || lastFocus.get() == c) {
            return;
        }
        try {
            lastFocus = new WeakReference<>(c);
            Window w = ViewRegistry.windowOf(c);
            ObjectNode f = Wire.object();
            f.put("identifier", registry.identifierOf(c));
            f.put("window", w == null ? null : registry.identifierOf(w));
            bus.publish("focus.changed", f);
        } catch (RuntimeException ex) {
            LOG.log(System.Logger.Level.WARNING, "the GUI event source failed on a focus change", ex);
        }
    }
}
