package itest;

import java.awt.Component;
import java.awt.EventQueue;
import java.awt.Point;
import java.awt.Window;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.swing.JList;
import javax.swing.JTabbedPane;
import javax.swing.JTable;
import javax.swing.JTree;
import javax.swing.SwingUtilities;
import javax.swing.ToolTipManager;

/**
 * SwingSet2ReachIT's recorder inside the application's JVM, with nothing but the JDK: a Java agent
 * ({@code -javaagent:recorder.jar=PORT}, the jar made by the test from this bundle's classes) that
 * connects to the test on the loopback port PORT and answers its lines, one reply each:
 * <ul>
 * <li>{@code install TITLE}: tooltips off, a {@link PressRecorder} installed and a {@link Marker}
 * titled TITLE shown; the reply {@code installed}.
 * <li>{@code arm}: the recorder armed; the reply {@code armed X Y}, where the marker is to be
 * moved right after the press.
 * <li>{@code await}: once the marker's move to X reached the EDT (so the press sent before it
 * has too), the recorder disarmed; the reply {@code landed N}, then N lines, one per component
 * from the one the press was dispatched to up to its window: {@code type, x, y, width, height
 * (on screen), enabled, kind (window, rows for a list, table or tree, tabs, columns for a table's header, or -), the index of
 * the row or tab at the press point by the view's own hit test (-1 for none), whether that tab is
 * enabled (tabs only, else -)}, tab separated. {@code landed 0} when no press
 * reached a component; {@code late} when the move did not come in time.
 * </ul>
 * Nothing starts before the test says {@code install}: the application shows its first window as
 * it would without the agent.
 */
public final class ReachRecorderAgent {
    private static final PressRecorder RECORDER = new PressRecorder();
    private static Marker marker;
    /** Where the marker goes after the press being recorded: x. */
    private static int next;

    private ReachRecorderAgent() {
    }

    public static void premain(String args) {
        int port = Integer.parseInt(args.trim());
        Thread t = new Thread(() -> serve(port), "hdp-reach-recorder");
        t.setDaemon(true);
        t.start();
    }

    private static void serve(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 10_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8), true);
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                out.print(answer(line));
                out.flush();
            }
        } catch (IOException | InterruptedException | InvocationTargetException | RuntimeException e) {
            // The test sees its connection close and says so.
            e.printStackTrace();
        }
    }

    private static String answer(String line) throws InterruptedException, InvocationTargetException {
        if (line.startsWith("install ")) {
            EventQueue.invokeAndWait(() -> {
                ToolTipManager.sharedInstance().setEnabled(false);
                RECORDER.install();
            });
            marker = Marker.show(line.substring("install ".length()));
            return "installed\n";
        }
        if (line.equals("arm")) {
            RECORDER.pressed = null;
            RECORDER.armed = true;
            next = marker.nextX();
            return "armed " + next + " " + marker.y() + "\n";
        }
        if (line.equals("await")) {
            boolean moved = marker.awaitMove(next);
            RECORDER.armed = false;
            if (!moved) {
                return "late\n";
            }
            List<String> chain = new ArrayList<>();
            Component pressed = RECORDER.pressed;
            Point at = RECORDER.pressedOnScreen;
            EventQueue.invokeAndWait(() -> {
                for (Component c = pressed; c != null; c = c.getParent()) {
                    chain.add(describe(c, at));
                    if (c instanceof Window) {
                        break;
                    }
                }
            });
            StringBuilder reply = new StringBuilder("landed " + chain.size() + "\n");
            chain.forEach(c -> reply.append(c).append('\n'));
            return reply.toString();
        }
        return "unknown " + line + "\n";
    }

    /** One component of the chain, as {@link #answer} says; its type named as gui.list names it. */
    private static String describe(Component c, Point at) {
        Class<?> k = c.getClass();
        String type = k.getSimpleName().isEmpty() ? k.getName() : k.getSimpleName();
        Point p = c.isShowing() ? c.getLocationOnScreen() : new Point(Integer.MIN_VALUE, Integer.MIN_VALUE);
        String kind = c instanceof Window ? "window"
                : c instanceof JList || c instanceof JTable || c instanceof JTree ? "rows" : c instanceof JTabbedPane ? "tabs"
                : c instanceof javax.swing.table.JTableHeader ? "columns" : "-";
        // The row or tab at the press point, as the view's own hit test finds it, and whether that tab is enabled.
        int index = -1;
        String tabEnabled = "-";
        if (at != null && c.isShowing() && !kind.equals("-") && !kind.equals("window")) {
            Point in = new Point(at);
            SwingUtilities.convertPointFromScreen(in, c);
            if (c instanceof JTabbedPane) {
                index = ((JTabbedPane) c).indexAtLocation(in.x, in.y);
                tabEnabled = index < 0 ? "-" : Boolean.toString(((JTabbedPane) c).isEnabledAt(index));
            } else if (c instanceof JList) {
                JList<?> list = (JList<?>) c;
                index = list.locationToIndex(in);
                java.awt.Rectangle cell = index < 0 ? null : list.getCellBounds(index, index);
                index = cell != null && cell.contains(in) ? index : -1;
            } else if (c instanceof javax.swing.table.JTableHeader) {
                // The column at the press point by its model index, as the probe names a header's columns.
                javax.swing.table.JTableHeader h = (javax.swing.table.JTableHeader) c;
                int col = h.columnAtPoint(in);
                index = col < 0 ? -1 : h.getColumnModel().getColumn(col).getModelIndex();
            } else if (c instanceof JTable) {
                index = ((JTable) c).rowAtPoint(in);
            } else {
                index = ((JTree) c).getRowForLocation(in.x, in.y);
            }
        }
        return String.join("\t", type, Integer.toString(p.x), Integer.toString(p.y), Integer.toString(c.getWidth()),
                Integer.toString(c.getHeight()), Boolean.toString(c.isEnabled()), kind, Integer.toString(index), tabEnabled);
    }
}
