package hvm.gui.internal.ui;

import hvm.gui.internal.model.Vm;
import java.awt.event.ActionEvent;
import java.util.Optional;
import javax.swing.AbstractAction;
import javax.swing.Action;

/**
 * The app's commands as Swing actions, shared by the menu bar, the toolbar, the row context menu
 * and the detail pane, so that one {@link #update} enables each command everywhere at once.
 */
final class VmActions {
    final Action newVm;
    final Action start;
    final Action stop;
    final Action cloneVm;
    final Action snapshot;
    final Action diskAdd;
    final Action diskResize;
    final Action editConfig;
    final Action delete;
    final Action about;
    final Action quit;

    VmActions(HvmApp app) {
        newVm = action("Create VM\u2026", app::createVm);
        start = action("Start", app::startSelected);
        stop = action("Stop", app::stopSelected);
        cloneVm = action("Clone\u2026", app::cloneSelected);
        snapshot = action("Take Snapshot\u2026", app::snapshotSelected);
        diskAdd = action("Add Disk\u2026", app::addDiskToSelected);
        diskResize = action("Resize Disk\u2026", app::resizeDiskOfSelected);
        editConfig = action("Settings\u2026", app::editSelected);
        delete = action("Delete\u2026", app::deleteSelected);
        about = action("About HVM", app::about);
        quit = action("Quit", app::quit);
    }

    /** Enables each VM command for {@code selected}; a VM being unlocked cannot be started again. */
    void update(Optional<Vm> selected, boolean unlocking) {
        boolean any = selected.isPresent();
        boolean stopped = any && !selected.get().running();
        start.setEnabled(stopped && !unlocking);
        stop.setEnabled(any && selected.get().running());
        // Changing the hardware or the record of a running VM is refused, as a real hypervisor would.
        cloneVm.setEnabled(stopped);
        snapshot.setEnabled(any);
        diskAdd.setEnabled(stopped);
        diskResize.setEnabled(stopped);
        editConfig.setEnabled(stopped);
        delete.setEnabled(stopped);
    }

    private static Action action(String name, Runnable run) {
        return new AbstractAction(name) {
            @Override
            public void actionPerformed(ActionEvent e) {
                run.run();
            }
        };
    }
}
