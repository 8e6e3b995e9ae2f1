package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.Rectangle;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;

/**
 * The reach oracle of ReachOracleIT over an application nobody here wrote: SwingSet2 (run/lib/
 * swingset2.sh, named by HDP_GUI_SWINGSET2), started as {@code java -jar} on this test's Java with
 * a recorder agent ({@link ReachRecorderAgent}, jarred here from this bundle's own classes) and the
 * probe attached by the real hvm-dbg jar. In each scene, every item gui.list reports with a point
 * is pressed for real by xdotool at {@code atOnScreen}; the recorder ({@link PressRecorder}) sees
 * which component AWT dispatched the press to and keeps it from the app, and tells the test that
 * component's chain up to its window (types, bounds on screen, enabled). The press must land on
 * the item's component (its type and its bounds on screen) or inside it exactly when the probe says
 * {@code clickable}; a control refused as disabled must receive it and be disabled. A press is
 * synced by a {@link Marker} shown in SwingSet2's JVM and moved by the same xdotool command.
 *
 * <p>Before a scene is pressed, every window the probe lists must be where the X server has a
 * window of SwingSet2: a press at a point of a misplaced window would land on another application
 * (the test framework's own window sits at 0,0) and act there.
 */
@ExtendWith(Bounded.class)
class SwingSet2ReachIT {
    /** How long SwingSet2 may take to load its demos and settle after its frame shows. */
    private static final long SETTLE_MILLIS = 60_000;

    private final List<String> disagreements = new ArrayList<>();
    private final List<String> scenes = new ArrayList<>();
    private int pressed;
    private int agreed;
    /** Presses on rows and tabs whose landing was checked down to the row or tab the view finds at the point. */
    private int byIndex;
    /** Presses on a table's header columns. */
    private int columns;

    /** The recorder agent's jar: its classes as this bundle holds them (compiled with the tests, JDK only), and Premain-Class. */
    private static Path agentJar(Path dir) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Premain-Class", ReachRecorderAgent.class.getName());
        List<Class<?>> classes = new ArrayList<>(List.of(ReachRecorderAgent.class, PressRecorder.class, Marker.class));
        for (int i = 0; i < classes.size(); i++) {
            classes.addAll(List.of(classes.get(i).getDeclaredClasses()));
        }
        Path jar = dir.resolve("recorder.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
            for (Class<?> c : classes) {
                String entry = c.getName().replace('.', '/') + ".class";
                try (InputStream in = c.getResourceAsStream("/" + entry)) {
                    assertNotNull(in, "the itest bundle holds " + entry);
                    out.putNextEntry(new JarEntry(entry));
                    in.transferTo(out);
                    out.closeEntry();
                }
            }
        }
        return jar;
    }

    /** One component of a press's chain, as the recorder tells it. */
    private record Landed(String type, Rectangle bounds, boolean enabled, String kind, int index, String tab) {
        static Landed parse(String line) {
            String[] f = line.split("\t");
            return new Landed(f[0], new Rectangle(Integer.parseInt(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                    Integer.parseInt(f[4])), Boolean.parseBoolean(f[5]), f[6], Integer.parseInt(f[7]), f[8]);
        }

        @Override
        public String toString() {
            return type + " [" + bounds.x + "," + bounds.y + " " + bounds.width + "x" + bounds.height + "]" + (enabled ? "" : " disabled")
                    + (index < 0 ? "" : " at " + (kind.equals("tabs") ? "tab " : "row ") + index);
        }
    }

    /** The loopback line to the recorder in SwingSet2's JVM; every reply awaited for a bounded time. */
    private static final class Recorder implements AutoCloseable {
        private final Socket socket;
        private final BufferedReader in;
        private final PrintWriter out;

        Recorder(ServerSocket server) throws IOException {
            socket = server.accept();
            socket.setSoTimeout((int) Fixture.WAIT_MILLIS);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = new PrintWriter(new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8), true);
        }

        String call(String line) throws IOException {
            out.print(line + "\n");
            out.flush();
            return reply();
        }

        String reply() throws IOException {
            String r = in.readLine();
            if (r == null) {
                throw new AssertionError("the recorder in SwingSet2's JVM closed its connection (SwingSet2's output says why)");
            }
            return r;
        }

        /** Waits for the marker's move, then reads where the press landed: the chain from the pressed component up to its window. */
        List<Landed> landing() throws IOException {
            String head = call("await");
            assertTrue(head.startsWith("landed "), "the marker's move did not reach SwingSet2's EDT within " + Marker.SYNC_MILLIS
                    + " ms: " + head);
            List<Landed> chain = new ArrayList<>();
            for (int n = Integer.parseInt(head.substring("landed ".length())); n > 0; n--) {
                chain.add(Landed.parse(reply()));
            }
            return chain;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private static Rectangle rect(JsonNode frame) {
        return new Rectangle(frame.get(0).intValue(), frame.get(1).intValue(), frame.get(2).intValue(), frame.get(3).intValue());
    }

    /** When AWT has lost SwingSet2's centring, the X window goes to AWT's place ({@link SwingSet2#frameWhereAwtHasIt}). */
    private static void frameWhereAwtHasIt(ProbeClient c, long pid) throws Exception {
        for (JsonNode i : c.call("gui.list", Wire.object().put("scope", "window")).get("items")) {
            if (i.path("role").asText().equals("window")) {
                Rectangle awt = rect(i.get("frame"));
                Rectangle x = SwingSet2.frameWhereAwtHasIt(pid, awt.getLocation());
                if (!x.getLocation().equals(awt.getLocation())) {
                    System.out.println("SwingSet2ReachIT: AWT has the frame at " + awt.x + "," + awt.y + ", the X server had it at "
                            + x.x + "," + x.y + ": the X window moved to AWT's place");
                }
                return;
            }
        }
    }

    /**
     * Waits, bounded, until every window and dialog the probe lists is where the X server has a
     * visible window of {@code pid}; fails naming those that are not, and where X has its windows.
     */
    private static void placedAsOnX(ProbeClient c, long pid, String scene) throws Exception {
        long began = System.nanoTime();
        long until = began + Fixture.WAIT.toNanos();
        boolean moved = false;
        while (true) {
            List<Rectangle> x = SwingSet2.xWindows(pid);
            List<String> misplaced = new ArrayList<>();
            List<JsonNode> lost = new ArrayList<>();
            int windows = 0;
            for (JsonNode i : c.call("gui.list", Wire.object().put("scope", "window")).get("items")) {
                String role = i.path("role").asText();
                if (role.equals("window") || role.equals("dialog")) {
                    windows++;
                    Rectangle r = rect(i.get("frame"));
                    if (!x.contains(r)) {
                        misplaced.add(i.path("identifier").asText() + " at " + r.x + "," + r.y + " " + r.width + "x" + r.height);
                        lost.add(i);
                    }
                }
            }
            if (windows > 0 && misplaced.isEmpty()) {
                return;
            }
            // A window or dialog still elsewhere after 2 s: AWT may have lost its centring, as it can
            // the frame's (docs/PROTOCOL.md, "Reach"); its X window goes to AWT's place, once, as a
            // window manager or a hand would move it, and the loop checks that the two then agree.
            if (!moved && System.nanoTime() - began > TimeUnit.SECONDS.toNanos(2)) {
                moved = true;
                for (JsonNode i : lost) {
                    Rectangle awt = rect(i.get("frame"));
                    Rectangle was = SwingSet2.windowWhereAwtHasIt(pid, i.path("label").asText(), awt);
                    if (was != null) {
                        System.out.println("SwingSet2ReachIT: " + scene + ": AWT has " + i.path("identifier").asText() + " at " + awt.x
                                + "," + awt.y + ", the X server had it at " + was.x + "," + was.y + ": the X window moved to AWT's place");
                    }
                }
            }
            if (System.nanoTime() > until) {
                StringBuilder onX = new StringBuilder();
                x.forEach(r -> onX.append(onX.length() == 0 ? "" : ", ").append(r.x + "," + r.y + " " + r.width + "x" + r.height));
                throw new AssertionError(scene + ": the probe (AWT's place on screen) has SwingSet2's " + misplaced
                        + " where the X server shows no window of pid " + pid + " (its visible windows: " + onX + ") after "
                        + Fixture.WAIT.toSeconds() + " s; a press at the probe's points would land elsewhere, maybe on another"
                        + " application's window, so none is made");
            }
            Thread.sleep(200);
        }
    }

    /** What gui.list says of every item: its identifier, verdict and point, for telling when SwingSet2 has settled. */
    private static String look(JsonNode items) {
        StringBuilder s = new StringBuilder();
        for (JsonNode i : items) {
            s.append(i.path("identifier").asText()).append(' ').append(i.path("clickable").asText()).append(' ')
                    .append(i.path("atOnScreen")).append(i.path("frame")).append('\n');
        }
        return s.toString();
    }

    /** Waits, bounded, until SwingSet2 has loaded its last demo's toggle and two listings 1.5 s apart agree. */
    private static void settled(ProbeClient c) throws Exception {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_MILLIS);
        String before = "";
        while (true) {
            JsonNode items = c.call("gui.list", Wire.object().put("scope", "window")).get("items");
            String now = look(items);
            if (SwingSet2.toggle(items, "JTree") != null && now.equals(before)) {
                return;
            }
            assertTrue(System.nanoTime() < until, "SwingSet2 did not settle within " + SETTLE_MILLIS + " ms: " + now);
            before = now;
            Thread.sleep(1500);
        }
    }

    private static String toggleId(ProbeClient c, String tip) throws Exception {
        JsonNode t = SwingSet2.toggle(c.call("gui.list", Wire.object().put("scope", "window")).get("items"), tip);
        assertNotNull(t, "SwingSet2's toolbar toggle with the tooltip " + tip + "...");
        return t.get("identifier").asText();
    }

    private static boolean selected(ProbeClient c, String identifier) throws Exception {
        for (JsonNode i : c.call("gui.list", Wire.object().put("scope", identifier)).get("items")) {
            if (identifier.equals(i.path("identifier").asText())) {
                return i.path("value").asBoolean();
            }
        }
        return false;
    }

    /** Whether the menu or combo {@code menu} is open: an item of it has a point a hand can press. */
    private static boolean menuOpen(ProbeClient c, String menu) throws Exception {
        for (JsonNode i : c.call("gui.list", Wire.object().put("scope", menu)).get("items")) {
            if (!menu.equals(i.path("identifier").asText()) && i.has("atOnScreen")) {
                return true;
            }
        }
        return false;
    }

    private static boolean dialogOpen(ProbeClient c) throws Exception {
        return c.call("gui.dialog.current").hasNonNull("name");
    }

    /**
     * Whether the press landed on the item's component or inside it: a component of the chain of
     * the item's type and bounds on screen, or for a row or tab the list, table, tree or tabbed
     * pane that holds it (for a header column the table's header), whose own hit test finds that row, tab or column at the press point (by the index
     * a derived row's or tab's identifier ends with, docs/IDENTIFIERS.md). That component, or null.
     */
    private static Landed on(JsonNode item, List<Landed> chain) {
        Rectangle frame = rect(item.get("frame"));
        Rectangle onScreen = new Rectangle(frame);
        onScreen.translate(item.get("atOnScreen").get(0).intValue() - item.get("at").get(0).intValue(),
                item.get("atOnScreen").get(1).intValue() - item.get("at").get(1).intValue());
        String type = item.get("type").asText();
        java.util.regex.Matcher derived = java.util.regex.Pattern.compile("\\.(row|tab|column)\\.(\\d+)$").matcher(item.get("identifier").asText());
        int index = item.path("derived").asBoolean() && derived.find() ? Integer.parseInt(derived.group(2)) : -1;
        for (Landed l : chain) {
            boolean holds = type.equals("row") || type.equals("tab") || type.equals("column")
                    ? l.kind.equals(type.equals("row") ? "rows" : type.equals("tab") ? "tabs" : "columns") && l.bounds.contains(onScreen)
                            && (index < 0 || l.index == index)
                    : l.type.equals(type) && (l.bounds.equals(onScreen) || l.kind.equals("window") && l.bounds.equals(frame));
            if (holds) {
                return l;
            }
        }
        return null;
    }

    @FunctionalInterface
    private interface Setup {
        void run() throws Exception;
    }

    /** Every item of the scene pressed for real where the probe would press it, the landing compared with the verdict. */
    private void compare(ProbeClient c, Recorder rec, String markerXid, long pid, String scene, Callable<Boolean> intact, Setup setup)
            throws Exception {
        long began = System.nanoTime();
        int setups = 1;
        setup.run();
        placedAsOnX(c, pid, scene);
        JsonNode items = c.call("gui.list", Wire.object().put("scope", "window")).get("items");
        String markerWindow = null;
        for (JsonNode i : items) {
            if (i.path("label").asText().startsWith("hdp-reach-marker-")) {
                markerWindow = i.path("window").asText();
            }
        }
        int before = pressed;
        int agreedBefore = agreed;
        int disagreedBefore = disagreements.size();
        int refused = 0;
        Map<String, Integer> reasons = new java.util.TreeMap<>();
        int unnamed = 0;
        int noPoint = 0;
        for (JsonNode item : items) {
            String id = item.path("identifier").asText(null);
            if (id == null) {
                unnamed++;
                continue;
            }
            if (item.path("window").asText().equals(markerWindow)) {
                continue;
            }
            if (!intact.call()) {
                setups++;
                setup.run();
                placedAsOnX(c, pid, scene);
            }
            // The verdict and the point now, in case the scene was set up again.
            JsonNode now = null;
            for (JsonNode i : c.call("gui.list", Wire.object().put("scope", id)).get("items")) {
                if (id.equals(i.path("identifier").asText(null))) {
                    now = i;
                }
            }
            if (now == null || !now.has("atOnScreen")) {
                noPoint++;
                continue;
            }
            boolean clickable = now.get("clickable").asBoolean();
            String reason = now.path("reason").asText("");
            String[] armed = rec.call("arm").split(" ");
            assertEquals("armed", armed[0], String.join(" ", armed));
            // The press, then the marker moved by the same X client: SwingSet2's JVM gets the press
            // before the marker's move (one X client's requests are processed in order, and one
            // connection's events delivered in order).
            SwingSet2.run(Duration.ofSeconds(10), "xdotool", "mousemove", now.get("atOnScreen").get(0).asText(), now.get("atOnScreen").get(1).asText(), "click", "1",
                    "windowmove", markerXid, armed[1], armed[2]);
            List<Landed> chain = rec.landing();
            Landed landed = on(now, chain);
            if (now.path("derived").asBoolean() && id.matches(".*\\.(row|tab|column)\\.\\d+")) {
                byIndex++;
            }
            if ("column".equals(now.path("role").asText())) {
                columns++;
            }
            boolean agrees;
            if (clickable) {
                agrees = landed != null;
            } else if (reason.equals("it is disabled")) {
                agrees = landed != null && !landed.enabled;
            } else if (reason.equals("the tab is disabled")) {
                agrees = landed != null && landed.tab.equals("false");
            } else {
                agrees = landed == null;
            }
            pressed++;
            if (!clickable) {
                refused++;
                // A reason without its subject: "it is behind the modal dialog 'X'" counts as one kind.
                reasons.merge(reason.replaceAll(" '.*", ""), 1, Integer::sum);
            }
            if (agrees) {
                agreed++;
            } else {
                disagreements.add(scene + ": " + id + " (" + now.get("type").asText() + " " + now.get("frame") + ") probe says "
                        + (clickable ? "clickable" : "not clickable (" + reason + ")") + " at " + now.get("atOnScreen")
                        + "; the real press landed on " + (chain.isEmpty() ? "nothing of SwingSet2" : chain));
            }
        }
        scenes.add(scene + ": " + (pressed - before) + " presses (" + refused + " refused by the probe" + (reasons.isEmpty() ? "" : ": " + reasons)
                + "), " + (agreed - agreedBefore)
                + " agreements, " + (disagreements.size() - disagreedBefore) + " disagreements; not pressed: " + noPoint
                + " with no part in view, " + unnamed + " without identifier; " + setups + (setups == 1 ? " setup, " : " setups, ")
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began) + " ms");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // hundreds of real presses, each synced through a second JVM
    void everyVisibleControlOfSwingSet2IsJudgedAsARealPressLands() throws Exception {
        Path jar = SwingSet2.jar();
        Path agent = agentJar(Files.createTempDirectory("swingset2reach"));
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            server.setSoTimeout((int) Fixture.WAIT_MILLIS);
            try (Proc app = Proc.java(Map.of(), "-javaagent:" + agent + "=" + server.getLocalPort(), "-jar", jar.toString());
                    Recorder rec = new Recorder(server)) {
                long pid = app.pid();
                Path socket = Path.of(Cli.asUser("attach", Long.toString(pid)).ok().out().trim());
                try (ProbeClient c = ProbeClient.connect(socket)) {
                    settled(c);
                    frameWhereAwtHasIt(c, pid);
                    String title = "hdp-reach-marker-" + pid + "-" + System.nanoTime();
                    assertEquals("installed", rec.call("install " + title));
                    String markerXid = XMarker.find(title);
                    Callable<Boolean> noDialog = () -> !dialogOpen(c);

                    compare(c, rec, markerXid, pid, "the main window as it first shows", noDialog, () -> { });

                    // Demos opened as a hand opens them, by the probe's click on their toolbar toggles while the recorder is disarmed.
                    for (String[] demo : new String[][] {{"JButton", "the buttons demo"}, {"JTree", "the tree demo"},
                        {"JTable", "the table demo (a row cut by its viewport)"}}) {
                        String toggle = toggleId(c, demo[0]);
                        Setup open = () -> c.call("gui.click", Wire.object().put("identifier", toggle).put("settleMillis", 1000));
                        compare(c, rec, markerXid, pid, demo[1], () -> !dialogOpen(c) && selected(c, toggle), open);
                    }

                    // The buttons demo with its buttons disabled by its own "Enabled" box, unchecked by the probe.
                    String buttons = toggleId(c, "JButton");
                    String[] box = {null};
                    Setup disable = () -> {
                        if (!selected(c, buttons)) {
                            c.call("gui.click", Wire.object().put("identifier", buttons).put("settleMillis", 1000));
                        }
                        for (JsonNode i : c.call("gui.list", Wire.object().put("scope", "window")).get("items")) {
                            box[0] = "toggle".equals(i.path("role").asText()) && "Enabled".equals(i.path("label").asText())
                                    ? i.get("identifier").asText() : box[0];
                        }
                        assertNotNull(box[0], "the buttons demo's Enabled box");
                        if (selected(c, box[0])) {
                            c.call("gui.click", Wire.object().put("identifier", box[0]).put("settleMillis", 1000));
                        }
                    };
                    compare(c, rec, markerXid, pid, "the buttons demo, its buttons disabled", () -> !dialogOpen(c) && selected(c, buttons)
                            && !selected(c, box[0]), disable);

                    // A combo's popup open over the table demo (set up again should a press close it).
                    String table = toggleId(c, "JTable");
                    String[] combo = {null};
                    Setup openCombo = () -> {
                        if (!selected(c, table)) {
                            c.call("gui.click", Wire.object().put("identifier", table).put("settleMillis", 1000));
                        }
                        for (JsonNode i : c.call("gui.list", Wire.object().put("scope", "window")).get("items")) {
                            combo[0] = "combo".equals(i.path("role").asText()) && combo[0] == null ? i.get("identifier").asText() : combo[0];
                        }
                        assertNotNull(combo[0], "a combo of the table demo");
                        c.call("gui.click", Wire.object().put("identifier", combo[0]).put("settleMillis", 500));
                    };
                    compare(c, rec, markerXid, pid, "the table demo with a combo's popup open", () -> !dialogOpen(c) && selected(c, table)
                            && menuOpen(c, combo[0]), openCombo);

                    String options = toggleId(c, "JOptionPane");
                    Setup input = () -> {
                        if (dialogOpen(c)) {
                            return;
                        }
                        c.call("gui.click", Wire.object().put("identifier", options).put("settleMillis", 1000));
                        String button = null;
                        for (JsonNode i : c.call("gui.list", Wire.object().put("scope", "window")).get("items")) {
                            button = i.path("identifier").asText().endsWith(".button.showInputDialog") ? i.get("identifier").asText() : button;
                        }
                        assertNotNull(button, "the option pane demo's input dialog button");
                        c.call("gui.click", Wire.object().put("identifier", button).put("settleMillis", 1000));
                        Fixture.await("the input dialog open", () -> {
                            try {
                                return dialogOpen(c);
                            } catch (Exception e) {
                                return false;
                            }
                        });
                    };
                    compare(c, rec, markerXid, pid, "the option pane demo's input dialog (modal) over the frame", () -> dialogOpen(c), input);

                    // A menu of the menu bar open: last, as an open menu is closed by a press outside it (Swing's
                    // grabber sees the press before the recorder), so that scene is set up again after each such press.
                    String laf = null;
                    for (JsonNode i : c.call("gui.list", Wire.object().put("scope", "window")).get("items")) {
                        laf = "menu".equals(i.path("role").asText()) && "Look & Feel".equals(i.path("label").asText())
                                ? i.get("identifier").asText() : laf;
                    }
                    assertNotNull(laf, "the Look & Feel menu");
                    String menu = laf;
                    Setup openMenu = () -> {
                        if (dialogOpen(c)) {
                            c.call("gui.close", Wire.object().put("dialog", c.call("gui.dialog.current").get("name").asText()));
                        }
                        c.call("gui.click", Wire.object().put("identifier", menu).put("settleMillis", 500));
                    };
                    compare(c, rec, markerXid, pid, "the Look & Feel menu open", () -> menuOpen(c, menu), openMenu);
                } finally {
                    Cli.asUser("detach", Long.toString(pid));
                }
            }
        }
        String jdk = "Java " + Runtime.version();
        System.out.println("SwingSet2ReachIT: " + jdk + ", " + scenes.size() + " scenes, " + pressed + " presses, " + agreed
                + " agreements, " + disagreements.size() + " disagreements; " + byIndex + " presses on rows, tabs and header columns checked down to the row, tab or column (" + columns + " on header columns)");
        for (String s : scenes) {
            System.out.println("SwingSet2ReachIT:   " + s);
        }
        for (String d : disagreements) {
            System.out.println("SwingSet2ReachIT:   disagreement: " + d);
        }
        assertTrue(pressed > 100, "pressed " + pressed + " items");
        assertEquals(List.of(), disagreements, "items the probe judges otherwise than a real press lands in SwingSet2");
    }
}
