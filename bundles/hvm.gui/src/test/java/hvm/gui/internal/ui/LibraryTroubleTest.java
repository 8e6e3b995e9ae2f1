package hvm.gui.internal.ui;

import static hvm.gui.internal.ui.UiTesting.await;
import static hvm.gui.internal.ui.UiTesting.edt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import hvm.gui.internal.events.DomainEvents;
import hvm.gui.internal.kit.Kit;
import hvm.gui.internal.library.LibraryStore;
import hvm.gui.internal.model.KeyVerifier;
import hvm.gui.internal.model.OsType;
import hvm.gui.internal.model.Vm;
import hvm.gui.internal.model.VmState;
import java.awt.Component;
import java.awt.Container;
import java.awt.EventQueue;
import java.awt.GraphicsEnvironment;
import java.awt.Rectangle;
import java.awt.Window;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import javax.swing.AbstractButton;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.text.JTextComponent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app with a damaged library: a VM file that does not parse (at start and while running) and
 * a VM whose stored key derivation is unbounded. What a person sees (by the controls' names, as
 * the probe finds them) and what the app announces. Needs a display (Xvfb); skipped when headless.
 */
class LibraryTroubleTest {
    static final String GOOD = "aaaaaaaa-0000-4000-8000-000000000001";
    static final String BAD = "cccccccc-0000-4000-8000-000000000003";

    @TempDir
    Path library;
    HvmApp app;
    final List<String> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void display() {
        assumeFalse(GraphicsEnvironment.isHeadless(), "needs a display");
    }

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
    }

    private void open() throws Exception {
        DomainEvents domainEvents = new DomainEvents();
        domainEvents.add((topic, props) -> events.add(topic + " " + new TreeMap<>(props)));
        app = new HvmApp(new HvmApp.Settings(library, new Rectangle(0, 0, 1280, 800), 1_000, "0.1.0.TEST"),
                domainEvents, () -> { });
        app.open();
    }

    private static Vm vm(String id, String name, KeyVerifier verifier) {
        return new Vm(id, name, OsType.DEBIAN, 1, 1024, 16, "", verifier != null, VmState.STOPPED, List.of(), List.of(), verifier);
    }

    @Test
    void aDamagedVmFileIsMovedAsideAndTheUserIsTold() throws Exception {
        Path vms = library.resolve("vms");
        LibraryStore store = new LibraryStore(library);
        store.open();
        store.save(vm(GOOD, "Alpha", null));
        // What a crash of an HVM without fsync could leave: the name, over an empty file.
        Files.writeString(vms.resolve(BAD + ".json"), "");
        open();

        JDialog error = awaitDialog("dialog.error");
        String message = edt(() -> label("dialog.error.label.message"));
        assertTrue(message.contains(BAD + ".json.corrupt"), message);
        JFrame frame = edt(() -> (JFrame) showingWindow("main"));
        assertTrue(edt(error::getWidth) <= edt(frame::getWidth), "the message fits the main window: " + edt(error::getWidth));
        Map<String, Object> context = context(error);
        assertEquals("library", context.get("source"));
        assertEquals(vms.resolve(BAD + ".json.corrupt").toString(), context.get("movedTo"));
        assertEquals(vms.resolve(BAD + ".json").toString(), context.get("files"));
        assertTrue(events.stream().anyMatch(e -> e.startsWith("hvm/gui/ERROR") && e.contains("source=library")
                && e.contains(BAD + ".json.corrupt")), events.toString());
        assertTrue(Files.notExists(vms.resolve(BAD + ".json")));
        assertTrue(Files.isRegularFile(vms.resolve(BAD + ".json.corrupt")));
        assertEquals(1, (int) edt(() -> ((JList<?>) find("sidebar.list")).getModel().getSize()));
        press("dialog.error.button.ok");
        awaitClosed("dialog.error");

        // A file damaged while the app runs: found by the folder watcher, told the same way.
        Files.writeString(vms.resolve(BAD + ".json"), "{\"id\": \"" + BAD + "\", \"name\": ");
        awaitDialog("dialog.error");
        assertTrue(edt(() -> label("dialog.error.label.message")).contains(BAD + ".json.corrupt.2"));
        press("dialog.error.button.ok");
        awaitClosed("dialog.error");
        assertEquals("{\"id\": \"" + BAD + "\", \"name\": ", Files.readString(vms.resolve(BAD + ".json.corrupt.2")));
    }

    @Test
    void aVmAskingForTooManyKeyDerivationIterationsIsRefusedBeforeThePassword() throws Exception {
        // 2^31 - 1 iterations: most of an hour of the app's only worker thread.
        KeyVerifier unbounded = new KeyVerifier("PBKDF2WithHmacSHA256", "AAAAAAAAAAAAAAAAAAAAAA==", Integer.MAX_VALUE,
                "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=");
        LibraryStore store = new LibraryStore(library);
        store.open();
        store.save(vm(BAD, "Greedy", unbounded));
        open();
        edt(() -> {
            ((JList<?>) find("sidebar.list")).setSelectedIndex(0);
            return null;
        });
        assertEquals("Greedy", edt(() -> label("detail.label.name")), "the VM is listed and shown");
        press("detail.button.start");

        awaitDialog("dialog.error");
        assertFalse(edt(() -> showingWindow("dialog.encryptionPassword") != null), "no password is asked for");
        String message = edt(() -> label("dialog.error.label.message"));
        assertTrue(message.contains(Integer.toString(Integer.MAX_VALUE)) && message.contains("cannot be unlocked"), message);
        assertTrue(events.stream().anyMatch(e -> e.startsWith("hvm/gui/ERROR") && e.contains("source=startVM")), events.toString());
        press("dialog.error.button.ok");
        awaitClosed("dialog.error");
        assertEquals("Stopped", edt(() -> label("detail.label.state")));
    }

    @Test
    void aSettingAnotherHvmChangedWhileTheSettingsDialogWasOpenIsKept() throws Exception {
        LibraryStore store = new LibraryStore(library);
        store.open();
        store.save(vm(GOOD, "Alpha", null));
        open();
        edt(() -> {
            ((JList<?>) find("sidebar.list")).setSelectedIndex(0);
            return null;
        });
        press("detail.button.editConfig");
        awaitDialog("dialog.editConfig");
        // Another HVM on the library gives the VM 4 processors while this one's dialog shows 1.
        new LibraryStore(library).update(GOOD, v -> v.withConfig(v.name(), v.osType(), 4, v.memoryMiB(), v.isoPath()));
        edt(() -> {
            ((JTextComponent) find("dialog.editConfig.input.name")).setText("Alpha Prime");
            return null;
        });
        press("dialog.editConfig.button.save");
        awaitClosed("dialog.editConfig");

        Vm onDisk = store.find(GOOD).orElseThrow();
        assertEquals("Alpha Prime", onDisk.name(), "what the user changed is saved");
        assertEquals(4, onDisk.cpus(), "what the other HVM changed is kept");
    }

    // ---- driving the app by name (as HvmAppSmokeTest does)

    @SuppressWarnings("unchecked")
    private static Map<String, Object> context(JDialog d) throws Exception {
        Map<String, Object> context = edt(() -> (Map<String, Object>) d.getRootPane().getClientProperty(Kit.CONTEXT_PROPERTY));
        assertNotNull(context);
        return context;
    }

    private static JDialog awaitDialog(String name) throws Exception {
        AtomicReference<Window> found = new AtomicReference<>();
        await(() -> {
            found.set(edt(() -> showingWindow(name)));
            return found.get() != null;
        }, name + " shown");
        return (JDialog) found.get();
    }

    private static void awaitClosed(String name) throws Exception {
        await(() -> edt(() -> showingWindow(name) == null), name + " closed");
    }

    private static void press(String name) throws Exception {
        AbstractButton b = edt(() -> (AbstractButton) find(name));
        assertNotNull(b, name);
        assertTrue(edt(b::isEnabled), name + " is enabled");
        EventQueue.invokeLater(b::doClick);
    }

    private static String label(String name) {
        return ((JLabel) find(name)).getText();
    }

    private static Window showingWindow(String name) {
        for (Window w : Window.getWindows()) {
            if (w.isShowing() && name.equals(w.getName())) {
                return w;
            }
        }
        return null;
    }

    private static Component find(String name) {
        Component any = null;
        for (Window w : Window.getWindows()) {
            if (w.isDisplayable()) {
                for (Component c : all(w)) {
                    if (name.equals(c.getName())) {
                        if (c.isShowing()) {
                            return c;
                        }
                        any = c;
                    }
                }
            }
        }
        return any;
    }

    private static List<Component> all(Component root) {
        List<Component> out = new ArrayList<>();
        out.add(root);
        if (root instanceof Container) {
            for (Component c : ((Container) root).getComponents()) {
                out.addAll(all(c));
            }
        }
        return out;
    }



}
