package probe.click.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.BorderLayout;
import java.util.HashSet;
import java.util.Set;
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
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.wire.Wire;
import probe.registry.internal.SwingViewRegistry;
import probe.testing.Gui;

/**
 * A receipt sees what a click opened, on real Swing windows: a menu of the menu bar, a submenu
 * (which Swing opens after its delay, past the settle window), a context menu, each with its item
 * count; a dialog that shows only after the settle window, because its showing was deferred or
 * the event thread was busy first; and what a click changed when the event thread was then busy
 * for a while, with how long.
 */
class OpenedReceiptTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final ProbeOp op = Gui.described(new ClickOp(registry), Ops.CLICK);
    private JFrame frame;
    private JPanel buttons;
    /** The fixtures' timers, stopped after each test: none shows a dialog into the next one. */
    private final java.util.List<Timer> timers = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeEach
    void showFrame() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("opened test");
            frame.setName("main");
            buttons = new JPanel();
            frame.getContentPane().add(buttons, BorderLayout.NORTH);
            JMenuBar bar = new JMenuBar();
            JMenu file = new JMenu("File");
            file.setName("menu.file");
            for (String s : new String[] {"New", "Open", "Save"}) {
                JMenuItem i = new JMenuItem(s);
                i.setName("menu.file." + s.toLowerCase());
                file.add(i);
            }
            file.addSeparator();
            JMenu recent = new JMenu("Recent");
            recent.setName("menu.file.recent");
            for (String s : new String[] {"One", "Two"}) {
                JMenuItem i = new JMenuItem(s);
                i.setName("menu.file.recent." + s.toLowerCase());
                recent.add(i);
            }
            file.add(recent);
            bar.add(file);
            frame.setJMenuBar(bar);
            frame.setBounds(100, 100, 500, 400);
        });
    }

    private void show() throws Exception {
        run(() -> frame.setVisible(true));
        waitFor("the frame to be focused", () -> frame.isFocused());
        Gui.settle();
    }

    @AfterEach
    void closeAll() throws Exception {
        run(() -> timers.forEach(Timer::stop));
        run(() -> MenuSelectionManager.defaultManager().clearSelectedPath());
        Gui.disposeAll();
    }

    private JsonNode click(String identifier, String button) throws Exception {
        return op.execute(Gui.ctx(), Wire.object().put("identifier", identifier).put("button", button));
    }

    private static JsonNode menuOpened(JsonNode data, String menu) {
        for (JsonNode m : data.path("effects").path("menus").path("opened")) {
            if (menu == null ? m.get("menu").isNull() : menu.equals(m.path("menu").asText())) {
                return m;
            }
        }
        throw new AssertionError("no menu " + menu + " among those opened: " + data);
    }

    private static Set<String> texts(JsonNode array) {
        Set<String> out = new HashSet<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void aMenuOfTheMenuBarIsReportedOpenedWithItsItems() throws Exception {
        show();
        JsonNode data = click("menu.file", "left");
        JsonNode file = menuOpened(data, "menu.file");
        assertEquals(4, file.get("items").asInt(), "New, Open, Save and Recent; the separator is no item: " + data);
        assertTrue(edt(() -> ((JMenu) frame.getJMenuBar().getMenu(0)).isPopupMenuVisible()));
    }

    @Test
    void aSubmenuThatOpensAfterItsDelayIsReportedOpened() throws Exception {
        show();
        click("menu.file", "left");
        JMenu recent = edt(() -> (JMenu) frame.getJMenuBar().getMenu(0).getMenuComponent(4));
        assertTrue(edt(recent::getDelay) > 100, "Swing opens a submenu after its delay, past the default settle window");
        JsonNode data = click("menu.file.recent", "left");
        JsonNode opened = menuOpened(data, "menu.file.recent");
        assertEquals(2, opened.get("items").asInt(), data.toString());
        assertTrue(edt(recent::isPopupMenuVisible), "the submenu is open, as the receipt says");
    }

    @Test
    void aContextMenuIsReportedOpenedOnTheControlItOpenedOn() throws Exception {
        JPopupMenu popup = edt(() -> {
            JPopupMenu p = new JPopupMenu();
            for (String s : new String[] {"Cut", "Copy", "Paste"}) {
                JMenuItem i = new JMenuItem(s);
                i.setName("t.popup." + s.toLowerCase());
                p.add(i);
            }
            JPanel area = new JPanel();
            area.setName("t.panel.area");
            area.setComponentPopupMenu(p);
            frame.getContentPane().add(area, BorderLayout.CENTER);
            return p;
        });
        show();
        JsonNode data = click("t.panel.area", "right");
        assertTrue(edt(popup::isVisible));
        JsonNode opened = menuOpened(data, null);
        assertEquals("t.panel.area", opened.get("on").asText(), data.toString());
        assertEquals(3, opened.get("items").asInt(), data.toString());
        assertTrue(texts(data.get("effects").get("appeared")).contains("t.popup.copy"), data.toString());
    }

    /** A dialog the click made and packed, shown by a timer 400 ms later: past the default settle window of 100 ms. */
    @Test
    void aDialogShownAfterTheSettleWindowIsReportedOpened() throws Exception {
        JDialog dialog = edt(() -> {
            JDialog d = new JDialog(frame, "Save As", true);
            d.setName("dialog.saveAs");
            d.getContentPane().add(new JTextField(20));
            JButton save = new JButton("Save");
            save.setName("t.button.save");
            save.addActionListener(e -> {
                d.pack();
                Timer t = new Timer(400, x -> d.setVisible(true));
                t.setRepeats(false);
                timers.add(t);
                t.start();
            });
            buttons.add(save);
            return d;
        });
        show();
        JsonNode data = click("t.button.save", "left");
        assertEquals(Set.of("saveAs"), texts(data.get("effects").get("opened")), data.toString());
        assertTrue(edt(dialog::isShowing));
        run(dialog::dispose);
    }

    /** A dialog whose showing waits behind slow work the click queued on the event thread. */
    @Test
    void aDialogShownAfterSlowWorkIsReportedOpened() throws Exception {
        JDialog dialog = edt(() -> {
            JDialog d = new JDialog(frame, "Choose", true);
            d.setName("dialog.choose");
            d.getContentPane().add(new JTextField(20));
            JButton save = new JButton("Save");
            save.setName("t.button.save");
            save.addActionListener(e -> SwingUtilities.invokeLater(() -> {
                sleep(400);
                d.pack();
                d.setVisible(true);
            }));
            buttons.add(save);
            return d;
        });
        show();
        JsonNode data = click("t.button.save", "left");
        assertEquals(Set.of("choose"), texts(data.get("effects").get("opened")), data.toString());
        run(dialog::dispose);
    }

    /** A dialog still not showing when the longest wait for it ends: the receipt says it is opening. */
    @Test
    void aDialogStillNotShowingIsReportedOpening() throws Exception {
        JDialog dialog = edt(() -> {
            JDialog d = new JDialog(frame, "Later", false);
            d.setName("dialog.later");
            JButton later = new JButton("Later");
            later.setName("t.button.later");
            later.addActionListener(e -> {
                d.pack();
                Timer t = new Timer(8000, x -> d.setVisible(true));
                t.setRepeats(false);
                timers.add(t);
                t.start();
            });
            buttons.add(later);
            return d;
        });
        show();
        long start = System.nanoTime();
        JsonNode data = click("t.button.later", "left");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < Gui.TIMEOUT, "replied within the op's timeout: " + millis + " ms");
        JsonNode e = data.get("effects");
        assertTrue(e.get("opened").isEmpty(), data.toString());
        assertEquals("later", e.path("opening").path(0).path("name").asText(), data.toString());
        assertEquals("Later", e.path("opening").path(0).path("title").asText(), data.toString());
        assertFalse(data.get("settled").asBoolean(), data.toString());
        run(dialog::dispose);
    }

    /**
     * A message dialog without an owner: Swing makes a hidden frame to own it, which is no window
     * opening. The receipt says the dialog opened, and the reply does not wait for the hidden frame.
     */
    @Test
    void theHiddenOwnerOfADialogWithoutOneIsNoWindowOpening() throws Exception {
        edt(() -> {
            JButton ask = new JButton("Ask");
            ask.setName("t.button.ask");
            ask.addActionListener(e -> javax.swing.JOptionPane.showMessageDialog(null, "Hello", "Greeting",
                    javax.swing.JOptionPane.INFORMATION_MESSAGE));
            buttons.add(ask);
            return null;
        });
        show();
        long start = System.nanoTime();
        JsonNode data = click("t.button.ask", "left");
        long millis = (System.nanoTime() - start) / 1_000_000;
        JsonNode e = data.get("effects");
        assertEquals(1, e.get("opened").size(), data.toString());
        assertFalse(e.has("opening"), data.toString());
        assertTrue(millis < 1500, "no wait for the hidden owner: " + millis + " ms, " + data);
    }

    /** A click that adds a row at once and an editor after the event thread was busy for 700 ms. */
    @Test
    void aBusyEventThreadStillGivesWhatChangedAndHowLongItWasBusy() throws Exception {
        DefaultListModel<String> rows = new DefaultListModel<>();
        edt(() -> {
            JList<String> list = new JList<>(rows);
            list.setName("t.list");
            JPanel centre = new JPanel(new BorderLayout());
            centre.add(list, BorderLayout.CENTER);
            frame.getContentPane().add(centre, BorderLayout.CENTER);
            JButton add = new JButton("Add");
            add.setName("t.button.add");
            add.addActionListener(e -> {
                rows.addElement("row " + rows.size());
                SwingUtilities.invokeLater(() -> {
                    sleep(700);
                    JTextField editor = new JTextField(20);
                    editor.setName("t.input.editor");
                    centre.add(editor, BorderLayout.SOUTH);
                    // Laid out at once: a control of no size yet is not listed (nobody sees it), and
                    // this test is about the busy thread, not about when a later layout runs.
                    centre.validate();
                });
            });
            buttons.add(add);
            return null;
        });
        show();
        JsonNode data = click("t.button.add", "left");
        JsonNode e = data.get("effects");
        assertTrue(texts(e.get("appeared")).containsAll(Set.of("t.list.row.0", "t.input.editor")), data.toString());
        assertTrue(e.path("busyMillis").asLong() >= 500, "the event thread was busy for about 700 ms: " + data);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
