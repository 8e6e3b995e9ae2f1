package hvm.gui.internal.ui;

import hvm.gui.internal.crypto.PasswordKdf;
import hvm.gui.internal.events.DomainEvents;
import hvm.gui.internal.library.LibraryStore;
import hvm.gui.internal.library.LibraryWatcher;
import hvm.gui.internal.model.Disk;
import hvm.gui.internal.model.KeyVerifier;
import hvm.gui.internal.model.Snapshot;
import hvm.gui.internal.model.Vm;
import hvm.gui.internal.model.VmState;
import hvm.gui.internal.ui.dialog.AboutDialog;
import hvm.gui.internal.ui.dialog.CloneDialog;
import hvm.gui.internal.ui.dialog.ConfirmDialog;
import hvm.gui.internal.ui.dialog.CreateVmDialog;
import hvm.gui.internal.ui.dialog.DiskAddDialog;
import hvm.gui.internal.ui.dialog.DiskResizeDialog;
import hvm.gui.internal.ui.dialog.EditConfigDialog;
import hvm.gui.internal.ui.dialog.EncryptionPasswordDialog;
import hvm.gui.internal.ui.dialog.ErrorDialog;
import hvm.gui.internal.ui.dialog.SnapshotDialog;
import java.awt.EventQueue;
import java.awt.Rectangle;
import java.awt.Window;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import javax.swing.MenuSelectionManager;
import javax.swing.UIManager;

/**
 * The HVM application: the main window over the VM library, and every command on it. All its
 * state is touched on the event dispatch thread only; the library is read and written there
 * too (small files; a write waits for its two fsyncs, a few ms, docs/RELIABILITY.md "Crashes"),
 * the password derivation runs on one worker thread, and the folder watcher only asks the EDT
 * to reload.
 */
public final class HvmApp {
    private static final System.Logger LOG = System.getLogger(HvmApp.class.getName());
    private static final long DEBOUNCE_MILLIS = 150;
    private static final long CLOSE_WAIT_SECONDS = 5;

    /** What the app is started with. */
    public record Settings(Path library, Rectangle bounds, int kdfIterations, String version) {
    }

    private final Settings settings;
    private final LibraryStore store;
    private final DomainEvents events;
    private final Runnable onQuit;
    private final PasswordKdf kdf = new PasswordKdf(new SecureRandom());
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "hvm-gui-worker");
        t.setDaemon(true);
        return t;
    });
    private final Set<String> unlocking = new HashSet<>();
    private volatile boolean closed;
    private LibraryWatcher watcher;
    private VmActions actions;
    private MainWindow window;
    private List<Vm> vms = List.of();

    /** @param onQuit what File > Quit and closing the main window do: stop the framework */
    public HvmApp(Settings settings, DomainEvents events, Runnable onQuit) {
        this.settings = settings;
        this.store = new LibraryStore(settings.library());
        this.events = events;
        this.onQuit = onQuit;
    }

    /** Opens the library, shows the main window and starts watching the library folder. Not on the EDT. */
    public void open() throws IOException, InterruptedException {
        store.open();
        watcher = LibraryWatcher.start(store.vmsDir(), () -> onEdt(() -> reload(null)), DEBOUNCE_MILLIS);
        try {
            EventQueue.invokeAndWait(this::showWindow);
        } catch (InvocationTargetException e) {
            close();
            throw new IllegalStateException("The main window could not be built", e.getCause());
        } catch (InterruptedException e) {
            close();
            throw e;
        }
        LOG.log(Level.INFO, "HVM main window shown (library " + settings.library() + ", " + vms.size() + " VMs)");
    }

    /** Disposes every window of the app and stops its threads, waiting a bounded time for the EDT. */
    public void close() {
        closed = true;
        if (watcher != null) {
            watcher.close();
        }
        worker.shutdownNow();
        if (EventQueue.isDispatchThread()) {
            disposeWindows();
        } else {
            CountDownLatch done = new CountDownLatch(1);
            EventQueue.invokeLater(() -> {
                try {
                    disposeWindows();
                } finally {
                    done.countDown();
                }
            });
            try {
                if (!done.await(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    LOG.log(Level.WARNING, "The event dispatch thread did not close the HVM windows within "
                            + CLOSE_WAIT_SECONDS + " s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            if (!worker.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                LOG.log(Level.WARNING, "The HVM worker thread did not end within " + CLOSE_WAIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Re-reads the library and announces the list even if it did not change. Any thread. */
    public void refreshLater() {
        onEdt(() -> {
            // Before the window exists, its own first load is still to come.
            if (window != null) {
                reloadOrFail(null, true);
            }
        });
    }

    private void showWindow() {
        useLookAndFeel();
        actions = new VmActions(this);
        window = new MainWindow(actions, settings.library(), settings.bounds(), vm -> selectionChanged(), this::quit);
        reloadOrFail(null, true);
        window.frame().setVisible(true);
    }

    // Metal without its bold fonts: the look every JDK has. Nimbus would be prettier, but it
    // styles a compound control's parts by their Swing names, which the app sets to identifiers.
    private static void useLookAndFeel() {
        UIManager.put("swing.boldMetal", Boolean.FALSE);
    }

    private void disposeWindows() {
        if (window == null) {
            return;
        }
        MenuSelectionManager.defaultManager().clearSelectedPath();
        window.sidebar().menu().setVisible(false);
        // Dialogs first (each ends its nested event loop), then the frame.
        for (Window w : Window.getWindows()) {
            if (w != window.frame() && ownedByFrame(w)) {
                w.dispose();
            }
        }
        window.frame().dispose();
    }

    private boolean ownedByFrame(Window w) {
        for (Window o = w.getOwner(); o != null; o = o.getOwner()) {
            if (o == window.frame()) {
                return true;
            }
        }
        return false;
    }

    /** Re-reads the library and shows it; {@code selectId} becomes the selection when given. */
    private void reload(String selectId) {
        if (!closed) {
            reloadOrFail(selectId, false);
        }
    }

    private void reloadOrFail(String selectId, boolean force) {
        List<Vm> fresh;
        try {
            fresh = store.list();
        } catch (IOException e) {
            showError("library", "Could Not Read the Library",
                    "The VM folder " + store.vmsDir() + " could not be read: " + e.getMessage(), Map.of());
            return;
        } finally {
            reportMovedAside();
        }
        List<Vm> old = vms;
        if (force || !fresh.equals(old)) {
            vms = fresh;
            window.setVms(fresh, selectId);
            Map<String, Vm> before = old.stream().collect(Collectors.toMap(Vm::id, v -> v, (a, b) -> a));
            for (Vm v : fresh) {
                Vm was = before.get(v.id());
                // Compared across reloads, so a state changed by another program is announced too.
                if (was != null && was.state() != v.state()) {
                    events.vmState(v.id(), v.name(), v.state().wire());
                }
            }
            events.listRefreshed(fresh.size());
        } else if (selectId != null) {
            window.setVms(fresh, selectId);
        }
        selectionChanged();
    }

    /**
     * Tells the user of each VM file the library moved aside (or could not), once: {@code dialog.error}
     * with source {@code library} (and so {@code hvm/gui/ERROR}). Later on the EDT, so that a reload
     * never waits in a modal dialog, and the main window is showing first.
     */
    private void reportMovedAside() {
        List<LibraryStore.MovedAside> moved = store.takeMovedAside();
        if (moved.isEmpty()) {
            return;
        }
        // Short enough for one line in the dialog: the folder is the one the status line names,
        // the paths are in the dialog's context and the parser's reasons in the log.
        String message;
        if (moved.size() > 1) {
            message = moved.size() + " damaged VM files are now <name>.corrupt in the library's vms folder: "
                    + "repair them and rename them back to list their VMs again.";
        } else if (moved.get(0).movedTo() == null) {
            message = moved.get(0).file().getFileName() + " in the library's vms folder is damaged and could not be "
                    + "moved aside: repair it or move it away.";
        } else {
            message = "It is now " + moved.get(0).movedTo().getFileName()
                    + " in the library's vms folder: repair it and rename it back to list its VM again.";
        }
        Map<String, Object> context = Map.of(
                "files", moved.stream().map(m -> m.file().toString()).collect(Collectors.joining("\n")),
                "movedTo", moved.stream().map(m -> String.valueOf(m.movedTo())).collect(Collectors.joining("\n")));
        String title = moved.size() == 1 ? "Damaged VM File Moved Aside" : "Damaged VM Files Moved Aside";
        onEdt(() -> showError("library", title, message, context));
    }

    private void selectionChanged() {
        Optional<Vm> selected = window.selected();
        window.showDetail(selected, vms.size());
        actions.update(selected, selected.map(v -> unlocking.contains(v.id())).orElse(false));
    }

    private List<String> names() {
        return vms.stream().map(Vm::name).collect(Collectors.toList());
    }

    void createVm() {
        CreateVmDialog.ask(window.frame(), names()).ifPresent(r -> {
            if (!r.encrypt()) {
                saveNew(newVm(r, null), "createVM");
                return;
            }
            background(() -> {
                try {
                    return kdf.create(r.password(), settings.kdfIterations());
                } finally {
                    r.wipePassword();
                }
            }, () -> { }, verifier -> saveNew(newVm(r, verifier), "createVM"), "createVM", "Could Not Create the VM", Map.of());
        });
    }

    private static Vm newVm(CreateVmDialog.Request r, KeyVerifier verifier) {
        return new Vm(UUID.randomUUID().toString(), r.name(), r.os(), r.cpus(), r.memoryMiB(), r.diskGiB(),
                r.isoPath(), r.encrypt(), VmState.STOPPED, List.of(), List.of(), verifier);
    }

    private void saveNew(Vm vm, String source) {
        try {
            store.save(vm);
        } catch (IOException e) {
            showError(source, "Could Not Create the VM",
                    "\u201c" + vm.name() + "\u201d could not be saved: " + e.getMessage(), Map.of());
            return;
        }
        LOG.log(Level.INFO, "Created VM " + vm.id() + " (" + vm.name() + ")");
        reload(vm.id());
    }

    void startSelected() {
        window.selected().ifPresent(this::start);
    }

    private void start(Vm vm) {
        if (vm.running() || unlocking.contains(vm.id())) {
            return;
        }
        if (!vm.encrypted()) {
            setState(vm, VmState.RUNNING);
            return;
        }
        int iterations = vm.keyVerifier().iterations();
        if (!PasswordKdf.acceptable(iterations)) {
            // Refused before asking: the count decides how long the one worker thread would be busy.
            showError("startVM", "Cannot Unlock the VM", "\u201c" + vm.name() + "\u201d asks for " + iterations
                    + " key derivation iterations, more than the " + PasswordKdf.MAX_ITERATIONS
                    + " HVM runs: its file may be damaged or not written by HVM. It cannot be unlocked.",
                    Map.of("vmId", vm.id()));
            return;
        }
        EncryptionPasswordDialog.ask(window.frame(), vm).ifPresent(password -> {
            unlocking.add(vm.id());
            selectionChanged();
            background(() -> {
                try {
                    return kdf.matches(password, vm.keyVerifier());
                } finally {
                    Arrays.fill(password, '\0');
                }
            }, () -> {
                unlocking.remove(vm.id());
                selectionChanged();
            }, right -> {
                if (right) {
                    setState(vm, VmState.RUNNING);
                } else {
                    showError("startVM", "Wrong Password",
                            "The password for \u201c" + vm.name() + "\u201d is not correct.", Map.of("vmId", vm.id()));
                }
            }, "startVM", "Could Not Start the VM", Map.of("vmId", vm.id()));
        });
    }

    void stopSelected() {
        window.selected().filter(Vm::running).ifPresent(vm -> setState(vm, VmState.STOPPED));
    }

    private void setState(Vm vm, VmState state) {
        if (change(vm, state == VmState.RUNNING ? "startVM" : "stopVM", v -> v.withState(state))) {
            LOG.log(Level.INFO, "VM " + vm.id() + " (" + vm.name() + ") is " + state.wire());
        }
    }

    void cloneSelected() {
        window.selected().ifPresent(vm -> CloneDialog.ask(window.frame(), vm, names()).ifPresent(name -> {
            List<Disk> disks = new ArrayList<>();
            for (Disk d : vm.extraDisks()) {
                disks.add(new Disk(UUID.randomUUID().toString(), d.name(), d.sizeGiB()));
            }
            saveNew(vm.cloneAs(UUID.randomUUID().toString(), name, disks), "clone");
        }));
    }

    void snapshotSelected() {
        window.selected().ifPresent(vm -> SnapshotDialog.ask(window.frame(), vm).ifPresent(r -> change(vm, "snapshot", v -> {
            List<Snapshot> all = new ArrayList<>(v.snapshots());
            all.add(new Snapshot(UUID.randomUUID().toString(), r.name(), r.description(), System.currentTimeMillis()));
            return v.withSnapshots(all);
        })));
    }

    void addDiskToSelected() {
        window.selected().ifPresent(vm -> DiskAddDialog.ask(window.frame(), vm).ifPresent(r -> change(vm, "diskAdd", v -> {
            List<Disk> all = new ArrayList<>(v.extraDisks());
            all.add(new Disk(UUID.randomUUID().toString(), r.name(), r.sizeGiB()));
            return v.withExtraDisks(all);
        })));
    }

    void resizeDiskOfSelected() {
        window.selected().ifPresent(vm -> DiskResizeDialog.ask(window.frame(), vm).ifPresent(r -> change(vm, "diskResize", v -> {
            if (r.disk().diskId() == null) {
                return v.withDiskGiB(r.newSizeGiB());
            }
            List<Disk> all = new ArrayList<>();
            for (Disk d : v.extraDisks()) {
                all.add(d.id().equals(r.disk().diskId()) ? d.withSize(r.newSizeGiB()) : d);
            }
            return v.withExtraDisks(all);
        })));
    }

    void editSelected() {
        // Only what the user changed in the dialog replaces what the file holds now: a setting
        // another HVM changed while the dialog was open is kept.
        window.selected().ifPresent(vm -> EditConfigDialog.ask(window.frame(), vm, names()).ifPresent(r -> change(vm,
                "editConfig", v -> v.withConfig(mine(r.name(), vm.name(), v.name()), mine(r.os(), vm.osType(), v.osType()),
                        mine(r.cpus(), vm.cpus(), v.cpus()), mine(r.memoryMiB(), vm.memoryMiB(), v.memoryMiB()),
                        mine(r.isoPath(), vm.isoPath(), v.isoPath())))));
    }

    /** The user's value if they changed it from what they were shown, else what the file holds now. */
    private static <T> T mine(T entered, T shown, T onDisk) {
        return entered.equals(shown) ? onDisk : entered;
    }

    void deleteSelected() {
        window.selected().ifPresent(vm -> {
            boolean sure = ConfirmDialog.ask(window.frame(), "Delete \u201c" + vm.name() + "\u201d?",
                    "Delete \u201c" + vm.name() + "\u201d with its disks and snapshots? This cannot be undone.",
                    "Delete", Map.of("vmId", vm.id(), "vmName", vm.name(), "action", "delete"));
            if (!sure) {
                return;
            }
            try {
                store.delete(vm.id());
            } catch (IOException e) {
                showError("delete", "Could Not Delete the VM",
                        "\u201c" + vm.name() + "\u201d could not be deleted: " + e.getMessage(), Map.of("vmId", vm.id()));
                return;
            }
            LOG.log(Level.INFO, "Deleted VM " + vm.id() + " (" + vm.name() + ")");
            reload(null);
        });
    }

    void about() {
        AboutDialog.show(window.frame(), settings.version(), settings.library());
    }

    void quit() {
        onQuit.run();
    }

    /**
     * Applies {@code edit} to the VM's record as it is on disk now (another program may have
     * changed it since it was listed), saves it and reloads: LibraryStore.update, which holds the
     * library's lock from the read to the write, so that another HVM's change is never
     * overwritten. Whether it was saved.
     */
    private boolean change(Vm vm, String source, UnaryOperator<Vm> edit) {
        Optional<Vm> saved;
        try {
            saved = store.update(vm.id(), edit);
        } catch (IOException e) {
            showError(source, "Could Not Save the VM",
                    "\u201c" + vm.name() + "\u201d could not be saved: " + e.getMessage(), Map.of("vmId", vm.id()));
            return false;
        }
        if (saved.isEmpty()) {
            showError(source, "VM Not Found", "\u201c" + vm.name() + "\u201d is no longer in the library.",
                    Map.of("vmId", vm.id()));
            reload(null);
            return false;
        }
        reload(vm.id());
        return true;
    }

    /**
     * Runs {@code task} on the worker thread, then on the EDT {@code afterwards} and, if the task
     * succeeded, {@code onDone} with its result; a failure is shown as an error.
     */
    private <T> void background(Callable<T> task, Runnable afterwards, Consumer<T> onDone, String source,
            String failTitle, Map<String, Object> context) {
        try {
            worker.execute(() -> {
                T result;
                try {
                    result = task.call();
                } catch (Exception e) {
                    // Only the exception's type: a KDF's message could someday echo its input.
                    LOG.log(Level.WARNING, "Background task for " + source + " failed: " + e.getClass().getName());
                    onEdt(() -> {
                        afterwards.run();
                        showError(source, failTitle, "An internal error stopped it (" + e.getClass().getSimpleName() + ").", context);
                    });
                    return;
                }
                onEdt(() -> {
                    afterwards.run();
                    onDone.accept(result);
                });
            });
        } catch (RejectedExecutionException e) {
            LOG.log(Level.DEBUG, "Ignoring " + source + ": the app is closing");
        }
    }

    private void onEdt(Runnable r) {
        EventQueue.invokeLater(() -> {
            if (!closed) {
                r.run();
            }
        });
    }

    /** Announces the error (EventAdmin, log) and shows it in {@code dialog.error}. */
    private void showError(String source, String title, String message, Map<String, Object> context) {
        if (closed) {
            return;
        }
        LOG.log(Level.WARNING, title + ": " + message);
        events.error(message, source);
        ErrorDialog.show(window.frame(), title, message, source, context);
    }
}
