package hvm.gui.internal.ui.dialog;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.IsoChooser;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.model.OsType;
import hvm.gui.internal.model.VmRules;
import java.awt.BorderLayout;
import java.awt.Frame;
import java.util.function.BinaryOperator;
import javax.swing.JButton;
import javax.swing.JComboBox;
import javax.swing.JPanel;
import javax.swing.JSpinner;
import javax.swing.JTextField;
import javax.swing.SpinnerNumberModel;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;

/** The settings rows that Create VM and Edit Settings share: name, OS, CPUs, memory, image. */
final class SettingsFields {
    final JTextField name;
    final JComboBox<OsType> os;
    final JSpinner cpus;
    final JSpinner memory;
    final JTextField iso;
    final JButton browse;

    /** @param id makes a control's identifier from its role and name */
    SettingsFields(Frame owner, BinaryOperator<String> id) {
        name = Kit.textField(id.apply("input", "name"), 24);
        os = Kit.combo(id.apply("combo", "os"), OsType.values(), OsType.class, OsType::key);
        cpus = Kit.spinner(id.apply("spinner", "cpus"),
                new SpinnerNumberModel(2, VmRules.MIN_CPUS, VmRules.MAX_CPUS, 1));
        memory = Kit.spinner(id.apply("spinner", "memory"),
                new SpinnerNumberModel(2048, VmRules.MIN_MEMORY_MIB, VmRules.MAX_MEMORY_MIB, VmRules.MEMORY_STEP_MIB));
        iso = Kit.textField(id.apply("input", "iso"), 24);
        browse = Kit.button(id.apply("button", "browse"), "Browse\u2026",
                () -> IsoChooser.choose(owner, iso.getText()).ifPresent(iso::setText));
    }

    /** Runs {@code r} after every edit of the name; call it once the dialog's controls exist. */
    void onNameEdit(Runnable r) {
        name.getDocument().addDocumentListener(onAnyEdit(r));
    }

    void addNameRows(Form form) {
        form.row("Name:", name);
        form.row("Operating system:", os);
    }

    void addHardwareRows(Form form) {
        form.row("Processors:", cpus);
        form.row("Memory (MiB):", memory);
    }

    void addIsoRow(Form form) {
        JPanel row = new JPanel(new BorderLayout(6, 0));
        row.add(iso, BorderLayout.CENTER);
        row.add(browse, BorderLayout.EAST);
        form.row("Installation image:", row);
    }

    String nameText() {
        return name.getText().trim();
    }

    int cpuCount() {
        return ((Number) cpus.getValue()).intValue();
    }

    int memoryMiB() {
        return ((Number) memory.getValue()).intValue();
    }

    String isoPath() {
        return iso.getText().trim();
    }

    static DocumentListener onAnyEdit(Runnable r) {
        return new DocumentListener() {
            @Override
            public void insertUpdate(DocumentEvent e) {
                r.run();
            }

            @Override
            public void removeUpdate(DocumentEvent e) {
                r.run();
            }

            @Override
            public void changedUpdate(DocumentEvent e) {
                r.run();
            }
        };
    }
}
