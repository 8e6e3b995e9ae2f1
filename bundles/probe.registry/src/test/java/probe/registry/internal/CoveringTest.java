package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Component;
import java.awt.Container;
import java.awt.Dimension;
import java.awt.GridLayout;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JComponent;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JLayeredPane;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTabbedPane;
import javax.swing.JTextField;
import javax.swing.SwingUtilities;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import probe.api.swing.Rows;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.testing.Gui;

/**
 * The covering computed once per listing, with its shortcut along each item's ancestor chain,
 * against the full search it stands for (AWT's mouse-event target search from the window's root,
 * per item): named cases, then randomized layouts where every showing component, row and tab must
 * get the very same verdict. Whether that search is AWT's own is checked with real X presses by
 * the oracle integration test (itest FidelityIT).
 */
class CoveringTest {
    private final SwingViewRegistry registry = new SwingViewRegistry();

    @AfterEach
    void close() throws Exception {
        Gui.disposeAll();
    }

    /** The verdict by the full search: a screen conversion, the windows above, then the search from the window's root. */
    static Verdict reference(Target t, Point inWindow, List<Window> stack) {
        Window w = t.window();
        Point onScreen = new Point(inWindow);
        SwingUtilities.convertPointToScreen(onScreen, w);
        for (int i = stack.indexOf(w) + 1; i < stack.size(); i++) {
            Window above = stack.get(i);
            if (above.getBounds().contains(onScreen)) {
                return Verdict.refused("it is covered at that point by the window '" + SwingViewRegistry.name(above) + "'",
                        SwingViewRegistry.name(above)).at(inWindow);
            }
        }
        Component c = t.component();
        if (c == w) {
            return Verdict.OPERABLE.at(inWindow);
        }
        Component hit = Covering.target(w, inWindow.x, inWindow.y);
        if (hit == null) {
            return Verdict.refused("it takes no mouse input: a press there reaches no control", null).at(inWindow);
        }
        if (hit == c || SwingUtilities.isDescendingFrom(hit, c)) {
            return Verdict.OPERABLE.at(inWindow);
        }
        if (SwingUtilities.isDescendingFrom(c, hit)) {
            return Verdict.refused("it takes no mouse input: a press there goes to '" + SwingViewRegistry.name(hit) + "'",
                    SwingViewRegistry.name(hit)).at(inWindow);
        }
        return Verdict.refused("it is covered at that point by '" + SwingViewRegistry.name(hit) + "'", SwingViewRegistry.name(hit))
                .at(inWindow);
    }

    /** The covering's verdict where a hand presses (the centre of the part that shows), checked against the reference; null when nothing shows. */
    static Verdict checked(Covering covering, Target t, List<Window> stack, String message) {
        Covering.Shown shown = covering.shown(t);
        if (shown.empty()) {
            return null;
        }
        Point at = shown.centreInWindow();
        Verdict now = covering.at(t, at);
        assertEquals(reference(t, at, stack), now, message);
        return now;
    }

    private static Target target(Component c) {
        return new Target(c.getName(), Target.Kind.COMPONENT, c, -1, List.of());
    }

    private static JFrame frame(String name, Rectangle bounds) {
        JFrame f = new JFrame(name);
        f.setName(name);
        f.getContentPane().setLayout(null);
        f.setBounds(bounds);
        return f;
    }

    private static JButton button(String name, int x, int y, int w, int h) {
        JButton b = new JButton(name);
        b.setName(name);
        b.setBounds(x, y, w, h);
        return b;
    }

    /** Both verdicts for {@code c}, checked equal; returns the new one. */
    private Verdict both(Component c) throws Exception {
        return Gui.edt(() -> {
            List<Window> stack = registry.windows();
            return checked(new Covering(stack), target(c), stack, SwingViewRegistry.name(c));
        });
    }

    @Test
    void aSiblingAboveInZOrderCoversTheCentreAndTheOneBelowDoesNot() throws Exception {
        Gui.assumeDisplay();
        JButton[] b = new JButton[2];
        Gui.run(() -> {
            JFrame f = frame("f", new Rectangle(0, 0, 400, 300));
            b[0] = button("top", 40, 40, 100, 60);
            b[1] = button("under", 60, 50, 100, 60);
            f.getContentPane().add(b[0]);
            f.getContentPane().add(b[1]);
            f.setVisible(true);
        });
        Gui.settle();
        assertTrue(both(b[0]).operable());
        Verdict under = both(b[1]);
        assertFalse(under.operable());
        assertEquals("it is covered at that point by 'top'", under.reason());
        assertEquals("top", under.blockedBy());
    }

    @Test
    void aHigherLayerOfTheLayeredPaneCoversAndAPopupLayerToo() throws Exception {
        Gui.assumeDisplay();
        JButton[] b = new JButton[3];
        Gui.run(() -> {
            JFrame f = frame("f", new Rectangle(0, 0, 400, 300));
            b[0] = button("content", 20, 20, 120, 60);
            b[1] = button("content.other", 220, 20, 120, 60);
            f.getContentPane().add(b[0]);
            f.getContentPane().add(b[1]);
            JLabel palette = new JLabel("palette");
            palette.setName("palette");
            palette.setOpaque(true);
            palette.setBounds(40, 30, 100, 60);
            f.getLayeredPane().add(palette, JLayeredPane.PALETTE_LAYER);
            JPanel popup = new JPanel();
            popup.setName("popup");
            popup.setBounds(230, 30, 80, 80);
            f.getLayeredPane().add(popup, JLayeredPane.POPUP_LAYER);
            b[2] = button("popup.item", 0, 0, 80, 30);
            popup.setLayout(null);
            popup.add(b[2]);
            f.setVisible(true);
        });
        Gui.settle();
        // The palette label takes no mouse input: a press falls through it to the button below.
        assertTrue(both(b[0]).operable());
        assertEquals("popup.item", both(b[1]).blockedBy());
        assertTrue(both(b[2]).operable());
    }

    @Test
    void aVisibleGlassPaneLetsPressesThroughUnlessItListensToTheMouse() throws Exception {
        Gui.assumeDisplay();
        JButton[] b = new JButton[1];
        JFrame[] f = new JFrame[1];
        Gui.run(() -> {
            f[0] = frame("f", new Rectangle(0, 0, 400, 300));
            b[0] = button("b", 20, 20, 120, 60);
            f[0].getContentPane().add(b[0]);
            f[0].setVisible(true);
        });
        Gui.settle();
        assertTrue(both(b[0]).operable());
        Gui.run(() -> {
            f[0].getGlassPane().setName("glass");
            f[0].getGlassPane().setVisible(true);
        });
        // AWT's search passes over a component that contains the point but takes no mouse input.
        assertTrue(both(b[0]).operable());
        Gui.run(() -> f[0].getGlassPane().addMouseListener(new java.awt.event.MouseAdapter() { }));
        assertEquals("it is covered at that point by 'glass'", both(b[0]).reason());
    }

    @Test
    void aDialogOverTheMainWindowCoversWhatIsUnderIt() throws Exception {
        Gui.assumeDisplay();
        JButton[] b = new JButton[2];
        Gui.run(() -> {
            JFrame f = frame("main", new Rectangle(0, 0, 500, 400));
            b[0] = button("under", 150, 150, 100, 40);
            b[1] = button("aside", 380, 20, 100, 40);
            f.getContentPane().add(b[0]);
            f.getContentPane().add(b[1]);
            f.setVisible(true);
            JDialog d = new JDialog(f, "over", false);
            d.setName("dialog.over");
            d.setBounds(100, 100, 250, 200);
            d.setVisible(true);
        });
        Gui.settle();
        Verdict under = both(b[0]);
        assertEquals("it is covered at that point by the window 'dialog.over'", under.reason());
        assertEquals("dialog.over", under.blockedBy());
        assertTrue(both(b[1]).operable());
    }

    @Test
    void aControlScrolledOutOfItsViewportIsCoveredByWhatIsThereAndOneInViewIsNot() throws Exception {
        Gui.assumeDisplay();
        JButton[] b = new JButton[3];
        Gui.run(() -> {
            JFrame f = frame("f", new Rectangle(0, 0, 400, 600));
            JPanel tall = new JPanel(new GridLayout(0, 1));
            for (int i = 0; i < 40; i++) {
                JButton x = new JButton("row " + i);
                x.setName("tall.button." + i);
                tall.add(x);
            }
            JScrollPane scroll = new JScrollPane(tall);
            scroll.setName("scroll");
            scroll.setBounds(10, 10, 200, 200);
            f.getContentPane().add(scroll);
            f.setVisible(true);
        });
        Gui.settle();
        Gui.run(() -> {
            JPanel tall = (JPanel) ((JScrollPane) ((JFrame) registry.windows().get(0)).getContentPane().getComponent(0))
                    .getViewport().getView();
            b[0] = (JButton) tall.getComponent(0);
            for (Component c : tall.getComponents()) {
                Point centre = SwingUtilities.convertPoint(c, c.getWidth() / 2, c.getHeight() / 2, SwingUtilities.getWindowAncestor(c));
                if (b[1] == null && centre.y > 300 && centre.y < 500) {
                    b[1] = (JButton) c;
                }
                if (centre.y > 700) {
                    b[2] = (JButton) c;
                }
            }
        });
        assertTrue(both(b[0]).operable());
        // Below the viewport no part of them shows, inside the window or below it: the ops scroll them into view first.
        assertEquals(null, both(b[1]));
        assertEquals(null, both(b[2]));
        assertTrue(Gui.edt(() -> registry.verdict(target(b[1]))).operable());
    }

    @Test
    void aComponentThatAnswersContainsItselfIsAskedAsTheHitTestAsksIt() throws Exception {
        Gui.assumeDisplay();
        JButton[] b = new JButton[2];
        Gui.run(() -> {
            JFrame f = frame("f", new Rectangle(0, 0, 400, 300));
            JPanel grid = new JPanel(null);
            grid.setBounds(0, 0, 400, 300);
            // A wide catcher that takes mouse input: its bounds are small, but it claims points far outside them.
            JComponent catcher = new JComponent() {
                @Override
                public boolean contains(int x, int y) {
                    return x >= 0 && x < 300 && y >= 0 && y < 30;
                }
            };
            catcher.setName("catcher");
            catcher.addMouseListener(new java.awt.event.MouseAdapter() { });
            catcher.setBounds(0, 0, 10, 10);
            grid.add(catcher);
            for (int i = 0; i < 10; i++) {
                grid.add(button("g." + i, i * 30, 0, 30, 30));
            }
            b[0] = (JButton) grid.getComponent(1);
            b[1] = button("free", 0, 100, 60, 30);
            grid.add(b[1]);
            f.getContentPane().add(grid);
            f.setVisible(true);
        });
        Gui.settle();
        Gui.run(() -> {
            List<Window> stack = registry.windows();
            Covering covering = new Covering(stack);
            for (Component c : ((Container) b[0].getParent()).getComponents()) {
                checked(covering, target(c), stack, c.getName());
            }
        });
        assertEquals("catcher", both(b[0]).blockedBy());
        assertTrue(both(b[1]).operable());
    }

    @Test
    void randomLayoutsGetTheVerdictsOfTheFullSearch() throws Exception {
        Gui.assumeDisplay();
        JFrame[] f = new JFrame[1];
        Gui.run(() -> {
            f[0] = frame("random", new Rectangle(0, 0, 640, 480));
            f[0].setVisible(true);
        });
        Gui.settle();
        Random random = new Random(20261201);
        int[] compared = new int[2];
        for (int trial = 0; trial < 120; trial++) {
            long seed = random.nextLong();
            Gui.run(() -> {
                Random r = new Random(seed);
                Layout.fill(f[0], r);
                List<Window> stack = registry.windows();
                Covering covering = new Covering(stack);
                List<Target> targets = new ArrayList<>();
                for (Window w : stack) {
                    Layout.targets(w, targets);
                }
                for (Target t : targets) {
                    Verdict v = checked(covering, t, stack, "seed " + seed + ": " + t);
                    if (v == null) {
                        continue;
                    }
                    compared[0]++;
                    if (!v.operable()) {
                        compared[1]++;
                    }
                    if (t.kind() == Target.Kind.COMPONENT) {
                        Rectangle b = t.bounds();
                        assertEquals(SwingUtilities.convertPoint(t.component(), b.x + 3, b.y + 5, t.window()),
                                Geometry.toWindow(t.component(), b.x + 3, b.y + 5, t.window()), "seed " + seed + ": " + t);
                    }
                }
            });
        }
        assertTrue(compared[1] > compared[0] / 20 && compared[1] < compared[0] * 19 / 20,
                "the layouts should cover some targets and not others: " + compared[1] + " of " + compared[0]);
    }

    /** Random layouts in one frame: overlapping siblings, layers, popups, glass panes, scroll panes, rows, tabs, a dialog. */
    private static final class Layout {

        static void fill(JFrame f, Random r) {
            for (Window w : f.getOwnedWindows()) {
                w.dispose();
            }
            Container content = f.getContentPane();
            content.removeAll();
            JLayeredPane layers = f.getLayeredPane();
            for (Component c : layers.getComponents()) {
                if (JLayeredPane.getLayer((JComponent) c) != JLayeredPane.FRAME_CONTENT_LAYER) {
                    layers.remove(c);
                }
            }
            children(content, r, 0, new int[] {0});
            int extra = r.nextInt(3);
            for (int i = 0; i < extra; i++) {
                JPanel p = new JPanel(null);
                p.setName(r.nextBoolean() ? "layer." + i : null);
                p.setBounds(r.nextInt(500), r.nextInt(350), 20 + r.nextInt(200), 20 + r.nextInt(150));
                children(p, r, 2, new int[] {0});
                layers.add(p, r.nextBoolean() ? JLayeredPane.PALETTE_LAYER : JLayeredPane.POPUP_LAYER);
            }
            Component glass = f.getGlassPane();
            glass.setVisible(r.nextInt(10) == 0);
            if (r.nextInt(4) == 0) {
                JDialog d = new JDialog(f, "over", false);
                d.setName(r.nextBoolean() ? "dialog.over" : null);
                d.setBounds(r.nextInt(500), r.nextInt(350), 50 + r.nextInt(200), 50 + r.nextInt(150));
                d.getContentPane().setLayout(null);
                d.getContentPane().add(button("dialog.over.button", 5, 5, 60, 25));
                d.setVisible(true);
            }
            f.validate();
        }

        private static void children(Container parent, Random r, int depth, int[] made) {
            int n = depth == 0 ? 3 + r.nextInt(6) : r.nextInt(7);
            boolean grid = r.nextInt(4) == 0;
            for (int i = 0; i < n; i++) {
                Component c = one(r, depth, made);
                int w = 10 + r.nextInt(160);
                int h = 10 + r.nextInt(90);
                if (grid) {
                    // Rows of equal cells, mostly disjoint, the case the listing's shortcut is for.
                    int cols = 6;
                    int cw = 40 + r.nextInt(3) * (r.nextInt(8) == 0 ? 20 : 0);
                    c.setBounds((i % cols) * 40, (i / cols) * 30, cw, 30);
                } else {
                    c.setBounds(r.nextInt(Math.max(1, parent.getWidth() + 40)) - 20, r.nextInt(Math.max(1, parent.getHeight() + 40)) - 20, w, h);
                }
                if (parent.getWidth() == 0) {
                    c.setLocation(r.nextInt(500), r.nextInt(350));
                }
                c.setVisible(r.nextInt(12) != 0);
                parent.add(c);
                if (c instanceof JPanel && depth < 3 && made[0] < 60) {
                    children((Container) c, r, depth + 1, made);
                }
            }
            if (grid) {
                for (int i = 0; i < 12 && made[0] < 80; i++) {
                    JButton b = button("cell." + made[0]++, (i % 6) * 40, 120 + (i / 6) * 30, 40, 30);
                    parent.add(b);
                }
            }
        }

        private static Component one(Random r, int depth, int[] made) {
            String name = r.nextInt(5) == 0 ? null : "c." + made[0]++;
            Component c;
            switch (r.nextInt(depth < 3 ? 9 : 6)) {
                case 0:
                    c = new JButton("b");
                    break;
                case 1:
                    c = new JCheckBox("t");
                    break;
                case 2:
                    c = new JTextField("f");
                    break;
                case 3:
                    c = new JLabel("l");
                    break;
                case 4:
                    c = round();
                    break;
                case 5:
                    JTabbedPane tabs = new JTabbedPane();
                    tabs.addTab("one", new JPanel());
                    tabs.addTab("two", new JButton("two"));
                    c = tabs;
                    break;
                case 6:
                    JList<String> list = new JList<>(new String[] {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"});
                    JScrollPane sl = new JScrollPane(list);
                    list.setName(name == null ? null : name + ".list");
                    c = sl;
                    break;
                case 7:
                    JPanel big = new JPanel(null);
                    big.setPreferredSize(new Dimension(600, 600));
                    for (int i = 0; i < 6; i++) {
                        big.add(button("scrolled." + made[0]++, r.nextInt(560), r.nextInt(570), 40, 30));
                    }
                    JScrollPane sp = new JScrollPane(big);
                    sp.getViewport().setViewPosition(new Point(r.nextInt(300), r.nextInt(300)));
                    c = sp;
                    break;
                default:
                    JPanel p = new JPanel(null);
                    p.setBackground(Color.LIGHT_GRAY);
                    c = p;
            }
            c.setName(name);
            return c;
        }

        /** A button that is hit only inside its circle, as a custom shape would be. */
        private static JButton round() {
            return new JButton("o") {
                @Override
                public boolean contains(int x, int y) {
                    int rx = getWidth() / 2;
                    int ry = getHeight() / 2;
                    double dx = (x - rx) / (double) Math.max(1, rx);
                    double dy = (y - ry) / (double) Math.max(1, ry);
                    return dx * dx + dy * dy <= 1;
                }
            };
        }

        /** Every showing component under {@code c}, and the rows and tabs of the views among them. */
        static void targets(Component c, List<Target> out) {
            if (!c.isShowing()) {
                return;
            }
            out.add(target(c));
            if (Rows.hasRows(c)) {
                for (int i = 0; i < Rows.count(c); i++) {
                    out.add(new Target(null, Target.Kind.ROW, c, i, List.of()));
                }
            }
            if (c instanceof JTabbedPane) {
                for (int i = 0; i < ((JTabbedPane) c).getTabCount(); i++) {
                    out.add(new Target(null, Target.Kind.TAB, c, i, List.of()));
                }
            }
            if (c instanceof Container) {
                for (Component k : ((Container) c).getComponents()) {
                    targets(k, out);
                }
            }
        }
    }
}
