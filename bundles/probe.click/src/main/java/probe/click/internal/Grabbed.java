package probe.click.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.swing.JComponent;
import javax.swing.JInternalFrame;
import javax.swing.JList;
import javax.swing.JScrollBar;
import javax.swing.JSlider;
import javax.swing.JSplitPane;
import javax.swing.JTable;
import javax.swing.JTree;
import javax.swing.SwingUtilities;
import javax.swing.plaf.basic.BasicSplitPaneDivider;
import javax.swing.table.JTableHeader;
import javax.swing.table.TableColumn;
import javax.swing.text.JTextComponent;
import probe.api.swing.ViewRegistry;
import probe.api.wire.Wire;

/**
 * What a hand's press took hold of, and its place before and after the drag: a slider's value, a
 * split pane's divider location, an internal frame's bounds, a table's column order, a scroll bar's
 * value. For the drag's reply ({@code dragged}), beside the receipt. Read on the EDT.
 */
final class Grabbed {
    private final String what;
    private final Component of;
    private final Object before;

    private Grabbed(String what, Component of) {
        this.what = what;
        this.of = of;
        this.before = place();
    }

    /** What a press at {@code p} (window coordinates of {@code w}) takes hold of; null when nothing of those. */
    static Grabbed at(Window w, Point p) {
        Component hit = deepest(w, p);
        for (Component c = hit; c != null && c != w; c = c.getParent()) {
            if (c instanceof JSlider) {
                return new Grabbed("value", c);
            }
            if (c instanceof JScrollBar) {
                return new Grabbed("value", c);
            }
            if (c instanceof BasicSplitPaneDivider && c.getParent() instanceof JSplitPane) {
                return new Grabbed("divider", c.getParent());
            }
            if (c instanceof JTableHeader && ((JTableHeader) c).getTable() != null) {
                return new Grabbed("columns", ((JTableHeader) c).getTable());
            }
            if (c instanceof JSplitPane || c instanceof JTable || c instanceof JList || c instanceof JTree
                    || c instanceof JTextComponent) {
                return null;
            }
            if (c instanceof JInternalFrame) {
                return new Grabbed("bounds", c);
            }
        }
        return null;
    }

    /** The component a press at {@code p} lands on, as far as what shows goes (not whether it takes the press). */
    private static Component deepest(Window w, Point p) {
        Component c = SwingUtilities.getDeepestComponentAt(w, p.x, p.y);
        return c == null ? w : c;
    }

    /** Whether a press at {@code p} of {@code w} starts Swing's drag and drop (a list, table, tree or text with drag enabled). */
    static boolean startsTransfer(Window w, Point p) {
        for (Component c = deepest(w, p); c != null && c != w; c = c.getParent()) {
            // AWT's own drag and drop: a recognizer listens to the component's mouse (java.awt.dnd's
            // MouseDragGestureRecognizer adds itself as its listener) and starts a drag the toolkit runs natively.
            for (java.awt.event.MouseMotionListener l : c.getMouseMotionListeners()) {
                if (l instanceof java.awt.dnd.DragGestureRecognizer) {
                    return true;
                }
            }
            if (c instanceof JComponent && ((JComponent) c).getTransferHandler() != null) {
                if (c instanceof JList) {
                    return ((JList<?>) c).getDragEnabled();
                }
                if (c instanceof JTable) {
                    return ((JTable) c).getDragEnabled();
                }
                if (c instanceof JTree) {
                    return ((JTree) c).getDragEnabled();
                }
                if (c instanceof JTextComponent) {
                    return ((JTextComponent) c).getDragEnabled();
                }
            }
        }
        return false;
    }

    private Object place() {
        switch (what) {
            case "value":
                return of instanceof JSlider ? ((JSlider) of).getValue() : ((JScrollBar) of).getValue();
            case "divider":
                return ((JSplitPane) of).getDividerLocation();
            case "bounds":
                return new Rectangle(of.getBounds());
            default:
                List<String> order = new ArrayList<>();
                JTable table = (JTable) of;
                for (int i = 0; i < table.getColumnCount(); i++) {
                    TableColumn col = table.getColumnModel().getColumn(i);
                    order.add(String.valueOf(col.getHeaderValue()));
                }
                return order;
        }
    }

    /** {@code {"what", "identifier", "before", "after", "changed"}}: its place now against before the drag. */
    ObjectNode after(ViewRegistry registry) {
        Object now = place();
        ObjectNode o = Wire.object();
        o.put("what", what);
        o.put("identifier", registry.identifierOf(of));
        put(o, "before", before);
        put(o, "after", now);
        o.put("changed", !Objects.equals(before, now));
        return o;
    }

    private static void put(ObjectNode o, String name, Object v) {
        if (v instanceof Integer) {
            o.put(name, (Integer) v);
        } else if (v instanceof Rectangle) {
            Rectangle r = (Rectangle) v;
            o.putArray(name).add(r.x).add(r.y).add(r.width).add(r.height);
        } else {
            var a = o.putArray(name);
            for (Object s : (List<?>) v) {
                a.add(String.valueOf(s));
            }
        }
    }
}
