package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Component;
import java.awt.Point;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JLayeredPane;
import javax.swing.JPanel;
import javax.swing.SwingUtilities;
import javax.swing.ToolTipManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.service.ServiceExtension;
import probe.api.swing.Target;
import probe.api.swing.Verdict;
import probe.api.swing.ViewRegistry;
import probe.client.ProbeClient;

/**
 * The reach oracle on points inside a control (gui.click's, gui.hover's and gui.drag's x, y): a
 * canvas, a quarter of it covered by a button in a higher layer, asked for its verdict at a grid of
 * points; each point pressed for real by xdotool where the verdict says a hand presses, and the
 * press's landing ({@link PressRecorder}) compared: on the canvas exactly when the point is said
 * operable, on what covers it otherwise, and at the very point asked.
 */
@ExtendWith(WithApp.class)
@ExtendWith(ServiceExtension.class)
@ExtendWith(Bounded.class)
class PointOracleIT {
    @InjectService(timeout = Fixture.WAIT_MILLIS)
    ViewRegistry registry;

    private JFrame frame;

    @AfterEach
    void dispose() throws Exception {
        if (frame != null) {
            JFrame f = frame;
            Swing.onEdt(() -> {
                f.dispose();
                return null;
            });
        }
    }

    @Test
    void everyPointOfAHalfCoveredCanvasIsJudgedAsARealPressLands() throws Exception {
        PressRecorder rec = new PressRecorder();
        boolean tips = ToolTipManager.sharedInstance().isEnabled();
        try (ProbeClient c = Fixture.client(); XMarker marker = XMarker.show("points")) {
            JPanel[] canvas = new JPanel[1];
            JButton[] cover = new JButton[1];
            frame = Swing.onEdt(() -> {
                JFrame f = new JFrame("Points");
                f.setName("points");
                JLayeredPane layers = new JLayeredPane();
                canvas[0] = new JPanel();
                canvas[0].setName("points.canvas");
                canvas[0].setBounds(20, 20, 300, 200);
                // A canvas takes presses (a drawing, a map): without a mouse listener AWT gives them to what is under it.
                canvas[0].addMouseListener(new java.awt.event.MouseAdapter() { });
                cover[0] = new JButton("cover");
                cover[0].setName("points.cover");
                cover[0].setBounds(170, 120, 150, 100);
                layers.add(canvas[0], JLayeredPane.DEFAULT_LAYER);
                layers.add(cover[0], JLayeredPane.PALETTE_LAYER);
                f.setContentPane(layers);
                f.setSize(400, 300);
                f.setLocation(40, 40);
                f.setVisible(true);
                f.toFront();
                return f;
            });
            Probe.waitForClickable(c, "points.cover");
            Rectangle awt = Swing.onEdt(() -> new Rectangle(frame.getLocationOnScreen(), frame.getSize()));
            SwingSet2.windowWhereAwtHasIt(ProcessHandle.current().pid(), "Points", awt);
            Swing.onEdt(() -> {
                ToolTipManager.sharedInstance().setEnabled(false);
                rec.install();
                return null;
            });
            List<String> disagreements = new ArrayList<>();
            int operable = 0;
            int refused = 0;
            try {
                for (int y = 5; y < 200; y += 38) {
                    for (int x = 5; x < 300; x += 58) {
                        Point asked = new Point(x, y);
                        Object[] v = Swing.onEdt(() -> {
                            Target t = registry.resolve("points.canvas");
                            Verdict verdict = registry.verdict(t, asked);
                            Point on = verdict.at() == null ? null : new Point(verdict.at());
                            if (on != null) {
                                SwingUtilities.convertPointToScreen(on, t.window());
                            }
                            return new Object[] {verdict.operable(), on, verdict.reason()};
                        });
                        boolean ok = (Boolean) v[0];
                        Point on = (Point) v[1];
                        assertTrue(on != null, "a point of a showing canvas has a place a hand presses: " + asked);
                        rec.pressed = null;
                        rec.armed = true;
                        try {
                            marker.press(on.x, on.y);
                        } finally {
                            rec.armed = false;
                        }
                        Component landed = rec.pressed;
                        Point at = rec.pressedOnScreen;
                        Point inCanvas = Swing.onEdt(() -> {
                            Point p = new Point(at);
                            SwingUtilities.convertPointFromScreen(p, canvas[0]);
                            return p;
                        });
                        boolean onCanvas = landed == canvas[0];
                        if (ok) {
                            operable++;
                        } else {
                            refused++;
                        }
                        if (ok != onCanvas || (onCanvas && !inCanvas.equals(asked)) || (!ok && landed != cover[0])) {
                            disagreements.add(asked + ": probe says " + (ok ? "operable" : "refused (" + v[2] + ")") + "; the real press landed on "
                                    + (landed == null ? "nothing" : landed.getName()) + " at " + inCanvas + " of the canvas");
                        }
                    }
                }
            } finally {
                Swing.onEdt(() -> {
                    rec.uninstall();
                    ToolTipManager.sharedInstance().setEnabled(tips);
                    return null;
                });
            }
            System.out.println("PointOracleIT: " + (operable + refused) + " real presses at points of a half-covered canvas (" + operable
                    + " operable, " + refused + " covered), " + disagreements.size() + " disagreements, java "
                    + System.getProperty("java.version"));
            assertTrue(operable > 0 && refused > 0, operable + " operable, " + refused + " covered");
            assertEquals(List.of(), disagreements);
        }
    }
}
