package probe.registry.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Dialog;
import java.awt.Frame;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.LinkedHashMap;
import javax.swing.AbstractButton;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPasswordField;
import javax.swing.JProgressBar;
import javax.swing.JSlider;
import javax.swing.JSpinner;
import javax.swing.JTabbedPane;
import javax.swing.JTable;
import javax.swing.JTree;
import javax.swing.table.JTableHeader;
import javax.swing.JToolTip;
import javax.swing.JToggleButton;
import javax.swing.text.JTextComponent;
import probe.api.swing.ControlState;
import probe.api.swing.Rows;
import probe.api.swing.Shown;
import probe.api.swing.Target;

/**
 * The item gui.list reports for a target. A password field's text never leaves the process: only
 * its length is reported.
 */
final class Items {

    private Items() {
    }

    static ObjectNode describe(Target t, Window window, JLabel labelledBy) {
        Component c = t.component();
        // Room for every key an item can have (up to 18 with the verdict's), so the map is never rehashed.
        ObjectNode o = new ObjectNode(JsonNodeFactory.instance, new LinkedHashMap<>(32));
        o.put("identifier", t.identifier());
        if (t.kind() == Target.Kind.COMPONENT) {
            o.put("type", c.getClass().getSimpleName().isEmpty() ? c.getClass().getName() : c.getClass().getSimpleName());
            o.put("role", Controls.role(c));
        } else {
            // A row, tab, header column or cell: its type and role are its kind.
            String kind = t.kind().name().toLowerCase(java.util.Locale.ROOT);
            o.put("type", kind);
            o.put("role", kind);
        }
        o.put("window", window.getName());
        ArrayNode frame = o.putArray("frame");
        Rectangle r = frame(t, window);
        frame.add(r.x).add(r.y).add(r.width).add(r.height);
        o.put("label", label(t, labelledBy));
        value(t, o);
        String tip = tooltip(t);
        if (tip != null) {
            o.put("tooltip", tip);
        }
        if (c instanceof JToolTip && ((JToolTip) c).getComponent() != null) {
            // A tooltip showing now: which control it tells about.
            o.put("for", ((JToolTip) c).getComponent().getName());
        }
        o.put("enabled", c.isEnabled());
        o.put("focused", t.kind() == Target.Kind.COMPONENT && c.isFocusOwner());
        if (!t.menuPath().isEmpty()) {
            o.put("inClosedMenu", true);
        }
        return o;
    }

    /** In the coordinates of the item's window; a window itself reports its bounds on screen. */
    private static Rectangle frame(Target t, Window window) {
        Component c = t.component();
        if (c instanceof Window) {
            return c.getBounds();
        }
        if (!c.isShowing()) {
            return new Rectangle();
        }
        Rectangle b = t.bounds();
        Point p = Geometry.toWindow(c, b.x, b.y, window);
        return new Rectangle(p.x, p.y, b.width, b.height);
    }

    private static String label(Target t, JLabel labelledBy) {
        String own = ownLabel(t, labelledBy);
        Component c = t.component();
        if (own != null || t.kind() != Target.Kind.COMPONENT || c instanceof Dialog || c instanceof Frame
                || c instanceof AbstractButton || c instanceof JLabel || labelledBy != null) {
            return own;
        }
        if (c instanceof JComponent) {
            Object tip = ((JComponent) c).getAccessibleContext().getAccessibleName();
            return tip == null ? null : Shown.readable(tip.toString());
        }
        return null;
    }

    /**
     * The label a person reads on or beside the target: a row's or tab's text, a window's title, a
     * button's or label's text, the text of the label that is {@code labelFor} it; null when it has
     * none of these (gui.list then gives its accessible name, which a receipt does not compare:
     * asking every field for it costs more than the rest of the look). As a person reads it
     * ({@link Shown#readable}: an HTML text without its markup, a text without its padding), except a
     * row's text, which gui.select matches as its renderer draws it.
     */
    private static String ownLabel(Target t, JLabel labelledBy) {
        Component c = t.component();
        if (t.kind() == Target.Kind.ROW) {
            return rowText(c, t.index());
        }
        if (t.kind() == Target.Kind.COLUMN) {
            return Shown.header(((JTableHeader) c).getTable(), t.index());
        }
        if (t.kind() == Target.Kind.CELL) {
            return Shown.cellText(Shown.cell((JTable) c, t.index(), t.column()));
        }
        return Shown.readable(written(t, labelledBy));
    }

    /** The label's text as the application wrote it (not a row's). */
    private static String written(Target t, JLabel labelledBy) {
        Component c = t.component();
        if (t.kind() == Target.Kind.TAB) {
            return ((JTabbedPane) c).getTitleAt(t.index());
        }
        if (c instanceof Dialog) {
            return ((Dialog) c).getTitle();
        }
        if (c instanceof Frame) {
            return ((Frame) c).getTitle();
        }
        if (c instanceof AbstractButton) {
            return ((AbstractButton) c).getText();
        }
        if (c instanceof JLabel) {
            return ((JLabel) c).getText();
        }
        if (c instanceof JToolTip) {
            return ((JToolTip) c).getTipText();
        }
        if (labelledBy != null) {
            return labelledBy.getText();
        }
        return null;
    }

    /** What a person reads in the row: the text its cell renderer draws (not the value's toString). */
    static String rowText(Component view, int i) {
        return Shown.row(view, i);
    }

    /**
     * The tooltip text the control (or the tab) has, which a hand resting on it would make appear,
     * as a person reads it ({@link Shown#readable}: an HTML tooltip without its markup); null when none.
     */
    private static String tooltip(Target t) {
        Component c = t.component();
        if (t.kind() == Target.Kind.TAB) {
            return Shown.readable(((JTabbedPane) c).getToolTipTextAt(t.index()));
        }
        if (t.kind() != Target.Kind.COMPONENT || !(c instanceof JComponent) || c instanceof JToolTip) {
            return null;
        }
        return Shown.readable(((JComponent) c).getToolTipText());
    }

    /** Whether a row is scrolled into view: some part of it inside its list's, table's or tree's visible rectangle. */
    private static boolean inView(Target t) {
        Component c = t.component();
        return c instanceof JComponent && ((JComponent) c).getVisibleRect().intersects(t.bounds());
    }

    private static void value(Target t, ObjectNode o) {
        Component c = t.component();
        if (t.kind() == Target.Kind.HANDLE) {
            o.put("expanded", Rows.expanded((JTree) c, t.index()));
            return;
        }
        if (t.kind() == Target.Kind.ROW) {
            o.put("selected", Rows.selected(c, t.index()));
            o.put("visible", inView(t));
            o.put("index", t.index());
            if (c instanceof JTree) {
                // A node with children to show: expanded or collapsed, as its handle draws it.
                Boolean expanded = Rows.expanded((JTree) c, t.index());
                if (expanded != null) {
                    o.put("expanded", expanded);
                }
            }
            if (c instanceof JTable) {
                // Each cell as its renderer draws it, in view order: a check box's as true or false.
                JTable table = (JTable) c;
                ArrayNode cells = o.putArray("cells");
                for (int col = 0; col < table.getColumnCount(); col++) {
                    Object v = Shown.cell(table, t.index(), col);
                    if (v instanceof Boolean) {
                        cells.add((Boolean) v);
                    } else if (v == null) {
                        cells.add("");
                    } else {
                        cells.add(v.toString());
                    }
                }
            }
            return;
        }
        if (t.kind() == Target.Kind.COLUMN) {
            JTable table = ((JTableHeader) c).getTable();
            String sort = table == null ? null : Shown.sort(table, t.index());
            if (sort != null) {
                o.put("sort", sort);
            }
            return;
        }
        if (t.kind() == Target.Kind.CELL) {
            Object v = Shown.cell((JTable) c, t.index(), t.column());
            if (v instanceof Boolean) {
                o.put("value", (Boolean) v);
            } else {
                o.put("value", v == null ? null : v.toString());
            }
            o.put("editable", ((JTable) c).isCellEditable(t.index(), t.column()));
            return;
        }
        if (Rows.hasRows(c)) {
            // How many rows it has, and which a person sees now (the listing gives those of a large one).
            ObjectNode rows = o.putObject("rows");
            rows.put("count", Rows.count(c));
            int[] range = Rows.inView(c);
            if (range != null) {
                rows.put("first", range[0]);
                rows.put("last", range[1]);
            }
        }
        if (t.kind() == Target.Kind.TAB) {
            o.put("selected", ((JTabbedPane) c).getSelectedIndex() == t.index());
            return;
        }
        if (c instanceof JPasswordField) {
            // Never the password: only how long it is (and which characters are selected).
            o.put("length", ((JPasswordField) c).getDocument().getLength());
            o.put("editable", ((JPasswordField) c).isEditable());
            selection((JTextComponent) c, o);
        } else if (c instanceof JTextComponent) {
            o.put("value", ((JTextComponent) c).getText());
            o.put("editable", ((JTextComponent) c).isEditable());
            selection((JTextComponent) c, o);
        } else {
            Object v = plainValue(c);
            if (v == NO_VALUE) {
                return;
            }
            if (v == null) {
                o.putNull("value");
            } else if (v instanceof Boolean) {
                o.put("value", (Boolean) v);
            } else if (v instanceof Integer) {
                o.put("value", (Integer) v);
            } else if (v instanceof Long) {
                o.put("value", (Long) v);
            } else if (v instanceof Double) {
                o.put("value", (Double) v);
            } else {
                o.put("value", v.toString());
            }
        }
    }

    /** A text's {@code selection}, {@code [start, end]} (offsets from 0), when characters are selected. */
    private static void selection(JTextComponent c, ObjectNode o) {
        int start = c.getSelectionStart();
        int end = c.getSelectionEnd();
        if (start < end) {
            o.putArray("selection").add(start).add(end);
        }
    }

    /** What {@link #plainValue} answers for a component that has no value. */
    static final Object NO_VALUE = new Object();

    /**
     * The {@code value} of a component that is neither a text field nor a row or tab: a toggle's
     * state, a combo's selection, a spinner's number, a slider's or progress bar's value, a label's
     * text (as a person reads it, {@link Shown#readable}), a list's selected index, a tabbed pane's selected title; {@link #NO_VALUE} for
     * anything else (a button). A {@code String}, {@code Boolean}, {@code Integer}, {@code Long},
     * {@code Double} or null.
     */
    static Object plainValue(Component c) {
        if (c instanceof JToggleButton || c instanceof javax.swing.JCheckBoxMenuItem || c instanceof javax.swing.JRadioButtonMenuItem) {
            return ((AbstractButton) c).isSelected();
        } else if (c instanceof JComboBox) {
            // What the combo shows, as its renderer draws it: never the model's toString().
            return Shown.comboValue((JComboBox<?>) c);
        } else if (c instanceof JSpinner) {
            Object v = ((JSpinner) c).getValue();
            if (v instanceof Number) {
                double d = ((Number) v).doubleValue();
                return d == Math.rint(d) ? (Object) ((Number) v).longValue() : (Object) d;
            }
            return v == null ? null : v.toString();
        } else if (c instanceof JSlider) {
            return ((JSlider) c).getValue();
        } else if (c instanceof JProgressBar) {
            return ((JProgressBar) c).getValue();
        } else if (c instanceof JLabel) {
            // The text it shows, as its label reads it.
            return Shown.readable(((JLabel) c).getText());
        } else if (c instanceof JList) {
            return ((JList<?>) c).getSelectedIndex();
        } else if (c instanceof JTabbedPane) {
            JTabbedPane p = (JTabbedPane) c;
            return p.getSelectedIndex() < 0 ? null : p.getTitleAt(p.getSelectedIndex());
        }
        return NO_VALUE;
    }

    /**
     * The six fields a receipt compares, read as {@link #describe} reads them, without the JSON:
     * a password field gives only its length. For a target of a {@link Scan}: it is showing unless
     * it is in a closed menu.
     */
    static ControlState state(Target t, JLabel labelledBy) {
        Component c = t.component();
        Object value = null;
        Boolean selected = null;
        Boolean visible = null;
        Integer length = null;
        Boolean expanded = null;
        if (t.kind() == Target.Kind.ROW) {
            selected = Rows.selected(c, t.index());
            visible = inView(t);
            if (c instanceof JTree) {
                expanded = Rows.expanded((JTree) c, t.index());
            }
        } else if (t.kind() == Target.Kind.COLUMN) {
            JTable table = ((JTableHeader) c).getTable();
            value = table == null ? null : Shown.sort(table, t.index());
        } else if (t.kind() == Target.Kind.CELL) {
            value = Shown.cell((JTable) c, t.index(), t.column());
        } else if (t.kind() == Target.Kind.TAB) {
            selected = ((JTabbedPane) c).getSelectedIndex() == t.index();
        } else if (c instanceof JPasswordField) {
            // Never the password: only how long it is.
            length = ((JPasswordField) c).getDocument().getLength();
        } else if (c instanceof JTextComponent) {
            value = ((JTextComponent) c).getText();
        } else {
            Object v = plainValue(c);
            value = v == NO_VALUE ? null : v;
        }
        // The scan reached it showing unless it is an item of a closed menu (a row or tab: its view showing).
        return new ControlState(t.identifier(), value, ownLabel(t, labelledBy), c.isEnabled(), selected, visible, t.menuPath().isEmpty(),
                length, expanded);
    }
}
