package probe.click.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.testing.Gui.edt;
import static probe.testing.Gui.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.BorderLayout;
import java.awt.Dimension;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.datatransfer.DataFlavor;
import java.awt.datatransfer.StringSelection;
import java.awt.datatransfer.Transferable;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.swing.DefaultListModel;
import javax.swing.DropMode;
import javax.swing.JComponent;
import javax.swing.JDesktopPane;
import javax.swing.JFrame;
import javax.swing.JInternalFrame;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JSlider;
import javax.swing.JSplitPane;
import javax.swing.JTable;
import javax.swing.SwingUtilities;
import javax.swing.TransferHandler;
import javax.swing.plaf.metal.MetalSliderUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.api.ProbeOp;
import probe.api.wire.Wire;
import probe.registry.internal.SwingViewRegistry;
import probe.testing.Gui;

class DragOpTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();
    private final ProbeOp op = Gui.described(new DragOp(registry), DragOp.OP);
    private JFrame frame;

    @BeforeEach
    void makeFrame() throws Exception {
        Gui.assumeDisplay();
        run(() -> {
            frame = new JFrame("drag test");
            frame.setName("main");
            frame.setBounds(100, 100, 600, 400);
        });
    }

    private void show() throws Exception {
        run(() -> frame.setVisible(true));
        Gui.waitFor("the frame to be focused", () -> frame.isFocused());
        Gui.settle();
    }

    @AfterEach
    void closeAll() throws Exception {
        Gui.disposeAll();
    }

    private JsonNode drag(ObjectNode args) throws ProbeException {
        return op.execute(Gui.ctx(), args);
    }

    /** Metal's slider UI with its thumb in sight, to press where a hand grabs it. */
    private static final class SeenSlider extends MetalSliderUI {
        Rectangle thumb() {
            return new Rectangle(thumbRect);
        }

        int xOf(int value) {
            return xPositionForValue(value);
        }
    }

    @Test
    void aCanvasSeesThePressTheDragsAndTheReleaseAlongThePath() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        JPanel canvas = edt(() -> {
            JPanel c = new JPanel();
            c.setName("t.canvas");
            MouseAdapter m = new MouseAdapter() {
                @Override
                public void mousePressed(MouseEvent e) {
                    seen.add("pressed " + e.getX() + "," + e.getY() + (e.isShiftDown() ? " shift" : ""));
                }

                @Override
                public void mouseDragged(MouseEvent e) {
                    seen.add("dragged " + e.getX() + "," + e.getY() + (e.isShiftDown() ? " shift" : ""));
                }

                @Override
                public void mouseReleased(MouseEvent e) {
                    seen.add("released " + e.getX() + "," + e.getY());
                }

                @Override
                public void mouseClicked(MouseEvent e) {
                    seen.add("clicked");
                }
            };
            c.addMouseListener(m);
            c.addMouseMotionListener(m);
            frame.getContentPane().add(c, BorderLayout.CENTER);
            return c;
        });
        show();
        JsonNode data = drag(Wire.object().put("identifier", "t.canvas").put("x", 10).put("y", 20).put("dx", 40).put("dy", -8)
                .put("steps", 4).set("modifiers", Wire.mapper().createArrayNode().add("shift")));
        assertEquals(List.of("pressed 10,20 shift", "dragged 20,18 shift", "dragged 30,16 shift", "dragged 40,14 shift",
                "dragged 50,12 shift", "released 50,12"), seen);
        assertEquals("posted", data.get("input").asText());
        assertEquals(4, data.get("moves").asInt());
        Point pressed = edt(() -> SwingUtilities.convertPoint(canvas, 10, 20, frame));
        assertEquals(pressed.x, data.get("pressed").get(0).asInt());
        assertEquals(pressed.x + 40, data.get("released").get(0).asInt());
    }

    @Test
    void aSlidersThumbIsDraggedToAValue() throws Exception {
        SeenSlider ui = new SeenSlider();
        JSlider slider = edt(() -> {
            JSlider s = new JSlider(0, 100, 20);
            s.setName("t.slider");
            s.setUI(ui);
            frame.getContentPane().add(s, BorderLayout.NORTH);
            return s;
        });
        show();
        Rectangle thumb = edt(ui::thumb);
        int target = edt(() -> ui.xOf(75));
        int grabX = thumb.x + thumb.width / 2;
        JsonNode data = drag(Wire.object().put("identifier", "t.slider").put("x", grabX).put("y", thumb.y + thumb.height / 2)
                .put("dx", target - grabX));
        assertEquals(75, (int) edt(slider::getValue));
        JsonNode dragged = data.get("dragged");
        assertEquals("value", dragged.get("what").asText());
        assertEquals("t.slider", dragged.get("identifier").asText());
        assertEquals(20, dragged.get("before").asInt());
        assertEquals(75, dragged.get("after").asInt());
        assertTrue(dragged.get("changed").asBoolean());
        assertTrue(data.get("effects").toString().contains("t.slider"), "the receipt names the slider: " + data.get("effects"));
    }

    @Test
    void aSplitPanesDividerIsMoved() throws Exception {
        JSplitPane split = edt(() -> {
            JSplitPane s = new JSplitPane(JSplitPane.HORIZONTAL_SPLIT, new JPanel(), new JPanel());
            s.setName("t.split");
            s.setDividerLocation(200);
            frame.getContentPane().add(s, BorderLayout.CENTER);
            return s;
        });
        show();
        int x = edt(() -> split.getDividerLocation() + split.getDividerSize() / 2);
        JsonNode data = drag(Wire.object().put("identifier", "t.split").put("x", x).put("y", 100).put("dx", 80).put("dy", 0));
        assertEquals(280, (int) edt(split::getDividerLocation));
        assertEquals("divider", data.get("dragged").get("what").asText());
        assertEquals(200, data.get("dragged").get("before").asInt());
        assertEquals(280, data.get("dragged").get("after").asInt());
    }

    @Test
    void anInternalFrameIsDraggedByItsTitleBar() throws Exception {
        JInternalFrame inner = edt(() -> {
            JDesktopPane desk = new JDesktopPane();
            desk.setName("t.desk");
            JInternalFrame f = new JInternalFrame("Inner", true, true, true, true);
            f.setName("t.inner");
            f.setBounds(20, 30, 200, 150);
            f.setVisible(true);
            desk.add(f);
            frame.getContentPane().add(desk, BorderLayout.CENTER);
            return f;
        });
        show();
        // The title bar: the top of the frame, below its border, left of its buttons.
        int titleY = edt(() -> inner.getInsets().top + 6);
        JsonNode data = drag(Wire.object().put("identifier", "t.inner").put("x", 60).put("y", titleY).put("dx", 100).put("dy", 50));
        assertEquals(new Rectangle(120, 80, 200, 150), edt(inner::getBounds));
        assertEquals("bounds", data.get("dragged").get("what").asText());
        assertEquals("[20,30,200,150]", data.get("dragged").get("before").toString());
        assertEquals("[120,80,200,150]", data.get("dragged").get("after").toString());
    }

    @Test
    void aTablesColumnIsDraggedToAnotherPlace() throws Exception {
        JTable table = edt(() -> {
            JTable t = new JTable(new Object[][] {{1, 2, 3}}, new Object[] {"A", "B", "C"});
            t.setName("t.table");
            JScrollPane sp = new JScrollPane(t);
            sp.setName("t.scroll");
            frame.getContentPane().add(sp, BorderLayout.CENTER);
            return t;
        });
        show();
        Rectangle a = edt(() -> table.getTableHeader().getHeaderRect(0));
        Rectangle c = edt(() -> table.getTableHeader().getHeaderRect(2));
        // The header is no item of its own: pressed at its place in the scroll pane (its column header row, inside the border).
        java.awt.Insets in = edt(() -> table.getParent().getParent() instanceof JScrollPane
                ? ((JScrollPane) table.getParent().getParent()).getInsets() : new java.awt.Insets(0, 0, 0, 0));
        int y = in.top + a.height / 2;
        // Released on the same control, dx, dy from the centre of what shows of it (all of it shows).
        java.awt.Dimension size = edt(() -> table.getParent().getParent().getSize());
        JsonNode data = drag(Wire.object().put("identifier", "t.scroll").put("x", in.left + a.x + a.width / 2).put("y", y)
                .put("to", "t.scroll").put("dx", in.left + c.x + c.width / 2 - size.width / 2).put("dy", y - size.height / 2));
        assertEquals("A", edt(() -> table.getColumnName(2)));
        assertEquals("[\"A\",\"B\",\"C\"]", data.get("dragged").get("before").toString());
        assertEquals("[\"B\",\"C\",\"A\"]", data.get("dragged").get("after").toString());
    }

    /** The list a drag and drop started from (a list takes no drop of its own rows). */
    private static volatile JList<?> dragSource;

    /** A list whose rows can be dragged out (moved) and dropped in, through a TransferHandler. */
    private static JList<String> transferList(String name, DefaultListModel<String> model) {
        JList<String> l = new JList<>(model);
        l.setName(name);
        l.setDragEnabled(true);
        l.setDropMode(DropMode.INSERT);
        l.setTransferHandler(new TransferHandler() {
            @Override
            public int getSourceActions(JComponent c) {
                return MOVE;
            }

            @Override
            protected Transferable createTransferable(JComponent c) {
                dragSource = l;
                return new StringSelection(l.getSelectedValue());
            }

            @Override
            protected void exportDone(JComponent source, Transferable data, int action) {
                if (action == MOVE) {
                    model.removeElement(l.getSelectedValue());
                }
            }

            @Override
            public boolean canImport(TransferSupport s) {
                // Not s.getComponent() != l, which a drop never meets: the component is the one whose handler this is.
                return s.isDataFlavorSupported(DataFlavor.stringFlavor) && (!s.isDrop() || dragSource != l);
            }

            @Override
            public boolean importData(TransferSupport s) {
                try {
                    String v = (String) s.getTransferable().getTransferData(DataFlavor.stringFlavor);
                    int at = s.isDrop() ? ((JList.DropLocation) s.getDropLocation()).getIndex() : model.size();
                    model.add(at < 0 ? model.size() : at, v);
                    return true;
                } catch (Exception e) {
                    return false;
                }
            }
        });
        return l;
    }

    @Test
    void aRowIsDroppedOnAnotherListThroughItsTransferHandler() throws Exception {
        DefaultListModel<String> left = new DefaultListModel<>();
        DefaultListModel<String> right = new DefaultListModel<>();
        List.of("apple", "pear", "plum").forEach(left::addElement);
        right.addElement("fig");
        edt(() -> {
            JPanel both = new JPanel(new java.awt.GridLayout(1, 2, 20, 0));
            JList<String> l = transferList("t.left", left);
            JList<String> r = transferList("t.right", right);
            l.setPreferredSize(new Dimension(200, 200));
            both.add(l);
            both.add(r);
            frame.getContentPane().add(both, BorderLayout.CENTER);
            l.setSelectedIndex(1);
            return null;
        });
        show();
        JsonNode data = drag(Wire.object().put("identifier", "t.left.row.1").put("to", "t.right"));
        assertEquals("robot", data.get("input").asText(), data.toString());
        assertTrue(data.get("transfer").asBoolean(), data.toString());
        assertTrue(data.get("dropped").asBoolean(), data.toString());
        assertEquals(List.of("apple", "plum"), List.of(edt(() -> left.toArray())).stream().map(String::valueOf).toList(),
                "moved out of the left list");
        assertTrue(edt(() -> right.contains("pear")), "dropped into the right list: " + edt(right::toString));
        assertEquals(2, (int) edt(right::size));
    }

    /**
     * A component with AWT's own drag gesture recognizer (no TransferHandler, no drag-enabled list)
     * starts a drag and drop the toolkit runs natively: input auto takes the real pointer for it, a
     * plain panel keeps posted input.
     */
    @Test
    void aDragGestureRecognizerStartsATransfer() throws Exception {
        JPanel[] panels = edt(() -> {
            JPanel both = new JPanel(new java.awt.GridLayout(1, 2));
            JPanel source = new JPanel();
            java.awt.dnd.DragSource.getDefaultDragSource().createDefaultDragGestureRecognizer(source,
                    java.awt.dnd.DnDConstants.ACTION_COPY, e -> { });
            JPanel plain = new JPanel();
            both.add(source);
            both.add(plain);
            frame.getContentPane().add(both, BorderLayout.CENTER);
            return new JPanel[] {source, plain};
        });
        show();
        assertTrue(edt(() -> Grabbed.startsTransfer(frame, SwingUtilities.convertPoint(panels[0], 5, 5, frame))));
        assertTrue(!edt(() -> Grabbed.startsTransfer(frame, SwingUtilities.convertPoint(panels[1], 5, 5, frame))));
    }

    @Test
    void argumentsAreChecked() throws Exception {
        edt(() -> {
            JPanel c = new JPanel();
            c.setName("t.canvas");
            c.addMouseListener(new MouseAdapter() { });
            frame.getContentPane().add(c, BorderLayout.CENTER);
            return c;
        });
        show();
        Gui.fails(ErrorCodes.INVALID_ARGS, () -> drag(Wire.object().put("identifier", "t.canvas")));
        Gui.fails(ErrorCodes.POINT_OUTSIDE, () -> drag(Wire.object().put("identifier", "t.canvas").put("x", 5000).put("y", 1).put("dx", 3)));
        // dx, dy with 'to' are from its centre and must stay inside it, as a point given for the press must.
        Gui.fails(ErrorCodes.POINT_OUTSIDE, () -> drag(Wire.object().put("identifier", "t.canvas").put("to", "t.canvas")
                .put("dx", 5000)));
        Gui.fails(ErrorCodes.NOT_CLICKABLE, () -> drag(Wire.object().put("identifier", "t.canvas").put("dx", -100000 / 10)));
    }
}
