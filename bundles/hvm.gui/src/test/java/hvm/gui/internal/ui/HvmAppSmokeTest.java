package hvm.gui.internal.ui;

import static hvm.gui.internal.ui.UiTesting.await;
import static hvm.gui.internal.ui.UiTesting.edt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import hvm.gui.internal.crypto.PasswordKdf;
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
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.awt.event.MouseEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.accessibility.Accessible;
import javax.swing.AbstractButton;
import javax.swing.CellRendererPane;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JMenuBar;
import javax.swing.JPopupMenu;
import javax.swing.JScrollBar;
import javax.swing.JSpinner;
import javax.swing.JTable;
import javax.swing.JTree;
import javax.swing.MenuElement;
import javax.swing.SwingUtilities;
import javax.swing.plaf.basic.ComboPopup;
import javax.swing.text.JTextComponent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drives the real main window and every dialog by control name, as the probe does, and checks
 * the identifier rules: every operable control named, no two showing controls sharing a name,
 * and the names seen equal to docs/IDENTIFIERS.md. Needs a display (Xvfb); skipped when headless.
 */
class HvmAppSmokeTest {
    static final int ITERATIONS = 1_000;
    static final String PASSWORD = "open sesame";

    @TempDir
    Path library;
    HvmApp app;
    final List<String> events = new CopyOnWriteArrayList<>();
    final Set<String> seenNames = new TreeSet<>();
    volatile boolean quitAsked;

    @BeforeEach
    void start() throws Exception {
        assumeFalse(GraphicsEnvironment.isHeadless(), "needs a display");
        DomainEvents domainEvents = new DomainEvents();
        domainEvents.add((topic, props) -> events.add(topic + " " + new java.util.TreeMap<>(props)));
        app = new HvmApp(new HvmApp.Settings(library, new Rectangle(0, 0, 1280, 800), ITERATIONS, "0.1.0.TEST"),
                domainEvents, () -> quitAsked = true);
        app.open();
    }

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
    }

    @Test
    void everySceneWorksAndMatchesTheIdentifierTable() throws Exception {
        JFrame frame = edt(() -> (JFrame) showingWindow("main"));
        assertEquals("HVM", frame.getTitle());
        assertEquals(new Rectangle(0, 0, 1280, 800), edt(frame::getBounds));
        assertTrue(edt(() -> showing("detail.label.empty")), "empty state");
        assertTrue(events.contains("hvm/gui/LIST_REFRESHED {vmCount=0}"), events.toString());
        audit();

        // Files written by someone else appear on their own (folder watcher).
        LibraryStore store = new LibraryStore(library);
        KeyVerifier verifier = new PasswordKdf(new SecureRandom()).create(PASSWORD.toCharArray(), ITERATIONS);
        Vm plain = new Vm("aaaaaaaa-0000-4000-8000-000000000001", "Alpha", OsType.UBUNTU, 2, 2048, 32, "", false,
                VmState.STOPPED, List.of(), List.of(), null);
        Vm locked = new Vm("bbbbbbbb-0000-4000-8000-000000000002", "Vault", OsType.DEBIAN, 1, 1024, 16, "", true,
                VmState.STOPPED, List.of(), List.of(), verifier);
        store.save(plain);
        store.save(locked);
        await(() -> edt(() -> list().getModel().getSize()) == 2, "watcher shows the new files");
        assertTrue(events.contains("hvm/gui/LIST_REFRESHED {vmCount=2}"), events.toString());
        assertTrue(edt(() -> showing("detail.label.noSelection")));

        @SuppressWarnings("unchecked")
        Function<Object, String> rowId = edt(() -> (Function<Object, String>) list().getClientProperty(Kit.ROW_IDENTIFIER_PROPERTY));
        assertEquals("sidebar.row.Alpha", rowId.apply(edt(() -> list().getModel().getElementAt(0))));
        assertEquals("sidebar.row.Vault", rowId.apply(edt(() -> list().getModel().getElementAt(1))));

        // Selecting a row shows its VM.
        select(0);
        assertEquals("Alpha", edt(() -> label("detail.label.name")));
        assertEquals("Stopped", edt(() -> label("detail.label.state")));
        assertEquals("Ubuntu Linux", edt(() -> label("detail.label.os")));
        assertTrue(edt(() -> enabled("detail.button.start")));
        assertFalse(edt(() -> enabled("detail.button.stop")));
        audit();

        rowContextMenu(0);
        createVm(store);
        encryptedStart();
        cloneSnapshotDisksEdit(store);
        deleteVm(store);

        modal("menu.help.about", "dialog.about", Map.of());
        audit();
        press("dialog.about.button.ok");
        awaitClosed("dialog.about");

        edt(() -> {
            ((AbstractButton) menuItem("menu.file.quit")).doClick();
            return null;
        });
        assertTrue(quitAsked, "File > Quit stops the framework");

        app.close();
        assertTrue(edt(() -> {
            for (Window w : Window.getWindows()) {
                if (w.isDisplayable() && (w == frame || w.getOwner() == frame)) {
                    return false;
                }
            }
            return true;
        }), "no window left");
        assertFalse(Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().startsWith("hvm-gui")),
                "no thread left");
        app = null;

        compareWithIdentifierTable();
    }

    private void rowContextMenu(int row) throws Exception {
        showRowMenu(row);
        audit();
        edt(() -> {
            ((JPopupMenu) find("sidebar.menu")).setVisible(false);
            return null;
        });
    }

    /** Right-clicks the row, as a person would to open its context menu. */
    private void showRowMenu(int row) throws Exception {
        edt(() -> {
            JList<?> list = list();
            Rectangle cell = list.getCellBounds(row, row);
            Point p = new Point(cell.x + 20, cell.y + cell.height / 2);
            list.dispatchEvent(new MouseEvent(list, MouseEvent.MOUSE_PRESSED, System.currentTimeMillis(),
                    InputEvent.BUTTON3_DOWN_MASK, p.x, p.y, 1, true, MouseEvent.BUTTON3));
            return null;
        });
        await(() -> edt(() -> showing("sidebar.menu")), "row context menu");
        assertEquals(row, (int) edt(() -> list().getSelectedIndex()), "the row under the pointer is selected");
    }

    private void createVm(LibraryStore store) throws Exception {
        modal("toolbar.button.createVM", "dialog.createVM", Map.of());
        assertEquals("Enter a name.", edt(() -> label("dialog.createVM.label.problem")));
        assertFalse(edt(() -> enabled("dialog.createVM.button.create")));
        assertFalse(edt(() -> showing("dialog.createVM.input.password")), "password hidden until encrypting");
        type("dialog.createVM.input.name", "alpha");
        assertTrue(edt(() -> label("dialog.createVM.label.problem")).contains("already exists"));
        type("dialog.createVM.input.name", "Gamma");
        assertTrue(edt(() -> enabled("dialog.createVM.button.create")));

        assertEquals("dialog.createVM.combo.os.row.fedora", rowIdentifier("dialog.createVM.combo.os", OsType.FEDORA),
                "the OS items are named by their key in a VM's file");
        assertEquals("dialog.createVM.combo.os.row.windows11", rowIdentifier("dialog.createVM.combo.os", OsType.WINDOWS_11));

        press("dialog.createVM.toggle.encrypt");
        await(() -> edt(() -> showing("dialog.createVM.input.password")), "password rows shown");
        assertFalse(edt(() -> enabled("dialog.createVM.button.create")));
        type("dialog.createVM.input.password", "s3cret");
        type("dialog.createVM.input.confirm", "s3creT");
        assertEquals("The passwords do not match.", edt(() -> label("dialog.createVM.label.problem")));
        press("dialog.createVM.toggle.encrypt");
        assertFalse(edt(() -> showing("dialog.createVM.input.password")));
        edt(() -> {
            ((JSpinner) find("dialog.createVM.spinner.cpus")).setValue(6);
            return null;
        });
        audit();

        modal("dialog.createVM.button.browse", "dialog.chooseIso", Map.of());
        audit();
        // The details view builds its table only when asked for; it is named then.
        press("dialog.chooseIso.toggle.details");
        await(() -> edt(() -> all(showingWindow("dialog.chooseIso")).stream().anyMatch(c -> c instanceof JTable && c.isShowing())),
                "details view");
        Thread.sleep(200);
        audit();
        press("dialog.chooseIso.toggle.list");
        press("dialog.chooseIso.button.cancel");
        awaitClosed("dialog.chooseIso");

        press("dialog.createVM.button.create");
        awaitClosed("dialog.createVM");
        await(() -> edt(() -> list().getModel().getSize()) == 3, "the new VM is listed");
        assertEquals("Gamma", edt(() -> label("detail.label.name")), "and selected");
        Vm gamma = store.list().stream().filter(v -> v.name().equals("Gamma")).findFirst().orElseThrow();
        assertEquals(6, gamma.cpus());
        assertFalse(gamma.encrypted());
    }

    private void encryptedStart() throws Exception {
        select(indexOf("Vault"));
        assertEquals("Yes", edt(() -> label("detail.label.encrypted")));
        modal("detail.button.start", "dialog.encryptionPassword", Map.of("vmId", "bbbbbbbb-0000-4000-8000-000000000002"));
        assertFalse(edt(() -> enabled("dialog.encryptionPassword.button.submit")));
        type("dialog.encryptionPassword.input.password", "wrong");
        audit();
        press("dialog.encryptionPassword.button.submit");
        awaitClosed("dialog.encryptionPassword");
        modalShown("dialog.error");
        assertTrue(edt(() -> label("dialog.error.label.message")).contains("not correct"));
        assertTrue(events.stream().anyMatch(e -> e.startsWith("hvm/gui/ERROR") && e.contains("source=startVM")), events.toString());
        audit();
        press("dialog.error.button.ok");
        awaitClosed("dialog.error");
        assertEquals("Stopped", edt(() -> label("detail.label.state")));

        modal("detail.button.start", "dialog.encryptionPassword", Map.of());
        type("dialog.encryptionPassword.input.password", PASSWORD);
        enter("dialog.encryptionPassword.input.password");
        awaitClosed("dialog.encryptionPassword");
        await(() -> "Running".equals(edt(() -> label("detail.label.state"))), "unlocked VM runs");
        assertTrue(events.contains("hvm/gui/VM_STATE {name=Vault, state=running, vmId=bbbbbbbb-0000-4000-8000-000000000002}"), events.toString());
        assertTrue(edt(() -> enabled("detail.button.stop")));
        assertFalse(edt(() -> enabled("detail.button.editConfig")), "a running VM is not reconfigured");
        audit();
        press("detail.button.stop");
        await(() -> "Stopped".equals(edt(() -> label("detail.label.state"))), "stopped again");
    }

    private void cloneSnapshotDisksEdit(LibraryStore store) throws Exception {
        select(indexOf("Alpha"));
        String alphaId = "aaaaaaaa-0000-4000-8000-000000000001";
        Map<String, Object> about = Map.of("vmId", alphaId);

        modal("detail.button.clone", "dialog.clone", about);
        assertEquals("Alpha Clone", edt(() -> ((JTextComponent) find("dialog.clone.input.name")).getText()));
        audit();
        press("dialog.clone.button.clone");
        awaitClosed("dialog.clone");
        await(() -> edt(() -> list().getModel().getSize()) == 4, "the clone is listed");
        assertEquals("Alpha Clone", edt(() -> label("detail.label.name")));

        showRowMenu(indexOf("Alpha"));
        modal("sidebar.menu.snapshot", "dialog.snapshot", about);
        audit();
        enter("dialog.snapshot.input.name");
        awaitClosed("dialog.snapshot");
        assertEquals(1, store.find(alphaId).orElseThrow().snapshots().size());

        modal("menu.vm.diskAdd", "dialog.diskAdd", about);
        type("dialog.diskAdd.input.name", "scratch");
        audit();
        press("dialog.diskAdd.button.add");
        awaitClosed("dialog.diskAdd");
        assertEquals("scratch", store.find(alphaId).orElseThrow().extraDisks().get(0).name());

        modal("detail.button.diskResize", "dialog.diskResize", about);
        assertFalse(edt(() -> enabled("dialog.diskResize.button.resize")), "the same size is no resize");
        String scratchId = store.find(alphaId).orElseThrow().extraDisks().get(0).id();
        assertEquals("dialog.diskResize.combo.disk.row.system",
                rowIdentifier("dialog.diskResize.combo.disk", edt(() -> ((JComboBox<?>) find("dialog.diskResize.combo.disk")).getItemAt(0))));
        assertEquals("dialog.diskResize.combo.disk.row." + scratchId,
                rowIdentifier("dialog.diskResize.combo.disk", edt(() -> ((JComboBox<?>) find("dialog.diskResize.combo.disk")).getItemAt(1))));
        edt(() -> {
            ((JSpinner) find("dialog.diskResize.spinner.size")).setValue(48);
            return null;
        });
        audit();
        press("dialog.diskResize.button.resize");
        awaitClosed("dialog.diskResize");
        assertEquals(48, store.find(alphaId).orElseThrow().diskGiB());

        modal("detail.button.editConfig", "dialog.editConfig", about);
        type("dialog.editConfig.input.name", "Alpha Prime");
        assertEquals("dialog.editConfig.combo.os.row.macos", rowIdentifier("dialog.editConfig.combo.os", OsType.MACOS));
        edt(() -> {
            ((JComboBox<?>) find("dialog.editConfig.combo.os")).setSelectedItem(OsType.FEDORA);
            return null;
        });
        audit();
        press("dialog.editConfig.button.save");
        awaitClosed("dialog.editConfig");
        Vm edited = store.find(alphaId).orElseThrow();
        assertEquals("Alpha Prime", edited.name());
        assertEquals(OsType.FEDORA, edited.osType());
        assertEquals("Alpha Prime", edt(() -> label("detail.label.name")));

        // Esc cancels: nothing changes.
        modal("detail.button.snapshot", "dialog.snapshot", about);
        key("dialog.snapshot.input.name", KeyEvent.VK_ESCAPE);
        awaitClosed("dialog.snapshot");
        assertEquals(1, store.find(alphaId).orElseThrow().snapshots().size());
    }

    private void deleteVm(LibraryStore store) throws Exception {
        select(indexOf("Gamma"));
        String id = edt(() -> ((Vm) list().getSelectedValue()).id());
        modal("detail.button.delete", "dialog.confirm", Map.of("vmId", id));
        audit();
        press("dialog.confirm.button.cancel");
        awaitClosed("dialog.confirm");
        assertTrue(store.find(id).isPresent());
        modal("menu.vm.delete", "dialog.confirm", Map.of("vmId", id));
        press("dialog.confirm.button.ok");
        awaitClosed("dialog.confirm");
        assertTrue(store.find(id).isEmpty());
        await(() -> edt(() -> list().getModel().getSize()) == 3, "the deleted VM is gone");
        assertTrue(Files.notExists(library.resolve("vms").resolve(id + ".json")));
    }

    // ---- the identifier rules

    /** Checks the showing windows: every operable control named, no two showing controls with one name. */
    private void audit() throws Exception {
        edt(() -> {
            Map<String, Component> showingByName = new HashMap<>();
            List<String> problems = new ArrayList<>();
            for (Window w : Window.getWindows()) {
                if (w.isShowing()) {
                    walk(w, showingByName, problems);
                    if (w instanceof JFrame && ((JFrame) w).getJMenuBar() != null) {
                        walkMenu(((JFrame) w).getJMenuBar(), problems);
                    }
                }
            }
            if (!problems.isEmpty()) {
                fail(String.join("\n", problems));
            }
            return null;
        });
    }

    private void walk(Component c, Map<String, Component> showingByName, List<String> problems) {
        if (c instanceof JScrollBar || c instanceof CellRendererPane) {
            return;
        }
        String name = c.getName();
        if (name != null && (operable(c) || name.contains(".") || c instanceof Window)) {
            seenNames.add(name);
            Component other = c.isShowing() ? showingByName.putIfAbsent(name, c) : null;
            if (other != null && other != c) {
                problems.add("two showing controls named " + name);
            }
        }
        if (operable(c) && name == null) {
            problems.add("unnamed " + c.getClass().getName() + " in " + SwingUtilities.getWindowAncestor(c).getName());
        }
        if (c instanceof JComboBox) {
            Accessible popup = ((JComboBox<?>) c).getUI().getAccessibleChild((JComboBox<?>) c, 0);
            if (popup instanceof ComboPopup) {
                String popupName = ((ComboPopup) popup).getList().getName();
                assertNotNull(popupName, "combo popup list of " + name);
                seenNames.add(popupName);
            }
        }
        if (c instanceof JComponent && ((JComponent) c).getComponentPopupMenu() != null) {
            walkMenu(((JComponent) c).getComponentPopupMenu(), problems);
        }
        if (c instanceof Container) {
            for (Component child : ((Container) c).getComponents()) {
                walk(child, showingByName, problems);
            }
        }
    }

    private void walkMenu(MenuElement menu, List<String> problems) {
        for (MenuElement e : menu.getSubElements()) {
            Component c = e.getComponent();
            if (c instanceof AbstractButton) {
                if (c.getName() == null) {
                    problems.add("unnamed menu item " + ((AbstractButton) c).getText());
                } else {
                    seenNames.add(c.getName());
                }
            }
            walkMenu(e, problems);
        }
    }

    private static boolean operable(Component c) {
        return c instanceof AbstractButton || c instanceof JTextComponent || c instanceof JComboBox
                || c instanceof JList || c instanceof JSpinner || c instanceof JTable || c instanceof JTree;
    }

    /** The names seen while visiting every scene are exactly the table's identifiers. */
    private void compareWithIdentifierTable() throws IOException {
        Path doc = Path.of(System.getProperty("user.dir")).resolve("../../docs/IDENTIFIERS.md").normalize();
        Set<String> documented = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\|\\s*`([^`]+)`\\s*\\|").matcher(Files.readString(doc));
        while (m.find()) {
            documented.add(m.group(1));
        }
        assertTrue(documented.remove("sidebar.row.<vmDisplayName>"), "row pattern documented");
        for (String pattern : List.of("dialog.createVM.combo.os.row.<key>", "dialog.editConfig.combo.os.row.<key>",
                "dialog.diskResize.combo.disk.row.<key>")) {
            assertTrue(documented.remove(pattern), pattern + " documented");
        }
        // Virtual rows (of the sidebar, of an open combo box) are no components: the names with a variable part.
        documented.removeIf(n -> n.contains("<"));
        Set<String> undocumented = new TreeSet<>(seenNames);
        undocumented.removeAll(documented);
        Set<String> unseen = new TreeSet<>(documented);
        unseen.removeAll(seenNames);
        assertEquals(Set.of(), undocumented, "named in the app but not in " + doc);
        assertEquals(Set.of(), unseen, "in " + doc + " but never seen in the app");
    }

    // ---- driving the app by name

    private JDialog modal(String opener, String dialogName, Map<String, Object> expectedContext) throws Exception {
        press(opener);
        JDialog d = modalShown(dialogName);
        @SuppressWarnings("unchecked")
        Map<String, Object> context = edt(() -> (Map<String, Object>) d.getRootPane().getClientProperty(Kit.CONTEXT_PROPERTY));
        assertNotNull(context, dialogName + " has a context");
        expectedContext.forEach((k, v) -> assertEquals(v, context.get(k), dialogName + " context " + k));
        return d;
    }

    private JDialog modalShown(String dialogName) throws Exception {
        AtomicReference<JDialog> found = new AtomicReference<>();
        await(() -> edt(() -> {
            Window w = showingWindow(dialogName);
            found.set((JDialog) w);
            return w != null;
        }), dialogName + " shown");
        JDialog d = found.get();
        JFrame frame = edt(() -> (JFrame) showingWindow("main"));
        assertTrue(d.isModal(), dialogName + " is modal");
        assertSame(frame, d.getOwner(), dialogName + " is owned by the main frame");
        Rectangle f = edt(frame::getBounds);
        Rectangle b = edt(d::getBounds);
        assertTrue(Math.abs(f.getCenterX() - b.getCenterX()) <= 1 && Math.abs(f.getCenterY() - b.getCenterY()) <= 1,
                dialogName + " is centred on the frame: " + b + " in " + f);
        return d;
    }

    private void awaitClosed(String dialogName) throws Exception {
        await(() -> edt(() -> showingWindow(dialogName) == null), dialogName + " closed");
    }

    /** Clicks a button or menu item later on the EDT, since a click that opens a modal dialog blocks. */
    private void press(String name) throws Exception {
        AbstractButton b = edt(() -> {
            Component c = find(name);
            return (AbstractButton) (c != null ? c : menuItem(name));
        });
        assertNotNull(b, name);
        assertTrue(edt(b::isEnabled), name + " is enabled");
        EventQueue.invokeLater(b::doClick);
    }

    private void type(String name, String text) throws Exception {
        edt(() -> {
            ((JTextComponent) find(name)).setText(text);
            return null;
        });
    }

    private void enter(String name) throws Exception {
        key(name, KeyEvent.VK_ENTER);
    }

    private void key(String name, int keyCode) throws Exception {
        Component target = edt(() -> find(name));
        target.requestFocusInWindow();
        await(() -> edt(target::isFocusOwner), name + " focused");
        EventQueue.invokeLater(() -> target.dispatchEvent(new KeyEvent(target, KeyEvent.KEY_PRESSED,
                System.currentTimeMillis(), 0, keyCode, KeyEvent.CHAR_UNDEFINED)));
    }

    private void select(int index) throws Exception {
        edt(() -> {
            list().setSelectedIndex(index);
            return null;
        });
    }

    private int indexOf(String vmName) throws Exception {
        return edt(() -> {
            for (int i = 0; i < list().getModel().getSize(); i++) {
                if (((Vm) list().getModel().getElementAt(i)).name().equals(vmName)) {
                    return i;
                }
            }
            throw new AssertionError("no row " + vmName);
        });
    }

    private JList<?> list() {
        return (JList<?>) find("sidebar.list");
    }

    private String label(String name) {
        return ((JLabel) find(name)).getText();
    }

    private boolean enabled(String name) {
        return find(name).isEnabled();
    }

    private boolean showing(String name) {
        Component c = find(name);
        return c != null && c.isShowing();
    }

    private static Window showingWindow(String name) {
        for (Window w : Window.getWindows()) {
            if (w.isShowing() && name.equals(w.getName())) {
                return w;
            }
        }
        return null;
    }

    /** The showing component so named, else any so named (a hidden card's label). */
    /** The identifier a combo's naming ({@link Kit#ROW_IDENTIFIER_PROPERTY}) gives its item {@code value}. */
    @SuppressWarnings("unchecked")
    private static String rowIdentifier(String combo, Object value) throws Exception {
        return edt(() -> ((Function<Object, String>) ((JComboBox<?>) find(combo)).getClientProperty(Kit.ROW_IDENTIFIER_PROPERTY))
                .apply(value));
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

    private static Component menuItem(String name) {
        for (Window w : Window.getWindows()) {
            if (w instanceof JFrame && w.isShowing()) {
                Optional<Component> item = menuItems(((JFrame) w).getJMenuBar()).stream()
                        .filter(c -> name.equals(c.getName())).findFirst();
                if (item.isPresent()) {
                    return item.get();
                }
            }
        }
        return null;
    }

    private static List<Component> menuItems(MenuElement menu) {
        List<Component> items = new ArrayList<>();
        if (menu == null) {
            return items;
        }
        for (MenuElement e : menu.getSubElements()) {
            items.add(e.getComponent());
            items.addAll(menuItems(e));
        }
        return items;
    }

    private static List<Component> all(Component root) {
        List<Component> out = new ArrayList<>();
        out.add(root);
        if (root instanceof Container) {
            for (Component c : ((Container) root).getComponents()) {
                out.addAll(all(c));
            }
        }
        if (root instanceof JFrame) {
            out.addAll(menuItems(((JFrame) root).getJMenuBar()));
        }
        return out;
    }



}
