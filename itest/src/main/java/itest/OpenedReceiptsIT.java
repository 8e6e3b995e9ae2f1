package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.BorderLayout;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.swing.DefaultListModel;
import javax.swing.JButton;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JList;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JMenuItem;
import javax.swing.JPanel;
import javax.swing.JPopupMenu;
import javax.swing.JTextField;
import javax.swing.MenuSelectionManager;
import javax.swing.SwingUtilities;
import javax.swing.Timer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;

/**
 * Receipts see what opened, through the real socket and the real CLI, on a window of the patterns
 * real applications have: a menu of the menu bar, a submenu Swing opens after its delay, a context
 * menu, a modal dialog that shows only after the settle window, and a click after which the event
 * thread is busy long enough for the transport's watchdog to report a stall. Each with the
 * default settle window (100 ms), as a person or an agent clicks.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class OpenedReceiptsIT {
    private JFrame frame;
    private final List<Timer> timers = new CopyOnWriteArrayList<>();

    @BeforeEach
    void show() throws Exception {
        frame = Swing.onEdt(() -> {
            JFrame f = new JFrame("Opened Fixture");
            f.setName("opened");
            JMenuBar bar = new JMenuBar();
            JMenu file = new JMenu("File");
            file.setName("opened.menu.file");
            for (String s : new String[] {"New", "Open", "Save"}) {
                JMenuItem i = new JMenuItem(s);
                i.setName("opened.menu.file." + s.toLowerCase());
                file.add(i);
            }
            JMenu add = new JMenu("Add");
            add.setName("opened.menu.file.add");
            for (String s : new String[] {"Row", "Column"}) {
                JMenuItem i = new JMenuItem(s);
                i.setName("opened.menu.file.add." + s.toLowerCase());
                add.add(i);
            }
            file.addSeparator();
            file.add(add);
            bar.add(file);
            f.setJMenuBar(bar);

            JPanel buttons = new JPanel();
            JDialog chooser = new JDialog(f, "Save As", true);
            chooser.setName("dialog.openedSaveAs");
            chooser.getContentPane().add(new JTextField(20));
            JButton save = new JButton("Save");
            save.setName("opened.button.save");
            save.addActionListener(e -> {
                // Made and packed at once, shown 400 ms later: past the settle window.
                chooser.pack();
                Timer t = new Timer(400, x -> chooser.setVisible(true));
                t.setRepeats(false);
                timers.add(t);
                t.start();
            });
            buttons.add(save);

            DefaultListModel<String> rows = new DefaultListModel<>();
            JList<String> list = new JList<>(rows);
            list.setName("opened.list");
            JPanel centre = new JPanel(new BorderLayout());
            centre.add(list, BorderLayout.CENTER);
            JButton addRow = new JButton("Add row");
            addRow.setName("opened.button.addRow");
            addRow.addActionListener(e -> {
                rows.addElement("row " + rows.size());
                // Then a whole editor, after work that keeps the event thread busy past the watchdog's second.
                SwingUtilities.invokeLater(() -> {
                    long end = System.nanoTime() + 1_400_000_000L;
                    while (System.nanoTime() < end) {
                        Thread.onSpinWait();
                    }
                    JTextField editor = new JTextField(20);
                    editor.setName("opened.input.editor");
                    centre.add(editor, BorderLayout.SOUTH);
                    // Laid out at once: a control of no size yet is not listed (nobody sees it); this test is about the busy thread.
                    centre.validate();
                });
            });
            buttons.add(addRow);
            f.getContentPane().add(buttons, BorderLayout.NORTH);

            JPopupMenu popup = new JPopupMenu();
            for (String s : new String[] {"Cut", "Copy", "Paste"}) {
                JMenuItem i = new JMenuItem(s);
                i.setName("opened.popup." + s.toLowerCase());
                popup.add(i);
            }
            JPanel area = new JPanel();
            area.setName("opened.panel.area");
            area.setPreferredSize(new java.awt.Dimension(160, 160));
            area.setComponentPopupMenu(popup);
            f.getContentPane().add(area, BorderLayout.EAST);
            f.getContentPane().add(centre, BorderLayout.CENTER);
            f.setBounds(60, 60, 520, 360);
            f.setVisible(true);
            f.toFront();
            return f;
        });
        Fixture.await("the fixture to show", () -> {
            try {
                return Swing.named("opened.button.save") != null;
            } catch (Exception e) {
                return false;
            }
        });
        Swing.settle();
    }

    @AfterEach
    void dispose() throws Exception {
        JFrame f = frame;
        Swing.onEdt(() -> {
            timers.forEach(Timer::stop);
            MenuSelectionManager.defaultManager().clearSelectedPath();
            return null;
        });
        Swing.closeDialogs();
        Swing.onEdt(() -> {
            f.dispose();
            return null;
        });
    }

    private static ObjectNode click(String identifier) {
        return Wire.object().put("identifier", identifier);
    }

    private static JsonNode menuOpened(JsonNode data, String menu) {
        for (JsonNode m : data.path("effects").path("menus").path("opened")) {
            if (menu == null ? m.get("menu").isNull() : menu.equals(m.path("menu").asText())) {
                return m;
            }
        }
        throw new AssertionError("no menu " + menu + " among those the receipt opened: " + data);
    }

    private static Set<String> texts(JsonNode array) {
        Set<String> out = new HashSet<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void menusSubmenusAndContextMenusAreReportedOpenedWithTheirItems() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            JsonNode file = c.call("gui.click", click("opened.menu.file"));
            assertEquals(4, menuOpened(file, "opened.menu.file").get("items").asInt(), file.toString());

            JsonNode add = c.call("gui.click", click("opened.menu.file.add"));
            assertEquals(2, menuOpened(add, "opened.menu.file.add").get("items").asInt(), add.toString());
            assertTrue(Swing.onEdt(() -> ((JMenu) frame.getJMenuBar().getMenu(0).getMenuComponent(4)).isPopupMenuVisible()),
                    "the submenu shows, as the receipt says");
            Swing.onEdt(() -> {
                MenuSelectionManager.defaultManager().clearSelectedPath();
                return null;
            });
            Swing.settle();

            JsonNode popup = c.call("gui.click", click("opened.panel.area").put("button", "right"));
            JsonNode opened = menuOpened(popup, null);
            assertEquals("opened.panel.area", opened.get("on").asText(), popup.toString());
            assertEquals(3, opened.get("items").asInt(), popup.toString());
        }
        // The words every front end shares, through the CLI.
        Swing.onEdt(() -> {
            MenuSelectionManager.defaultManager().clearSelectedPath();
            return null;
        });
        Swing.settle();
        Cli.Result menu = Cli.run("gui", "click", "--identifier", "opened.menu.file").ok();
        assertTrue(menu.out().startsWith("clicked opened.menu.file ") && menu.out().contains("opened menu opened.menu.file (4 items)"), menu.out());
        assertFalse(menu.out().contains("showing"), "the items' showing is what the menu's opening says: " + menu.out());
        Cli.Result sub = Cli.run("gui", "click", "--identifier", "opened.menu.file.add").ok();
        System.out.println("OpenedReceiptsIT: " + menu.out().trim() + " | " + sub.out().trim());
        assertTrue(sub.out().contains("opened menu opened.menu.file.add (2 items)"), sub.out());
    }

    @Test
    void aModalDialogThatShowsAfterTheSettleWindowIsReportedOpened() throws Exception {
        try (ProbeClient c = Fixture.client()) {
            JsonNode save = c.call("gui.click", click("opened.button.save"));
            assertEquals(Set.of("openedSaveAs"), texts(save.get("effects").get("opened")), save.toString());
            assertEquals("openedSaveAs", c.call("gui.dialog.current").get("name").asText(), "the dialog is open, as the receipt says");
        }
        Swing.closeDialogs();
        Swing.settle();
        Cli.Result cli = Cli.run("gui", "click", "--identifier", "opened.button.save").ok();
        assertTrue(cli.out().contains("opened openedSaveAs"), cli.out());
        System.out.println("OpenedReceiptsIT: " + cli.out().trim());
    }

    @Test
    void aBusyEventThreadGivesWhatChangedAndOneLineSayingSoTheStackOnlyInJson() throws Exception {
        Cli.Result text = Cli.run("gui", "click", "--identifier", "opened.button.addRow").ok();
        assertTrue(text.out().contains("appeared opened.list.row.0, opened.input.editor"), text.out());
        assertTrue(text.out().matches("(?s).*\\n  the event thread was busy for \\d+ ms(\\n.*)?"), text.out());
        assertFalse(text.out().contains("edtStack") || text.out().contains("edt.stalled") || text.out().contains("java."),
                "no stack without --json: " + text.out());
        assertTrue(text.out().split("\n").length <= 3, text.out());
        System.out.println("OpenedReceiptsIT: " + text.out().trim().replace("\n", " | "));

        Cli.Result json = Cli.run("--json", "gui", "click", "--identifier", "opened.button.addRow").ok();
        JsonNode e = Wire.mapper().readTree(json.out()).get("effects");
        assertTrue(texts(e.get("appeared")).contains("opened.list.row.1"), json.out());
        assertTrue(e.get("busyMillis").asLong() >= 1000, json.out());
        boolean stack = false;
        for (JsonNode ev : e.get("events")) {
            stack |= ev.path("event").asText().equals("edt.stalled") && ev.path("edtStack").size() > 0;
        }
        assertTrue(stack, "the watchdog's stall, with the event thread's stack, is in the JSON: " + json.out());
    }
}
