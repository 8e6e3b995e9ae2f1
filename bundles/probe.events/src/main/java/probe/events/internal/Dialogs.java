package probe.events.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Frame;
import java.awt.Window;
import java.util.Map;
import java.util.Set;
import javax.swing.JLabel;
import javax.swing.JRootPane;
import javax.swing.RootPaneContainer;

/** How the events and {@code gui.dialog.current} describe a window. Call on the event dispatch thread. */
final class Dialogs {
    /** The client property on a dialog's root pane that says what the dialog is about (the app's {@code Kit.CONTEXT_PROPERTY}). */
    static final String CONTEXT_PROPERTY = "hdp.context";
    /** The label of {@code dialog.error} that holds the error's text. */
    static final String ERROR_MESSAGE_LABEL = "dialog.error.label.message";

    private static final String PREFIX = "dialog.";
    private static final Set<String> FIXED = Set.of("event", "seq", "ts", "name", "title", "modal");

    private Dialogs() {
    }

    /**
     * The dialog's name as the protocol reports it: {@code createVM} for {@code dialog.createVM}. A
     * dialog the app did not name so keeps its whole name (for an unnamed one AWT's own,
     * {@code dialog0}, which is not stable across runs).
     */
    static String name(Dialog d) {
        String n = d.getName();
        return n != null && n.startsWith(PREFIX) && n.length() > PREFIX.length() ? n.substring(PREFIX.length()) : n;
    }

    static String title(Window w) {
        return w instanceof Dialog ? ((Dialog) w).getTitle() : w instanceof Frame ? ((Frame) w).getTitle() : null;
    }

    static String type(Window w) {
        return w instanceof Dialog ? "dialog" : w instanceof Frame ? "frame" : "window";
    }

    /**
     * Adds the entries of the dialog's {@code hdp.context} map, each value as a string (null stays
     * null); an entry that would replace a field the event already has is left out.
     */
    static void putContext(Window w, ObjectNode into) {
        if (!(w instanceof RootPaneContainer)) {
            return;
        }
        JRootPane root = ((RootPaneContainer) w).getRootPane();
        Object context = root == null ? null : root.getClientProperty(CONTEXT_PROPERTY);
        if (!(context instanceof Map)) {
            return;
        }
        for (Map.Entry<?, ?> e : ((Map<?, ?>) context).entrySet()) {
            if (!(e.getKey() instanceof String) || FIXED.contains(e.getKey()) || into.has((String) e.getKey())) {
                continue;
            }
            if (e.getValue() == null) {
                into.putNull((String) e.getKey());
            } else {
                into.put((String) e.getKey(), String.valueOf(e.getValue()));
            }
        }
    }

    /** The text of the label named {@code name} inside {@code c}, or null when there is none. */
    static String labelText(Container c, String name) {
        for (Component child : c.getComponents()) {
            if (child instanceof JLabel && name.equals(child.getName())) {
                return ((JLabel) child).getText();
            }
            if (child instanceof Container) {
                String found = labelText((Container) child, name);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
