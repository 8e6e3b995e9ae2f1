package bench.harness;

import bench.window.BenchWindow;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.EventQueue;
import java.awt.Point;
import java.awt.Rectangle;
import java.util.concurrent.TimeUnit;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.fixture.JButtonFixture;
import org.assertj.swing.fixture.JTextComponentFixture;

/**
 * The robots a user would pick instead, on the same {@link BenchWindow} in this JVM (they need the
 * component, or real X input): AssertJ Swing at its default settings and with every delay at 0,
 * and xdotool (a click, and a drag of the slider). Each sample runs until the listener ran (the latch in the window), not until the
 * call returned. Prints one line {@code RESULT {name: [nanos...]}}.
 */
public final class RobotBench {
    private static final long WAIT = TimeUnit.SECONDS.toNanos(60);

    private RobotBench() {
    }

    public static void main(String[] args) throws Exception {
        double scale = args.length > 0 ? Double.parseDouble(args[0]) : 1.0;
        BenchWindow[] wa = new BenchWindow[1];
        EventQueue.invokeAndWait(() -> {
            wa[0] = new BenchWindow(new Rectangle(0, 0, 1280, 800));
            wa[0].frame.setVisible(true);
        });
        BenchWindow w = wa[0];
        Thread.sleep(500);
        ObjectMapper m = new ObjectMapper();
        ObjectNode out = m.createObjectNode();
        Robot robot = BasicRobot.robotWithCurrentAwtHierarchy();
        JButtonFixture button = new JButtonFixture(robot, w.count);
        JTextComponentFixture field = new JTextComponentFixture(robot, w.text);
        String text = "abcdefghijklmnopqrstuvwxyz".repeat(4).substring(0, 100);

        put(out, "assertjClickDefault", click(w, () -> button.click(), 3, n(20, scale)));
        put(out, "assertjTypeDefault", type(w, () -> field.enterText(text), 1, n(4, scale)));
        robot.settings().delayBetweenEvents(0);
        robot.settings().eventPostingDelay(0);
        put(out, "assertjClickFast", click(w, () -> button.click(), 30, n(300, scale)));
        put(out, "assertjTypeFast", type(w, () -> field.enterText(text), 3, n(30, scale)));
        robot.cleanUpWithoutDisposingWindows();

        Point p = new Point();
        EventQueue.invokeAndWait(() -> {
            Point s = w.count.getLocationOnScreen();
            p.setLocation(s.x + w.count.getWidth() / 2, s.y + w.count.getHeight() / 2);
        });
        String x = Integer.toString(p.x);
        String y = Integer.toString(p.y);
        put(out, "xdotoolClick", click(w, () -> exec("xdotool", "mousemove", x, y, "click", "1"), 3, n(30, scale)));
        put(out, "xdotoolClickDelay0", click(w, () -> exec("xdotool", "mousemove", x, y, "click", "--delay", "0", "1"), 3,
                n(30, scale)));
        // The drag: the same slider in its own frame, dragged from 20 to 75 by xdotool's press, one move and release.
        EventQueue.invokeAndWait(() -> w.showSlider(true, 20));
        Thread.sleep(300);
        int[] at = new int[3];
        EventQueue.invokeAndWait(() -> {
            Point s = w.slider.getLocationOnScreen();
            at[0] = s.x + w.sliderX(20);
            at[1] = s.x + w.sliderX(75);
            at[2] = s.y + w.slider.getHeight() / 2;
        });
        String x1 = Integer.toString(at[0]);
        String x2 = Integer.toString(at[1]);
        String sy = Integer.toString(at[2]);
        put(out, "xdotoolDrag", drag(w, () -> exec("xdotool", "mousemove", x1, sy, "mousedown", "1", "mousemove", x2, sy, "mouseup", "1"),
                3, n(30, scale)));
        EventQueue.invokeAndWait(() -> w.showSlider(false, 20));
        System.out.println("RESULT " + m.writeValueAsString(out));
        System.out.flush();
        EventQueue.invokeAndWait(() -> w.frame.dispose());
        System.exit(0);
    }

    private static int n(int n, double scale) {
        return Math.max(2, (int) Math.round(n * scale));
    }

    interface Action {
        void run() throws Exception;
    }

    private static void put(ObjectNode out, String name, long[] nanos) {
        var a = out.putArray(name);
        for (long t : nanos) {
            a.add(t);
        }
    }

    private static long[] click(BenchWindow w, Action action, int warm, int n) throws Exception {
        long[] t = new long[n];
        for (int i = -warm; i < n; i++) {
            int before = w.clicks.get();
            long t0 = System.nanoTime();
            action.run();
            if (!w.await(() -> w.clicks.get() > before, WAIT)) {
                throw new IllegalStateException("the click never reached the listener");
            }
            long dt = w.clickTime(before + 1) - t0;
            if (i >= 0) {
                t[i] = dt;
            }
            // The next press must not be a double click of this one.
            Thread.sleep(5);
        }
        return t;
    }

    /** Each sample from 20 again, until the slider's listener saw the drag end (its adjusting over); the value it ended at is printed when not 75. */
    private static long[] drag(BenchWindow w, Action action, int warm, int n) throws Exception {
        long[] t = new long[n];
        for (int i = -warm; i < n; i++) {
            EventQueue.invokeAndWait(() -> w.slider.setValue(20));
            int before = w.slides.get();
            long t0 = System.nanoTime();
            action.run();
            if (!w.await(() -> w.slides.get() > before, WAIT)) {
                throw new IllegalStateException("the drag never reached the slider's listener");
            }
            if (w.slidValue != 75) {
                System.err.println("xdotool's drag ended at " + w.slidValue + ", not 75");
            }
            if (i >= 0) {
                t[i] = w.slidAt.get() - t0;
            }
        }
        return t;
    }

    private static long[] type(BenchWindow w, Action action, int warm, int n) throws Exception {
        long[] t = new long[n];
        for (int i = -warm; i < n; i++) {
            EventQueue.invokeAndWait(() -> w.text.setText(""));
            int before = w.typedReached.get();
            long t0 = System.nanoTime();
            action.run();
            if (!w.await(() -> w.typedReached.get() > before, WAIT)) {
                throw new IllegalStateException("the typed text never reached the document");
            }
            long dt = w.typedAt.get() - t0;
            if (i >= 0) {
                t[i] = dt;
            }
        }
        return t;
    }

    private static void exec(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        p.waitFor();
    }
}
