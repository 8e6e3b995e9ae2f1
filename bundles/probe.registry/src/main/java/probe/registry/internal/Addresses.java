package probe.registry.internal;

import java.awt.Component;
import java.util.List;
import javax.swing.JTable;
import javax.swing.JTree;
import javax.swing.tree.TreePath;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.Rows;
import probe.api.swing.Shown;
import probe.api.swing.Target;

/**
 * The items of a view that a listing does not list one by one, found by their address: a row of a
 * large model out of view ({@code <view>.row.<index>}), a tree row by its path of shown texts
 * whether its row is listed or not ({@code <tree>.row.Music/Classical}), and a table's cell by its
 * row and its column's header text ({@code <row>.cell.<header>}), and a tree row's expand handle
 * ({@code <row>.handle}). On the EDT.
 */
final class Addresses {
    static final String ROW = ".row.";
    static final String CELL = ".cell.";
    /** What follows a tree row's identifier to name its expand handle. */
    static final String HANDLE = ".handle";

    private Addresses() {
    }

    /** The item {@code identifier} addresses, or null when it addresses none of these. */
    static Target resolve(String identifier, Scan scan) throws ProbeException {
        if (identifier.endsWith(HANDLE)) {
            Target row = row(identifier.substring(0, identifier.length() - HANDLE.length()), scan);
            if (row != null && row.component() instanceof JTree) {
                return handle(identifier, row);
            }
        }
        int cell = identifier.lastIndexOf(CELL);
        if (cell > 0) {
            Target row = row(identifier.substring(0, cell), scan);
            if (row != null && row.component() instanceof JTable) {
                return cell(identifier, row, identifier.substring(cell + CELL.length()));
            }
        }
        return row(identifier, scan);
    }

    /** A listed row, or a row of a listed view addressed by its index (a list, a table) or path (a tree). */
    private static Target row(String identifier, Scan scan) throws ProbeException {
        for (Scan.Entry e : scan.entries) {
            if (identifier.equals(e.identifier()) && e.target().kind() == Target.Kind.ROW) {
                return e.target();
            }
        }
        for (Scan.Entry e : scan.entries) {
            String view = e.identifier();
            Component c = e.target().component();
            if (view == null || e.target().kind() != Target.Kind.COMPONENT || !Rows.hasRows(c) || Rows.comboOf(c) != null
                    || !identifier.startsWith(view + ROW)) {
                continue;
            }
            String key = identifier.substring(view.length() + ROW.length());
            if (c instanceof JTree) {
                JTree tree = (JTree) c;
                TreePath p = Rows.find(tree, key);
                if (p == null) {
                    continue;
                }
                int i = tree.getRowForPath(p);
                if (i < 0) {
                    String above = view + ROW + Rows.path(tree, collapsedPath(tree, p));
                    throw new ProbeException(ErrorCodes.NOT_CLICKABLE, "'" + identifier + "' is under the collapsed node '" + above
                            + "': click '" + above + HANDLE + "' to expand it (gui.click and gui.hover expand what lies above"
                            + " a row themselves)", ProbeException.newDetails().put("identifier", identifier)
                            .put("collapsed", above));
                }
                return new Target(identifier, Target.Kind.ROW, c, i, List.of());
            }
            try {
                int i = Integer.parseInt(key);
                if (i >= 0 && i < Rows.count(c)) {
                    return new Target(identifier, Target.Kind.ROW, c, i, List.of());
                }
            } catch (NumberFormatException notIndex) {
                // Not this view's row.
            }
        }
        return null;
    }

    private static TreePath collapsedPath(JTree tree, TreePath p) {
        TreePath top = p;
        for (TreePath a = p.getParentPath(); a != null; a = a.getParentPath()) {
            if (!tree.isExpanded(a)) {
                top = a;
            }
        }
        return top == p ? p.getParentPath() : top;
    }

    /** The expand handle of a tree row, or {@code gui.not_clickable} when the tree draws none for it. */
    private static Target handle(String identifier, Target row) throws ProbeException {
        JTree tree = (JTree) row.component();
        Boolean expanded = Rows.expanded(tree, row.index());
        if (expanded == null || Rows.handle(tree, row.index()) == null) {
            String why = expanded == null ? "it is a leaf: there is nothing under it to expand"
                    : "the tree draws no handle for it (a hand double-clicks the row" + (tree.getToggleClickCount() > 0 ? ")"
                            : "; this tree does not toggle on clicks either: select it and press Right or Left)");
            throw new ProbeException(ErrorCodes.NOT_CLICKABLE, "'" + identifier + "' has no handle: " + why,
                    ProbeException.newDetails().put("identifier", identifier).put("reason", why));
        }
        return new Target(identifier, Target.Kind.HANDLE, tree, row.index(), List.of());
    }

    /** The cell of {@code row} under the column whose header shows {@code column} (exactly, else ignoring case, else its model index). */
    private static Target cell(String identifier, Target row, String column) throws ProbeException {
        JTable table = (JTable) row.component();
        int found = -1;
        for (int pass = 0; pass < 3 && found < 0; pass++) {
            for (int c = 0; c < table.getColumnCount() && found < 0; c++) {
                String h = Shown.header(table, c);
                if (pass == 0 ? column.equals(h) : pass == 1 ? column.equalsIgnoreCase(h)
                        : column.equals(String.valueOf(table.convertColumnIndexToModel(c)))) {
                    found = c;
                }
            }
        }
        if (found < 0) {
            StringBuilder headers = new StringBuilder();
            for (int c = 0; c < table.getColumnCount(); c++) {
                headers.append(c == 0 ? "" : ", ").append('"').append(Shown.header(table, c)).append('"');
            }
            throw new ProbeException(ErrorCodes.IDENTIFIER_NOT_FOUND, "'" + identifier + "': the table has no column headed \"" + column
                    + "\" (its columns: " + headers + ")", ProbeException.newDetails().put("identifier", identifier)
                    .put("column", column));
        }
        return new Target(identifier, Target.Kind.CELL, table, row.index(), found, List.of());
    }
}
