package probe.registry.internal;

import java.awt.Component;
import java.awt.Container;
import java.awt.Window;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import javax.swing.JLabel;
import javax.swing.JMenu;
import javax.swing.JPopupMenu;
import javax.swing.JTabbedPane;
import javax.swing.JToolTip;
import probe.api.swing.Rows;
import probe.api.swing.Target;

/**
 * One pass over the showing windows, bottom first: every named or operable component, the items
 * of every menu of a menu bar (open or not), and the virtual rows and tabs. Layout containers
 * without a name are folded away: their children stand for them. Run it on the EDT.
 */
final class Scan {
    /**
     * Client property on a JList, JTable, JTree or JComboBox: a {@code Function<Object, String>}
     * from a row's value to its identifier.
     */
    static final String ROW_IDENTIFIER = Rows.ROW_IDENTIFIER;

    /** One thing the scan saw, with the identifier of its nearest named ancestor. */
    record Entry(String identifier, Target target, Window window, String parent) {
    }

    final List<Window> windows;
    /** What covers the items at their centres, shared by every verdict of this scan. */
    final Covering covering;
    final List<Entry> entries = new ArrayList<>();
    final Map<Component, JLabel> labels = new IdentityHashMap<>();
    /**
     * What was walked of a menu: a menu's items are reached through the menu (open or not) and,
     * while it is open, through its popup's window too. Nothing else can be reached twice (every
     * other component has one parent, every window is walked once), so only the popup menus'
     * subtrees are noted here, and the walk of 500 controls does not hash every one of them.
     */
    private final Set<Component> seen = Collections.newSetFromMap(new IdentityHashMap<>());

    private Scan(List<Window> windows) {
        this.windows = windows;
        this.covering = new Covering(windows);
    }

    static Scan of(List<Window> windows) {
        Scan s = new Scan(windows);
        for (Window w : windows) {
            s.walk(w, w, null, List.of(), false, false);
        }
        return s;
    }

    /** {@code inPopup}: reached through a menu's items or inside a popup menu, where {@link #seen} applies. */
    private void walk(Component c, Window w, String parent, List<JMenu> menuPath, boolean inCompound, boolean inPopup) {
        boolean reachable = c.isShowing() || !menuPath.isEmpty();
        if (!reachable) {
            return;
        }
        boolean popup = inPopup || c instanceof JPopupMenu;
        if (popup ? !seen.add(c) : !seen.isEmpty() && seen.contains(c)) {
            return;
        }
        if (c instanceof JLabel && ((JLabel) c).getLabelFor() != null) {
            labels.put(((JLabel) c).getLabelFor(), (JLabel) c);
        }
        String id = c.getName();
        // A showing tooltip is listed too, unnamed: what a person reads after resting the pointer on a control.
        boolean listed = !Controls.plumbing(c) && (id != null || !inCompound && (Controls.operable(c) || c instanceof Window
                || c instanceof JToolTip));
        if (listed) {
            List<JMenu> path = c.isShowing() ? List.of() : menuPath;
            entries.add(new Entry(id, new Target(id, Target.Kind.COMPONENT, c, -1, path), w, parent));
        }
        String here = listed && id != null ? id : parent;
        if (Rows.hasRows(c) && c.isShowing()) {
            rows(c, w, here);
        }
        if (c instanceof JTabbedPane && c.isShowing()) {
            tabs((JTabbedPane) c, w, here);
        }
        if (c instanceof JMenu) {
            List<JMenu> deeper = new ArrayList<>(menuPath);
            deeper.add((JMenu) c);
            for (Component item : ((JMenu) c).getMenuComponents()) {
                walk(item, w, here, c.isShowing() && ((JMenu) c).isPopupMenuVisible() ? List.of() : deeper, false, true);
            }
            return;
        }
        // A leaf (most labels) skips getComponents(), which copies the children under the tree lock.
        if (Controls.descend(c) && c instanceof Container && ((Container) c).getComponentCount() > 0) {
            boolean parts = inCompound || Controls.compound(c);
            for (Component child : ((Container) c).getComponents()) {
                walk(child, w, here, List.of(), parts, popup);
            }
        }
    }

    /**
     * The rows of a list, table or tree, named by its {@link #ROW_IDENTIFIER} naming; the rows of a
     * combo box's open popup list are the combo's items, named by the combo's naming, else
     * {@code <combo>.row.<index>}.
     */
    private void rows(Component view, Window w, String parent) {
        IntFunction<String> ids = Rows.rowIdentifiers(view);
        int n = Rows.count(view);
        for (int i = 0; i < n; i++) {
            String id = ids.apply(i);
            entries.add(new Entry(id, new Target(id, Target.Kind.ROW, view, i, List.of()), w, parent));
        }
    }

    private void tabs(JTabbedPane pane, Window w, String parent) {
        for (int i = 0; i < pane.getTabCount(); i++) {
            String id = pane.getName() != null ? pane.getName() + ".tab." + i : null;
            entries.add(new Entry(id, new Target(id, Target.Kind.TAB, pane, i, List.of()), w, parent));
        }
    }
}
