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

    /**
     * A name the toolkit gave, not the app (see {@link Derivation#madeUp}): a part so named that no
     * hand operates is unnamed plumbing (its children stand for it), as is a Swing popup's window
     * ({@code ###overrideRedirect###}); a window AWT named ({@code frame0}) is still listed, under
     * its derived identifier.
     */
    static boolean toolkitsOwnName(Component c) {
        String name = c.getName();
        if (name == null || name.isEmpty()) {
            return false;
        }
        return c instanceof Window ? name.startsWith("###") : Derivation.madeUp(name, !(c instanceof javax.swing.JComponent));
    }
}
