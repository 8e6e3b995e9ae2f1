package probe.input;

import java.awt.Component;
import java.awt.Dialog;
import java.awt.Window;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import probe.api.swing.ControlState;
import probe.api.swing.ViewRegistry;

/**
 * One look at the GUI, as an action's receipt compares two of them: the showing windows, the named
 * controls' fields ({@link ControlState}) and the identifier of the focus owner. Taken on the event
 * dispatch thread; read anywhere once taken. Its one job is what the GUI looked like.
 */
final class Look {
    /** The showing windows, in the registry's order. */
    final List<Window> windows;
    /** The named controls' fields; null when only the windows were looked at (no receipt wanted). */
    final List<ControlState> states;
    /** The focus owner's identifier, or null. */
    final String focus;
    /** The showing dialogs' names (see {@link ViewRegistry#dialogName}), kept for when one has closed. */
    final Map<Window, String> dialogs = new IdentityHashMap<>();

    /** On the EDT: the dialogs' names are taken now. */
    Look(ViewRegistry registry, List<Window> windows, List<ControlState> states, String focus) {
        for (Window w : windows) {
            if (w instanceof Dialog) {
                dialogs.put(w, registry.dialogName((Dialog) w));
            }
        }
        this.windows = windows;
        this.states = states;
        this.focus = focus;
    }

    /** The GUI now: its windows, and, when {@code whole}, its controls and focus too. On the EDT. */
    static Look take(ViewRegistry registry, boolean whole) {
        List<Window> windows = registry.windows();
        return whole ? new Look(registry, windows, registry.states(), focus(registry)) : new Look(registry, windows, null, null);
    }

    /** The identifier of the focus owner, or null. On the EDT. */
    static String focus(ViewRegistry registry) {
        Component owner = Focus.owner();
        return owner == null ? null : registry.identifierOf(owner);
    }
}
