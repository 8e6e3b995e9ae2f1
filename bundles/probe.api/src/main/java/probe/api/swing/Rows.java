package probe.api.swing;

import java.awt.Component;
import java.awt.Rectangle;
import java.util.function.Function;
import java.util.function.IntFunction;
import javax.accessibility.Accessible;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JList;
import javax.swing.JPopupMenu;
import javax.swing.JTable;
import javax.swing.JTree;
import javax.swing.SwingUtilities;
import javax.swing.plaf.basic.ComboPopup;

/**
 * Row geometry, selection and identifiers of the three Swing views that have rows, and of the
 * items of a combo box (the rows of its popup list).
 */
public final class Rows {
    /**
     * Client property on a JList, JTable, JTree or JComboBox: a {@code Function<Object, String>}
     * from a row's value (a combo box's item) to the row's identifier.
     */
    public static final String ROW_IDENTIFIER = "hdp.rowIdentifier";

    private Rows() {
    }

    /** Whether {@code c} is a list, table or tree. */
    public static boolean hasRows(Component c) {
        return c instanceof JList || c instanceof JTable || c instanceof JTree;
    }

    public static int count(Component c) {
        if (c instanceof JList) {
            return ((JList<?>) c).getModel().getSize();
        }
        if (c instanceof JTable) {
            return ((JTable) c).getRowCount();
        }
        return c instanceof JTree ? ((JTree) c).getRowCount() : 0;
    }

    /** The value of row {@code i}: the list element, the table's first column, the tree path's last node. */
    public static Object value(Component c, int i) {
        if (c instanceof JList) {
            return ((JList<?>) c).getModel().getElementAt(i);
        }
        if (c instanceof JTable) {
            JTable t = (JTable) c;
            return t.getColumnCount() == 0 ? null : t.getValueAt(i, 0);
        }
        if (c instanceof JTree) {
            javax.swing.tree.TreePath p = ((JTree) c).getPathForRow(i);
            return p == null ? null : p.getLastPathComponent();
        }
        return null;
    }

    /** Row {@code i}'s bounds in the view's coordinates (the whole row of a table). */
    public static Rectangle bounds(Component c, int i) {
        if (c instanceof JList) {
            Rectangle r = ((JList<?>) c).getCellBounds(i, i);
            return r == null ? new Rectangle() : r;
        }
        if (c instanceof JTable) {
            JTable t = (JTable) c;
            Rectangle first = t.getCellRect(i, 0, true);
            return first.union(t.getCellRect(i, Math.max(0, t.getColumnCount() - 1), true));
        }
        if (c instanceof JTree) {
            Rectangle r = ((JTree) c).getRowBounds(i);
            return r == null ? new Rectangle() : r;
        }
        return new Rectangle();
    }

    public static boolean selected(Component c, int i) {
        if (c instanceof JList) {
            return ((JList<?>) c).isSelectedIndex(i);
        }
        if (c instanceof JTable) {
            return ((JTable) c).isRowSelected(i);
        }
        return c instanceof JTree && ((JTree) c).isRowSelected(i);
    }

    /**
     * The identifiers of the rows of {@code view}, by index: through its {@link #ROW_IDENTIFIER}
     * naming, else {@code <viewName>.row.<index>}, else null (an unnamed view). The rows of a combo
     * box's popup list are the combo's items, named as {@link #itemIdentifiers} names them.
     */
    public static IntFunction<String> rowIdentifiers(Component view) {
        JComboBox<?> combo = comboOf(view);
        if (combo != null) {
            return itemIdentifiers(combo);
        }
        Function<Object, String> naming = naming(view);
        if (naming != null) {
            return i -> naming.apply(value(view, i));
        }
        String name = view.getName();
        return name == null ? i -> null : i -> name + ".row." + key(view, i);
    }

    /**
     * What names row {@code i} after {@code <view>.row.}: its index in a list or table; in a tree,
     * its path of shown texts ({@link #path}), which rows added or expanded above it do not change.
     * @since 1.5
     */
    public static String key(Component view, int i) {
        if (view instanceof JTree) {
            javax.swing.tree.TreePath p = ((JTree) view).getPathForRow(i);
            return p == null ? String.valueOf(i) : path((JTree) view, p);
        }
        return String.valueOf(i);
    }

    /** What separates the shown texts of a tree path in its key: {@code Music/Classical/Beethoven}. @since 1.5 */
    public static final char PATH = '/';

    /**
     * The key of a tree path: the texts its nodes show ({@link Shown#node}), from the first a person
     * sees (the root only when the tree shows it), joined by {@link #PATH}; a {@code /} or {@code \}
     * within a text is written {@code \/}, {@code \\}. Call on the EDT. @since 1.5
     */
    public static String path(JTree tree, javax.swing.tree.TreePath p) {
        int skip = tree.isRootVisible() ? 0 : 1;
        StringBuilder b = new StringBuilder();
        Object[] nodes = p.getPath();
        for (int k = skip; k < nodes.length; k++) {
            javax.swing.tree.TreePath sub = subPath(p, k + 1);
            String text = Shown.node(tree, sub, tree.getRowForPath(sub));
            if (k > skip) {
                b.append(PATH);
            }
            b.append(escape(text == null ? "" : text));
        }
        return b.toString();
    }

    private static javax.swing.tree.TreePath subPath(javax.swing.tree.TreePath p, int length) {
        while (p.getPathCount() > length) {
            p = p.getParentPath();
        }
        return p;
    }

    private static String escape(String text) {
        return text.indexOf('/') < 0 && text.indexOf('\\') < 0 ? text : text.replace("\\", "\\\\").replace("/", "\\/");
    }

    /** The texts of a path key ({@link #path}), unescaped. @since 1.5 */
    public static java.util.List<String> parts(String key) {
        java.util.List<String> out = new java.util.ArrayList<>();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char ch = key.charAt(i);
            if (ch == '\\' && i + 1 < key.length()) {
                b.append(key.charAt(++i));
            } else if (ch == PATH) {
                out.add(b.toString());
                b.setLength(0);
            } else {
                b.append(ch);
            }
        }
        out.add(b.toString());
        return out;
    }

    /**
     * The tree path whose key is {@code key} ({@link #path}), shown or under collapsed nodes, found
     * from the root down by the texts each node's children show (a lazy model loads the children of
     * the nodes on the way, as expanding them would); null when there is none. Renders only the
     * children of the nodes on the path. Call on the EDT. @since 1.5
     */
    public static javax.swing.tree.TreePath find(JTree tree, String key) {
        javax.swing.tree.TreeModel m = tree.getModel();
        Object root = m == null ? null : m.getRoot();
        if (root == null) {
            return null;
        }
        java.util.List<String> parts = parts(key);
        javax.swing.tree.TreePath p = new javax.swing.tree.TreePath(root);
        int from = 0;
        if (tree.isRootVisible()) {
            String t = Shown.node(tree, p, tree.getRowForPath(p));
            if (!parts.get(0).equals(t == null ? "" : t)) {
                return null;
            }
            from = 1;
        }
        for (int k = from; k < parts.size(); k++) {
            Object parent = p.getLastPathComponent();
            javax.swing.tree.TreePath next = null;
            int n = m.getChildCount(parent);
            for (int c = 0; c < n && next == null; c++) {
                javax.swing.tree.TreePath child = p.pathByAddingChild(m.getChild(parent, c));
                String t = Shown.node(tree, child, tree.getRowForPath(child));
                if (parts.get(k).equals(t == null ? "" : t)) {
                    next = child;
                }
            }
            if (next == null) {
                return null;
            }
            p = next;
        }
        return p;
    }

    /**
     * What a tree row's node shows of its children: {@code TRUE} expanded, {@code FALSE} collapsed,
     * null for a leaf (a node without children to show). Call on the EDT. @since 1.6
     */
    public static Boolean expanded(JTree tree, int row) {
        javax.swing.tree.TreePath p = tree.getPathForRow(row);
        if (p == null || tree.getModel() == null || tree.getModel().isLeaf(p.getLastPathComponent())) {
            return null;
        }
        return tree.isExpanded(p);
    }

    /**
     * The expand handle of tree row {@code row}, in the tree's coordinates: the box a hand clicks to
     * expand or collapse the node, where the tree's UI draws it and looks for a press
     * ({@code BasicTreeUI}: centred {@code getRightChildIndent() - 1} before the row, as wide as its
     * expanded icon, 8 without one, as high as the row). Null for a leaf, for a row whose node the UI
     * draws no handle for (the root, or the root's children when the root is hidden, without root
     * handles), and under a UI that is no {@code BasicTreeUI} (every look and feel of the JDK is
     * one, and FlatLaf's). Call on the EDT. @since 1.6
     */
    public static Rectangle handle(JTree tree, int row) {
        javax.swing.tree.TreePath p = tree.getPathForRow(row);
        if (expanded(tree, row) == null || !(tree.getUI() instanceof javax.swing.plaf.basic.BasicTreeUI)) {
            return null;
        }
        int depth = p.getPathCount() - 1;
        if ((depth == 0 || (depth == 1 && !tree.isRootVisible())) && !tree.getShowsRootHandles()) {
            return null;
        }
        javax.swing.plaf.basic.BasicTreeUI ui = (javax.swing.plaf.basic.BasicTreeUI) tree.getUI();
        Rectangle b = tree.getRowBounds(row);
        if (b == null) {
            return null;
        }
        javax.swing.Icon icon = ui.getExpandedIcon();
        int w = icon != null ? icon.getIconWidth() : 8;
        int centre = tree.getComponentOrientation().isLeftToRight() ? b.x - ui.getRightChildIndent() + 1
                : b.x + b.width + ui.getRightChildIndent() - 1;
        // BasicTreeUI.findCenteredX: the box starts half its width (rounded up left to right) before the centre.
        int left = tree.getComponentOrientation().isLeftToRight() ? centre - (int) Math.ceil(w / 2.0) : centre - (int) Math.floor(w / 2.0);
        return new Rectangle(left, b.y, w, b.height);
    }

    /**
     * The first and last row of {@code view} with some part inside its visible rectangle, or null
     * when none is (no rows, nothing of it shows). @since 1.5
     */
    public static int[] inView(Component view) {
        if (!(view instanceof JComponent) || count(view) == 0) {
            return null;
        }
        Rectangle r = ((JComponent) view).getVisibleRect();
        if (r.isEmpty()) {
            return null;
        }
        int first;
        int last;
        if (view instanceof JList) {
            JList<?> l = (JList<?>) view;
            first = l.locationToIndex(new java.awt.Point(r.x, r.y));
            last = l.locationToIndex(new java.awt.Point(r.x, r.y + r.height - 1));
        } else if (view instanceof JTable) {
            JTable t = (JTable) view;
            first = t.rowAtPoint(new java.awt.Point(r.x, r.y));
            last = t.rowAtPoint(new java.awt.Point(r.x, r.y + r.height - 1));
            if (last < 0 && first >= 0) {
                last = t.getRowCount() - 1;
            }
        } else {
            JTree t = (JTree) view;
            first = t.getClosestRowForLocation(r.x, r.y);
            last = t.getClosestRowForLocation(r.x, r.y + r.height - 1);
        }
        if (first < 0 || last < first || !bounds(view, first).intersects(r)) {
            return null;
        }
        return new int[] {first, last};
    }

    /**
     * The identifiers of a combo box's items, by index: through the combo's {@link #ROW_IDENTIFIER}
     * naming (HVM names the OS combo's items {@code dialog.createVM.combo.os.row.fedora}), else
     * {@code <comboName>.row.<index>}, else null (an unnamed combo).
     */
    public static IntFunction<String> itemIdentifiers(JComboBox<?> combo) {
        Function<Object, String> naming = naming(combo);
        if (naming != null) {
            return i -> naming.apply(combo.getModel().getElementAt(i));
        }
        String name = combo.getName();
        return name == null ? i -> null : i -> name + ".row." + i;
    }

    @SuppressWarnings("unchecked")
    private static Function<Object, String> naming(Component c) {
        Object fn = c instanceof JComponent ? ((JComponent) c).getClientProperty(ROW_IDENTIFIER) : null;
        return fn instanceof Function ? (Function<Object, String>) fn : null;
    }

    /** The combo box whose popup list {@code c} is, or null when it is none. */
    public static JComboBox<?> comboOf(Component c) {
        if (!(c instanceof JList)) {
            return null;
        }
        Component popup = SwingUtilities.getAncestorOfClass(JPopupMenu.class, c);
        if (popup instanceof ComboPopup && ((ComboPopup) popup).getList() == c
                && ((JPopupMenu) popup).getInvoker() instanceof JComboBox) {
            return (JComboBox<?>) ((JPopupMenu) popup).getInvoker();
        }
        return null;
    }

    /** The list of a combo box's popup (open or not), or null when its look and feel has none. */
    public static JList<?> popupList(JComboBox<?> combo) {
        Accessible popup = combo.getUI() == null ? null : combo.getUI().getAccessibleChild(combo, 0);
        return popup instanceof ComboPopup ? ((ComboPopup) popup).getList() : null;
    }
}
