package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.model.OsType;
import hvm.gui.internal.model.Vm;
import hvm.gui.internal.model.VmRules;
import java.awt.Frame;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import javax.swing.JButton;
import javax.swing.JLabel;

/** {@code dialog.editConfig}: a stopped VM's name, OS, CPUs, memory and installation image. */
public final class EditConfigDialog extends AppDialog<EditConfigDialog.Request> {

    public record Request(String name, OsType os, int cpus, int memoryMiB, String isoPath) {
    }

    private final Vm vm;
    private final Collection<String> existingNames;
    private final SettingsFields fields;
    private final JLabel problem;
    private final JButton save;

    private EditConfigDialog(Frame owner, Vm vm, Collection<String> existingNames) {
        super(owner, "editConfig", "Settings of \u201c" + vm.name() + "\u201d", VmContext.of(vm));
        this.vm = vm;
        this.existingNames = List.copyOf(existingNames);
        fields = new SettingsFields(owner, this::id);
        fields.name.setText(vm.name());
        fields.os.setSelectedItem(vm.osType());
        fields.cpus.setValue(vm.cpus());
        fields.memory.setValue(vm.memoryMiB());
        fields.iso.setText(vm.isoPath());
        problem = problemLabel();
        save = Kit.button(id("button", "save"), "Save", () -> finish(new Request(fields.nameText(),
                (OsType) fields.os.getSelectedItem(), fields.cpuCount(), fields.memoryMiB(), fields.isoPath())));
        JButton cancel = Kit.button(id("button", "cancel"), "Cancel", this::cancel);

        Form form = new Form();
        fields.addNameRows(form);
        fields.addHardwareRows(form);
        fields.addIsoRow(form);
        form.full(problem);
        layout(form.panel(), save, save, cancel);
        fields.onNameEdit(this::validateInput);
        validateInput();
    }

    /** The new settings, if the user pressed Save. */
    public static Optional<Request> ask(Frame owner, Vm vm, Collection<String> existingNames) {
        return new EditConfigDialog(owner, vm, existingNames).ask();
    }

    private void validateInput() {
        showProblem(problem, save, VmRules.nameProblem(fields.name.getText(), existingNames, vm.name()));
    }
}
