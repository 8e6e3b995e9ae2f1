package hvm.gui.internal.kit;

import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Dimension;
import java.awt.Frame;
import java.awt.KeyboardFocusManager;
import java.awt.Window;
import java.awt.event.ActionEvent;
import java.awt.event.KeyEvent;
import java.awt.event.WindowAdapter;
import java.awt.event.WindowEvent;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import javax.accessibility.Accessible;
import javax.swing.AbstractAction;
import javax.swing.Action;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JDialog;
import javax.swing.JFormattedTextField;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.JPasswordField;
import javax.swing.JPopupMenu;
import javax.swing.JRootPane;
import javax.swing.JSpinner;
import javax.swing.JTextField;
import javax.swing.KeyStroke;
import javax.swing.ListModel;
import javax.swing.RootPaneContainer;
import javax.swing.SpinnerNumberModel;
import javax.swing.WindowConstants;
import javax.swing.plaf.basic.ComboPopup;
import javax.swing.text.DefaultFormatter;

/**
 * The app's own controls. Every factory takes the control's identifier, {@code <scene>.<role>.<name>},
 * and sets it as the Swing name, which is how tests and the probe find a control: never by its
 * label or position. Compound controls also name their operable parts after themselves, because
 * Swing gives those parts one fixed name ({@code Spinner.nextButton}, ...) that every instance
 * would share.
 */
public final class Kit {
    /** Client property on a dialog's root pane: a {@code Map<String,Object>} saying what the dialog is about. */
    public static final String CONTEXT_PROPERTY = "hdp.context";
    /**
     * Client property on a list or combo box: a {@code Function<Object,String>} from a row's value
     * (a combo's item) to the row's identifier.
     */
    public static final String ROW_IDENTIFIER_PROPERTY = "hdp.rowIdentifier";

    private static final Pattern IDENTIFIER = Pattern.compile("[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9]+)*");
    private static final String CANCEL_ACTION = "hvm.cancel";

    private Kit() {
    }

    /** Sets {@code identifier} as {@code c}'s name, after checking its form. */
    public static <T extends Component> T named(T c, String identifier) {
        if (!IDENTIFIER.matcher(identifier).matches()) {
            throw new IllegalArgumentException("not an identifier: " + identifier);
        }
        c.setName(identifier);
        return c;
    }

    public static JTextField textField(String identifier, int columns) {
        return named(new JTextField(columns), identifier);
    }

    public static JPasswordField passwordField(String identifier, int columns) {
        return named(new JPasswordField(columns), identifier);
    }

    public static JCheckBox toggle(String identifier, String label) {
        return named(new JCheckBox(label), identifier);
    }

    public static JLabel label(String identifier, String text) {
        return named(new JLabel(text), identifier);
    }

    public static JButton button(String identifier, String label, Runnable onPress) {
        JButton b = named(new JButton(label), identifier);
        b.addActionListener(e -> onPress.run());
        return b;
    }

    /** A button that shows and runs {@code action} (shared with menu items, so they enable together). */
    public static JButton button(String identifier, Action action) {
        return named(new JButton(action), identifier);
    }

    public static JMenu menu(String identifier, String text, int mnemonic) {
        JMenu m = named(new JMenu(text), identifier);
        m.setMnemonic(mnemonic);
        return m;
    }

    public static JMenuItem menuItem(String identifier, Action action) {
        return named(new JMenuItem(action), identifier);
    }

    public static JPopupMenu popupMenu(String identifier) {
        return named(new JPopupMenu(), identifier);
    }

    public static <T> JList<T> list(String identifier, ListModel<T> model) {
        return named(new JList<>(model), identifier);
    }

    /** A non-editable combo box; its arrow button is {@code <id>.arrow}, its popup list {@code <id>.popup}. */
    public static <T> JComboBox<T> combo(String identifier, T[] items) {
        JComboBox<T> combo = named(new JComboBox<>(items), identifier);
        for (Component c : combo.getComponents()) {
            if (c instanceof JButton) {
                named(c, identifier + ".arrow");
            }
        }
        Accessible popup = combo.getUI().getAccessibleChild(combo, 0);
        if (popup instanceof ComboPopup) {
            named(((ComboPopup) popup).getList(), identifier + ".popup");
        }
        return combo;
    }

    /**
     * A non-editable combo box as {@link #combo(String, Object[])}, whose items are named by their
     * model key through {@link #ROW_IDENTIFIER_PROPERTY}: {@code <id>.row.<key>}, such as
     * {@code dialog.createVM.combo.os.row.fedora}, so a test picks an item by what it is, not by its
     * place in the list.
     */
    public static <T> JComboBox<T> combo(String identifier, T[] items, Class<T> type, Function<T, String> key) {
        JComboBox<T> combo = combo(identifier, items);
        Function<Object, String> rowIdentifier = value -> identifier + ".row." + key.apply(type.cast(value));
        combo.putClientProperty(ROW_IDENTIFIER_PROPERTY, rowIdentifier);
        return combo;
    }

    /** A number spinner; its text field is {@code <id>.editor}, its arrows {@code <id>.next} and {@code <id>.previous}. */
    public static JSpinner spinner(String identifier, SpinnerNumberModel model) {
        JSpinner spinner = named(new JSpinner(model), identifier);
        JComponent editor = spinner.getEditor();
        if (editor instanceof JSpinner.DefaultEditor) {
            JFormattedTextField field = ((JSpinner.DefaultEditor) editor).getTextField();
            named(field, identifier + ".editor");
            field.setColumns(6);
            // Typed digits become the value at once, so a dialog validates and reads what is shown.
            if (field.getFormatter() instanceof DefaultFormatter) {
                ((DefaultFormatter) field.getFormatter()).setCommitsOnValidEdit(true);
            }
        }
        for (Component c : spinner.getComponents()) {
            if ("Spinner.nextButton".equals(c.getName())) {
                named(c, identifier + ".next");
            } else if ("Spinner.previousButton".equals(c.getName())) {
                named(c, identifier + ".previous");
            } else if (c == editor) {
                // Only the field inside the editor panel is a control.
                c.setName(null);
            }
        }
        return spinner;
    }

    /**
     * A modal dialog named {@code dialog.<name>}, owned by {@code owner}, with {@code context} as its
     * root pane's {@link #CONTEXT_PROPERTY}. Closing it from the window system runs {@code onCancel},
     * as does Esc.
     */
    public static JDialog modal(Frame owner, String name, String title, Map<String, Object> context, Runnable onCancel) {
        JDialog dialog = named(new JDialog(owner, title, Dialog.ModalityType.APPLICATION_MODAL), "dialog." + name);
        dialog.setDefaultCloseOperation(WindowConstants.DO_NOTHING_ON_CLOSE);
        dialog.addWindowListener(new WindowAdapter() {
            @Override
            public void windowClosing(WindowEvent e) {
                onCancel.run();
            }
        });
        JRootPane root = dialog.getRootPane();
        root.putClientProperty(CONTEXT_PROPERTY, Map.copyOf(context));
        root.getInputMap(JComponent.WHEN_IN_FOCUSED_WINDOW).put(KeyStroke.getKeyStroke(KeyEvent.VK_ESCAPE, 0), CANCEL_ACTION);
        root.getActionMap().put(CANCEL_ACTION, new AbstractAction() {
            @Override
            public void actionPerformed(ActionEvent e) {
                onCancel.run();
            }
        });
        unnamePanes(dialog);
        return dialog;
    }

    /**
     * Runs {@code showModal} (which returns once its modal dialog has closed), then gives the
     * keyboard focus back to the window that had it. A window manager would do that; without
     * one (Xvfb, kiosks) the focus would be left nowhere and keys would reach no window.
     */
    public static void returningFocus(Runnable showModal) {
        Window before = KeyboardFocusManager.getCurrentKeyboardFocusManager().getFocusedWindow();
        showModal.run();
        if (before != null && before.isShowing()) {
            Component last = before.getMostRecentFocusOwner();
            (last != null ? last : before).requestFocus();
        }
    }

    /**
     * Sizes {@code dialog} to its content and centres it on {@code owner}. A dialog not yet shown
     * is placed before its native window exists: XAWT without a window manager would otherwise
     * report it at (0,0) for a moment after it appears.
     */
    public static void fitAndCentre(JDialog dialog, Window owner) {
        if (!dialog.isDisplayable()) {
            Dimension preferred = dialog.getPreferredSize();
            Dimension min = dialog.getMinimumSize();
            dialog.setSize(Math.max(preferred.width, min.width), Math.max(preferred.height, min.height));
            dialog.setLocationRelativeTo(owner);
        }
        dialog.pack();
        dialog.setLocationRelativeTo(owner);
    }

    /**
     * Clears the names JRootPane gives its panes ({@code null.glassPane}, ...): every window
     * would carry the same ones, and only controls should have names.
     */
    public static void unnamePanes(RootPaneContainer window) {
        window.getGlassPane().setName(null);
        window.getLayeredPane().setName(null);
        Container content = window.getContentPane();
        if ("null.contentPane".equals(content.getName())) {
            content.setName(null);
        }
    }
}
