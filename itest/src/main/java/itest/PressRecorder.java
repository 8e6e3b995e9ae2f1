package itest;

import java.awt.AWTEvent;
import java.awt.Component;
import java.awt.EventQueue;
import java.awt.Point;
import java.awt.Toolkit;
import java.awt.event.AWTEventListener;
import java.awt.event.MouseEvent;

/**
 * The reach oracle's recorder (ReachOracleIT in the test's JVM, {@link ReachRecorderAgent} inside
 * SwingSet2's), with nothing but the JDK: while armed it sees which component AWT dispatched a real
 * press to, and keeps that press, and every real mouse event but entry and exit (they only change
 * rollover), from the app: the event is stopped right after this listener saw it, before the app's
 * listeners run, so a press does not act. Installed and uninstalled on the EDT.
 */
final class PressRecorder extends EventQueue implements AWTEventListener {
    /** Thrown by the recorder to keep a real mouse event from the app; caught by the recorder's own queue. */
    private static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super(null, null, false, false);
        }
    }

    volatile boolean armed;
    /** The component the last press was dispatched to while armed. */
    volatile Component pressed;
    /** Where on the screen that press was. */
    volatile Point pressedOnScreen;
    volatile int presses;
    volatile int releases;

    void install() {
        Toolkit.getDefaultToolkit().addAWTEventListener(this, AWTEvent.MOUSE_EVENT_MASK | AWTEvent.MOUSE_MOTION_EVENT_MASK
                | AWTEvent.MOUSE_WHEEL_EVENT_MASK);
        Toolkit.getDefaultToolkit().getSystemEventQueue().push(this);
    }

    void uninstall() {
        Toolkit.getDefaultToolkit().removeAWTEventListener(this);
        pop();
    }

    @Override
    public void eventDispatched(AWTEvent e) {
        if (!armed || !(e instanceof MouseEvent) || e.getID() == MouseEvent.MOUSE_ENTERED || e.getID() == MouseEvent.MOUSE_EXITED) {
            return;
        }
        if (e.getID() == MouseEvent.MOUSE_PRESSED) {
            pressedOnScreen = ((MouseEvent) e).getLocationOnScreen();
            pressed = (Component) e.getSource();
            presses++;
        } else if (e.getID() == MouseEvent.MOUSE_RELEASED) {
            releases++;
        }
        throw new Stopped();
    }

    @Override
    protected void dispatchEvent(AWTEvent event) {
        try {
            super.dispatchEvent(event);
        } catch (Stopped s) {
            // The event reached the recorder and goes no further.
        }
    }
}
