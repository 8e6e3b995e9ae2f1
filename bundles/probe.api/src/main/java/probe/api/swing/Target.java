package probe.api.swing;

import java.awt.Component;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.List;
import javax.swing.JMenu;
import javax.swing.SwingUtilities;

/**
 * What an identifier names: a component, or a virtual item inside one (a row of a list, table or
 * tree; a tab), as the view registry resolved it. Read it on the event dispatch thread.
 */
public final class Target {

    /** What kind of thing the identifier names. */
    public enum Kind {
        /** A component named by {@code getName()}; a menu item counts, open or not. */
        COMPONENT,
        /** Row {@link #index()} of the JList, JTable or JTree {@link #component()}. */
        ROW,
        /** Tab {@link #index()} of the JTabbedPane {@link #component()}. */
        TAB,
        /**
         * Column {@link #index()} (in view order) of a table's header: {@link #component()} is the
         * JTableHeader. A hand's click on it sorts a table that has a sorter.
         * @since 1.5
         */
        COLUMN,
        /**
         * The cell at row {@link #index()} and column {@link #column()} (both in view order) of the
         * JTable {@link #component()}.
         * @since 1.5
         */
        CELL,
        /**
         * The expand handle of row {@link #index()} of the JTree {@link #component()}: the box a
         * hand clicks to expand or collapse its node ({@link Rows#handle}).
         * @since 1.6
         */
        HANDLE
    }

    private final String identifier;
    private final Kind kind;
    private final Component component;
    private final int index;
    private final int column;
    private final List<JMenu> menuPath;

    public Target(String identifier, Kind kind, Component component, int index, List<JMenu> menuPath) {
        this(identifier, kind, component, index, -1, menuPath);
    }

    /** @since 1.5 */
    public Target(String identifier, Kind kind, Component component, int index, int column, List<JMenu> menuPath) {
        this.identifier = identifier;
        this.kind = kind;
        this.component = component;
        this.index = index;
        this.column = column;
        this.menuPath = List.copyOf(menuPath);
    }

    /** The same target under another identifier. @since 1.5 */
    public Target named(String id) {
        return new Target(id, kind, component, index, column, menuPath);
    }

    public String identifier() {
        return identifier;
    }

    public Kind kind() {
        return kind;
    }

    /** The component itself, or the list, table, tree or tabbed pane that holds the item. */
    public Component component() {
        return component;
    }

    /** The row, tab or header column index; -1 for a component. */
    public int index() {
        return index;
    }

    /** A cell's column, in view order; -1 for anything else. @since 1.5 */
    public int column() {
        return column;
    }

    /**
     * For a menu item whose menu is closed: the menus a hand opens to reach it, outermost first
     * (the top-level menu of the menu bar, then each submenu). Empty otherwise.
     */
    public List<JMenu> menuPath() {
        return menuPath;
    }

    /** The window that holds the target (for a menu item in a closed menu: the menu bar's window). */
    public Window window() {
        Component anchor = menuPath.isEmpty() ? component : menuPath.get(0);
        return ViewRegistry.windowOf(anchor);
    }

    /** The target's bounds in {@link #component()}'s coordinates: the whole component, or the row's, tab's, header column's, cell's or handle's. */
    public Rectangle bounds() {
        switch (kind) {
            case ROW:
                return Rows.bounds(component, index);
            case TAB:
                return ((javax.swing.JTabbedPane) component).getBoundsAt(index);
            case COLUMN:
                return ((javax.swing.table.JTableHeader) component).getHeaderRect(index);
            case CELL:
                return ((javax.swing.JTable) component).getCellRect(index, column, false);
            case HANDLE:
                Rectangle h = Rows.handle((javax.swing.JTree) component, index);
                return h == null ? new Rectangle() : h;
            default:
                return new Rectangle(0, 0, component.getWidth(), component.getHeight());
        }
    }

    /**
     * The centre of the target's whole bounds in its window's coordinates. Not where a hand presses
     * (that is the centre of the part that shows, {@link Verdict#at()} of the registry's verdict).
     */
    public Point centreInWindow() {
        Rectangle b = bounds();
        Point p = new Point(b.x + b.width / 2, b.y + b.height / 2);
        return SwingUtilities.convertPoint(component, p, window());
    }

    @Override
    public String toString() {
        return identifier + " (" + kind.name().toLowerCase(java.util.Locale.ROOT) + (index >= 0 ? " " + index : "") + (column >= 0 ? ", column " + column : "") + ")";
    }
}
