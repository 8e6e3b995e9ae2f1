package hvm.gui.internal.ui;

import hvm.gui.internal.kit.Form;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.kit.Style;
import hvm.gui.internal.model.Snapshot;
import hvm.gui.internal.model.Vm;
import java.awt.BorderLayout;
import java.awt.CardLayout;
import java.awt.FlowLayout;
import java.awt.GridBagLayout;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.swing.BorderFactory;
import javax.swing.Box;
import javax.swing.BoxLayout;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JSeparator;

/**
 * The right-hand side: the selected VM's settings and commands, a hint when nothing is selected,
 * or the empty state when the library has no VM. Only one card shows at a time, so identifiers
 * of the hidden cards never count as showing.
 */
final class DetailPane {
    private static final String EMPTY = "empty";
    private static final String NONE = "none";
    private static final String VM = "vm";

    private final CardLayout cards = new CardLayout();
    private final JPanel panel = new JPanel(cards);
    private final JLabel badge = new JLabel();
    private final JLabel name = Style.sized(Kit.label("detail.label.name", ""), 8, true);
    private final JLabel state = Style.sized(Kit.label("detail.label.state", ""), 1, true);
    private final JLabel os = Kit.label("detail.label.os", "");
    private final JLabel cpus = Kit.label("detail.label.cpus", "");
    private final JLabel memory = Kit.label("detail.label.memory", "");
    private final JLabel disk = Kit.label("detail.label.disk", "");
    private final JLabel disks = Kit.label("detail.label.disks", "");
    private final JLabel iso = Kit.label("detail.label.iso", "");
    private final JLabel encrypted = Kit.label("detail.label.encrypted", "");
    private final JLabel snapshots = Kit.label("detail.label.snapshots", "");
    private final JLabel id = Style.secondary(Kit.label("detail.label.id", ""));

    DetailPane(VmActions actions, Path library) {
        panel.add(emptyCard(actions, library), EMPTY);
        panel.add(noneCard(), NONE);
        panel.add(vmCard(actions), VM);
    }

    JComponent component() {
        return panel;
    }

    /** Shows {@code vm}, or the hint or the empty state when there is none. */
    void show(Optional<Vm> vm, int vmCount) {
        if (vm.isEmpty()) {
            cards.show(panel, vmCount == 0 ? EMPTY : NONE);
            return;
        }
        Vm v = vm.get();
        badge.setIcon(Icons.osBadge(v.osType(), v.running(), 56));
        name.setText(v.name());
        state.setText(v.running() ? "Running" : "Stopped");
        state.setForeground(v.running() ? Style.RUNNING : Style.STOPPED);
        os.setText(v.osType().displayName());
        cpus.setText(String.valueOf(v.cpus()));
        memory.setText(v.memoryMiB() + " MiB");
        disk.setText(v.diskGiB() + " GiB");
        disks.setText(v.extraDisks().isEmpty() ? "None"
                : v.extraDisks().stream().map(d -> d.name() + " (" + d.sizeGiB() + " GiB)").collect(Collectors.joining(", ")));
        iso.setText(v.isoPath().isEmpty() ? "None" : v.isoPath());
        encrypted.setText(v.encrypted() ? "Yes" : "No");
        encrypted.setIcon(v.encrypted() ? Icons.lock(Style.SECONDARY) : null);
        snapshots.setText(v.snapshots().isEmpty() ? "None"
                : v.snapshots().size() + ": " + v.snapshots().stream().map(Snapshot::name).collect(Collectors.joining(", ")));
        id.setText("ID " + v.id());
        cards.show(panel, VM);
    }

    private JPanel vmCard(VmActions actions) {
        JPanel titles = new JPanel();
        titles.setLayout(new BoxLayout(titles, BoxLayout.Y_AXIS));
        titles.add(name);
        titles.add(Box.createVerticalStrut(2));
        titles.add(state);
        JPanel header = new JPanel(new BorderLayout(16, 0));
        header.add(badge, BorderLayout.WEST);
        header.add(titles, BorderLayout.CENTER);

        Form form = new Form();
        form.row("Operating system:", os);
        form.row("Processors:", cpus);
        form.row("Memory:", memory);
        form.row("System disk:", disk);
        form.row("Extra disks:", disks);
        form.row("Installation image:", iso);
        form.row("Encrypted:", encrypted);
        form.row("Snapshots:", snapshots);

        JPanel buttons = new JPanel(new FlowLayout(FlowLayout.LEADING, 0, 0));
        buttons.add(Kit.button("detail.button.start", actions.start));
        buttons.add(Box.createHorizontalStrut(6));
        buttons.add(Kit.button("detail.button.stop", actions.stop));
        buttons.add(Box.createHorizontalStrut(18));
        buttons.add(Kit.button("detail.button.editConfig", actions.editConfig));
        buttons.add(Box.createHorizontalStrut(6));
        buttons.add(Kit.button("detail.button.clone", actions.cloneVm));
        buttons.add(Box.createHorizontalStrut(6));
        buttons.add(Kit.button("detail.button.snapshot", actions.snapshot));
        buttons.add(Box.createHorizontalStrut(6));
        buttons.add(Kit.button("detail.button.diskAdd", actions.diskAdd));
        buttons.add(Box.createHorizontalStrut(6));
        buttons.add(Kit.button("detail.button.diskResize", actions.diskResize));
        buttons.add(Box.createHorizontalStrut(18));
        buttons.add(Kit.button("detail.button.delete", actions.delete));

        JPanel top = new JPanel();
        top.setLayout(new BoxLayout(top, BoxLayout.Y_AXIS));
        for (JComponent c : new JComponent[] {header, gap(18), buttons, gap(18), new JSeparator(), gap(14), form.panel(), gap(14), id}) {
            c.setAlignmentX(0f);
            top.add(c);
        }
        JPanel card = new JPanel(new BorderLayout());
        card.setBorder(BorderFactory.createEmptyBorder(24, 28, 24, 28));
        card.add(top, BorderLayout.NORTH);
        return card;
    }

    private JPanel noneCard() {
        JPanel card = new JPanel(new GridBagLayout());
        card.add(Style.secondary(Style.sized(Kit.label("detail.label.noSelection",
                "Select a virtual machine in the list to see its settings."), 1, false)));
        return card;
    }

    private JPanel emptyCard(VmActions actions, Path library) {
        JLabel title = Style.sized(Kit.label("detail.label.empty", "No virtual machines yet"), 8, true);
        JLabel emptyHint = Style.secondary(Kit.label("detail.label.emptyHint",
                "Create one to get started. Its settings are kept in " + library.resolve("vms") + "."));
        JButton create = Kit.button("detail.button.createVM", actions.newVm);
        JPanel column = new JPanel();
        column.setLayout(new BoxLayout(column, BoxLayout.Y_AXIS));
        for (JComponent c : new JComponent[] {title, gap(8), emptyHint, gap(18), create}) {
            c.setAlignmentX(0.5f);
            column.add(c);
        }
        JPanel card = new JPanel(new GridBagLayout());
        card.add(column);
        return card;
    }

    private static JComponent gap(int height) {
        return (JComponent) Box.createVerticalStrut(height);
    }
}
