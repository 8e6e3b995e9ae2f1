package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An application nobody here wrote: SwingSet2 (Debian's openjdk-17-demo, fetched and unpacked by
 * run/lib/swingset2.sh, named by HDP_GUI_SWINGSET2), started as a plain {@code java -jar} on this
 * test's Java, the probe attached and detached by the real hvm-dbg jar (attach API), real X clicks
 * by xdotool. And a JVM started with the probe by {@code hvm-dbg launch}.
 */
@ExtendWith(Bounded.class)
class SwingSet2IT {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The names of the threads the probe's framework and bundles start. */
    private static final List<String> PROBE_THREADS = List.of("hdp-gui", "FelixDispatchQueue", "FelixStartLevel",
            "FelixFrameworkWiring", "SCR Component Actor", "EventAdminAsyncThread", "EventAdminThread", "CM Configuration Updater",
            "CM Event Dispatcher", "FelixResolver");

    private static JsonNode items(long pid) throws Exception {
        return JSON.readTree(Cli.asUser("--pid", Long.toString(pid), "--json", "gui", "list").ok().out()).get("items");
    }

    /** The probe's threads in JVM {@code pid}, from its thread dump (jcmd Thread.print). */
    private static List<String> probeThreads(long pid) throws Exception {
        String dump = SwingSet2.run(Fixture.WAIT, Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid), "Thread.print");
        List<String> found = new ArrayList<>();
        for (String line : dump.split("\n")) {
            if (line.startsWith("\"")) {
                String name = line.substring(1, line.indexOf('"', 1));
                if (PROBE_THREADS.stream().anyMatch(name::startsWith)) {
                    found.add(name);
                }
            }
        }
        return found;
    }

    @Test
    void attachListDetachAttachAgain() throws Exception {
        Path jar = SwingSet2.jar();
        try (Proc app = Proc.java(Map.of(), "-jar", jar.toString())) {
            long pid = app.pid();
            SwingSet2.awaitWindow(pid);

            long t0 = System.nanoTime();
            Cli.Result attached = Cli.asUser("attach", Long.toString(pid)).ok();
            long attachMs = (System.nanoTime() - t0) / 1_000_000;
            Path socket = Path.of(attached.out().trim());
            assertTrue(Files.exists(socket), attached.out() + attached.err());
            assertTrue(socket.getFileName().toString().equals(pid + ".sock"), "a socket of its own: " + socket);
            System.out.println("SwingSet2IT: Java " + Runtime.version().feature() + ", attach to probe.hello answered: " + attachMs + " ms");

            Cli.Result ps = Cli.asUser("ps").ok();
            // The socket, then the titles of the windows the probe reports.
            assertTrue(ps.out().lines().anyMatch(l -> l.startsWith(pid + " ") && l.contains(" yes ")
                    && l.endsWith(socket + "  \"SwingSet2\"") && l.contains("SwingSet2.jar")), ps.out());

            Cli.Result again = Cli.asUser("attach", Long.toString(pid)).ok();
            assertTrue(again.out().contains("already"), again.out());
            assertTrue(Cli.asUser("--pid", Long.toString(pid), "hello").ok().out().contains("protocol"));

            // Every operable control has an identifier, unique in its window.
            JsonNode items = items(pid);
            int operable = 0;
            int named = 0;
            Set<String> seen = new HashSet<>();
            List<String> duplicates = new ArrayList<>();
            for (JsonNode i : items) {
                if (!i.path("clickable").asBoolean(false)) {
                    continue;
                }
                operable++;
                if (!i.path("identifier").isNull() && !i.path("identifier").isMissingNode()) {
                    named++;
                    if (!seen.add(i.path("window").asText() + "/" + i.get("identifier").asText())) {
                        duplicates.add(i.get("identifier").asText());
                    }
                }
            }
            System.out.println("SwingSet2IT: " + items.size() + " items, " + operable + " operable, " + named + " with an identifier, "
                    + duplicates.size() + " duplicates");

            // The toolbar's second toggle (the buttons demo), by its tooltip: clicked later by X, after detach.
            JsonNode buttons = SwingSet2.toggle(items, "JButton");
            assertTrue(buttons != null && !buttons.path("value").asBoolean(), "the buttons demo's toggle, not selected yet: " + buttons);
            // SwingSet2 goes on loading its demos after its frame shows: the toggle's place is taken once
            // two listings a second apart agree on it.
            JsonNode[] toggle = {buttons};
            Fixture.await("the toolbar in place", () -> {
                try {
                    Thread.sleep(1000);
                    JsonNode now = SwingSet2.toggle(items(pid), "JButton");
                    boolean same = now != null && now.get("atOnScreen").equals(toggle[0].get("atOnScreen"));
                    toggle[0] = now == null ? toggle[0] : now;
                    return same;
                } catch (Exception e) {
                    return false;
                }
            });
            // Where AWT places the frame may not be where the X server shows it: without a window
            // manager the JDK can lose SwingSet2's centring (docs/PROTOCOL.md, "Reach"), and keeps its
            // old place until the X window moves. Then X moves the window to AWT's place, as a window
            // manager or a hand would, and the probe must agree with the X server before the click.
            java.awt.Point awt = awtOrigin(toggle[0]);
            java.awt.Rectangle x = SwingSet2.frameWhereAwtHasIt(pid, awt);
            System.out.println("SwingSet2IT: the frame on the X server at " + x.x + "," + x.y + ", by AWT at " + awt.x + "," + awt.y
                    + (x.getLocation().equals(awt) ? "" : ": AWT lost the frame's place, the X window moved to AWT's"));
            String[] placed = {""};
            try {
                Fixture.await("the frame where the X server shows it, by the probe", () -> {
                    try {
                        JsonNode now = SwingSet2.toggle(items(pid), "JButton");
                        java.awt.Rectangle shown = SwingSet2.xGeometry(pid, "SwingSet2");
                        placed[0] = "X at " + shown.x + "," + shown.y + ", the toggle by the probe: " + now;
                        toggle[0] = now == null ? toggle[0] : now;
                        return now != null && awtOrigin(now).equals(shown.getLocation());
                    } catch (Exception | AssertionError e) {
                        placed[0] = e.toString();
                        return false;
                    }
                });
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "; last seen: " + placed[0], e);
            }
            buttons = toggle[0];

            long d0 = System.nanoTime();
            Cli.Result detached = Cli.asUser("detach", Long.toString(pid)).ok();
            long detachMs = (System.nanoTime() - d0) / 1_000_000;
            assertFalse(Files.exists(socket), detached.out());
            List<String> left = probeThreads(pid);
            System.out.println("SwingSet2IT: Java " + Runtime.version().feature() + ", detach: " + detachMs + " ms, socket gone, probe threads left: " + left.size());
            assertEquals(List.of(), left, "no probe thread after detach");
            Cli.Result after = Cli.asUser("--pid", Long.toString(pid), "gui", "list");
            assertEquals(3, after.exit(), after.out() + after.err());
            assertTrue(after.err().contains(": no probe is loaded into JVM " + pid + " (detached, or never attached): load it with hvm-dbg attach "
                    + pid), "after detach, the hint is to attach again: " + after.err());

            // The application takes a real X click without the probe, and the probe comes back.
            SwingSet2.run(Fixture.WAIT, "xdotool", "mousemove", buttons.get("atOnScreen").get(0).asText(), buttons.get("atOnScreen").get(1).asText(), "click", "1");
            Cli.asUser("attach", Long.toString(pid)).ok();
            String[] last = {""};
            try {
                Fixture.await("the buttons demo selected by the X click", () -> {
                    try {
                        JsonNode now = SwingSet2.toggle(items(pid), "JButton");
                        last[0] = String.valueOf(now);
                        return now != null && now.path("value").asBoolean();
                    } catch (Exception | AssertionError e) {
                        last[0] = e.toString();
                        return false;
                    }
                });
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "; clicked at " + buttons.get("atOnScreen") + ", last seen: " + last[0]
                        + "; under the pointer: " + SwingSet2.run(Fixture.WAIT, "xdotool", "getmouselocation"), e);
            }
            Cli.asUser("detach", Long.toString(pid)).ok();
            assertEquals(List.of(), probeThreads(pid));

            assertTrue(operable > 0 && named * 100 >= operable * 95, named + " of " + operable + " operable controls have an identifier (95% wanted)");
            assertEquals(List.of(), duplicates, "identifiers unique in their window");
        }
    }

    @Test
    void launchedWithTheProbe() throws Exception {
        Path jar = SwingSet2.jar();
        try (Proc launcher = Proc.java(Map.of(), "-jar", Cli.jar().toString(), "launch", "--",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                "-jar", jar.toString())) {
            launcher.awaitLine("probe on ");
            String line = launcher.output().lines().filter(l -> l.contains("probe on ")).findFirst().orElseThrow();
            long pid = Long.parseLong(line.replaceAll(".*pid (\\d+),.*", "$1"));
            SwingSet2.awaitWindow(pid);
            assertTrue(Cli.asUser("--pid", Long.toString(pid), "hello").ok().out().contains("protocol"));
            Fixture.await("SwingSet2's toolbar listed", () -> {
                try {
                    return items(pid).size() > 10;
                } catch (Exception e) {
                    return false;
                }
            });
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
            assertEquals(143, launcher.exitCode(), "launch exits with the application's exit code (SIGTERM)");
        }
    }

    /** Where AWT places {@code item}'s window on the screen, by the probe: the item's point on the screen less its point in the window. */
    private static java.awt.Point awtOrigin(JsonNode item) {
        return new java.awt.Point(item.get("atOnScreen").get(0).intValue() - item.get("at").get(0).intValue(),
                item.get("atOnScreen").get(1).intValue() - item.get("at").get(1).intValue());
    }

    /** The changes a receipt names: its changed identifiers, what appeared and what opened. */
    private static Set<String> named(JsonNode effects) {
        Set<String> out = new HashSet<>();
        effects.get("changed").forEach(c -> out.add(c.get("identifier").asText()));
        effects.get("appeared").forEach(a -> out.add(a.asText()));
        effects.get("opened").forEach(o -> out.add(o.asText()));
        return out;
    }

    private static JsonNode listed(JsonNode items, String identifier) {
        for (JsonNode i : items) {
            if (identifier.equals(i.path("identifier").asText())) {
                return i;
            }
        }
        throw new AssertionError(identifier + " is not listed: " + items);
    }

    /** Each listed control's identifier by what it is and where (window, type, frame, label): a control that stays has one key. */
    private static Map<String, String> byPlace(JsonNode items) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (JsonNode i : items) {
            if (!i.path("inClosedMenu").asBoolean(false)) {
                out.put(i.path("window").asText() + " " + i.path("type").asText() + i.path("frame") + i.path("label").asText(""),
                        i.path("identifier").asText());
            }
        }
        return out;
    }

    /**
     * How many controls of {@code after} stood at the same place with the same label in
     * {@code before} and kept their identifier; each that did not is added to {@code changed}.
     */
    private static int compare(String step, JsonNode before, JsonNode after, List<String> changed) {
        Map<String, String> was = byPlace(before);
        int kept = 0;
        for (Map.Entry<String, String> e : byPlace(after).entrySet()) {
            String old = was.get(e.getKey());
            if (old != null && old.equals(e.getValue())) {
                kept++;
            } else if (old != null) {
                changed.add(step + ": " + old + " -> " + e.getValue());
            }
        }
        return kept;
    }

    /**
     * An identifier holds while its control shows: through SwingSet2's demos (internal frames with
     * titles of their own, one more created; the tabbed pane, its tab changed; the tree, the
     * table, the option pane), every control that shows before and after a step, at the same place
     * with the same label, keeps its identifier.
     */
    @Test
    void identifiersHoldWhileTheirControlsShowThroughTheDemos() throws Exception {
        Path jar = SwingSet2.jar();
        try (Proc app = Proc.java(Map.of(), "-jar", jar.toString())) {
            long pid = app.pid();
            SwingSet2.awaitWindow(pid);
            Path socket = Path.of(Cli.asUser("attach", Long.toString(pid)).ok().out().trim());
            try (probe.client.ProbeClient c = probe.client.ProbeClient.connect(socket)) {
                int steps = 0;
                int kept = 0;
                List<String> changed = new ArrayList<>();
                JsonNode before = c.call("gui.list").get("items");
                List<String> actions = new ArrayList<>();
                for (String tip : List.of("JInternalFrame", "JTabbedPane", "JTree", "JTable", "JOptionPane", "JInternalFrame")) {
                    JsonNode toggle = SwingSet2.toggle(before, tip);
                    assertTrue(toggle != null, tip + "'s toggle: " + before);
                    actions.add(toggle.get("identifier").asText());
                }
                for (String action : actions) {
                    c.call("gui.click", probe.api.wire.Wire.object().put("identifier", action).put("settleMillis", 1000));
                    JsonNode after = c.call("gui.list").get("items");
                    // Within the demo: an internal frame created (a title of its own), a tab changed.
                    String inDemo = null;
                    for (JsonNode i : after) {
                        String id = i.path("identifier").asText();
                        inDemo = inDemo == null && (id.endsWith(".button.toastSmall") || "tab".equals(i.path("role").asText())
                                && !i.path("selected").asBoolean()) ? id : inDemo;
                    }
                    kept += compare(action, before, after, changed);
                    steps++;
                    before = after;
                    if (inDemo != null) {
                        c.call("gui.click", probe.api.wire.Wire.object().put("identifier", inDemo).put("settleMillis", 1000));
                        after = c.call("gui.list").get("items");
                        kept += compare(inDemo, before, after, changed);
                        steps++;
                        before = after;
                    }
                }
                System.out.println("SwingSet2IT: " + steps + " steps through the demos, " + kept + " controls seen before and after a step"
                        + " at the same place, " + changed.size() + " of them with an identifier changed");
                assertTrue(kept > 100, "compared " + kept);
                assertEquals(List.of(), changed, "identifiers that changed while their control showed");
            }
            Cli.asUser("detach", Long.toString(pid)).ok();
        }
    }

    /**
     * Driven through the probe's socket by the derived identifiers gui.list gives: a demo opened by
     * its toolbar toggle, with a receipt naming what changed; a JOptionPane opened, typed into,
     * read back and cancelled, with its dialog events; the window's shot equal to the X server's pixels.
     */
    @Test
    void aDemoADialogTypingAndAShotByDerivedIdentifiers() throws Exception {
        Path jar = SwingSet2.jar();
        try (Proc app = Proc.java(Map.of(), "-jar", jar.toString())) {
            long pid = app.pid();
            SwingSet2.awaitWindow(pid);
            Path socket = Path.of(Cli.asUser("attach", Long.toString(pid)).ok().out().trim());
            try (probe.client.ProbeClient c = probe.client.ProbeClient.connect(socket)) {
                JsonNode items = c.call("gui.list").get("items");
                JsonNode toggle = SwingSet2.toggle(items, "JOptionPane");
                assertTrue(toggle != null && toggle.path("derived").asBoolean(), "the option pane demo's toggle, derived: " + items);
                String demo = toggle.get("identifier").asText();

                JsonNode open = c.call("gui.click", probe.api.wire.Wire.object().put("identifier", demo).put("settleMillis", 1000));
                System.out.println("SwingSet2IT: receipt of " + demo + ": " + open.get("effects"));
                JsonNode effects = open.get("effects");
                Set<String> changed = named(effects);
                assertTrue(changed.contains(demo), "the toggle's own change is told: " + effects);
                String input = null;
                for (JsonNode a : effects.get("appeared")) {
                    if (a.asText().endsWith(".button.showInputDialog")) {
                        input = a.asText();
                    }
                }
                assertTrue(input != null, "the demo's buttons appeared, by their derived identifiers: " + effects);
                assertTrue(listed(c.call("gui.list").get("items"), demo).path("value").asBoolean(), "gui.list agrees the demo is selected");

                try (probe.client.ProbeClient events = probe.client.ProbeClient.connect(socket)) {
                    events.subscribe("dialog.*");
                    JsonNode shown = c.call("gui.click", probe.api.wire.Wire.object().put("identifier", input).put("settleMillis", 1000));
                    JsonNode opened = EventsIT.next(events, "dialog.opened");
                    String dialog = opened.get("name").asText();
                    assertFalse(dialog.matches("dialog\\d+"), "a dialog named from what it shows: " + opened);
                    assertEquals(List.of(dialog), List.of(shown.get("effects").get("opened").get(0).asText()), shown.toString());
                    assertEquals(dialog, c.call("gui.dialog.current").get("name").asText());

                    JsonNode field = null;
                    JsonNode cancel = null;
                    for (JsonNode i : c.call("gui.list", probe.api.wire.Wire.object().put("scope", "dialog")).get("items")) {
                        field = "input".equals(i.path("role").asText()) ? i : field;
                        cancel = i.path("identifier").asText().endsWith(".button.cancel") ? i : cancel;
                    }
                    assertTrue(field != null && cancel != null, "the input dialog's field and Cancel button");
                    String text = "typed into SwingSet2";
                    c.call("gui.type", probe.api.wire.Wire.object().put("identifier", field.get("identifier").asText()).put("text", text));
                    assertEquals(text, listed(c.call("gui.list", probe.api.wire.Wire.object().put("scope", "dialog")).get("items"),
                            field.get("identifier").asText()).get("value").asText(), "the value read back");

                    JsonNode cancelled = c.call("gui.click", probe.api.wire.Wire.object().put("identifier", cancel.get("identifier").asText())
                            .put("settleMillis", 1000));
                    assertEquals(dialog, EventsIT.next(events, "dialog.closed").get("name").asText());
                    assertEquals(dialog, cancelled.get("effects").get("closed").get(0).asText(), cancelled.toString());
                }

                JsonNode window = c.call("gui.list", probe.api.wire.Wire.object().put("scope", "window")).get("items").get(0);
                // Where the X server shows the frame, from X itself: with no window manager, SwingSet2's
                // centring moves the X window while AWT may go on placing the frame where it was.
                java.awt.Rectangle screen = SwingSet2.xGeometry(pid, "SwingSet2");
                JsonNode at = window.get("at");
                JsonNode onScreen = window.get("atOnScreen");
                System.out.println("SwingSet2IT: the frame on the X server at " + screen.x + "," + screen.y + ", by the probe at "
                        + (onScreen.get(0).intValue() - at.get(0).intValue()) + "," + (onScreen.get(1).intValue() - at.get(1).intValue()));
                assertEquals(List.of(screen.width, screen.height), List.of(window.get("frame").get(2).intValue(), window.get("frame").get(3).intValue()),
                        "the frame's size, by X and by the probe");
                double same = 0;
                // The app may still repaint after the dialog closed: compare until a shot matches, for a bounded time.
                for (long deadline = System.nanoTime() + 10_000_000_000L; same <= 0.99 && System.nanoTime() < deadline;) {
                    java.awt.image.BufferedImage shot = ScreenshotIT.decode(c.call("gui.screenshot"));
                    assertEquals(screen.width, shot.getWidth());
                    assertEquals(screen.height, shot.getHeight());
                    same = ScreenshotIT.sameAsScreen(shot, screen);
                }
                System.out.println("SwingSet2IT: screenshot of " + window.get("identifier").asText() + " same as the X server's: " + same);
                assertTrue(same > 0.99, "only " + same + " of the pixels match the X server's image");
            } finally {
                Cli.asUser("detach", Long.toString(pid)).ok();
            }
        }
    }

    /** A JVM that waits, started from a source file with {@code flags}: no GUI needed to be refused. */
    private static Proc waiting(Path dir, String... flags) throws Exception {
        Path source = dir.resolve("Wait.java");
        Files.writeString(source, "public class Wait { public static void main(String[] a) throws Exception {"
                + " System.out.println(\"waiting\"); Thread.sleep(120_000); } }");
        List<String> args = new ArrayList<>(List.of(flags));
        args.add(source.toString());
        Proc p = Proc.java(Map.of(), args.toArray(new String[0]));
        p.awaitLine("waiting");
        return p;
    }

    @Test
    void refusalsSayWhyWithTheirExitCodes() throws Exception {
        Path dir = Files.createTempDirectory("swingset2it");
        Cli.Result none = Cli.asUser("attach", "999999999");
        assertEquals(4, none.exit(), none.err());
        assertTrue(none.err().contains("no process 999999999"), none.err());
        Process notJvm = new ProcessBuilder("sleep", "60").start();
        try {
            Cli.Result r = Cli.asUser("attach", Long.toString(notJvm.pid()));
            assertEquals(4, r.exit(), r.err());
            assertTrue(r.err().contains("is not a JVM"), r.err());
            assertTrue(notJvm.isAlive(), "a process that is no JVM is not signalled");
        } finally {
            notJvm.destroy();
        }
        try (Proc refusing = waiting(dir, "-XX:+DisableAttachMechanism")) {
            Cli.Result r = Cli.asUser("attach", Long.toString(refusing.pid()));
            assertEquals(6, r.exit(), r.err());
            assertTrue(r.err().contains("DisableAttachMechanism") && r.err().lines().count() == 1, r.err());
        }
        try (Proc headless = waiting(dir, "-Djava.awt.headless=true")) {
            Cli.Result r = Cli.asUser("attach", Long.toString(headless.pid()));
            assertEquals(8, r.exit(), r.err());
            assertTrue(r.err().contains("headless"), r.err());
            assertEquals(0, Cli.asUser("detach", Long.toString(headless.pid())).exit(), "nothing to detach from");
        }
    }
}
