package probe.api.swing;

import java.awt.AWTEvent;
import java.awt.EventQueue;
import java.awt.Toolkit;
import java.awt.event.ComponentEvent;
import java.awt.event.ContainerEvent;
import java.awt.event.FocusEvent;
import java.awt.event.HierarchyEvent;
import java.awt.event.InputMethodEvent;
import java.awt.event.InvocationEvent;
import java.awt.event.KeyEvent;
import java.awt.event.MouseEvent;
import java.awt.event.PaintEvent;
import java.awt.event.WindowEvent;

/**
 * The probe's own tasks on the event dispatch thread, told apart from everything else in the
 * event queue. An action's receipt waits until the GUI has settled: until the queue holds nothing
 * more. Other clients' ops (a listing, another action's look) are queued too, and they are not
 * what the input caused; while several clients work at once they would keep the queue from ever
 * emptying. So the probe posts its tasks as {@link InvocationEvent}s of an ID of its own
 * ({@link #ID}, in the application range above {@link AWTEvent#RESERVED_ID_MAX}), run exactly as
 * {@link EventQueue#invokeLater} runs a task (same queue, same priority, same order), and
 * {@link #othersQueued} asks the queue whether anything but such tasks is waiting.
 *
 * @since 1.2
 */
public final class ProbeTasks {
    /** The ID of the probe's task events: "HD" in the application range. */
    public static final int ID = AWTEvent.RESERVED_ID_MAX + 0x4844;

    /**
     * The IDs of what AWT and Swing queue: invocations (an {@code invokeLater}, a repaint, a timer,
     * a peer's event), paints, input, focus, window, component, container, hierarchy and input
     * method events, and the toolkit's sequenced focus events.
     */
    private static final int[] OTHERS = ids();

    private ProbeTasks() {
    }

    private static final class Task extends InvocationEvent {
        private static final long serialVersionUID = 1L;

        Task(Runnable r) {
            super(Toolkit.getDefaultToolkit(), ID, r, null, false);
        }
    }

    /** Runs {@code task} on the event dispatch thread later, as {@link EventQueue#invokeLater} does, as a probe task. */
    public static void later(Runnable task) {
        Toolkit.getDefaultToolkit().getSystemEventQueue().postEvent(new Task(task));
    }

    /** Whether {@code e} is one of the probe's own tasks. */
    public static boolean isProbeTask(AWTEvent e) {
        return e instanceof Task;
    }

    /**
     * Whether the event queue holds anything but the probe's own tasks (of the kinds AWT and Swing
     * queue: see {@link #ID}). Only on the event dispatch thread, where the queue cannot change
     * under the look.
     */
    public static boolean othersQueued() {
        EventQueue q = Toolkit.getDefaultToolkit().getSystemEventQueue();
        AWTEvent head = q.peekEvent();
        if (head == null) {
            return false;
        }
        if (!isProbeTask(head)) {
            return true;
        }
        for (int id : OTHERS) {
            if (q.peekEvent(id) != null) {
                return true;
            }
        }
        return false;
    }

    private static int[] ids() {
        int[][] ranges = {
            {InvocationEvent.INVOCATION_FIRST, InvocationEvent.INVOCATION_LAST},
            {PaintEvent.PAINT_FIRST, PaintEvent.PAINT_LAST},
            {MouseEvent.MOUSE_FIRST, MouseEvent.MOUSE_LAST},
            {KeyEvent.KEY_FIRST, KeyEvent.KEY_LAST},
            // FOCUS_LAST + 1 is the toolkit's SequencedEvent, which carries focus and window events.
            {FocusEvent.FOCUS_FIRST, FocusEvent.FOCUS_LAST + 1},
            {WindowEvent.WINDOW_FIRST, WindowEvent.WINDOW_LAST},
            {ComponentEvent.COMPONENT_FIRST, ComponentEvent.COMPONENT_LAST},
            {ContainerEvent.CONTAINER_FIRST, ContainerEvent.CONTAINER_LAST},
            {HierarchyEvent.HIERARCHY_FIRST, HierarchyEvent.HIERARCHY_LAST},
            {InputMethodEvent.INPUT_METHOD_FIRST, InputMethodEvent.INPUT_METHOD_LAST},
        };
        int n = 0;
        for (int[] r : ranges) {
            n += r[1] - r[0] + 1;
        }
        int[] out = new int[n];
        int i = 0;
        for (int[] r : ranges) {
            for (int id = r[0]; id <= r[1]; id++) {
                out[i++] = id;
            }
        }
        return out;
    }
}
