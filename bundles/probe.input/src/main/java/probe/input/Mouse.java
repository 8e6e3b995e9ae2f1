package probe.input;

import java.awt.Point;
import java.awt.Window;
import java.awt.event.InputEvent;
import java.awt.event.MouseEvent;
import java.awt.event.MouseWheelEvent;
import java.util.Locale;
import javax.swing.SwingUtilities;

/** A hand's mouse: moves to a point of a window, clicks and turns the wheel there. Call on the EDT. */
public final class Mouse {
    /** Windows opens context menus on release; X11 and macOS on press. */
    private static final boolean POPUP_ON_RELEASE =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    /** A mouse button: its AWT number and the mask that says it is held down. */
    public enum Button {
        LEFT(MouseEvent.BUTTON1, InputEvent.BUTTON1_DOWN_MASK),
        MIDDLE(MouseEvent.BUTTON2, InputEvent.BUTTON2_DOWN_MASK),
        RIGHT(MouseEvent.BUTTON3, InputEvent.BUTTON3_DOWN_MASK);

        private final int awtButton;
        private final int downMask;

        Button(int awtButton, int downMask) {
            this.awtButton = awtButton;
            this.downMask = downMask;
        }

        /** The name on the wire: {@code left}, {@code middle}, {@code right}. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The button named {@code left}, {@code middle} or {@code right}. */
        public static Button of(String wireName) {
            return valueOf(wireName.toUpperCase(Locale.ROOT));
        }
    }

    private Mouse() {
    }

    /**
     * Posts a move to {@code p} (window coordinates of {@code w}, a showing window), then
     * {@code count} press-release-click triples there with click counts 1..count. The press
     * carries the button's down mask; release and click carry only the button, as a device's do.
     * The right button's press is the popup trigger (its release on Windows).
     */
    public static void click(Window w, Point p, Button button, int count) {
        move(w, p);
        Point s = onScreen(w, p);
        boolean right = button == Button.RIGHT;
        for (int n = 1; n <= count; n++) {
            Input.post(new MouseEvent(w, MouseEvent.MOUSE_PRESSED, Input.when(), button.downMask, p.x, p.y, s.x, s.y, n,
                    right && !POPUP_ON_RELEASE, button.awtButton));
            Input.post(new MouseEvent(w, MouseEvent.MOUSE_RELEASED, Input.when(), 0, p.x, p.y, s.x, s.y, n,
                    right && POPUP_ON_RELEASE, button.awtButton));
            Input.post(new MouseEvent(w, MouseEvent.MOUSE_CLICKED, Input.when(), 0, p.x, p.y, s.x, s.y, n, false,
                    button.awtButton));
        }
    }

    /** Posts a move to {@code p}: the controls under the way in get their enter and exit events, as under a hand. */
    public static void move(Window w, Point p) {
        Point s = onScreen(w, p);
        Input.post(new MouseEvent(w, MouseEvent.MOUSE_MOVED, Input.when(), 0, p.x, p.y, s.x, s.y, 0, false,
                MouseEvent.NOBUTTON));
    }

    /**
     * Lines a wheel notch scrolls, as the X11 toolkit reports a notch ({@code scrollAmount} 3); a
     * scroll pane scrolls that many unit increments (rows of a list) per notch.
     */
    public static final int WHEEL_UNITS_PER_NOTCH = 3;

    /**
     * Posts a move to {@code p}, then one wheel event per notch there, as a wheel's clicks come:
     * {@code notches} positive turns the wheel towards the user (the view scrolls down, or right),
     * negative away. {@code horizontal} carries the shift modifier, which is how the X11 toolkit
     * reports a tilt wheel and a touchpad's sideways scroll, and how Swing's scroll panes read a
     * horizontal scroll. Nothing is posted but the move for 0 notches.
     */
    public static void wheel(Window w, Point p, int notches, boolean horizontal) {
        move(w, p);
        Point s = onScreen(w, p);
        int direction = Integer.signum(notches);
        int modifiers = horizontal ? InputEvent.SHIFT_DOWN_MASK : 0;
        for (int n = 0; n < Math.abs(notches); n++) {
            Input.post(new MouseWheelEvent(w, MouseEvent.MOUSE_WHEEL, Input.when(), modifiers, p.x, p.y, s.x, s.y, 0, false,
                    MouseWheelEvent.WHEEL_UNIT_SCROLL, WHEEL_UNITS_PER_NOTCH, direction, direction));
        }
    }

    /**
     * A hand's drag, one part at a time: {@link #press} at the path's first point, {@link #dragTo}
     * each further point, {@link #release} at the last. The caller posts each part only once the
     * one before was handled, because the event queue coalesces a drag posted behind another of
     * the same window that is still queued (only the last would arrive). Every event goes to the
     * window where the press landed, also past its edges, as the X server's implicit grab sends a
     * device's: AWT's lightweight dispatcher gives the drags and the release to the component that
     * took the press. {@code modifiers} are extended masks ({@code InputEvent.SHIFT_DOWN_MASK} …).
     *
     * @since 1.6
     */
    public static void press(Window w, Point p, Button button, int modifiers) {
        move(w, p);
        Point s = onScreen(w, p);
        Input.post(new MouseEvent(w, MouseEvent.MOUSE_PRESSED, Input.when(), button.downMask | modifiers, p.x, p.y, s.x, s.y,
                1, button == Button.RIGHT && !POPUP_ON_RELEASE, button.awtButton));
    }

    /** A move with {@code button} held, to {@code p}: see {@link #press}. @since 1.6 */
    public static void dragTo(Window w, Point p, Button button, int modifiers) {
        Point s = onScreen(w, p);
        Input.post(new MouseEvent(w, MouseEvent.MOUSE_DRAGGED, Input.when(), button.downMask | modifiers, p.x, p.y, s.x, s.y,
                1, false, MouseEvent.NOBUTTON));
    }

    /** The release of {@code button} at {@code p}, and a click when {@code click} (back at the press's point): see {@link #press}. @since 1.6 */
    public static void release(Window w, Point p, Button button, int modifiers, boolean click) {
        Point s = onScreen(w, p);
        Input.post(new MouseEvent(w, MouseEvent.MOUSE_RELEASED, Input.when(), modifiers, p.x, p.y, s.x, s.y, 1,
                button == Button.RIGHT && POPUP_ON_RELEASE, button.awtButton));
        if (click) {
            Input.post(new MouseEvent(w, MouseEvent.MOUSE_CLICKED, Input.when(), modifiers, p.x, p.y, s.x, s.y, 1, false,
                    button.awtButton));
        }
    }

    /**
     * The path a hand takes from {@code from} to {@code to}: {@code steps} moves in a straight line
     * after the press's point (at least one), each a whole pixel, the last exactly {@code to}.
     *
     * @since 1.6
     */
    public static java.util.List<Point> path(Point from, Point to, int steps) {
        int n = Math.max(1, steps);
        java.util.List<Point> path = new java.util.ArrayList<>(n + 1);
        path.add(new Point(from));
        for (int i = 1; i <= n; i++) {
            path.add(new Point(from.x + Math.round((to.x - from.x) * (float) i / n), from.y + Math.round((to.y - from.y) * (float) i / n)));
        }
        return path;
    }

    /** The extended modifier masks of {@code names} ({@code shift}, {@code ctrl}, {@code alt}, {@code meta}). @since 1.6 */
    public static int modifiers(Iterable<String> names) {
        int m = 0;
        for (String n : names) {
            switch (n.toLowerCase(Locale.ROOT)) {
                case "shift": m |= InputEvent.SHIFT_DOWN_MASK; break;
                case "ctrl": m |= InputEvent.CTRL_DOWN_MASK; break;
                case "alt": m |= InputEvent.ALT_DOWN_MASK; break;
                case "meta": m |= InputEvent.META_DOWN_MASK; break;
                default: throw new IllegalArgumentException("not a modifier: " + n);
            }
        }
        return m;
    }

    private static Point onScreen(Window w, Point p) {
        Point s = new Point(p);
        SwingUtilities.convertPointToScreen(s, w);
        return s;
    }
}
