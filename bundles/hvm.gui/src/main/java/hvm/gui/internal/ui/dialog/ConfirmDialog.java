package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import java.awt.Frame;
import java.util.Map;
import javax.swing.JButton;

/** {@code dialog.confirm}: a yes/no question before a step that cannot be undone. */
public final class ConfirmDialog extends AppDialog<Boolean> {

    private ConfirmDialog(Frame owner, String title, String message, String okLabel, Map<String, Object> context) {
        super(owner, "confirm", title, context);
        JButton ok = Kit.button(id("button", "ok"), okLabel, () -> finish(Boolean.TRUE));
        JButton cancel = Kit.button(id("button", "cancel"), "Cancel", this::cancel);
        Form form = new Form();
        form.full(Kit.label(id("label", "message"), message));
        layout(form.panel(), ok, ok, cancel);
    }

    /** Whether the user pressed the OK button. */
    public static boolean ask(Frame owner, String title, String message, String okLabel, Map<String, Object> context) {
        return new ConfirmDialog(owner, title, message, okLabel, context).ask().isPresent();
    }
}
