package probe.input;

import java.awt.Component;
import java.awt.Dialog;
import java.awt.Window;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.swing.JMenu;
import javax.swing.JPopupMenu;
import probe.api.swing.ControlState;
import probe.api.swing.ViewRegistry;

/**
 * One look at the GUI, as an action's receipt compares two of them: the showing windows, the named
 * controls' fields ({@link ControlState}), the identifier of the focus owner, the open menus and the
 * windows made but not showing ({@link Openings}). Taken on the event dispatch thread; read anywhere
 * once taken. Its one job is what the GUI looked like. The last look also describes, on the EDT,
 * the menus that opened and closed since the first and the windows still opening ({@link #since}).
 */
final class GuiState {
    /** The showing windows, in the registry's order. */
    final List<Window> windows;
    /** The named controls' fields; null when only the windows were looked at (no receipt wanted). */
    final List<ControlState> states;
    /** The focus owner's identifier, or null. */
    final String focus;
    /** The showing dialogs' names (see {@link ViewRegistry#dialogName}), kept for when one has closed. */
    final Map<Window, String> dialogs = new IdentityHashMap<>();
    /** The popups of the open menus, outermost first. */
    final List<JPopupMenu> menus;
    /** The frames and dialogs made but not showing. */
    final Set<Window> unshown;
    /** The submenu Swing was about to open, or null. */
    final JMenu submenuPending;

    // The last look only, described by since() on the EDT.
    /** The menus open now that were not open at the first look. */
    final List<Openings.Menu> menusOpened = new ArrayList<>(1);
    /** The menus open at the first look that no longer are. */
    final List<Openings.Menu> menusClosed = new ArrayList<>(1);
    /** The windows whose opening began and that do not show yet: their names (null: none) and titles. */
    final List<String[]> opening = new ArrayList<>(0);

    /** On the EDT: the dialogs' names are taken now. */
    GuiState(ViewRegistry registry, List<Window> windows, List<ControlState> states, String focus) {
        for (Window w : windows) {
            if (w instanceof Dialog) {
                dialogs.put(w, registry.dialogName((Dialog) w));
            }
        }
        this.windows = windows;
        this.states = states;
        this.focus = focus;
        this.menus = Openings.menus();
        this.unshown = Openings.unshown();
        this.submenuPending = Openings.submenuPending();
    }

    /** Describes what opened and closed since {@code first}: menus, and windows still opening. On the EDT, for the last look. */
    GuiState since(GuiState first, ViewRegistry registry) {
        for (JPopupMenu p : menus) {
            if (!first.menus.contains(p)) {
                menusOpened.add(Openings.describe(registry, p));
            }
        }
        for (JPopupMenu p : first.menus) {
            if (!menus.contains(p)) {
                menusClosed.add(Openings.describe(registry, p));
            }
        }
        for (Window w : Openings.opening(first)) {
            String title = w instanceof Dialog ? ((Dialog) w).getTitle() : ((java.awt.Frame) w).getTitle();
            String name = w instanceof Dialog ? registry.dialogName((Dialog) w) : registry.identifierOf(w);
            opening.add(new String[] {name, title});
        }
        return this;
    }

    /** The GUI now: its windows, and, when {@code whole}, its controls and focus too. On the EDT. */
    static GuiState take(ViewRegistry registry, boolean whole) {
        List<Window> windows = registry.windows();
        return whole ? new GuiState(registry, windows, registry.states(), focus(registry)) : new GuiState(registry, windows, null, null);
    }

    /** The identifier of the focus owner, or null. On the EDT. */
    static String focus(ViewRegistry registry) {
        Component owner = Focus.owner();
        return owner == null ? null : registry.identifierOf(owner);
    }
}
