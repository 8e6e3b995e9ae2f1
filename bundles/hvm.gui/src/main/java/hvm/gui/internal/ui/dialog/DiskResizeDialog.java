package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.model.Disk;
import hvm.gui.internal.model.Vm;
import hvm.gui.internal.model.VmRules;
import java.awt.Frame;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.swing.JButton;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JSpinner;
import javax.swing.SpinnerNumberModel;

/** {@code dialog.diskResize}: a larger size for the system disk or one of the extra disks. */
public final class DiskResizeDialog extends AppDialog<DiskResizeDialog.Request> {

    /** One disk of the VM; {@code diskId} is null for the system disk. */
    public record Choice(String diskId, String label, int sizeGiB) {
        @Override
        public String toString() {
            return label + " (" + sizeGiB + " GiB)";
        }

        /** The item's key in the combo: {@code system}, or the extra disk's id. */
        public String key() {
            return diskId == null ? "system" : diskId;
        }
    }

    public record Request(Choice disk, int newSizeGiB) {
    }

    private final JComboBox<Choice> disk;
    private final JSpinner size;
    private final JLabel problem;
    private final JButton resize;

    private DiskResizeDialog(Frame owner, Vm vm) {
        super(owner, "diskResize", "Resize Disk of \u201c" + vm.name() + "\u201d", VmContext.of(vm));
        List<Choice> choices = new ArrayList<>();
        choices.add(new Choice(null, "System disk", vm.diskGiB()));
        for (Disk d : vm.extraDisks()) {
            choices.add(new Choice(d.id(), d.name(), d.sizeGiB()));
        }
        disk = Kit.combo(id("combo", "disk"), choices.toArray(new Choice[0]), Choice.class, Choice::key);
        size = Kit.spinner(id("spinner", "size"),
                new SpinnerNumberModel(vm.diskGiB(), VmRules.MIN_DISK_GIB, VmRules.MAX_DISK_GIB, 1));
        problem = problemLabel();
        resize = Kit.button(id("button", "resize"), "Resize",
                () -> finish(new Request(selected(), ((Number) size.getValue()).intValue())));
        JButton cancel = Kit.button(id("button", "cancel"), "Cancel", this::cancel);

        Form form = new Form();
        form.row("Disk:", disk);
        form.row("New size (GiB):", size);
        form.full(problem);
        layout(form.panel(), resize, resize, cancel);
        disk.addActionListener(e -> size.setValue(selected().sizeGiB()));
        size.addChangeListener(e -> validateInput());
        validateInput();
    }

    /** The disk and its new size, if the user pressed Resize. */
    public static Optional<Request> ask(Frame owner, Vm vm) {
        return new DiskResizeDialog(owner, vm).ask();
    }

    private Choice selected() {
        return (Choice) disk.getSelectedItem();
    }

    private void validateInput() {
        int current = selected().sizeGiB();
        // Shrinking would cut off a guest's file system, so disks only grow.
        showProblem(problem, resize, ((Number) size.getValue()).intValue() > current ? Optional.empty()
                : Optional.of("A disk can only grow: choose more than " + current + " GiB."));
    }
}
