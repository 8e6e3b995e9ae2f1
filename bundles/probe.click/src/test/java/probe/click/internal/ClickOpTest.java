package probe.click.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.BorderLayout;
import java.awt.GridLayout;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JList;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JMenuItem;
import javax.swing.JPanel;
import javax.swing.JPopupMenu;
import javax.swing.JScrollPane;
import javax.swing.MenuSelectionManager;
import javax.swing.SwingUtilities;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.input.Barrier;
import probe.input.Deadline;
import probe.input.Mouse;
import probe.api.swing.Target;
import probe.api.wire.Wire;
import probe.registry.internal.SwingViewRegistry;
import probe.testing.Gui;

class ClickOpTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final ProbeOp op = Gui.described(new ClickOp(registry), Ops.CLICK);
    private JFrame frame;
    private JButton ok;
    private final AtomicInteger fired = new AtomicInteger();

    @BeforeEach
    void showFrame() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("click test");
            frame.setName("main");
            ok = new JButton("OK");
            ok.setName("t.button.ok");
            ok.addActionListener(e -> fired.incrementAndGet());
            JPanel buttons = new JPanel();
            buttons.add(ok);
            frame.getContentPane().add(buttons, BorderLayout.NORTH);
            frame.setBounds(100, 100, 500, 400);
        });
    }

    private void show() throws Exception {
        run(() -> frame.setVisible(true));
        waitFor("the frame to be focused", () -> frame.isFocused());
    }

    @AfterEach
    void closeAll() throws Exception {
        run(() -> MenuSelectionManager.defaultManager().clearSelectedPath());
        Gui.disposeAll();
    }

    private JsonNode click(String identifier) throws ProbeException {
        return op.execute(Gui.ctx(), Wire.object().put("identifier", identifier));
    }

    @Test
    void buttonFiresExactlyOncePerClick() throws Exception {
        show();
        JsonNode data = click("t.button.ok");
        assertEquals(1, fired.get(), "the listener ran before the reply");
        assertEquals("t.button.ok", data.get("identifier").asText());
        assertEquals("left", data.get("button").asText());
        assertEquals(1, data.get("count").asInt());
        Point centre = edt(() -> SwingUtilities.convertPoint(ok, ok.getWidth() / 2, ok.getHeight() / 2, frame));
        assertEquals(centre.x, data.get("clicked").get(0).asInt());
        assertEquals(centre.y, data.get("clicked").get(1).asInt());
        click("t.button.ok");
        assertEquals(2, fired.get());
    }

    @Test
    void disabledButtonIsRefused() throws Exception {
        run(() -> ok.setEnabled(false));
        show();
        ProbeException e = Gui.fails(ErrorCodes.NOT_CLICKABLE, () -> click("t.button.ok"));
        assertTrue(e.getMessage().contains("disabled"), e.getMessage());
        assertEquals("it is disabled", e.details().get("reason").asText());
        assertEquals(0, fired.get());
    }

    @Test
    void clickBehindModalDialogIsRefusedNamingTheDialog() throws Exception {
        show();
        JDialog blocker = edt(() -> {
            JDialog d = new JDialog(frame, "Blocker", true);
            d.setName("dialog.blocker");
            d.setBounds(400, 400, 200, 100);
            SwingUtilities.invokeLater(() -> d.setVisible(true));
            return d;
        });
        waitFor("the modal dialog", blocker::isShowing);
        ProbeException e = Gui.fails(ErrorCodes.NOT_CLICKABLE, () -> click("t.button.ok"));
        assertTrue(e.getMessage().contains("dialog.blocker"), e.getMessage());
        assertEquals("dialog.blocker", e.details().get("blockedBy").asText());
        assertEquals(0, fired.get());
    }

    @Test
    void clickThatOpensModalDialogRepliesWhileTheDialogIsOpen() throws Exception {
        AtomicInteger closedAfter = new AtomicInteger();
        JDialog modal = edt(() -> {
            JDialog d = new JDialog(frame, "Opened", true);
            d.setName("dialog.opened");
            JButton close = new JButton("Close");
            close.setName("dialog.opened.button.close");
            close.addActionListener(e -> d.dispose());
            d.getContentPane().add(close);
            d.setBounds(450, 450, 200, 100);
            JButton open = new JButton("Open");
            open.setName("t.button.open");
            open.addActionListener(e -> {
                d.setVisible(true);
                closedAfter.incrementAndGet();
            });
            ((JComponent) frame.getContentPane().getComponent(0)).add(open);
            return d;
        });
        show();
        long start = System.nanoTime();
        click("t.button.open");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 1000, "replied after " + millis + " ms");
        assertTrue(edt(modal::isShowing), "the dialog is open");
        assertEquals(0, closedAfter.get(), "the listener is still inside setVisible");
        click("dialog.opened.button.close");
        waitFor("the dialog to close", () -> !modal.isShowing());
        waitFor("the opening listener to return", () -> closedAfter.get() == 1);
    }

    @Test
    void markerBehindAClickRunsInsideTheModalDialogsLoop() throws Exception {
        JDialog modal = edt(() -> {
            JDialog d = new JDialog(frame, "Opened", true);
            d.setBounds(450, 450, 200, 100);
            ok.addActionListener(e -> d.setVisible(true));
            return d;
        });
        show();
        Deadline deadline = Deadline.after(Gui.TIMEOUT);
        Barrier barrier = deadline.edt(() -> {
            Target t = registry.resolve("t.button.ok");
            Mouse.click(t.window(), t.centreInWindow(), Mouse.Button.LEFT, 1);
            return Barrier.behind();
        });
        Barrier.Outcome outcome = barrier.await(deadline);
        assertTrue(barrier.handled(2000), "the marker ran (outcome " + outcome + ")");
        assertTrue(edt(modal::isShowing), "while the modal dialog is still open");
        run(modal::dispose);
    }

    @Test
    void doubleClickGivesClickCountTwo() throws Exception {
        List<Integer> counts = new CopyOnWriteArrayList<>();
        run(() -> ok.addMouseListener(new MouseAdapter() {
            @Override
            public void mouseClicked(MouseEvent e) {
                counts.add(e.getClickCount());
            }
        }));
        show();
        JsonNode data = op.execute(Gui.ctx(), Wire.object().put("identifier", "t.button.ok").put("count", 2));
        assertEquals(2, data.get("count").asInt());
        assertEquals(List.of(1, 2), counts);
    }

    @Test
    void rightClickOpensTheComponentPopupMenu() throws Exception {
        JPopupMenu popup = edt(() -> {
            JPopupMenu p = new JPopupMenu();
            JMenuItem item = new JMenuItem("Copy");
            item.setName("t.popup.copy");
            item.addActionListener(e -> fired.incrementAndGet());
            p.add(item);
            JPanel area = new JPanel();
            area.setName("t.panel.area");
            area.setComponentPopupMenu(p);
            frame.getContentPane().add(area, BorderLayout.CENTER);
            return p;
        });
        show();
        JsonNode data = op.execute(Gui.ctx(), Wire.object().put("identifier", "t.panel.area").put("button", "right"));
        assertEquals("right", data.get("button").asText());
        assertTrue(edt(popup::isVisible), "the context menu opened");
        click("t.popup.copy");
        assertEquals(1, fired.get());
        waitFor("the context menu to close", () -> !popup.isVisible());
    }

    @Test
    void listRowsAreSelectedByClickIncludingOneScrolledOutOfView() throws Exception {
        JList<String> list = edt(() -> {
            JList<String> l = new JList<>(IntStream.range(0, 60).mapToObj(i -> "item " + i).toArray(String[]::new));
            l.setName("t.list");
            frame.getContentPane().add(new JScrollPane(l), BorderLayout.CENTER);
            return l;
        });
        show();
        click("t.list.row.3");
        assertEquals(3, (int) edt(list::getSelectedIndex));
        assertFalse(edt(() -> list.getVisibleRect().intersects(list.getCellBounds(55, 55))), "row 55 starts out of view");
        click("t.list.row.55");
        assertEquals(55, (int) edt(list::getSelectedIndex));
        assertTrue(edt(() -> list.getVisibleRect().contains(list.getCellBounds(55, 55))), "row 55 was scrolled into view");
    }

    @Test
    void buttonInsideAScrollPaneIsScrolledIntoViewFirst() throws Exception {
        JButton last = edt(() -> {
            JPanel many = new JPanel(new GridLayout(0, 1));
            JButton b = null;
            for (int i = 0; i < 40; i++) {
                b = new JButton("Button " + i);
                b.setName("t.button.n" + i);
                many.add(b);
            }
            b.addActionListener(e -> fired.incrementAndGet());
            frame.getContentPane().add(new JScrollPane(many), BorderLayout.CENTER);
            return b;
        });
        show();
        Rectangle before = edt(last::getVisibleRect);
        assertTrue(before.isEmpty(), "the last button starts out of view");
        click("t.button.n39");
        assertEquals(1, fired.get());
    }

    @Test
    void menuItemInAClosedMenuFires() throws Exception {
        AtomicInteger recent = new AtomicInteger();
        JMenu file = edt(() -> {
            JMenuBar bar = new JMenuBar();
            JMenu m = new JMenu("File");
            m.setName("menu.file");
            JMenuItem open = new JMenuItem("Open");
            open.setName("menu.file.open");
            open.addActionListener(e -> fired.incrementAndGet());
            m.add(open);
            JMenu sub = new JMenu("Recent");
            sub.setName("menu.file.recent");
            JMenuItem one = new JMenuItem("One");
            one.setName("menu.file.recent.one");
            one.addActionListener(e -> recent.incrementAndGet());
            sub.add(one);
            m.add(sub);
            bar.add(m);
            frame.setJMenuBar(bar);
            return m;
        });
        show();
        click("menu.file.open");
        assertEquals(1, fired.get());
        waitFor("the menu to close", () -> !file.isPopupMenuVisible());
        click("menu.file.recent.one");
        assertEquals(1, recent.get(), "the item of the submenu fired");
        waitFor("the menus to close", () -> !file.isPopupMenuVisible());
    }

    @Test
    void itemOfAMenuTallerThanTheWindowFiresFromItsHeavyweightPopup() throws Exception {
        List<java.awt.Window> pressedIn = new CopyOnWriteArrayList<>();
        JMenu tall = edt(() -> {
            JMenuBar bar = new JMenuBar();
            JMenu m = new JMenu("Tall");
            m.setName("menu.tall");
            for (int i = 0; i < 30; i++) {
                JMenuItem item = new JMenuItem("Item " + i);
                item.setName("menu.tall.item" + i);
                m.add(item);
            }
            JMenuItem last = (JMenuItem) m.getMenuComponent(29);
            last.addActionListener(e -> fired.incrementAndGet());
            last.addMouseListener(new MouseAdapter() {
                @Override
                public void mousePressed(MouseEvent e) {
                    pressedIn.add(SwingUtilities.getWindowAncestor(last));
                }
            });
            bar.add(m);
            frame.setJMenuBar(bar);
            frame.setSize(300, 150);
            return m;
        });
        show();
        click("menu.tall.item29");
        assertEquals(1, fired.get());
        assertEquals(1, pressedIn.size());
        assertTrue(pressedIn.get(0) != frame, "the popup was a window of its own, and the press reached it there");
        waitFor("the menu to close", () -> !tall.isPopupMenuVisible());
    }

    @Test
    void argumentsAreChecked() throws Exception {
        show();
        ObjectNode bad = Wire.object().put("identifier", "t.button.ok").put("button", "thumb");
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> op.execute(Gui.ctx(), bad));
        ObjectNode triple = Wire.object().put("identifier", "t.button.ok").put("count", 3);
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> op.execute(Gui.ctx(), triple));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> op.execute(Gui.ctx(), Wire.object()));
        Gui.fails(ErrorCodes.IDENTIFIER_NOT_FOUND, () -> click("t.button.okk"));
        assertEquals(0, fired.get());
    }

    /** A canvas: a control with no parts that records where each press came (its own coordinates). */
    private JPanel canvas(List<Point> presses) throws Exception {
        return edt(() -> {
            JPanel c = new JPanel();
            c.setName("t.canvas");
            c.setPreferredSize(new java.awt.Dimension(300, 200));
            c.addMouseListener(new MouseAdapter() {
                @Override
                public void mousePressed(MouseEvent e) {
                    presses.add(e.getPoint());
                }
            });
            frame.getContentPane().add(c, BorderLayout.CENTER);
            return c;
        });
    }

    private JsonNode clickAt(String identifier, int x, int y) throws ProbeException {
        return op.execute(Gui.ctx(), Wire.object().put("identifier", identifier).put("x", x).put("y", y));
    }

    @Test
    void aPointInsideACanvasIsPressedExactlyThere() throws Exception {
        List<Point> presses = new CopyOnWriteArrayList<>();
        JPanel c = canvas(presses);
        show();
        JsonNode data = clickAt("t.canvas", 7, 13);
        assertEquals(List.of(new Point(7, 13)), presses);
        Point inWindow = edt(() -> SwingUtilities.convertPoint(c, 7, 13, frame));
        assertEquals(inWindow.x, data.get("clicked").get(0).asInt());
        assertEquals(inWindow.y, data.get("clicked").get(1).asInt());
        assertEquals(7, data.get("point").get(0).asInt());
        assertEquals(13, data.get("point").get(1).asInt());
        java.awt.Dimension size = edt(c::getSize);
        clickAt("t.canvas", size.width - 1, size.height - 1);
        assertEquals(new Point(size.width - 1, size.height - 1), presses.get(1), "the last pixel of the control is inside it");
    }

    @Test
    void aPointOutsideTheControlIsRefusedWithItsSize() throws Exception {
        List<Point> presses = new CopyOnWriteArrayList<>();
        JPanel c = canvas(presses);
        show();
        java.awt.Dimension size = edt(c::getSize);
        ProbeException e = Gui.fails(ErrorCodes.POINT_OUTSIDE, () -> clickAt("t.canvas", size.width, 5));
        assertEquals(size.width, e.details().get("size").get(0).asInt());
        assertEquals(size.height, e.details().get("size").get(1).asInt());
        assertEquals(size.width, e.details().get("point").get(0).asInt());
        Gui.fails(ErrorCodes.POINT_OUTSIDE, () -> clickAt("t.canvas", -1, 5));
        Gui.fails(ErrorCodes.POINT_OUTSIDE, () -> clickAt("t.canvas", 5, size.height));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> op.execute(Gui.ctx(), Wire.object().put("identifier", "t.canvas").put("x", 5)));
        assertTrue(presses.isEmpty(), "nothing was pressed: " + presses);
    }

    @Test
    void theVerdictIsThatOfThePointAHandMeets() throws Exception {
        // The canvas's right half is covered by a panel above it that takes the mouse: the left half is reachable, the right is not.
        List<Point> presses = new CopyOnWriteArrayList<>();
        edt(() -> {
            javax.swing.JLayeredPane layers = new javax.swing.JLayeredPane();
            layers.setPreferredSize(new java.awt.Dimension(300, 200));
            JPanel c = new JPanel();
            c.setName("t.canvas");
            c.setBounds(0, 0, 300, 200);
            c.addMouseListener(new MouseAdapter() {
                @Override
                public void mousePressed(MouseEvent e) {
                    presses.add(e.getPoint());
                }
            });
            JPanel cover = new JPanel();
            cover.setName("t.cover");
            cover.setBounds(150, 0, 150, 200);
            cover.addMouseListener(new MouseAdapter() { });
            layers.add(c, javax.swing.JLayeredPane.DEFAULT_LAYER);
            layers.add(cover, javax.swing.JLayeredPane.PALETTE_LAYER);
            frame.getContentPane().add(layers, BorderLayout.CENTER);
            return null;
        });
        show();
        clickAt("t.canvas", 20, 20);
        assertEquals(List.of(new Point(20, 20)), presses);
        ProbeException e = Gui.fails(ErrorCodes.NOT_CLICKABLE, () -> clickAt("t.canvas", 200, 20));
        assertEquals("t.cover", e.details().get("blockedBy").asText(), e.getMessage());
        Gui.fails(ErrorCodes.NOT_CLICKABLE, () -> click("t.canvas"));  // its centre (150, 100) is covered too
        assertEquals(1, presses.size());
    }

    @Test
    void aPointOfARowIsFromTheRowsTopLeftCorner() throws Exception {
        JList<String> list = edt(() -> {
            JList<String> l = new JList<>(IntStream.range(0, 50).mapToObj(i -> "row " + i).toArray(String[]::new));
            l.setName("t.list");
            frame.getContentPane().add(new JScrollPane(l), BorderLayout.CENTER);
            return l;
        });
        List<Point> presses = new CopyOnWriteArrayList<>();
        run(() -> list.addMouseListener(new MouseAdapter() {
            @Override
            public void mousePressed(MouseEvent e) {
                presses.add(e.getPoint());
            }
        }));
        show();
        clickAt("t.list.row.45", 3, 2);  // scrolled into view first
        Rectangle cell = edt(() -> list.getCellBounds(45, 45));
        assertEquals(List.of(new Point(cell.x + 3, cell.y + 2)), presses);
        assertEquals(45, (int) edt(list::getSelectedIndex));
    }
}
