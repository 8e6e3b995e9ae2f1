package probe.input;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Point;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.awt.event.MouseEvent;
import java.util.List;
import javax.swing.JTable;
import javax.swing.SwingUtilities;
import javax.swing.table.TableCellEditor;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;

/**
 * A table cell edited as a hand edits it: its editor started by the clicks the editor itself asks
 * for ({@link TableCellEditor#isCellEditable} answers a press of one, two or three clicks; a
 * {@code DefaultCellEditor} on a text field wants two, on a combo box or check box one), or, when
 * no click starts it, by one click and F2 (JTable's own key for editing the lead cell); then found
 * once it has started. A cell the table does not let be edited is refused with {@code
 * gui.not_editable}.
 *
 * @since 1.7
 */
public final class Cells {
    /** The most clicks a hand gives a cell to start its editor. */
    private static final int MOST_CLICKS = 3;

    private Cells() {
    }

    /** Whether {@code t} names a table cell. */
    public static boolean isCell(Target t) {
        return t != null && t.kind() == Target.Kind.CELL;
    }

    /**
     * Checks that a hand can edit the cell and posts the input that starts its editor (nothing
     * when it is being edited already). The clicks land where the verdict says a hand presses.
     * On the EDT.
     *
     * @throws ProbeException {@code gui.not_editable} when the table does not let the cell be
     *     edited; the verdict's refusal when a hand could not reach it
     */
    public static void start(ViewRegistry registry, Target cell) throws ProbeException {
        JTable table = (JTable) cell.component();
        if (!table.isEnabled()) {
            throw notEditable(cell.identifier(), "its table is disabled");
        }
        if (!table.isCellEditable(cell.index(), cell.column())) {
            throw notEditable(cell.identifier(), "the table does not let this cell be edited");
        }
        Verdict v = Reach.check(registry, cell);
        if (editor(cell) != null) {
            return;
        }
        Point inTable = SwingUtilities.convertPoint(cell.window(), v.at(), table);
        int clicks = clicksToStart(table, cell.index(), cell.column(), inTable);
        Mouse.click(cell.window(), v.at(), Mouse.Button.LEFT, Math.max(clicks, 1));
        if (clicks == 0) {
            // The click made it the lead cell and gave the table the focus; F2 is JTable's "startEditing".
            new KeyRun(table).stroke(Keyboard.Key.silent(KeyEvent.VK_F2), List.of()).post();
        }
    }

    /** How many clicks the cell's editor starts on (1 to 3), 0 when no click starts it. */
    static int clicksToStart(JTable table, int row, int column, Point p) {
        TableCellEditor editor = table.getCellEditor(row, column);
        if (editor == null) {
            return 0;
        }
        for (int n = 1; n <= MOST_CLICKS; n++) {
            MouseEvent press = new MouseEvent(table, MouseEvent.MOUSE_PRESSED, System.currentTimeMillis(),
                    InputEvent.BUTTON1_DOWN_MASK, p.x, p.y, n, false, MouseEvent.BUTTON1);
            if (editor.isCellEditable(press)) {
                return n;
            }
        }
        return 0;
    }

    /** The component editing the cell now, or null when the cell is not being edited. On the EDT. */
    public static Component editor(Target cell) {
        JTable table = (JTable) cell.component();
        return table.isEditing() && table.getEditingRow() == cell.index() && table.getEditingColumn() == cell.column()
                ? table.getEditorComponent() : null;
    }

    /**
     * The component editing the cell once the input {@link #start} posted has been handled, or
     * {@code gui.not_editable} when no editor started. On the EDT.
     */
    public static Component started(Target cell) throws ProbeException {
        Component c = editor(cell);
        if (c == null) {
            throw notEditable(cell.identifier(), "its editor did not start on a hand's clicks or F2");
        }
        return c;
    }

    /**
     * Whether the cell's editing ended (committed): false while the editor still holds it, as
     * when it refused what was typed (a number column given letters). On the EDT.
     */
    public static boolean committed(Target cell) {
        return editor(cell) == null;
    }

    /** Cancels the cell's editing, as Escape does, leaving the cell's value as it was. On the EDT. */
    public static void cancel(Target cell) {
        JTable table = (JTable) cell.component();
        if (editor(cell) != null && table.getCellEditor() != null) {
            table.getCellEditor().cancelCellEditing();
        }
    }

    /** {@code gui.not_editable} for {@code identifier}, with {@code details.reason}. */
    public static ProbeException notEditable(String identifier, String reason) {
        ObjectNode details = ProbeException.newDetails();
        details.put("identifier", identifier);
        details.put("reason", reason);
        return new ProbeException(ErrorCodes.NOT_EDITABLE, "cannot edit '" + identifier + "': " + reason, details);
    }
}
