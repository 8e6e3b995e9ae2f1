package probe.registry.internal;

import java.awt.Component;
import java.awt.Dialog;
import java.awt.Frame;
import java.awt.Window;
import javax.swing.AbstractButton;
import javax.swing.JButton;
import javax.swing.JCheckBoxMenuItem;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.JPasswordField;
import javax.swing.JPopupMenu;
import javax.swing.JProgressBar;
import javax.swing.JRadioButtonMenuItem;
import javax.swing.JScrollBar;
import javax.swing.JSlider;
import javax.swing.JSpinner;
import javax.swing.JTabbedPane;
import javax.swing.JTable;
import javax.swing.JToggleButton;
import javax.swing.JTree;
import javax.swing.table.JTableHeader;
import javax.swing.text.JTextComponent;

/** What kind of control a component is to a person: its role, whether a hand operates it, whether it is one piece. */
final class Controls {

    private Controls() {
    }

    static String role(Component c) {
        if (c instanceof Dialog) {
            return "dialog";
        }
        if (c instanceof Frame || c instanceof Window) {
            return "window";
        }
        if (c instanceof JMenu) {
            return "menu";
        }
        if (c instanceof JCheckBoxMenuItem || c instanceof JRadioButtonMenuItem || c instanceof JMenuItem) {
            return "menuItem";
        }
        if (c instanceof JToggleButton) {
            return "toggle";
        }
        if (c instanceof JButton || c instanceof AbstractButton) {
            return "button";
        }
        if (c instanceof JPasswordField) {
            return "password";
        }
        if (c instanceof JTextComponent) {
            return "input";
        }
        if (c instanceof JComboBox) {
            return "combo";
        }
        if (c instanceof JSpinner) {
            return "spinner";
        }
        if (c instanceof JList) {
            return "list";
        }
        if (c instanceof JTable) {
            return "table";
        }
        if (c instanceof JTree) {
            return "tree";
        }
        if (c instanceof JTabbedPane) {
            return "tabs";
        }
        if (c instanceof JSlider) {
            return "slider";
        }
        if (c instanceof JProgressBar) {
            return "progress";
        }
        if (c instanceof JLabel) {
            return "label";
        }
        if (c instanceof JPopupMenu) {
            return "popup";
        }
        if (c instanceof javax.swing.JToolTip) {
            return "tooltip";
        }
        return "group";
    }

    /** Whether a person operates it directly: it must carry an identifier (gui.audit). */
    static boolean operable(Component c) {
        return c instanceof AbstractButton || c instanceof JTextComponent || c instanceof JComboBox || c instanceof JSpinner
                || c instanceof JList || c instanceof JTable || c instanceof JTree || c instanceof JTabbedPane
                || c instanceof JSlider;
    }

    /**
     * A control built of parts (a spinner's editor and arrows, a combo's button): its parts are
     * listed only when the app named them, since the control itself carries the identifier.
     */
    static boolean compound(Component c) {
        return c instanceof JSpinner || c instanceof JComboBox;
    }

    /** Whether the probe looks inside: not into leaf controls, a table's header, or scroll bars. */
    static boolean descend(Component c) {
        return !(c instanceof JScrollBar || c instanceof JTableHeader
                || c instanceof JTextComponent || c instanceof AbstractButton && !(c instanceof JMenu) || c instanceof JList
                || c instanceof JTable || c instanceof JTree || c instanceof JSlider);
    }

    /** Parts of other controls that are never listed on their own. */
    static boolean plumbing(Component c) {
        return c instanceof JScrollBar || c instanceof JTableHeader || c instanceof javax.swing.JViewport
                || c instanceof javax.swing.JRootPane || c instanceof javax.swing.JLayeredPane
                || c instanceof javax.swing.JMenuBar && c.getName() == null
                || !operable(c) && toolkitsOwnName(c);
    }

    /** The names AWT makes up for a window nobody named ({@code win0}, {@code dialog3}), and Swing's popup windows' ({@code ###...}). */
    private static final java.util.regex.Pattern WINDOW_NAME = java.util.regex.Pattern.compile("(win|frame|dialog)[0-9]+|###.*");

    /**
     * A name the toolkit gave, not the app: Swing's UI delegates name their parts
     * ({@code ComboPopup.popup}, {@code ComboBox.scrollPane}, {@code OptionPane.body}), a root pane its
     * parts ({@code null.contentPane}), and AWT makes one up for a window nobody named (a heavyweight
     * popup's {@code win0}). The app's names begin with a lower-case scene and have a dot or are a
     * window's own. Such a part that no hand operates is unnamed plumbing (its children stand for
     * it); one a hand operates stays listed, under that name, for the audit to report.
     */
    static boolean toolkitsOwnName(Component c) {
        String name = c.getName();
        if (name == null || name.isEmpty()) {
            return false;
        }
        return Character.isUpperCase(name.charAt(0)) || name.startsWith("null.") || c instanceof Window && WINDOW_NAME.matcher(name).matches();
    }
}
