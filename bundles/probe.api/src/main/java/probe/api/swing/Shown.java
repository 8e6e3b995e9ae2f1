package probe.api.swing;

import java.awt.Component;
import java.awt.Container;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JTable;
import javax.swing.JTree;
import javax.swing.ListCellRenderer;
import javax.swing.text.JTextComponent;

/**
 * What a person reads in a row, a combo box and its items: the text the cell renderer draws, never
 * the model value's {@code toString()} (a file chooser's filter would read
 * {@code FileNameExtensionFilter@1b2c3d}). Call on the EDT.
 */
public final class Shown {

    private Shown() {
    }

    /** The text row {@code i} of a list, table (its first column) or tree shows; null when it shows none. */
    public static String row(Component view, int i) {
        Object v = Rows.value(view, i);
        Component cell = null;
        if (view instanceof JList) {
            @SuppressWarnings("unchecked")
            JList<Object> list = (JList<Object>) view;
            cell = list.getCellRenderer().getListCellRendererComponent(list, v, i, false, false);
        } else if (view instanceof JTable) {
            JTable table = (JTable) view;
            cell = table.getColumnCount() == 0 ? null : table.prepareRenderer(table.getCellRenderer(i, 0), i, 0);
        } else if (view instanceof JTree) {
            JTree tree = (JTree) view;
            return blankIsNull(tree.convertValueToText(v, false, tree.isExpanded(i), tree.getModel().isLeaf(v), i, false));
        }
        return cell == null ? null : blankIsNull(text(cell));
    }

    /** The text item {@code i} of a combo box shows in its popup list; null when it shows none. */
    public static String comboItem(JComboBox<?> combo, int i) {
        return rendered(combo, combo.getModel().getElementAt(i), i);
    }

    /**
     * The text a combo box shows as its value: its editor's text when editable, else what its
     * renderer draws for the selected item (as the look and feel paints it, at index -1).
     */
    public static String comboValue(JComboBox<?> combo) {
        if (combo.isEditable() && combo.getEditor() != null && combo.getEditor().getEditorComponent() instanceof JTextComponent) {
            return ((JTextComponent) combo.getEditor().getEditorComponent()).getText();
        }
        Object selected = combo.getSelectedItem();
        return selected == null ? null : rendered(combo, selected, -1);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String rendered(JComboBox<?> combo, Object value, int index) {
        ListCellRenderer renderer = combo.getRenderer();
        JList<?> list = Rows.popupList(combo);
        if (renderer == null || list == null) {
            return value == null ? null : blankIsNull(String.valueOf(value));
        }
        Component cell = renderer.getListCellRendererComponent(list, value, index, false, false);
        return cell == null ? null : blankIsNull(text(cell));
    }

    /** The text of a renderer's component: a label's (an HTML label's without its markup), a text component's, or its children's joined by spaces. */
    public static String text(Component c) {
        if (c instanceof JLabel) {
            String s = ((JLabel) c).getText();
            // An HTML label reads as its text, not its markup.
            return s != null && s.regionMatches(true, 0, "<html>", 0, 6)
                    ? s.replaceAll("<[^>]*>", " ").replaceAll("&nbsp;", " ").replaceAll("\\s+", " ").strip() : s;
        }
        if (c instanceof JTextComponent) {
            return ((JTextComponent) c).getText();
        }
        StringBuilder out = new StringBuilder();
        if (c instanceof Container) {
            for (Component child : ((Container) c).getComponents()) {
                String s = text(child);
                if (s != null && !s.isBlank()) {
                    out.append(out.length() == 0 ? "" : " ").append(s.strip());
                }
            }
        }
        return out.toString();
    }

    private static String blankIsNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
