package probe.registry.internal;

import java.awt.Component;
import java.awt.Container;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import javax.swing.JLabel;
import javax.swing.JMenu;
import javax.swing.JPopupMenu;
import javax.swing.JTable;
import javax.swing.JTabbedPane;
import javax.swing.JToolTip;
import javax.swing.JViewport;
import javax.swing.table.JTableHeader;
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

    /**
     * One thing the scan saw, with the identifier of its nearest named ancestor; {@code derived}
     * when the registry made its identifier up from what a person sees (see {@link Derivation});
     * {@code shares} the app's name when several showing things carry it (the first is listed under
     * it, the others under {@code name#2}, {@code name#3}), else null.
     */
    record Entry(String identifier, Target target, Window window, String parent, boolean derived, String shares) {
        /** The name a request may use for every thing that shares it: the app's own, else the identifier. */
        String base() {
            return shares != null ? shares : identifier;
        }
    }

    /** What sets the listing's name of a copy of an app's name apart: {@code toolbar.button.ok#2}. */
    static final char COPY = '#';

    /** What the walk saw, before the unnamed got their derived identifiers. */
    private record Seen(String identifier, Target target, Window window, Component parent) {
    }

    private final List<Seen> walked = new ArrayList<>();
    /** Every listed component's identifier (explicit or derived), for its children's parent and its rows'. */
    private final Map<Component, String> ids = new IdentityHashMap<>();

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

    /** The derived identifiers of the last walk, which this one keeps for what still shows, then replaces. */
    private final Identities identities;

    private Scan(List<Window> windows, Identities identities) {
        this.windows = windows;
        this.identities = identities;
        this.covering = new Covering(windows);
        this.covering.identifiers = this::identifierOf;
    }

    /** A walk with nothing remembered: the identifiers the rules give (a first look, a benchmark). */
    static Scan of(List<Window> windows) {
        return of(windows, new Identities());
    }

    /** A walk that keeps what {@code identities} holds for what still shows, and leaves there what it gave. */
    static Scan of(List<Window> windows, Identities identities) {
        Scan s = new Scan(windows, identities);
        for (Window w : windows) {
            s.walk(w, w, null, List.of(), false, false);
        }
        s.derive();
        return s;
    }

    /** The identifier the scan gave a listed component (explicit or derived), or null. */
    String identifierOf(Component c) {
        return ids.get(c);
    }

    /**
     * Gives every unnamed operable control and every unnamed window its derived identifier, then
     * the rows and tabs of the views that got one, and every entry its parent's identifier.
     */
    private void derive() {
        Derived derived = new Derived(labels, identities);
        List<Seen> unnamed = new ArrayList<>();
        List<Derivation.Wanted> wanted = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        Map<String, Integer> explicitCount = new HashMap<>();
        for (Seen e : walked) {
            if (e.identifier() != null) {
                taken.add(e.identifier());
                explicitCount.merge(e.identifier(), 1, Integer::sum);
                if (e.target().kind() == Target.Kind.COMPONENT) {
                    ids.put(e.target().component(), e.identifier());
                }
            }
        }
        // What showed in the last walk keeps its identifier, unless the app has since given that name to something.
        Map<Component, String> given = new IdentityHashMap<>();
        for (Seen e : walked) {
            if (e.identifier() == null && e.target().kind() == Target.Kind.COMPONENT
                    && (e.target().component() instanceof Window || Controls.operable(e.target().component()))) {
                String held = identities.held(e.target().component());
                if (held != null && taken.add(held)) {
                    given.put(e.target().component(), held);
                } else {
                    unnamed.add(e);
                    wanted.add(derived.wanted(e.target().component(), e.window()));
                }
            }
        }
        List<String> made = Derivation.distinct(wanted, taken);
        for (int i = 0; i < unnamed.size(); i++) {
            given.put(unnamed.get(i).target().component(), made.get(i));
        }
        ids.putAll(given);
        Map<String, Integer> copies = new HashMap<>();
        for (Seen e : walked) {
            Target t = e.target();
            String parent = e.parent() == null ? null : ids.get(e.parent());
            String id = e.identifier();
            String shares = null;
            boolean isDerived = false;
            if (t.kind() == Target.Kind.COMPONENT) {
                if (id == null) {
                    id = ids.get(t.component());
                    isDerived = id != null;
                }
            } else if (id == null) {
                // A row, tab or header column of a view whose identifier was derived: named as an explicitly named view's are.
                Component view = t.kind() == Target.Kind.ROW && Rows.comboOf(t.component()) != null ? Rows.comboOf(t.component())
                        : t.kind() == Target.Kind.COLUMN ? ((JTableHeader) t.component()).getTable() : t.component();
                String base = ids.get(view);
                if (base != null && given.containsKey(view)) {
                    id = base + suffix(t, view);
                    isDerived = true;
                }
            }
            if (e.identifier() != null && explicitCount.get(e.identifier()) > 1) {
                // The app gave several showing things one name: the first keeps it, the others are listed so that each can be picked.
                shares = e.identifier();
                int n = copies.merge(shares, 1, Integer::sum);
                if (n > 1) {
                    id = shares + COPY + n;
                }
            }
            Target named = id == null || id.equals(t.identifier()) ? t : t.named(id);
            entries.add(new Entry(id, named, e.window(), parent, isDerived, shares));
        }
        walked.clear();
        Map<Window, String> scenes = new IdentityHashMap<>();
        for (Window w : windows) {
            scenes.put(w, derived.scene(w));
        }
        identities.keep(given, scenes);
    }

    /** What names an item of a view after the view's identifier: {@code .row.<key>}, {@code .tab.<i>}, {@code .column.<model index>}. */
    static String suffix(Target t, Component view) {
        switch (t.kind()) {
            case ROW:
                return ".row." + (Rows.comboOf(t.component()) != null ? String.valueOf(t.index()) : Rows.key(view, t.index()));
            case COLUMN:
                return ".column." + ((JTableHeader) t.component()).getColumnModel().getColumn(t.index()).getModelIndex();
            default:
                return ".tab." + t.index();
        }
    }

    /** {@code inPopup}: reached through a menu's items or inside a popup menu, where {@link #seen} applies. */
    private void walk(Component c, Window w, Component parent, List<JMenu> menuPath, boolean inCompound, boolean inPopup) {
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
        String id = Derived.explicit(c);
        // A showing tooltip is listed too, unnamed: what a person reads after resting the pointer on a control.
        boolean listed = !Controls.plumbing(c) && (id != null || !inCompound && (Controls.operable(c) || c instanceof Window
                || c instanceof JToolTip));
        if (listed && c.isShowing() && outOfSight(c)) {
            // Showing to AWT, but laid out where no part of it can be seen, scrolled or not: a copy of
            // a page with no room, a control of no size. A person does not see it, so nothing of it is listed.
            return;
        }
        if (listed) {
            List<JMenu> path = c.isShowing() ? List.of() : menuPath;
            walked.add(new Seen(id, new Target(id, Target.Kind.COMPONENT, c, -1, path), w, parent));
        }
        Component here = listed ? c : parent;
        if (c instanceof JTable && c.isShowing()) {
            columns((JTable) c, w, here);
        }
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
     * Whether no part of a showing {@code c} can be seen, even scrolled into view: it has no size,
     * or its bounds clipped by every ancestor up to the window are empty. A viewport clips what it
     * holds only until a hand scrolls, so past one what counts is whether the viewport itself can be
     * seen. A window is never out of sight here (the screen is the verdict's business).
     */
    static boolean outOfSight(Component c) {
        if (c instanceof Window) {
            return false;
        }
        Rectangle r = new Rectangle(0, 0, c.getWidth(), c.getHeight());
        int dx = 0;
        int dy = 0;
        for (Component a = c; !(a instanceof Window); a = a.getParent()) {
            if (r.isEmpty()) {
                return true;
            }
            Container p = a.getParent();
            if (p == null) {
                return true;
            }
            if (p instanceof JViewport) {
                return outOfSight(p);
            }
            dx += a.getX();
            dy += a.getY();
            r = r.intersection(new Rectangle(-dx, -dy, p.getWidth(), p.getHeight()));
        }
        return r.isEmpty();
    }

    /**
     * The rows of a list, table or tree, named by its {@link #ROW_IDENTIFIER} naming; the rows of a
     * combo box's open popup list are the combo's items, named by the combo's naming, else
     * {@code <combo>.row.<index>}.
     */
    private void rows(Component view, Window w, Component parent) {
        IntFunction<String> ids = Rows.rowIdentifiers(view);
        int n = Rows.count(view);
        int from = 0;
        int to = n - 1;
        if (n > ALL_ROWS) {
            // A large model: the rows a person sees now, never every row rendered at once.
            int[] range = Rows.inView(view);
            if (range == null) {
                return;
            }
            from = range[0];
            to = range[1];
        }
        for (int i = from; i <= to; i++) {
            String id = ids.apply(i);
            walked.add(new Seen(id, new Target(id, Target.Kind.ROW, view, i, List.of()), w, parent));
        }
    }

    /**
     * Up to this many rows a view's rows are all listed (scrolled out of view or not); a view with
     * more lists the rows in view, and its item says how many it has.
     */
    static final int ALL_ROWS = 200;

    /** The columns of a table's header, while it shows: controls a hand clicks (to sort). */
    private void columns(JTable table, Window w, Component parent) {
        JTableHeader header = table.getTableHeader();
        if (header == null || !header.isShowing()) {
            return;
        }
        String name = Derived.explicit(table);
        for (int i = 0; i < header.getColumnModel().getColumnCount(); i++) {
            String id = name == null ? null : name + ".column." + header.getColumnModel().getColumn(i).getModelIndex();
            walked.add(new Seen(id, new Target(id, Target.Kind.COLUMN, header, i, List.of()), w, parent));
        }
    }

    private void tabs(JTabbedPane pane, Window w, Component parent) {
        String name = Derived.explicit(pane);
        for (int i = 0; i < pane.getTabCount(); i++) {
            String id = name != null ? name + ".tab." + i : null;
            walked.add(new Seen(id, new Target(id, Target.Kind.TAB, pane, i, List.of()), w, parent));
        }
    }
}
