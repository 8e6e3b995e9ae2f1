package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.model.Snapshot;
import hvm.gui.internal.model.Vm;
import java.awt.Frame;
import java.util.Optional;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JTextField;

/** {@code dialog.snapshot}: the name and description of a new snapshot of a VM. */
public final class SnapshotDialog extends AppDialog<SnapshotDialog.Request> {

    public record Request(String name, String description) {
    }

    private final Vm vm;
    private final JTextField name;
    private final JTextField description;
    private final JLabel problem;
    private final JButton take;

    private SnapshotDialog(Frame owner, Vm vm) {
        super(owner, "snapshot", "Take Snapshot of \u201c" + vm.name() + "\u201d", VmContext.of(vm));
        this.vm = vm;
        name = Kit.textField(id("input", "name"), 24);
        name.setText("Snapshot " + (vm.snapshots().size() + 1));
        name.selectAll();
        description = Kit.textField(id("input", "description"), 24);
        problem = problemLabel();
        take = Kit.button(id("button", "take"), "Take Snapshot",
                () -> finish(new Request(name.getText().trim(), description.getText().trim())));
        JButton cancel = Kit.button(id("button", "cancel"), "Cancel", this::cancel);

        Form form = new Form();
        form.row("Name:", name);
        form.row("Description:", description);
        form.full(problem);
        layout(form.panel(), take, take, cancel);
        name.getDocument().addDocumentListener(SettingsFields.onAnyEdit(this::validateInput));
        validateInput();
    }

    /** The snapshot to take, if the user pressed Take Snapshot. */
    public static Optional<Request> ask(Frame owner, Vm vm) {
        return new SnapshotDialog(owner, vm).ask();
    }

    private void validateInput() {
        String n = name.getText().trim();
        Optional<String> why = n.isEmpty() ? Optional.of("Enter a name.")
                : vm.snapshots().stream().map(Snapshot::name).anyMatch(n::equalsIgnoreCase)
                        ? Optional.of("This VM already has a snapshot named \u201c" + n + "\u201d.")
                        : Optional.empty();
        showProblem(problem, take, why);
    }
}
