package itest;

import java.awt.Component;
import java.awt.Container;
import java.awt.EventQueue;
import java.awt.Frame;
import java.awt.Rectangle;
import java.awt.Toolkit;
import java.awt.Window;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/** Test-side access to the GUI in this JVM, always through the EDT and always bounded. */
public final class Swing {

    private Swing() {
    }

    public static <T> T onEdt(Callable<T> task) throws Exception {
        if (EventQueue.isDispatchThread()) {
            return task.call();
        }
        FutureTask<T> f = new FutureTask<>(task);
        EventQueue.invokeLater(f);
        return f.get(Fixture.WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    /** The showing window or component named {@code name}, looked up on the EDT; null when none shows. */
    public static Component named(String name) throws Exception {
        return onEdt(() -> {
            for (Window w : Window.getWindows()) {
                Component c = find(w, name);
                if (c != null) {
                    return c;
                }
            }
            return null;
        });
    }

    private static Component find(Component c, String name) {
        if (!c.isShowing()) {
            return null;
        }
        if (name.equals(c.getName())) {
            return c;
        }
        if (c instanceof Container) {
            for (Component child : ((Container) c).getComponents()) {
                Component hit = find(child, name);
                if (hit != null) {
                    return hit;
                }
            }
        }
        return null;
    }

    public static Frame mainFrame() throws Exception {
        Fixture.await("the HVM main window", () -> {
            try {
                return named("main") instanceof Frame;
            } catch (Exception e) {
                return false;
            }
        });
        return (Frame) named("main");
    }

    public static Rectangle screenBounds(Component c) throws Exception {
        return onEdt(() -> new Rectangle(c.getLocationOnScreen(), c.getSize()));
    }

    /**
     * Blocks the event dispatch thread, as a busy app would, until the returned handle is closed.
     * Returns once the EDT is blocked.
     */
    public static AutoCloseable blockEdt() throws InterruptedException {
        java.util.concurrent.CountDownLatch blocked = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        EventQueue.invokeLater(() -> {
            blocked.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        blocked.await();
        return release::countDown;
    }

    /** Disposes every showing dialog, on the EDT: what a test leaves open, closed before the next. */
    public static void closeDialogs() throws Exception {
        onEdt(() -> {
            for (java.awt.Window w : java.awt.Window.getWindows()) {
                if (w instanceof java.awt.Dialog && w.isShowing()) {
                    w.dispose();
                }
            }
            return null;
        });
    }

    /** Waits until the EDT is idle and the X server has drawn what Swing sent it. */
    public static void settle() throws Exception {
        for (int i = 0; i < 3; i++) {
            onEdt(() -> {
                Toolkit.getDefaultToolkit().sync();
                return null;
            });
            Thread.sleep(100);
        }
    }
}
