package probe.click.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;
import static probe.testing.Gui.waitFor;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.BorderLayout;
import java.awt.Rectangle;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import javax.swing.JButton;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JToolTip;
import javax.swing.SwingUtilities;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.Ops;
import probe.api.ProbeOp;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.wire.Wire;
import probe.registry.internal.SwingViewRegistry;
import probe.testing.Gui;

/** gui.hover and gui.scroll on real Swing controls: the pointer rests, the wheel turns. */
class HoverScrollTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final ProbeOp hover = Gui.described(new HoverOp(registry), Ops.HOVER);
    private final ProbeOp scroll = Gui.described(new ScrollOp(registry), Ops.SCROLL);
    private JFrame frame;
    private JPanel top;
    private JButton tipped;
    private final List<String> mouse = new CopyOnWriteArrayList<>();

    @BeforeEach
    void showFrame() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("hover test");
            frame.setName("main");
            top = new JPanel();
            tipped = new JButton("Start");
            tipped.setName("t.button.start");
            tipped.setToolTipText("Start the selected machine");
            tipped.addMouseListener(new MouseAdapter() {
                @Override
                public void mouseEntered(MouseEvent e) {
                    mouse.add("entered");
                }

                @Override
                public void mouseExited(MouseEvent e) {
                    mouse.add("exited");
                }

                @Override
                public void mousePressed(MouseEvent e) {
                    mouse.add("pressed");
                }
            });
            JButton plain = new JButton("Plain");
            plain.setName("t.button.plain");
            top.add(tipped);
            top.add(plain);
            frame.getContentPane().add(top, BorderLayout.NORTH);
            frame.setBounds(100, 100, 500, 400);
        });
    }

    private void show() throws Exception {
        run(() -> frame.setVisible(true));
        waitFor("the frame to be focused", () -> frame.isFocused());
    }

    @AfterEach
    void closeAll() throws Exception {
        Gui.disposeAll();
    }

    private JsonNode hover(String identifier) throws ProbeException {
        return hover.execute(Gui.ctx(), Wire.object().put("identifier", identifier));
    }

    @Test
    void hoverEntersTheControlAndItsTooltipShowsAndIsListed() throws Exception {
        show();
        JsonNode data = hover("t.button.start");
        assertEquals("Start the selected machine", data.get("tooltip").asText(), data.toString());
        assertEquals(List.of("entered"), mouse, "the pointer entered and nothing was pressed");
        assertTrue(edt(() -> tipped.getModel().isRollover() || !tipped.isRolloverEnabled()), "rollover, as under a hand");
        JToolTip tip = edt(() -> HoverOp.showingTip(tipped));
        assertNotNull(tip, "the tooltip window shows");

        JsonNode tipItem = null;
        for (JsonNode item : edt(() -> registry.list("window"))) {
            if ("tooltip".equals(item.path("role").asText())) {
                tipItem = item;
            }
        }
        assertNotNull(tipItem, "gui.list sees the tooltip");
        assertEquals("Start the selected machine", tipItem.get("label").asText());
        assertEquals("t.button.start", tipItem.get("for").asText());
        JsonNode button = edt(() -> registry.list("t.button.start")).get(0);
        assertEquals("Start the selected machine", button.get("tooltip").asText());

        JsonNode other = hover("t.button.plain");
        assertTrue(other.get("tooltip").isNull(), other.toString());
        assertEquals(List.of("entered", "exited"), mouse, "moving on leaves the first control");
        waitFor("the tooltip to hide", () -> HoverOp.showingTip(tipped) == null);
        Point at = new Point(other.get("at").get(0).asInt(), other.get("at").get(1).asInt());
        assertTrue(edt(() -> SwingUtilities.getDeepestComponentAt(frame, at.x, at.y)).getName().equals("t.button.plain"));
    }

    private record Point(int x, int y) {
    }

    @Test
    void hoverIsRefusedWhereAHandCannotReach() throws Exception {
        show();
        JDialog blocker = edt(() -> {
            JDialog d = new JDialog(frame, "Blocker", true);
            d.setName("dialog.blocker");
            d.setBounds(400, 400, 200, 100);
            SwingUtilities.invokeLater(() -> d.setVisible(true));
            return d;
        });
        waitFor("the modal dialog", blocker::isShowing);
        ProbeException e = Gui.fails(ErrorCodes.NOT_CLICKABLE, () -> hover("t.button.start"));
        assertEquals("dialog.blocker", e.details().get("blockedBy").asText());
        assertEquals(List.of(), mouse);
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> hover.execute(Gui.ctx(), Wire.object()));
    }

    private JList<String> list(int rows, boolean wide) throws Exception {
        return edt(() -> {
            // Wide rows: wider than the view, but less than twice as wide (the wheel turns at the list's centre).
            String pad = wide ? " " + "x".repeat(90) : "";
            JList<String> l = new JList<>(IntStream.range(0, rows).mapToObj(i -> "row " + i + pad).toArray(String[]::new));
            l.setName("t.list");
            JScrollPane pane = new JScrollPane(l);
            frame.getContentPane().add(pane, BorderLayout.CENTER);
            return l;
        });
    }

    @Test
    void theWheelScrollsTheListUnderThePointer() throws Exception {
        // Less than twice the viewport tall, so the list's centre, where the wheel turns, is in view.
        JList<String> l = list(25, false);
        show();
        Rectangle view = edt(l::getVisibleRect);
        assertTrue(view.y == 0 && edt(() -> l.getHeight()) > view.height, "the list starts at its top and is taller than its view");
        JsonNode data = scroll.execute(Gui.ctx(), Wire.object().put("identifier", "t.list").put("dy", 2));
        assertEquals(2, data.get("dy").asInt());
        assertEquals(0, data.get("dx").asInt());
        waitFor("the list to scroll down", () -> l.getFirstVisibleIndex() > 0);
        int down = edt(l::getFirstVisibleIndex);
        scroll.execute(Gui.ctx(), Wire.object().put("identifier", "t.list").put("dy", -5));
        waitFor("the list to scroll back up", () -> l.getFirstVisibleIndex() == 0);
        assertTrue(down > 0);
    }

    @Test
    void shiftWheelScrollsSideways() throws Exception {
        JList<String> l = list(12, true);
        show();
        assertTrue(edt(() -> l.getWidth() > l.getVisibleRect().width && l.getWidth() < 2 * l.getVisibleRect().width),
                "the list is wider than its view, less than twice");
        assertEquals(0, (int) edt(() -> l.getVisibleRect().x));
        scroll.execute(Gui.ctx(), Wire.object().put("identifier", "t.list").put("dx", 3));
        waitFor("the list to scroll right", () -> l.getVisibleRect().x > 0);
        assertEquals(0, (int) edt(() -> l.getVisibleRect().y), "and not down");
    }

    @Test
    void scrollArgumentsAndRefusals() throws Exception {
        AtomicInteger wheels = new AtomicInteger();
        run(() -> tipped.addMouseWheelListener(e -> wheels.incrementAndGet()));
        run(() -> tipped.setEnabled(false));
        show();
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> scroll.execute(Gui.ctx(), Wire.object().put("identifier", "t.button.plain")));
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> scroll.execute(Gui.ctx(), Wire.object().put("identifier", "t.button.plain").put("dy", 1000)));
        // AWT delivers the wheel to a disabled control as to any other (Swing's scroll panes scroll
        // while disabled): the pointer only has to rest on it.
        scroll.execute(Gui.ctx(), Wire.object().put("identifier", "t.button.start").put("dy", 1));
        assertEquals(1, wheels.get());
        run(() -> tipped.setEnabled(true));
        scroll.execute(Gui.ctx(), Wire.object().put("identifier", "t.button.start").put("dy", 3));
        assertEquals(4, wheels.get(), "one wheel event per notch, to the control under the pointer");
    }

    @Test
    void thePointerRestsAndTheWheelTurnsAtAPointInsideTheControl() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        run(() -> {
            JPanel canvas = new JPanel();
            canvas.setName("t.canvas");
            MouseAdapter m = new MouseAdapter() {
                @Override
                public void mouseMoved(MouseEvent e) {
                    seen.add("moved " + e.getX() + "," + e.getY());
                }

                @Override
                public void mouseWheelMoved(java.awt.event.MouseWheelEvent e) {
                    seen.add("wheel " + e.getX() + "," + e.getY());
                }
            };
            canvas.addMouseMotionListener(m);
            canvas.addMouseWheelListener(m);
            frame.getContentPane().add(canvas, BorderLayout.CENTER);
            frame.setVisible(true);
        });
        Gui.waitFor("the frame to be focused", () -> frame.isFocused());
        hover.execute(Gui.ctx(), Wire.object().put("identifier", "t.canvas").put("x", 11).put("y", 22));
        scroll.execute(Gui.ctx(), Wire.object().put("identifier", "t.canvas").put("x", 33).put("y", 44).put("dy", 1));
        assertEquals(List.of("moved 11,22", "moved 33,44", "wheel 33,44"), seen);
        Gui.fails(probe.api.ErrorCodes.POINT_OUTSIDE,
                () -> hover.execute(Gui.ctx(), Wire.object().put("identifier", "t.canvas").put("x", 11).put("y", 100000)));
    }
}
