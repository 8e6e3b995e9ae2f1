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

    private static Point onScreen(Window w, Point p) {
        Point s = new Point(p);
        SwingUtilities.convertPointToScreen(s, w);
        return s;
    }
}
