package itest;


import com.fasterxml.jackson.databind.JsonNode;
import java.awt.Point;
import java.awt.Rectangle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * SwingSet2 as the tests that drive it see it (SwingSet2IT, SwingSet2ReachIT, SwingSet2ViewsIT, DragIT): its jar, its toolbar's
 * toggles, and its windows as the X server shows them, through xdotool.
 */
final class SwingSet2 {
    /** The bound on one xdotool command. */
    private static final Duration X_BOUND = Duration.ofSeconds(10);

    private SwingSet2() {
    }

    /** SwingSet2.jar, which run/test fetches with run/lib/swingset2.sh and names by HDP_GUI_SWINGSET2; else the test is skipped. */
    static Path jar() {
        String jar = System.getenv("HDP_GUI_SWINGSET2");
        Assumptions.assumeTrue(jar != null && Files.isRegularFile(Path.of(jar)),
                "HDP_GUI_SWINGSET2 names no SwingSet2.jar: run/test fetches it with run/lib/swingset2.sh, which said why it could not");
        return Path.of(jar);
    }

    /** Runs {@code cmd}, at most {@code within}; its output, then its errors. Fails unless it exits with 0. */
    static String run(Duration within, String... cmd) throws Exception {
        return Command.ok(List.of(cmd), within);
    }

    /** Waits (bounded, {@link Fixture#await}) until the JVM {@code pid} shows SwingSet2's window on the X server. */
    static void awaitWindow(long pid) throws InterruptedException {
        Fixture.await("a window of pid " + pid, () -> {
            try {
                return !XSearch.visible(pid, "SwingSet").isEmpty();
            } catch (Exception e) {
                return false;
            }
        });
    }

    /** The toolbar's toggle of the demo whose tooltip starts with {@code tip}; null when not listed. */
    static JsonNode toggle(JsonNode items, String tip) {
        for (JsonNode i : items) {
            if ("toggle".equals(i.path("role").asText()) && i.path("tooltip").asText().startsWith(tip)) {
                return i;
            }
        }
        return null;
    }

    /** The visible X window of JVM {@code pid} titled exactly {@code title}. */
    static String xWindow(long pid, String title) throws Exception {
        return XSearch.visible(pid, "^" + title + "$").stream().findFirst()
                .orElseThrow(() -> new AssertionError("no visible X window of pid " + pid + " titled " + title));
    }

    /** The place and size of the visible X window of JVM {@code pid} titled exactly {@code title}. */
    static Rectangle xGeometry(long pid, String title) throws Exception {
        return geometry(xWindow(pid, title));
    }

    /** The places and sizes of every visible X window of JVM {@code pid} (none: an empty list). */
    static List<Rectangle> xWindows(long pid) throws Exception {
        List<Rectangle> found = new ArrayList<>();
        for (String id : xIds(pid, "")) {
            Rectangle g = geometryIfThere(id);
            if (g != null) {
                found.add(g);
            }
        }
        return found;
    }

    /** The ids of the visible X windows of JVM {@code pid} whose name matches {@code name} (xdotool's --name; none: empty). */
    private static List<String> xIds(long pid, String name) throws Exception {
        return XSearch.visible(pid, name);
    }

    /** Where the X server shows window {@code xid}, or null when it went away since it was found (a tooltip, a popup: BadWindow). */
    private static Rectangle geometryIfThere(String xid) throws Exception {
        Command.Ran ran = Command.run(List.of("xdotool", "getwindowgeometry", "--shell", xid), X_BOUND);
        if (XSearch.badWindow(ran)) {
            return null;
        }
        if (ran.exit() != 0) {
            throw new AssertionError("xdotool getwindowgeometry " + xid + ": exit " + ran.exit() + ": " + ran.err().strip());
        }
        Map<String, Integer> g = new HashMap<>();
        ran.out().lines().filter(l -> l.matches("[A-Z]+=-?\\d+"))
                .forEach(l -> g.put(l.substring(0, l.indexOf('=')), Integer.parseInt(l.substring(l.indexOf('=') + 1))));
        return new Rectangle(g.get("X"), g.get("Y"), g.get("WIDTH"), g.get("HEIGHT"));
    }

    /** Where the X server shows window {@code xid}, which must be there. */
    private static Rectangle geometry(String xid) throws Exception {
        Rectangle g = geometryIfThere(xid);
        if (g == null) {
            throw new AssertionError("the X window " + xid + " is gone");
        }
        return g;
    }

    /**
     * Without a window manager the JDK can lose SwingSet2's centring (docs/PROTOCOL.md, "Reach"):
     * AWT keeps the frame's old place while the X server shows it centred, and learns of no move
     * until the X window moves again. Then the X window goes to {@code awt}, AWT's place, as a window
     * manager or a hand would move it, so that the two agree again (the callers check that they do).
     *
     * @return where the X server showed the frame before
     */
    static Rectangle frameWhereAwtHasIt(long pid, Point awt) throws Exception {
        String xid = xWindow(pid, "SwingSet2");
        Rectangle x = geometry(xid);
        if (!x.getLocation().equals(awt)) {
            run(X_BOUND, "xdotool", "windowmove", xid, Integer.toString(awt.x), Integer.toString(awt.y));
        }
        return x;
    }

    /**
     * The same race as {@link #frameWhereAwtHasIt} for any window or dialog of JVM {@code pid}
     * titled {@code title} (a JOptionPane's dialog is packed and then centred too): when the X
     * server shows it with AWT's size but elsewhere, it goes to AWT's place, as a window manager or
     * a hand would move it.
     *
     * @return where the X server showed it before, or null when it has no visible X window of that title and size
     */
    static Rectangle windowWhereAwtHasIt(long pid, String title, Rectangle awt) throws Exception {
        for (String id : xIds(pid, "^" + posixQuoted(title) + "$")) {
            Rectangle x = geometry(id);
            if (x.getSize().equals(awt.getSize())) {
                if (!x.getLocation().equals(awt.getLocation())) {
                    run(X_BOUND, "xdotool", "windowmove", id, Integer.toString(awt.x), Integer.toString(awt.y));
                }
                return x;
            }
        }
        return null;
    }

    /** {@code s} as a POSIX extended regular expression (xdotool's --name) that matches it literally. */
    private static String posixQuoted(String s) {
        StringBuilder b = new StringBuilder();
        for (char ch : s.toCharArray()) {
            if (".[]{}()\\*+?^$|".indexOf(ch) >= 0) {
                b.append('\\');
            }
            b.append(ch);
        }
        return b.toString();
    }
}
