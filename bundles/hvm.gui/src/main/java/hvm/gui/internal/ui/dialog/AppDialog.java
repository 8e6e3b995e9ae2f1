package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.kit.Style;
import java.awt.BorderLayout;
import java.awt.Dimension;
import java.awt.Frame;
import java.util.Map;
import java.util.Optional;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JDialog;
import javax.swing.JLabel;
import javax.swing.JPanel;

/**
 * One modal dialog of the app: named {@code dialog.<name>}, owned by and centred on the main
 * frame, Enter pressing its default button and Esc cancelling. {@link #ask()} blocks (in a
 * nested event loop) until it closes and gives what the user chose, if anything.
 *
 * @param <R> what the dialog yields when confirmed
 */
abstract class AppDialog<R> {
    private static final int MIN_WIDTH = 420;

    protected final Frame owner;
    protected final JDialog dialog;
    private final String scene;
    private R result;

    AppDialog(Frame owner, String name, String title, Map<String, Object> context) {
        this.owner = owner;
        this.scene = "dialog." + name;
        this.dialog = Kit.modal(owner, name, title, context, this::cancel);
        dialog.setMinimumSize(new Dimension(MIN_WIDTH, 0));
    }

    /** The identifier {@code dialog.<name>.<role>.<control>}. */
    protected final String id(String role, String control) {
        return scene + "." + role + "." + control;
    }

    /** A label that says why the input cannot be used yet; empty when it can. */
    protected final JLabel problemLabel() {
        JLabel label = Kit.label(id("label", "problem"), " ");
        label.setForeground(Style.ERROR);
        return label;
    }

    protected static void showProblem(JLabel label, JButton confirm, Optional<String> problem) {
        // A blank, not an empty text, keeps the label's height, so the dialog does not jump.
        label.setText(problem.orElse(" "));
        confirm.setEnabled(problem.isEmpty());
    }

    /**
     * Lays out the title as a heading, {@code body}, and the buttons; {@code defaultButton} is
     * pressed by Enter. The heading and the frame line keep the dialog legible where no window
     * manager draws a title bar (Xvfb, kiosks).
     */
    protected final void layout(JComponent body, JButton defaultButton, JButton... buttons) {
        JPanel content = new JPanel(new BorderLayout(0, 16));
        content.setBorder(BorderFactory.createCompoundBorder(BorderFactory.createLineBorder(Style.FRAME_LINE),
                BorderFactory.createEmptyBorder(16, 20, 14, 20)));
        content.add(Style.sized(new JLabel(dialog.getTitle()), 3, true), BorderLayout.NORTH);
        content.add(body, BorderLayout.CENTER);
        content.add(Form.buttonBar(buttons), BorderLayout.SOUTH);
        dialog.setContentPane(content);
        dialog.getRootPane().setDefaultButton(defaultButton);
    }

    /** Closes the dialog with {@code value} as its answer. */
    protected final void finish(R value) {
        result = value;
        dispose();
    }

    /** Closes the dialog without an answer (Cancel, Esc, the window's close box). */
    protected void cancel() {
        result = null;
        dispose();
    }

    /** Overridden by dialogs holding a password, to wipe it first. */
    protected void dispose() {
        dialog.dispose();
    }

    /** Re-fits the dialog after rows were shown or hidden, keeping it centred on the frame. */
    protected final void refit() {
        Kit.fitAndCentre(dialog, owner);
    }

    /** Shows the dialog and waits until it closes. */
    final Optional<R> ask() {
        refit();
        Kit.returningFocus(() -> dialog.setVisible(true));
        return Optional.ofNullable(result);
    }
}
