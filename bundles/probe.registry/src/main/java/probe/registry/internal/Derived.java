package probe.registry.internal;

import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Frame;
import java.awt.Window;
import java.util.IdentityHashMap;
import java.util.Map;
import javax.accessibility.AccessibleContext;
import javax.swing.AbstractButton;
import javax.swing.Icon;
import javax.swing.ImageIcon;
import javax.swing.JComponent;
import javax.swing.JInternalFrame;
import javax.swing.JLabel;
import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.JPopupMenu;
import javax.swing.JTabbedPane;
import javax.swing.border.Border;
import javax.swing.border.CompoundBorder;
import javax.swing.border.TitledBorder;

/**
 * Reads, on the EDT, what a person sees of a component nobody named, for {@link Derivation}: the
 * scene of its window, its role, the name from the first source that has one, and its nearest
 * titled container.
 */
final class Derived {
    private final Map<Window, String> scenes = new IdentityHashMap<>();
    private final Map<Component, JLabel> labels;
    private final Identities held;

    Derived(Map<Component, JLabel> labels, Identities held) {
        this.labels = labels;
        this.held = held;
    }

    /** The name the app gave {@code c}, or null when it gave none or the toolkit made it up. */
    static String explicit(Component c) {
        String name = c.getName();
        return Derivation.madeUp(name, !(c instanceof JComponent)) ? null : name;
    }

    /**
     * A window's scene: the one it had while it showed, else (docs/IDENTIFIERS.md, "Scenes") its
     * explicit name, else its title with what changes with the document left out, else its own
     * class when the application has one, else its owner's scene, else its role.
     */
    String scene(Window w) {
        String s = scenes.get(w);
        if (s == null) {
            s = held.scene(w);
            if (s == null) {
                s = explicit(w);
            }
            if (s == null) {
                s = Derivation.titleScene(w instanceof Dialog ? ((Dialog) w).getTitle() : w instanceof Frame ? ((Frame) w).getTitle() : null);
            }
            if (s == null) {
                s = ownClass(w);
            }
            if (s == null && w.getOwner() != null) {
                s = scene(w.getOwner());
            }
            if (s == null) {
                s = Controls.role(w);
            }
            scenes.put(w, s);
        }
        return s;
    }

    /** Every window's scene this walk used, for {@link Identities} to keep. */
    Map<Window, String> scenes() {
        return scenes;
    }

    /** The slug of a window's class when the application wrote it (not the JDK's, not anonymous); null otherwise. */
    static String ownClass(Window w) {
        Class<?> type = w.getClass();
        String n = type.getName();
        if (type.isAnonymousClass() || type.isLocalClass() || type.isSynthetic() || n.startsWith("java.") || n.startsWith("javax.")
                || n.startsWith("sun.") || n.startsWith("com.sun.") || n.startsWith("jdk.")) {
            return null;
        }
        return Derivation.slug(type.getSimpleName());
    }

    /** What to name {@code c} of window {@code w}: scene, {@code role[.name]}, container, and whether only its place names it. */
    Derivation.Wanted wanted(Component c, Window w) {
        String role = Controls.role(c);
        if (c instanceof Window) {
            // A window's scene is its title: its own identifier is the scene and its role.
            return new Derivation.Wanted(scene((Window) c), role, null, false);
        }
        String name = name(c);
        return new Derivation.Wanted(scene(w), name == null ? role : role + "." + name, container(c, w), name == null);
    }

    /**
     * The name from the first source that has one, what a person sees and what stays first
     * (docs/IDENTIFIERS.md, "Names"): the label that is {@code labelFor} it; for a menu or menu item
     * its text, then its own accessible name, its icon's file, its tooltip; for any other button its
     * own accessible name, its text, its icon's file, its tooltip; for a field, list, table, tree,
     * combo, spinner or slider its own accessible name, then the label a person reads before it,
     * then its tooltip. A tooltip comes late because applications change it with their state (what
     * Undo will undo); an action command, which no person sees and which an application may share
     * between buttons that read differently, comes last and only when it reads as words.
     * Null: its place in the tree names it (the order among its kind in its container).
     */
    static String name(Component c, JLabel labelledBy) {
        String label = labelledBy == null ? null : Derivation.slug(labelledBy.getText());
        if (label != null) {
            return label;
        }
        if (c instanceof AbstractButton) {
            AbstractButton b = (AbstractButton) c;
            String text = Derivation.slug(b.getText());
            String accessible = ownAccessibleName(b, text);
            String icon = iconName(b.getIcon());
            String tip = Derivation.slug(b.getToolTipText());
            String command = Derivation.humanCommand(b.getModel().getActionCommand());
            return b instanceof JMenuItem ? Derivation.first(text, accessible, icon, tip, command)
                    : Derivation.first(accessible, text, icon, tip, command);
        }
        if (c instanceof JTabbedPane) {
            // Its accessible name is the selected tab's title: it changes with the selection.
            JTabbedPane p = (JTabbedPane) c;
            String selected = p.getSelectedIndex() < 0 ? null : Derivation.slug(p.getTitleAt(p.getSelectedIndex()));
            return Derivation.first(ownAccessibleName(c, selected), Derivation.slug(p.getToolTipText()));
        }
        if (c instanceof JComponent) {
            return Derivation.first(ownAccessibleName(c, null), Derivation.slug(labelBefore(c)), Derivation.slug(((JComponent) c).getToolTipText()));
        }
        return null;
    }

    /** The most containers a search for the label before a control climbs, for one it is the first of (a list in its scroll pane). */
    private static final int LABEL_CLIMB = 3;

    /**
     * The text of the label a person reads just before {@code c} where no {@code labelFor} says so:
     * the nearest visible sibling before it, when that is a label of no other control; when
     * {@code c} is the first visible child of its container (a field beside its button in a panel of
     * their own, a list in its scroll pane), the same asked of that container, a few levels up.
     * Anything else before it (another control, a panel) means no label is its own.
     */
    static String labelBefore(Component c) {
        Component at = c;
        for (int up = 0; up <= LABEL_CLIMB && !(at instanceof Window); up++) {
            Container p = at.getParent();
            if (p == null || p instanceof Window) {
                return null;
            }
            Component[] kids = p.getComponents();
            int i = kids.length - 1;
            while (i >= 0 && kids[i] != at) {
                i--;
            }
            for (int j = i - 1; j >= 0; j--) {
                Component s = kids[j];
                if (!s.isVisible()) {
                    continue;
                }
                if (s instanceof JLabel && (((JLabel) s).getLabelFor() == null || ((JLabel) s).getLabelFor() == c)) {
                    return ((JLabel) s).getText();
                }
                return null;
            }
            at = p;
        }
        return null;
    }

    private String name(Component c) {
        return name(c, labels.get(c));
    }

    /** The accessible name unless it only repeats the text (a button's accessible name defaults to its text). */
    private static String ownAccessibleName(Component c, String textSlug) {
        AccessibleContext ac = c.getAccessibleContext();
        String s = ac == null ? null : Derivation.slug(ac.getAccessibleName());
        return s == null || s.equals(textSlug) ? null : s;
    }

    private static String iconName(Icon icon) {
        return icon instanceof ImageIcon ? Derivation.iconName(((ImageIcon) icon).getDescription()) : null;
    }

    /** The slug of the nearest titled container: a tab's title, an internal frame's, a titled border's; null when none. */
    static String container(Component c, Window w) {
        if (c instanceof JMenuItem && c.getParent() instanceof JPopupMenu) {
            // A menu's item: its menu ("edit"); an item of a context menu: "popup", never the menu bar's plain name.
            Component invoker = ((JPopupMenu) c.getParent()).getInvoker();
            return invoker instanceof JMenu ? Derivation.first(Derivation.slug(((JMenu) invoker).getText()), "menu") : "popup";
        }
        for (Component p = c.getParent(); p != null && p != w; p = p.getParent()) {
            String title = null;
            Container parent = p.getParent();
            if (parent instanceof JTabbedPane) {
                int i = ((JTabbedPane) parent).indexOfComponent(p);
                title = i < 0 ? null : ((JTabbedPane) parent).getTitleAt(i);
            } else if (p instanceof JInternalFrame) {
                title = ((JInternalFrame) p).getTitle();
            } else if (p instanceof JComponent) {
                title = borderTitle(((JComponent) p).getBorder());
            }
            String s = Derivation.slug(title);
            if (s != null) {
                return s;
            }
        }
        return null;
    }

    private static String borderTitle(Border b) {
        if (b instanceof TitledBorder) {
            return ((TitledBorder) b).getTitle();
        }
        if (b instanceof CompoundBorder) {
            String outer = borderTitle(((CompoundBorder) b).getOutsideBorder());
            return outer != null ? outer : borderTitle(((CompoundBorder) b).getInsideBorder());
        }
        return null;
    }
}
