package probe.click.internal;

import java.awt.AWTEvent;
import java.awt.AWTException;
import java.awt.Point;
import java.awt.Robot;
import java.awt.Toolkit;
import java.awt.dnd.DragSource;
import java.awt.dnd.DragSourceAdapter;
import java.awt.dnd.DragSourceDragEvent;
import java.awt.dnd.DragSourceDropEvent;
import java.awt.dnd.DragSourceListener;
import java.awt.dnd.DragSourceMotionListener;
import java.awt.event.AWTEventListener;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.awt.event.MouseEvent;
import java.util.List;
import probe.api.ErrorCodes;
import probe.api.ProbeException;
import probe.input.Deadline;
import probe.input.Mouse;

/**
 * A drag made with the real pointer of the application's display ({@link Robot}, in the GUI's own
 * JVM): for Swing's drag and drop, which the toolkit runs natively once the drag starts (on X11 its
 * XDnD loop grabs the pointer and reads the X server's motion, never the event queue), so posted
 * events start a drag but never drop it. Off the EDT; every pause and wait bounded.
 */
final class RobotHand {
    /** Between two moves of the path: the toolkit reads the X server's motion as it comes. */
    private static final long STEP_MILLIS = 30;
    /** After the press and at the end before the release: what the drag's gesture recognizer and the drop target need to see. */
    private static final long DWELL_MILLIS = 60;
    /** At most how long the drop may take to end once released. */
    private static final long END_MILLIS = 5000;

    private RobotHand() {
    }

    /** What the toolkit did with the real input: released, a drag and drop started, and ended (its drop's action). */
    private static final class Watch extends DragSourceAdapter implements AWTEventListener, DragSourceMotionListener {
        volatile boolean released;
        volatile boolean dragStarted;
        volatile boolean dragEnded;
        volatile boolean dropped;

        @Override
        public void eventDispatched(AWTEvent e) {
            if (e.getID() == MouseEvent.MOUSE_RELEASED) {
                released = true;
            }
        }

        @Override
        public void dragMouseMoved(DragSourceDragEvent dsde) {
            dragStarted = true;
        }

        @Override
        public void dragEnter(DragSourceDragEvent dsde) {
            dragStarted = true;
        }

        @Override
        public void dragDropEnd(DragSourceDropEvent dsde) {
            dragStarted = true;
            dropped = dsde.getDropSuccess();
            dragEnded = true;
        }
    }

    /** What happened: whether a drag and drop ran, and whether its drop succeeded. */
    record Outcome(boolean transfer, boolean dropped) {
    }

    /**
     * Presses at the first point of {@code path} (screen coordinates), moves through the rest and
     * releases at the last, {@code modifiers} (extended masks) held meanwhile; then waits until the
     * GUI got the release or, when a drag and drop started, until it ended.
     */
    static Outcome drag(List<Point> path, Mouse.Button button, int modifiers, Deadline deadline) throws ProbeException {
        Robot robot;
        try {
            robot = new Robot();
        } catch (AWTException | SecurityException e) {
            throw new ProbeException(ErrorCodes.INTERNAL, "no real pointer on this display for a drag and drop: " + e.getMessage());
        }
        robot.setAutoDelay(0);
        Watch watch = new Watch();
        DragSource source = DragSource.getDefaultDragSource();
        Toolkit.getDefaultToolkit().addAWTEventListener(watch, AWTEvent.MOUSE_EVENT_MASK);
        source.addDragSourceListener(watch);
        source.addDragSourceMotionListener(watch);
        int[] keys = keys(modifiers);
        int buttonMask = InputEvent.getMaskForButton(button == Mouse.Button.LEFT ? 1 : button == Mouse.Button.MIDDLE ? 2 : 3);
        boolean pressed = false;
        try {
            Point first = path.get(0);
            Point last = path.get(path.size() - 1);
            robot.mouseMove(first.x, first.y);
            pause(DWELL_MILLIS, deadline);
            for (int k : keys) {
                robot.keyPress(k);
            }
            robot.mousePress(buttonMask);
            pressed = true;
            pause(DWELL_MILLIS, deadline);
            for (Point p : path.subList(1, path.size())) {
                robot.mouseMove(p.x, p.y);
                pause(STEP_MILLIS, deadline);
            }
            // The drop target learns where the drag is from motion over it: a last wiggle there, as a hand's.
            for (int i = 0; i < 3; i++) {
                robot.mouseMove(last.x + 1, last.y + 1);
                pause(DWELL_MILLIS, deadline);
                robot.mouseMove(last.x, last.y);
                pause(DWELL_MILLIS, deadline);
            }
            robot.mouseRelease(buttonMask);
            pressed = false;
            for (int i = keys.length - 1; i >= 0; i--) {
                robot.keyRelease(keys[i]);
            }
            long until = Math.min(deadline.remainingMillis(), END_MILLIS);
            deadline.until(() -> watch.dragEnded || watch.released && !watch.dragStarted, until);
            return new Outcome(watch.dragStarted, watch.dropped);
        } finally {
            if (pressed) {
                robot.mouseRelease(buttonMask);
                for (int i = keys.length - 1; i >= 0; i--) {
                    robot.keyRelease(keys[i]);
                }
            }
            Toolkit.getDefaultToolkit().removeAWTEventListener(watch);
            source.removeDragSourceListener(watch);
            source.removeDragSourceMotionListener(watch);
        }
    }

    private static int[] keys(int modifiers) {
        return java.util.stream.IntStream.of(
                (modifiers & InputEvent.SHIFT_DOWN_MASK) != 0 ? KeyEvent.VK_SHIFT : 0,
                (modifiers & InputEvent.CTRL_DOWN_MASK) != 0 ? KeyEvent.VK_CONTROL : 0,
                (modifiers & InputEvent.ALT_DOWN_MASK) != 0 ? KeyEvent.VK_ALT : 0,
                (modifiers & InputEvent.META_DOWN_MASK) != 0 ? KeyEvent.VK_META : 0).filter(k -> k != 0).toArray();
    }

    private static void pause(long millis, Deadline deadline) throws ProbeException {
        if (deadline.remainingMillis() <= millis) {
            throw new ProbeException(ErrorCodes.TIMEOUT, "the drag did not finish within " + deadline.timeoutMillis() + " ms");
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProbeException(ErrorCodes.INTERNAL, "interrupted during the drag");
        }
    }
}
