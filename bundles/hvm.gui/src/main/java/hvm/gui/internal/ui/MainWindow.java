package hvm.gui.internal.ui;

import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.kit.Style;
import hvm.gui.internal.model.Vm;
import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Rectangle;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.awt.event.WindowAdapter;
import java.awt.event.WindowEvent;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javax.swing.Action;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JMenuItem;
import javax.swing.JPanel;
import javax.swing.JToolBar;
import javax.swing.KeyStroke;
import javax.swing.WindowConstants;

/** The frame {@code main}: menu bar, toolbar, VM list, detail pane and status line. */
final class MainWindow {
    private final JFrame frame = Kit.named(new JFrame("HVM"), "main");
    private final Sidebar sidebar;
    private final DetailPane detail;
    private final JLabel status = Style.secondary(Kit.label("status.label.summary", " "));
    private final Path library;

    MainWindow(VmActions actions, Path library, Rectangle bounds, Consumer<Optional<Vm>> onSelect, Runnable onClose) {
        this.library = library;
        sidebar = new Sidebar(actions, onSelect);
        detail = new DetailPane(actions, library);
        Kit.unnamePanes(frame);
        frame.setDefaultCloseOperation(WindowConstants.DO_NOTHING_ON_CLOSE);
        frame.addWindowListener(new WindowAdapter() {
            @Override
            public void windowClosing(WindowEvent e) {
                onClose.run();
            }
        });
        frame.setJMenuBar(menuBar(actions));
        JPanel content = new JPanel(new BorderLayout());
        content.add(toolBar(actions), BorderLayout.NORTH);
        content.add(sidebar.component(), BorderLayout.WEST);
        content.add(detail.component(), BorderLayout.CENTER);
        content.add(statusBar(), BorderLayout.SOUTH);
        frame.setContentPane(content);
        frame.setBounds(bounds);
    }

    JFrame frame() {
        return frame;
    }

    Sidebar sidebar() {
        return sidebar;
    }

    Optional<Vm> selected() {
        return sidebar.selected();
    }

    /** Shows {@code vms} in the list; selects {@code selectId} when given, else keeps the selection. */
    void setVms(List<Vm> vms, String selectId) {
        sidebar.setVms(vms, selectId);
        status.setText(vms.size() + (vms.size() == 1 ? " virtual machine" : " virtual machines")
                + "  \u00b7  Library: " + library);
    }

    void showDetail(Optional<Vm> vm, int vmCount) {
        detail.show(vm, vmCount);
    }

    private static JMenuBar menuBar(VmActions a) {
        JMenuBar bar = new JMenuBar();
        JMenu file = Kit.menu("menu.file", "File", KeyEvent.VK_F);
        file.add(item("menu.file.newVM", a.newVm, KeyStroke.getKeyStroke(KeyEvent.VK_N, InputEvent.CTRL_DOWN_MASK)));
        file.addSeparator();
        file.add(item("menu.file.quit", a.quit, KeyStroke.getKeyStroke(KeyEvent.VK_Q, InputEvent.CTRL_DOWN_MASK)));
        bar.add(file);

        JMenu vm = Kit.menu("menu.vm", "Machine", KeyEvent.VK_M);
        vm.add(item("menu.vm.start", a.start, null));
        vm.add(item("menu.vm.stop", a.stop, null));
        vm.addSeparator();
        vm.add(item("menu.vm.editConfig", a.editConfig, null));
        vm.add(item("menu.vm.clone", a.cloneVm, null));
        vm.add(item("menu.vm.snapshot", a.snapshot, null));
        vm.addSeparator();
        vm.add(item("menu.vm.diskAdd", a.diskAdd, null));
        vm.add(item("menu.vm.diskResize", a.diskResize, null));
        vm.addSeparator();
        vm.add(item("menu.vm.delete", a.delete, null));
        bar.add(vm);

        JMenu help = Kit.menu("menu.help", "Help", KeyEvent.VK_H);
        help.add(item("menu.help.about", a.about, null));
        bar.add(help);
        return bar;
    }

    private static JMenuItem item(String id, Action action, KeyStroke accelerator) {
        JMenuItem item = Kit.menuItem(id, action);
        if (accelerator != null) {
            item.setAccelerator(accelerator);
        }
        return item;
    }

    private static JToolBar toolBar(VmActions a) {
        JToolBar bar = new JToolBar();
        bar.setFloatable(false);
        bar.setBorder(BorderFactory.createCompoundBorder(
                BorderFactory.createMatteBorder(0, 0, 1, 0, new Color(0xD0, 0xD3, 0xD6)),
                BorderFactory.createEmptyBorder(4, 8, 4, 8)));
        bar.add(toolButton("toolbar.button.createVM", a.newVm, "Create a new virtual machine (Ctrl+N)"));
        bar.addSeparator();
        bar.add(toolButton("toolbar.button.start", a.start, "Start the selected virtual machine"));
        bar.add(toolButton("toolbar.button.stop", a.stop, "Stop the selected virtual machine"));
        bar.add(toolButton("toolbar.button.editConfig", a.editConfig, "Change the selected virtual machine's settings"));
        return bar;
    }

    private static JButton toolButton(String id, Action action, String tooltip) {
        JButton b = Kit.button(id, action);
        b.setToolTipText(tooltip);
        // Toolbar buttons do not take focus, so a click leaves the keyboard where the user was.
        b.setFocusable(false);
        return b;
    }

    private JPanel statusBar() {
        JPanel bar = new JPanel(new BorderLayout());
        bar.setBorder(BorderFactory.createCompoundBorder(
                BorderFactory.createMatteBorder(1, 0, 0, 0, new Color(0xD0, 0xD3, 0xD6)),
                BorderFactory.createEmptyBorder(4, 10, 4, 10)));
        bar.add(status, BorderLayout.CENTER);
        return bar;
    }
}
