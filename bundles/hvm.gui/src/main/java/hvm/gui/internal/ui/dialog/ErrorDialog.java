package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import java.awt.Frame;
import java.util.HashMap;
import java.util.Map;
import javax.swing.JButton;

/** {@code dialog.error}: tells the user that something they asked for did not happen, and why. */
public final class ErrorDialog extends AppDialog<Boolean> {

    private ErrorDialog(Frame owner, String title, String message, String source, Map<String, Object> context) {
        super(owner, "error", title, with(context, message, source));
        JButton ok = Kit.button(id("button", "ok"), "OK", () -> finish(Boolean.TRUE));
        Form form = new Form();
        form.full(Kit.label(id("label", "message"), message));
        layout(form.panel(), ok, ok);
    }

    /** Shows the error until the user dismisses it. {@code context} says what it is about (a VM's id). */
    public static void show(Frame owner, String title, String message, String source, Map<String, Object> context) {
        new ErrorDialog(owner, title, message, source, context).ask();
    }

    private static Map<String, Object> with(Map<String, Object> context, String message, String source) {
        Map<String, Object> all = new HashMap<>(context);
        all.put("message", message);
        all.put("source", source);
        return all;
    }
}
