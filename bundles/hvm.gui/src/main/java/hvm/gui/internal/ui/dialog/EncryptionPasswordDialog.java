package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.model.Vm;
import java.awt.Frame;
import java.util.Optional;
import javax.swing.JButton;
import javax.swing.JPasswordField;

/** {@code dialog.encryptionPassword}: asks for the password that unlocks an encrypted VM. */
public final class EncryptionPasswordDialog extends AppDialog<char[]> {
    private final JPasswordField password;

    private EncryptionPasswordDialog(Frame owner, Vm vm) {
        super(owner, "encryptionPassword", "Unlock \u201c" + vm.name() + "\u201d", VmContext.of(vm));
        password = Kit.passwordField(id("input", "password"), 22);
        JButton submit = Kit.button(id("button", "submit"), "Unlock", () -> finish(password.getPassword()));
        JButton cancel = Kit.button(id("button", "cancel"), "Cancel", this::cancel);
        submit.setEnabled(false);
        password.getDocument().addDocumentListener(
                SettingsFields.onAnyEdit(() -> submit.setEnabled(password.getDocument().getLength() > 0)));

        Form form = new Form();
        form.full(Kit.label(id("label", "prompt"),
                "\u201c" + vm.name() + "\u201d is encrypted. Enter its password to start it."));
        form.row("Password:", password);
        layout(form.panel(), submit, submit, cancel);
    }

    /** The password typed, if the user pressed Unlock; the caller wipes it after use. */
    public static Optional<char[]> ask(Frame owner, Vm vm) {
        return new EncryptionPasswordDialog(owner, vm).ask();
    }

    @Override
    protected void dispose() {
        password.setText("");
        super.dispose();
    }
}
