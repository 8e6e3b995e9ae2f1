package probe.api.swing;

import java.awt.Component;
import java.awt.Container;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * {@code FileNameExtensionFilter@1b2c3d}); and the text a person reads of what the application wrote
 * as HTML or with padding ({@link #readable}). Call on the EDT, except {@link #readable}.
 */
public final class Shown {

    private Shown() {
    }

    /** What separates a table row's cells in its text ({@link #row}). @since 1.5 */
    public static final String CELLS = " | ";

    /**
     * The text row {@code i} of a list, table or tree shows, as its renderer draws it; null when it
     * shows none. A table's row reads as its cells ({@link #cell}) in view order, joined by
     * {@link #CELLS} (a check box cell as {@code [x]} or {@code [ ]}).
     */
    public static String row(Component view, int i) {
        Component cell = null;
        if (view instanceof JList) {
            @SuppressWarnings("unchecked")
            JList<Object> list = (JList<Object>) view;
            cell = list.getCellRenderer().getListCellRendererComponent(list, list.getModel().getElementAt(i), i, false, false);
        } else if (view instanceof JTable) {
            JTable table = (JTable) view;
            StringBuilder b = new StringBuilder();
            boolean any = false;
            for (int c = 0; c < table.getColumnCount(); c++) {
                Object v = cell(table, i, c);
                b.append(c == 0 ? "" : CELLS).append(cellText(v));
                any |= v != null;
            }
            return any ? b.toString() : null;
        } else if (view instanceof JTree) {
            JTree tree = (JTree) view;
            javax.swing.tree.TreePath p = tree.getPathForRow(i);
            return p == null ? null : node(tree, p, i);
        }
        return cell == null ? null : blankIsNull(text(cell));
    }

    /**
     * The text the tree's renderer draws for the last node of {@code path} (its row {@code row}, -1
     * when it has none: under a collapsed node); null when it shows none. Never the node's
     * toString() unless the renderer draws that. @since 1.5
     */
    public static String node(JTree tree, javax.swing.tree.TreePath path, int row) {
        Object v = path.getLastPathComponent();
        boolean leaf = tree.getModel().isLeaf(v);
        javax.swing.tree.TreeCellRenderer r = tree.getCellRenderer();
        if (r == null) {
            return blankIsNull(tree.convertValueToText(v, false, tree.isExpanded(path), leaf, row, false));
        }
        Component c = r.getTreeCellRendererComponent(tree, v, false, tree.isExpanded(path), leaf, row, false);
        return c == null ? null : blankIsNull(text(c));
    }

    /**
     * What the cell at view row {@code row} and view column {@code column} of {@code table} shows,
     * as its renderer draws it: {@code Boolean} for a check box (or other toggle) with no text of its
     * own, a combo box's shown value, else the text; null when it shows nothing. @since 1.5
     */
    public static Object cell(JTable table, int row, int column) {
        Component c = table.prepareRenderer(table.getCellRenderer(row, column), row, column);
        if (c instanceof javax.swing.AbstractButton && blankIsNull(((javax.swing.AbstractButton) c).getText()) == null) {
            return ((javax.swing.AbstractButton) c).isSelected();
        }
        if (c instanceof JComboBox) {
            return comboValue((JComboBox<?>) c);
        }
        return c == null ? null : blankIsNull(text(c));
    }

    /** A cell's value ({@link #cell}) as text: a check box {@code [x]} or {@code [ ]}, nothing as empty. @since 1.5 */
    public static String cellText(Object cell) {
        if (cell instanceof Boolean) {
            return (Boolean) cell ? "[x]" : "[ ]";
        }
        return cell == null ? "" : cell.toString();
    }

    /** The text the header of view column {@code column} of {@code table} shows, as its renderer draws it; null when none. @since 1.5 */
    public static String header(JTable table, int column) {
        javax.swing.table.TableColumn tc = table.getColumnModel().getColumn(column);
        javax.swing.table.TableCellRenderer r = tc.getHeaderRenderer();
        javax.swing.table.JTableHeader h = table.getTableHeader();
        if (r == null && h != null) {
            r = h.getDefaultRenderer();
        }
        Object v = tc.getHeaderValue();
        if (r == null) {
            return v == null ? null : blankIsNull(String.valueOf(v));
        }
        Component c = r.getTableCellRendererComponent(table, v, false, false, -1, column);
        return c == null ? null : blankIsNull(text(c));
    }

    /**
     * How the table is sorted by view column {@code column}: {@code ascending} or {@code descending}
     * when its sorter's first sort key is that column, else null (unsorted, or sorted first by
     * another column, or no sorter). @since 1.5
     */
    public static String sort(JTable table, int column) {
        javax.swing.RowSorter<?> sorter = table.getRowSorter();
        if (sorter == null || sorter.getSortKeys().isEmpty()) {
            return null;
        }
        javax.swing.RowSorter.SortKey k = sorter.getSortKeys().get(0);
        if (k.getColumn() != table.convertColumnIndexToModel(column)) {
            return null;
        }
        switch (k.getSortOrder()) {
            case ASCENDING:
                return "ascending";
            case DESCENDING:
                return "descending";
            default:
                return null;
        }
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

    /**
     * The text of a renderer's component: a label's (an HTML label's without its markup; a label
     * that shows only a picture, its image's description when that is words, not a file name), a
     * text component's, or its children's joined by spaces.
     */
    public static String text(Component c) {
        if (c instanceof JLabel) {
            String s = ((JLabel) c).getText();
            if ((s == null || s.isBlank()) && ((JLabel) c).getIcon() instanceof javax.swing.ImageIcon) {
                // A picture alone reads as what the application says it shows, when it says so in words.
                return pictured(((javax.swing.ImageIcon) ((JLabel) c).getIcon()).getDescription());
            }
            // An HTML label reads as its text, not its markup.
            return isHtml(s) ? readable(s) : s;
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

    /**
     * The text a person reads of a label, a button, a title or a tooltip the application wrote as
     * {@code text}: for HTML (what Swing renders as such: it starts with {@code <html>}) the words
     * without the markup, its entities decoded ({@code &amp;}, {@code &nbsp;}, {@code &#8594;}), its
     * runs of white space one space; plain text as it is, without the padding around it. Null when
     * nothing is left (or {@code text} is null). Pure: callable on any thread.
     *
     * @since 1.4
     */
    public static String readable(String text) {
        if (text == null) {
            return null;
        }
        if (!isHtml(text)) {
            return blankIsNull(text.strip());
        }
        String s = SKIPPED.matcher(text).replaceAll(" ");
        s = BLOCK.matcher(s).replaceAll(" ");
        s = TAG.matcher(s).replaceAll("");
        s = entities(s);
        return blankIsNull(SPACE.matcher(s).replaceAll(" ").strip());
    }

    /** An image's description as words, or null when it is none: a file's path or address (ImageIcon's default) says nothing. */
    private static String pictured(String description) {
        if (description == null || description.isBlank() || description.contains("/") || description.contains("\\")
                || description.matches("(?i).*\\.(png|gif|jpe?g|bmp|svg)$")) {
            return null;
        }
        return description.strip();
    }

    /** Whether Swing renders {@code s} as HTML (javax.swing.plaf.basic.BasicHTML's rule). */
    private static boolean isHtml(String s) {
        return s != null && s.regionMatches(true, 0, "<html>", 0, 6);
    }

    /** What shows nothing: the head, a style sheet, a script, a comment. */
    private static final Pattern SKIPPED = Pattern.compile("(?is)<(head|style|script)\\b.*?</\\1\\s*>|<!--.*?-->");
    /** Tags that break a line or a block: a space between the words on either side. */
    private static final Pattern BLOCK = Pattern.compile("(?i)</?(br|p|div|li|ul|ol|dl|dt|dd|tr|td|th|table|h[1-6]|hr|body|html|center"
            + "|blockquote|pre)\\b[^>]*>");
    private static final Pattern TAG = Pattern.compile("<[^>]*>");
    private static final Pattern ENTITY = Pattern.compile("&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,7});");
    /** White space, the no-break space (&nbsp;) with it. */
    private static final Pattern SPACE = Pattern.compile("[\\s\\u00a0]+");
    private static final Map<String, String> NAMED = Map.ofEntries(Map.entry("amp", "&"), Map.entry("lt", "<"), Map.entry("gt", ">"),
            Map.entry("quot", "\""), Map.entry("apos", "'"), Map.entry("nbsp", "\u00a0"), Map.entry("euro", "\u20ac"),
            Map.entry("copy", "\u00a9"), Map.entry("reg", "\u00ae"), Map.entry("trade", "\u2122"), Map.entry("hellip", "\u2026"),
            Map.entry("mdash", "\u2014"), Map.entry("ndash", "\u2013"), Map.entry("laquo", "\u00ab"), Map.entry("raquo", "\u00bb"),
            Map.entry("middot", "\u00b7"), Map.entry("bull", "\u2022"), Map.entry("deg", "\u00b0"), Map.entry("times", "\u00d7"),
            Map.entry("rarr", "\u2192"), Map.entry("larr", "\u2190"));

    /** {@code s} with its character references decoded; an unknown one is left as written. */
    private static String entities(String s) {
        if (s.indexOf('&') < 0) {
            return s;
        }
        Matcher m = ENTITY.matcher(s);
        StringBuilder out = new StringBuilder(s.length());
        while (m.find()) {
            String ref = m.group(1);
            String with;
            if (ref.charAt(0) == '#') {
                int cp = ref.length() > 1 && (ref.charAt(1) == 'x' || ref.charAt(1) == 'X') ? Integer.parseInt(ref.substring(2), 16)
                        : Integer.parseInt(ref.substring(1));
                with = Character.isValidCodePoint(cp) ? new String(Character.toChars(cp)) : m.group();
            } else {
                with = NAMED.getOrDefault(ref.toLowerCase(java.util.Locale.ROOT), m.group());
            }
            m.appendReplacement(out, Matcher.quoteReplacement(with));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String blankIsNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
