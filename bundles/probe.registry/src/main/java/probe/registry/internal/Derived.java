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
import javax.swing.JMenuItem;
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

    Derived(Map<Component, JLabel> labels) {
        this.labels = labels;
    }

    /** The name the app gave {@code c}, or null when it gave none or the toolkit made it up. */
    static String explicit(Component c) {
        String name = c.getName();
        return Derivation.madeUp(name, !(c instanceof JComponent)) ? null : name;
    }

    /** A window's scene: its explicit name, else its title, else its owner's scene, else its role. */
    String scene(Window w) {
        String s = scenes.get(w);
        if (s == null) {
            s = explicit(w);
            if (s == null) {
                s = Derivation.slug(w instanceof Dialog ? ((Dialog) w).getTitle() : w instanceof Frame ? ((Frame) w).getTitle() : null);
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

    /** What to name {@code c} of window {@code w}: scene, {@code role[.name]}, container. */
    Derivation.Wanted wanted(Component c, Window w) {
        String role = Controls.role(c);
        if (c instanceof Window) {
            // A window's scene is its title: its own identifier is the scene and its role.
            return new Derivation.Wanted(scene((Window) c), role, null);
        }
        String name = name(c);
        return new Derivation.Wanted(scene(w), name == null ? role : role + "." + name, container(c, w));
    }

    /**
     * The name from the first source that has one: the label that is {@code labelFor} it; for a
     * button, the sources that do not change with its state (a human action command, an accessible
     * name of its own, its tooltip, its icon's file) before its text; for a menu item its text
     * first (menu items keep theirs); for anything else its accessible name, then its tooltip.
     * Null: its place in the tree names it (the order among its kind).
     */
    static String name(Component c, JLabel labelledBy) {
        String label = labelledBy == null ? null : Derivation.slug(labelledBy.getText());
        if (label != null) {
            return label;
        }
        if (c instanceof AbstractButton) {
            AbstractButton b = (AbstractButton) c;
            String text = Derivation.slug(b.getText());
            String command = Derivation.humanCommand(b.getModel().getActionCommand());
            String accessible = ownAccessibleName(b, text);
            String tip = Derivation.slug(b.getToolTipText());
            String icon = iconName(b.getIcon());
            return b instanceof JMenuItem ? Derivation.first(text, command, accessible, tip, icon)
                    : Derivation.first(command, accessible, tip, icon, text);
        }
        if (c instanceof JTabbedPane) {
            // Its accessible name is the selected tab's title: it changes with the selection.
            JTabbedPane p = (JTabbedPane) c;
            String selected = p.getSelectedIndex() < 0 ? null : Derivation.slug(p.getTitleAt(p.getSelectedIndex()));
            return Derivation.first(ownAccessibleName(c, selected), Derivation.slug(p.getToolTipText()));
        }
        if (c instanceof JComponent) {
            return Derivation.first(ownAccessibleName(c, null), Derivation.slug(((JComponent) c).getToolTipText()));
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
