package probe.input;

import java.awt.Component;
import java.awt.Dialog;
import java.awt.Frame;
import java.awt.Window;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import javax.swing.JMenu;
import javax.swing.JPopupMenu;
import javax.swing.MenuElement;
import javax.swing.MenuSelectionManager;
import javax.swing.plaf.basic.ComboPopup;
import probe.api.swing.ViewRegistry;

/**
 * What opens besides a dialog that shows, as an action's receipt sees it on the event dispatch
 * thread: the menus open now (the popups on Swing's selected menu path: a menu of the menu bar, a
 * submenu, a context menu), a submenu whose opening Swing has started (it opens after the menu's
 * delay), and the frames and dialogs made but not yet showing (a window whose opening has begun:
 * its peer was made, it shows later). Its one job is to read these from Swing; {@link GuiState} keeps
 * them, {@link Settling} waits for what is opening, {@link ReceiptText} compares.
 */
final class Openings {
    /** How long past a submenu's delay the settling waits for Swing to open it. */
    static final long SUBMENU_MARGIN_MILLIS = 150;

    private Openings() {
    }

    /** A menu that opened or closed, as a receipt names it: its menu, or the control a context menu opened on, and its items. */
    record Menu(String menu, String on, int items) {
    }

    /** The popups of the open menus, outermost first. On the EDT. */
    static List<JPopupMenu> menus() {
        List<JPopupMenu> out = new ArrayList<>(2);
        for (MenuElement e : MenuSelectionManager.defaultManager().getSelectedPath()) {
            if (e instanceof JPopupMenu && ((JPopupMenu) e).isVisible()) {
                out.add((JPopupMenu) e);
            }
        }
        return out;
    }

    /**
     * The submenu Swing is about to open: the selected path ends with a menu whose popup does not
     * show yet (a click or the pointer on a submenu starts a timer of the menu's delay); null when
     * none. On the EDT.
     */
    static JMenu submenuPending() {
        MenuElement[] path = MenuSelectionManager.defaultManager().getSelectedPath();
        if (path.length == 0 || !(path[path.length - 1] instanceof JMenu)) {
            return null;
        }
        JMenu m = (JMenu) path[path.length - 1];
        return m.isShowing() && m.isEnabled() && !m.isPopupMenuVisible() ? m : null;
    }

    /** The frames and dialogs made (displayable) but not showing. On the EDT. */
    static Set<Window> unshown() {
        Set<Window> out = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Window w : Window.getWindows()) {
            if ((w instanceof Dialog || w instanceof Frame) && w.isDisplayable() && !w.isShowing()) {
                out.add(w);
            }
        }
        return out;
    }

    /**
     * The frames and dialogs whose opening began since {@code before}: made since (or shown then
     * hidden: not among its windows), not showing yet, and owning no window that shows (a hidden
     * owner, such as the frame Swing makes for a dialog without one, is made with its dialog and
     * never shows). On the EDT.
     */
    static List<Window> opening(GuiState before) {
        List<Window> out = new ArrayList<>(1);
        for (Window w : unshown()) {
            if (!before.unshown.contains(w) && !before.windows.contains(w) && !ownsAShowingWindow(w)) {
                out.add(w);
            }
        }
        return out;
    }

    private static boolean ownsAShowingWindow(Window w) {
        for (Window owned : w.getOwnedWindows()) {
            if (owned.isShowing() || ownsAShowingWindow(owned)) {
                return true;
            }
        }
        return false;
    }

    /** {@code popup} as a receipt names it. On the EDT. */
    static Menu describe(ViewRegistry registry, JPopupMenu popup) {
        Component invoker = popup.getInvoker();
        int items = 0;
        if (popup instanceof ComboPopup) {
            items = ((ComboPopup) popup).getList().getModel().getSize();
        } else {
            for (MenuElement e : popup.getSubElements()) {
                if (e.getComponent().isVisible()) {
                    items++;
                }
            }
        }
        if (invoker instanceof JMenu) {
            return new Menu(registry.identifierOf(invoker), null, items);
        }
        return new Menu(registry.identifierOf(popup), invoker == null ? null : registry.identifierOf(invoker), items);
    }
}
