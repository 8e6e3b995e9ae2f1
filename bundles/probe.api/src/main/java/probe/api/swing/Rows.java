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
        return name == null ? i -> null : i -> name + ".row." + i;
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
