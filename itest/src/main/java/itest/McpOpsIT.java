package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import probe.api.wire.Wire;

/**
 * An op that no front end was built with reaches an agent: {@code demo.echo} ({@link DemoEcho}),
 * installed into the running GUI under a running {@code hvm-dbg mcp}, becomes the tool gui_echo
 * (the official SDK's client hears notifications/tools/list_changed and lists it), built from its
 * description alone; it answers, its argument errors come from its description, and once the
 * bundle is uninstalled the tool is gone.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class McpOpsIT {
    /** How soon an op that came or went is a tool or none (the server waits 100 ms for a burst to end). */
    private static final long PROMPT_MILLIS = 3000;

    private static List<String> names(JsonNode tools) {
        List<String> names = new ArrayList<>();
        tools.forEach(t -> names.add(t.path("name").asText()));
        return names;
    }

    @Test
    void anOpInstalledIntoTheRunningGuiIsAToolUntilItGoes() throws Exception {
        try (McpIT.Session s = new McpIT.Session(Fixture.socket(), Map.of())) {
            List<String> before = names(s.send(Wire.object().put("cmd", "tools")).get("tools"));
            assertTrue(before.contains("gui_click") && !before.contains("gui_echo"), before.toString());

            long start = System.nanoTime();
            Bundle b = DemoEcho.install();
            try {
                JsonNode came = s.send(Wire.object().put("cmd", "awaitTool").put("name", "gui_echo").put("present", true)
                        .put("timeoutMs", 10_000));
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(came.get("ok").asBoolean(), "gui_echo listed after list_changed: " + came);
                System.out.println("McpOpsIT: gui_echo listed " + millis + " ms after the bundle was installed");
                assertTrue(millis <= PROMPT_MILLIS, "listed within " + PROMPT_MILLIS + " ms, took " + millis);

                JsonNode echo = null;
                for (JsonNode t : s.send(Wire.object().put("cmd", "tools")).get("tools")) {
                    if (t.path("name").asText().equals("gui_echo")) {
                        echo = t;
                    }
                }
                assertTrue(echo != null, "tools/list has gui_echo");
                assertTrue(echo.path("description").asText().startsWith("Answers the text, repeated."), "its description: its summary: " + echo);
                assertTrue(echo.at("/inputSchema/properties/text").isObject() && echo.at("/inputSchema/properties/times").isObject(),
                        "its schema from its description: " + echo);
                assertEquals("text", echo.at("/inputSchema/required/0").asText(), echo.toString());
                assertTrue(echo.at("/annotations/readOnlyHint").asBoolean(), "it only looks, as its description says: " + echo);

                JsonNode ok = s.call("gui_echo", "text", "hi", "times", 2);
                assertFalse(ok.get("isError").asBoolean(), ok.toString());
                assertEquals("hihi", ok.at("/structuredContent/data/text").asText(), ok.toString());
                assertTrue(McpIT.text(ok).startsWith("echo: hihi"), McpIT.text(ok));

                JsonNode tooMany = s.call("gui_echo", "text", "hi", "times", 11);
                assertTrue(tooMany.get("isError").asBoolean(), tooMany.toString());
                assertTrue(McpIT.text(tooMany).startsWith("error gui.invalid_args: argument 'times' must be an integer from 1 to 10, got 11"),
                        McpIT.text(tooMany));
                JsonNode none = s.call("gui_echo");
                assertTrue(McpIT.text(none).startsWith("error gui.invalid_args: argument 'text' is required"), McpIT.text(none));
                JsonNode unknown = s.call("gui_echo", "txt", "hi");
                assertTrue(McpIT.text(unknown).contains("unknown argument 'txt' for gui_echo; did you mean 'text'?"), McpIT.text(unknown));
            } finally {
                start = System.nanoTime();
                b.uninstall();
            }
            JsonNode gone = s.send(Wire.object().put("cmd", "awaitTool").put("name", "gui_echo").put("present", false)
                    .put("timeoutMs", 10_000));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(gone.get("ok").asBoolean(), "gui_echo gone after list_changed: " + gone);
            System.out.println("McpOpsIT: gui_echo gone " + millis + " ms after the bundle was uninstalled");
            assertTrue(millis <= PROMPT_MILLIS, "gone within " + PROMPT_MILLIS + " ms, took " + millis);
            List<String> after = names(s.send(Wire.object().put("cmd", "tools")).get("tools"));
            assertEquals(before, after, "the tools as before");
        }
    }
}
