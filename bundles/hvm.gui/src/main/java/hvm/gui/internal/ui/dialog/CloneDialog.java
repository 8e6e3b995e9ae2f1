package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.model.Vm;
import hvm.gui.internal.model.VmRules;
import java.awt.Frame;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JTextField;

/** {@code dialog.clone}: the name of a full copy of a VM. */
public final class CloneDialog extends AppDialog<String> {
    private final Collection<String> existingNames;
    private final JTextField name;
    private final JLabel problem;
    private final JButton cloneButton;

    private CloneDialog(Frame owner, Vm vm, Collection<String> existingNames) {
        super(owner, "clone", "Clone \u201c" + vm.name() + "\u201d", VmContext.of(vm));
        this.existingNames = List.copyOf(existingNames);
        name = Kit.textField(id("input", "name"), 24);
        name.setText(freeName(vm.name() + " Clone", this.existingNames));
        name.selectAll();
        problem = problemLabel();
        cloneButton = Kit.button(id("button", "clone"), "Clone", () -> finish(name.getText().trim()));
        JButton cancel = Kit.button(id("button", "cancel"), "Cancel", this::cancel);

        Form form = new Form();
        form.full(Kit.label(id("label", "info"),
                "The copy gets the same settings and disks; snapshots are not copied."));
        form.row("Name of the copy:", name);
        form.full(problem);
        layout(form.panel(), cloneButton, cloneButton, cancel);
        name.getDocument().addDocumentListener(SettingsFields.onAnyEdit(this::validateInput));
        validateInput();
    }

    /** The new VM's name, if the user pressed Clone. */
    public static Optional<String> ask(Frame owner, Vm vm, Collection<String> existingNames) {
        return new CloneDialog(owner, vm, existingNames).ask();
    }

    private void validateInput() {
        showProblem(problem, cloneButton, VmRules.nameProblem(name.getText(), existingNames, null));
    }

    /** {@code base}, or {@code base 2}, {@code base 3}, ... whichever is free first. */
    static String freeName(String base, Collection<String> existingNames) {
        String candidate = base;
        for (int i = 2; VmRules.nameProblem(candidate, existingNames, null).isPresent(); i++) {
            candidate = base + " " + i;
        }
        return candidate;
    }
}
