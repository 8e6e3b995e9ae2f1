package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.model.Disk;
import hvm.gui.internal.model.Vm;
import hvm.gui.internal.model.VmRules;
import java.awt.Frame;
import java.util.Optional;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JSpinner;
import javax.swing.JTextField;
import javax.swing.SpinnerNumberModel;

/** {@code dialog.diskAdd}: a new extra disk for a VM. */
public final class DiskAddDialog extends AppDialog<DiskAddDialog.Request> {

    public record Request(String name, int sizeGiB) {
    }

    private final Vm vm;
    private final JTextField name;
    private final JLabel problem;
    private final JButton add;

    private DiskAddDialog(Frame owner, Vm vm) {
        super(owner, "diskAdd", "Add Disk to \u201c" + vm.name() + "\u201d", VmContext.of(vm));
        this.vm = vm;
        name = Kit.textField(id("input", "name"), 20);
        name.setText("Disk " + (vm.extraDisks().size() + 2));
        name.selectAll();
        JSpinner size = Kit.spinner(id("spinner", "size"),
                new SpinnerNumberModel(16, VmRules.MIN_DISK_GIB, VmRules.MAX_DISK_GIB, 1));
        problem = problemLabel();
        add = Kit.button(id("button", "add"), "Add Disk",
                () -> finish(new Request(name.getText().trim(), ((Number) size.getValue()).intValue())));
        JButton cancel = Kit.button(id("button", "cancel"), "Cancel", this::cancel);

        Form form = new Form();
        form.row("Disk name:", name);
        form.row("Size (GiB):", size);
        form.full(problem);
        layout(form.panel(), add, add, cancel);
        name.getDocument().addDocumentListener(SettingsFields.onAnyEdit(this::validateInput));
        validateInput();
    }

    /** The disk to add, if the user pressed Add Disk. */
    public static Optional<Request> ask(Frame owner, Vm vm) {
        return new DiskAddDialog(owner, vm).ask();
    }

    private void validateInput() {
        String n = name.getText().trim();
        Optional<String> why = n.isEmpty() ? Optional.of("Enter a name.")
                : vm.extraDisks().stream().map(Disk::name).anyMatch(n::equalsIgnoreCase)
                        ? Optional.of("This VM already has a disk named \u201c" + n + "\u201d.")
                        : Optional.empty();
        showProblem(problem, add, why);
    }
}
