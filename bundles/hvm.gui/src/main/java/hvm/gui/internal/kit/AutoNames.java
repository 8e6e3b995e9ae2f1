package hvm.gui.internal.kit;

import java.awt.Component;
import java.awt.Container;
import java.awt.event.ContainerAdapter;
import java.awt.event.ContainerEvent;
import java.awt.event.ContainerListener;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import javax.accessibility.Accessible;
import javax.swing.AbstractButton;
import javax.swing.CellRendererPane;
import javax.swing.JButton;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JList;
import javax.swing.JMenuItem;
import javax.swing.JPopupMenu;
import javax.swing.JScrollBar;
import javax.swing.JSpinner;
import javax.swing.JTable;
import javax.swing.JToggleButton;
import javax.swing.JTree;
import javax.swing.MenuElement;
import javax.swing.SwingUtilities;
import javax.swing.text.JTextComponent;
import javax.swing.plaf.basic.ComboPopup;

/**
 * Names the operable controls of a component tree the app did not build itself (the JDK's file
 * chooser), as {@code <scene>.<role>.<words of its text or tooltip>}, so that no control of the
 * app is left without an identifier. Controls already named under {@code scene} keep their name.
 */
public final class AutoNames {
    private final String scene;
    private final Set<String> taken = new HashSet<>();

    private AutoNames(String scene) {
        this.scene = scene;
    }

    /** Names every unnamed operable control under {@code root}; safe to call again after the tree changed. */
    public static void name(Container root, String scene) {
        AutoNames names = new AutoNames(scene);
        names.collect(root);
        names.walk(root);
    }

    /** Names the items of a popup menu that belongs to the tree (it is not a child of it). */
    public static void namePopup(JPopupMenu popup, String scene) {
        AutoNames names = new AutoNames(scene);
        names.collect(popup);
        names.walkMenu(popup);
    }

    /**
     * Runs {@code namer} now and again, on the EDT, whenever a component is added anywhere under
     * {@code root}: the file chooser builds its details table only when the user asks for it.
     */
    public static void keepNamed(Container root, Runnable namer) {
        namer.run();
        ContainerListener listener = new ContainerAdapter() {
            @Override
            public void componentAdded(ContainerEvent e) {
                listenTo(e.getChild(), this);
                SwingUtilities.invokeLater(namer);
            }
        };
        listenTo(root, listener);
    }

    private static void listenTo(Component c, ContainerListener listener) {
        if (!(c instanceof Container)) {
            return;
        }
        Container container = (Container) c;
        if (!Arrays.asList(container.getContainerListeners()).contains(listener)) {
            container.addContainerListener(listener);
        }
        for (Component child : container.getComponents()) {
            listenTo(child, listener);
        }
    }

    private void collect(Component c) {
        if (c.getName() != null && c.getName().startsWith(scene + ".")) {
            taken.add(c.getName());
        }
        if (c instanceof Container) {
            for (Component child : ((Container) c).getComponents()) {
                collect(child);
            }
        }
    }

    private void walk(Component c) {
        if (c instanceof JScrollBar || c instanceof CellRendererPane) {
            return;
        }
        if (c instanceof JComboBox) {
            nameCombo((JComboBox<?>) c);
            return;
        }
        if (c instanceof JSpinner) {
            // Not in the chooser today; a spinner's parts are named by Kit.spinner.
            assign(c, "spinner");
            return;
        }
        String role = role(c);
        if (role != null) {
            assign(c, role);
        }
        if (c instanceof Container) {
            for (Component child : ((Container) c).getComponents()) {
                walk(child);
            }
        }
    }

    private void walkMenu(MenuElement menu) {
        for (MenuElement e : menu.getSubElements()) {
            Component c = e.getComponent();
            if (c instanceof JMenuItem) {
                assign(c, "menu");
            }
            walkMenu(e);
        }
    }

    private void nameCombo(JComboBox<?> combo) {
        String id = assign(combo, "combo");
        for (Component c : combo.getComponents()) {
            if (c instanceof JButton) {
                c.setName(id + ".arrow");
            }
        }
        Accessible popup = combo.getUI().getAccessibleChild(combo, 0);
        if (popup instanceof ComboPopup) {
            ((ComboPopup) popup).getList().setName(id + ".popup");
        }
    }

    private static String role(Component c) {
        if (c instanceof JMenuItem) {
            return "menu";
        }
        if (c instanceof JToggleButton) {
            return "toggle";
        }
        if (c instanceof AbstractButton) {
            return "button";
        }
        if (c instanceof JTextComponent) {
            return "input";
        }
        if (c instanceof JList || c instanceof JTable || c instanceof JTree) {
            return "list";
        }
        return null;
    }

    private String assign(Component c, String role) {
        if (c.getName() != null && c.getName().startsWith(scene + ".")) {
            return c.getName();
        }
        String base = scene + "." + role + "." + words(c);
        String id = base;
        for (int i = 2; taken.contains(id); i++) {
            id = base + i;
        }
        taken.add(id);
        c.setName(id);
        return id;
    }

    private static String words(Component c) {
        String text = null;
        if (c instanceof AbstractButton) {
            text = ((AbstractButton) c).getText();
        }
        if ((text == null || text.isBlank()) && c instanceof JComponent) {
            text = ((JComponent) c).getToolTipText();
        }
        if ((text == null || text.isBlank()) && c.getAccessibleContext() != null) {
            text = c.getAccessibleContext().getAccessibleName();
        }
        String camel = camel(text == null ? "" : text);
        return camel.isEmpty() ? "item" : camel;
    }

    /** "Look In:" becomes "lookIn", "Up One Level" becomes "upOneLevel". */
    static String camel(String text) {
        StringBuilder sb = new StringBuilder();
        for (String word : text.split("[^A-Za-z0-9]+")) {
            if (word.isEmpty()) {
                continue;
            }
            String lower = word.toLowerCase(Locale.ROOT);
            sb.append(sb.length() == 0 ? lower : Character.toUpperCase(lower.charAt(0)) + lower.substring(1));
        }
        return sb.toString();
    }
}
