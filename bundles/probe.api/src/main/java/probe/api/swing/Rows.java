package probe.api.swing;

import java.awt.Component;
import java.awt.Rectangle;
import javax.swing.JList;
import javax.swing.JTable;
import javax.swing.JTree;

/** Row geometry and selection of the three Swing views that have rows. */
public final class Rows {

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
}
