package probe.registry.internal;

import java.awt.Component;
import java.awt.Point;
import java.awt.Window;
import javax.swing.JComponent;
import javax.swing.SwingUtilities;

/** Coordinates of a component in its window's, without going through the screen when that gives the same answer. */
final class Geometry {

    private Geometry() {
    }

    /**
     * What {@code SwingUtilities.convertPoint(c, new Point(x, y), window)} answers. That method adds
     * each ancestor's location up to the window, adds the window's location on screen, then takes
     * the destination's location on screen away again; when the destination is {@code c}'s own window
     * and every ancestor below it is a Swing component, the two screen locations cancel and the sum
     * of the locations is the answer, without asking the window system twice per point.
     */
    static Point toWindow(Component c, int x, int y, Window window) {
        int px = x;
        int py = y;
        Component a = c;
        while (a != null && !(a instanceof Window)) {
            if (!(a instanceof JComponent)) {
                return SwingUtilities.convertPoint(c, x, y, window);
            }
            px += a.getX();
            py += a.getY();
            a = a.getParent();
        }
        if (a != window) {
            return SwingUtilities.convertPoint(c, x, y, window);
        }
        return new Point(px, py);
    }
}
