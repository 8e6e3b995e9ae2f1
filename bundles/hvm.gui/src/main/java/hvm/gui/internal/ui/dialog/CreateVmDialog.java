package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.model.OsType;
import hvm.gui.internal.model.VmRules;
import java.awt.Frame;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JLabel;
import javax.swing.JPasswordField;
import javax.swing.JSpinner;
import javax.swing.SpinnerNumberModel;

/** {@code dialog.createVM}: the settings of a new VM, optionally encrypted with a password. */
public final class CreateVmDialog extends AppDialog<CreateVmDialog.Request> {

    /** What the user asked for. The caller wipes {@link #password()} once it has used it. */
    public record Request(String name, OsType os, int cpus, int memoryMiB, int diskGiB, String isoPath,
            boolean encrypt, char[] password) {
        public void wipePassword() {
            Arrays.fill(password, '\0');
        }

        @Override
        public String toString() {
            return "Request[name=" + name + ", encrypt=" + encrypt + "]";
        }
    }

    private final Collection<String> existingNames;
    private final SettingsFields fields;
    private final JSpinner disk;
    private final JCheckBox encrypt;
    private final JPasswordField password;
    private final JPasswordField confirm;
    private final List<JLabel> passwordCaptions;
    private final JLabel problem;
    private final JButton create;

    private CreateVmDialog(Frame owner, Collection<String> existingNames) {
        super(owner, "createVM", "Create Virtual Machine", Map.of());
        this.existingNames = List.copyOf(existingNames);
        fields = new SettingsFields(owner, this::id);
        disk = Kit.spinner(id("spinner", "disk"),
                new SpinnerNumberModel(64, VmRules.MIN_DISK_GIB, VmRules.MAX_DISK_GIB, 1));
        encrypt = Kit.toggle(id("toggle", "encrypt"), "Encrypt this VM with a password");
        password = Kit.passwordField(id("input", "password"), 20);
        confirm = Kit.passwordField(id("input", "confirm"), 20);
        problem = problemLabel();
        create = Kit.button(id("button", "create"), "Create", this::submit);
        JButton cancel = Kit.button(id("button", "cancel"), "Cancel", this::cancel);

        Form form = new Form();
        fields.addNameRows(form);
        fields.addHardwareRows(form);
        form.row("Disk size (GiB):", disk);
        fields.addIsoRow(form);
        form.full(encrypt);
        passwordCaptions = List.of(form.row("Password:", password), form.row("Confirm password:", confirm));
        form.full(problem);
        layout(form.panel(), create, create, cancel);

        password.getDocument().addDocumentListener(SettingsFields.onAnyEdit(this::validateInput));
        confirm.getDocument().addDocumentListener(SettingsFields.onAnyEdit(this::validateInput));
        encrypt.addItemListener(e -> {
            showPasswordRows(encrypt.isSelected());
            validateInput();
        });
        showPasswordRows(false);
        fields.onNameEdit(this::validateInput);
        validateInput();
    }

    /** Shows the dialog; the request, if the user pressed Create. */
    public static Optional<Request> ask(Frame owner, Collection<String> existingNames) {
        return new CreateVmDialog(owner, existingNames).ask();
    }

    private void showPasswordRows(boolean visible) {
        password.setVisible(visible);
        confirm.setVisible(visible);
        passwordCaptions.forEach(l -> l.setVisible(visible));
        if (dialog.isShowing()) {
            refit();
        }
    }

    private Optional<String> currentProblem() {
        char[] p = password.getPassword();
        char[] c = confirm.getPassword();
        try {
            return VmRules.createProblem(fields.name.getText(), existingNames, encrypt.isSelected(), p, c);
        } finally {
            Arrays.fill(p, '\0');
            Arrays.fill(c, '\0');
        }
    }

    private void validateInput() {
        showProblem(problem, create, currentProblem());
    }

    private void submit() {
        finish(new Request(fields.nameText(), (OsType) fields.os.getSelectedItem(), fields.cpuCount(),
                fields.memoryMiB(), ((Number) disk.getValue()).intValue(), fields.isoPath(), encrypt.isSelected(),
                encrypt.isSelected() ? password.getPassword() : new char[0]));
    }

    @Override
    protected void dispose() {
        password.setText("");
        confirm.setText("");
        super.dispose();
    }
}
