package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import probe.api.wire.Wire;

/**
 * An MCP server that finds its application, through the official MCP SDK's client
 * ({@code probe.cli.mcp.McpDriver}) and the real hvm-dbg jar and agent, on SwingSet2 under a jar name
 * of its own: {@code hvm-dbg --app NAME mcp} starts before the application does, says so, loads the
 * probe into it at the first call once it runs, follows it when it is started again (another pid),
 * and lists and switches applications with gui_apps and gui_attach.
 */
@ExtendWith(Bounded.class)
class McpAppIT {

    @Test
    void theServerFindsItsApplicationByNameAndFollowsItWhenStartedAgain(@TempDir Path tmp) throws Exception {
        String name = "McpApp" + ProcessHandle.current().pid();
        Path jar = Files.copy(SwingSet2.jar(), tmp.resolve(name + ".jar"));
        try (McpIT.Session s = new McpIT.Session(List.of("--app", name), Map.of())) {
            List<String> tools = new ArrayList<>();
            s.send(Wire.object().put("cmd", "tools")).get("tools").forEach(t -> tools.add(t.path("name").asText()));
            assertTrue(tools.contains("gui_apps") && tools.contains("gui_attach") && tools.contains("gui_snapshot"), tools.toString());

            // Not running yet: the call says so and the server keeps going.
            JsonNode absent = s.call("gui_snapshot");
            assertTrue(absent.get("isError").asBoolean(), absent.toString());
            assertTrue(McpIT.text(absent).contains("no JVM of yours is named '" + name + "'"), McpIT.text(absent));

            long first;
            try (Proc app = Proc.java(Map.of(), "-jar", jar.toString())) {
                first = app.pid();
                String snapshot = awaitToolbar(s);
                assertTrue(snapshot.startsWith("now: "), snapshot);
                awaitDriven(s, first, name);
            }
            // Started again: another pid, no probe in it; the next call finds it and loads the probe.
            try (Proc again = Proc.java(Map.of(), "-jar", jar.toString())) {
                assertFalse(again.pid() == first);
                awaitToolbar(s);
                awaitDriven(s, again.pid(), name);

                // gui_attach: a name that names nothing leaves the tools where they were.
                JsonNode none = s.call("gui_attach", "app", name + "-nowhere");
                assertTrue(none.get("isError").asBoolean(), none.toString());
                assertTrue(McpIT.text(none).contains("the tools still drive '" + name + "'"), McpIT.text(none));
                // By pid: the same application, attached already.
                String attached = s.ok("gui_attach", "app", Long.toString(again.pid()));
                assertTrue(attached.startsWith("attached to " + name + " (pid " + again.pid() + ")"), attached);
                assertTrue(attached.contains("its windows \"SwingSet2\""), attached);
                assertEquals(again.pid(), s.call("gui_attach", "app", name).at("/structuredContent/data/pid").asLong());
            }
        }
    }

    /** gui_snapshot, again until SwingSet2's toolbar shows (it takes seconds to start, and the probe to load); its text. */
    private static String awaitToolbar(McpIT.Session s) throws Exception {
        String[] last = {""};
        Fixture.await("SwingSet2's toolbar through the MCP server", () -> {
            try {
                JsonNode r = s.call("gui_snapshot", "query", "jButton");
                last[0] = McpIT.text(r);
                return !r.get("isError").asBoolean() && last[0].contains("swingSet2.toggle.jButton");
            } catch (Exception e) {
                return false;
            }
        });
        return last[0];
    }

    /** Whether gui_apps's {@code text} has {@code pid}'s line, named {@code name}, with a probe that answers, the tools on it and its window's title. */
    private static boolean drives(String text, long pid, String name) {
        return text.lines().anyMatch(l -> l.startsWith(pid + " " + name + " (") && l.contains(".jar), probe answers, driven now, windows ")
                && l.contains("\"SwingSet2\""));
    }

    /**
     * Waits until gui_apps says the tools drive {@code pid}, with its window's title: the probe reads
     * the titles on the EDT with a bounded wait, and SwingSet2's EDT is busy for a while after it starts.
     */
    private static void awaitDriven(McpIT.Session s, long pid, String name) throws Exception {
        String[] last = {""};
        try {
            Fixture.await("gui_apps to say pid " + pid + " is driven, with its window's title", () -> {
                try {
                    last[0] = driven(s);
                    return drives(last[0], pid, name);
                } catch (Exception e) {
                    return false;
                }
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; gui_apps said:\n" + last[0], e);
        }
    }

    private static String driven(McpIT.Session s) throws Exception {
        return s.ok("gui_apps");
    }
}
