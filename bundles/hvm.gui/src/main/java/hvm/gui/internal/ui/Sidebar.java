package hvm.gui.internal.ui;

import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.kit.Style;
import hvm.gui.internal.model.Vm;
import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Component;
import java.awt.Dimension;
import java.awt.Rectangle;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import javax.swing.BorderFactory;
import javax.swing.DefaultListModel;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JPopupMenu;
import javax.swing.JScrollPane;
import javax.swing.ListCellRenderer;
import javax.swing.ListSelectionModel;
import javax.swing.SwingUtilities;

/**
 * The VM list ({@code sidebar.list}) and its row context menu ({@code sidebar.menu}). Rows are
 * not components, so the list carries {@link Kit#ROW_IDENTIFIER_PROPERTY}: row value to
 * {@code sidebar.row.<vmDisplayName>}.
 */
final class Sidebar {
    static final String ROW_PREFIX = "sidebar.row.";
    private static final int WIDTH = 280;

    private final DefaultListModel<Vm> model = new DefaultListModel<>();
    private final JList<Vm> list = Kit.list("sidebar.list", model);
    private final JPopupMenu menu = Kit.popupMenu("sidebar.menu");
    private final JScrollPane scroll = new JScrollPane(list);
    private boolean replacing;

    Sidebar(VmActions actions, Consumer<Optional<Vm>> onSelect) {
        Function<Object, String> rowIdentifier = value -> ROW_PREFIX + ((Vm) value).name();
        list.putClientProperty(Kit.ROW_IDENTIFIER_PROPERTY, rowIdentifier);
        list.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        list.setCellRenderer(new RowRenderer());
        list.addListSelectionListener(e -> {
            if (!e.getValueIsAdjusting() && !replacing) {
                onSelect.accept(selected());
            }
        });
        menu.add(Kit.menuItem("sidebar.menu.start", actions.start));
        menu.add(Kit.menuItem("sidebar.menu.stop", actions.stop));
        menu.addSeparator();
        menu.add(Kit.menuItem("sidebar.menu.editConfig", actions.editConfig));
        menu.add(Kit.menuItem("sidebar.menu.clone", actions.cloneVm));
        menu.add(Kit.menuItem("sidebar.menu.snapshot", actions.snapshot));
        menu.addSeparator();
        menu.add(Kit.menuItem("sidebar.menu.delete", actions.delete));
        list.addMouseListener(new MouseAdapter() {
            @Override
            public void mousePressed(MouseEvent e) {
                maybeShowMenu(e);
            }

            @Override
            public void mouseReleased(MouseEvent e) {
                maybeShowMenu(e);
            }

            @Override
            public void mouseClicked(MouseEvent e) {
                // A double click starts the VM, as in other VM managers.
                if (SwingUtilities.isLeftMouseButton(e) && e.getClickCount() == 2 && rowAt(e) >= 0
                        && actions.start.isEnabled()) {
                    actions.start.actionPerformed(null);
                }
            }
        });
        scroll.setPreferredSize(new Dimension(WIDTH, 0));
        scroll.setBorder(BorderFactory.createMatteBorder(0, 0, 0, 1, new Color(0xD0, 0xD3, 0xD6)));
    }

    JComponent component() {
        return scroll;
    }

    JPopupMenu menu() {
        return menu;
    }

    Optional<Vm> selected() {
        return Optional.ofNullable(list.getSelectedValue());
    }

    /** Shows {@code vms}, keeping the selected VM (by id) or selecting {@code selectId} when given. */
    void setVms(List<Vm> vms, String selectId) {
        String keep = selectId != null ? selectId : selected().map(Vm::id).orElse(null);
        replacing = true;
        try {
            model.clear();
            model.addAll(vms);
            list.clearSelection();
            for (int i = 0; i < vms.size(); i++) {
                if (vms.get(i).id().equals(keep)) {
                    list.setSelectedIndex(i);
                    list.ensureIndexIsVisible(i);
                }
            }
        } finally {
            replacing = false;
        }
    }

    private int rowAt(MouseEvent e) {
        int i = list.locationToIndex(e.getPoint());
        Rectangle cell = i < 0 ? null : list.getCellBounds(i, i);
        return cell != null && cell.contains(e.getPoint()) ? i : -1;
    }

    private void maybeShowMenu(MouseEvent e) {
        if (!e.isPopupTrigger()) {
            return;
        }
        int row = rowAt(e);
        if (row < 0) {
            return;
        }
        // The menu acts on the row under the pointer, so that row becomes the selection first.
        list.setSelectedIndex(row);
        menu.show(list, e.getX(), e.getY());
    }

    /** A row: the OS badge, the name over its state and OS, and a padlock when encrypted. */
    private static final class RowRenderer extends JPanel implements ListCellRenderer<Vm> {
        private final JLabel badge = new JLabel();
        private final JLabel name = Style.sized(new JLabel(), 1, true);
        private final JLabel summary = Style.sized(new JLabel(), -1, false);
        private final JLabel lock = new JLabel();

        RowRenderer() {
            super(new BorderLayout(10, 0));
            setBorder(BorderFactory.createEmptyBorder(7, 10, 7, 10));
            setOpaque(true);
            JPanel text = new JPanel(new BorderLayout(0, 2));
            text.setOpaque(false);
            text.add(name, BorderLayout.NORTH);
            text.add(summary, BorderLayout.SOUTH);
            add(badge, BorderLayout.WEST);
            add(text, BorderLayout.CENTER);
            add(lock, BorderLayout.EAST);
        }

        @Override
        public Component getListCellRendererComponent(JList<? extends Vm> list, Vm vm, int index,
                boolean isSelected, boolean cellHasFocus) {
            Color fg = isSelected ? list.getSelectionForeground() : list.getForeground();
            setBackground(isSelected ? list.getSelectionBackground() : list.getBackground());
            badge.setIcon(Icons.osBadge(vm.osType(), vm.running(), 32));
            name.setText(vm.name());
            name.setForeground(fg);
            summary.setText((vm.running() ? "Running" : "Stopped") + " \u00b7 " + vm.osType().displayName());
            summary.setForeground(isSelected ? fg : Style.SECONDARY);
            lock.setIcon(vm.encrypted() ? Icons.lock(isSelected ? fg : Style.SECONDARY) : null);
            return this;
        }
    }
}
