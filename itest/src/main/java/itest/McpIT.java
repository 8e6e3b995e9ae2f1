package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Frame;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;

/**
 * {@code hvm-dbg mcp} as an agent's MCP client starts it: the official MCP Java SDK's client
 * ({@code McpClient.sync} over a stdio transport) spawns the real CLI jar as a subprocess, which
 * talks to the real GUI through the real socket. The SDK's client and its Jackson are not bundles
 * of this framework, so the client runs in a plain JVM of its own ({@code probe.cli.mcp.McpDriver}
 * from the probe.cli module's test classes, with hvm-dbg.jar, which holds the SDK, on its class
 * path), and this test drives it a JSON line at a time.
 */
@ExtendWith(WithApp.class)
@ExtendWith(Bounded.class)
class McpIT {
    private static final String SECRET_VAR = "HVM_SECRET_VM_PASSWORD";
    /** A secret with a Tab in it, which gui_type refuses. */
    private static final String TABBED_VAR = "HVM_SECRET_TABBED";

    /** One MCP client process and the server it started. */
    static final class Session implements AutoCloseable {
        final Process process;
        final BufferedReader out;
        final OutputStream in;
        final JsonNode initialized;
        /** Every text a tool answered, for the check that the secret is in none. */
        final List<String> texts = new ArrayList<>();

        Session(Path socket, Map<String, String> env) throws Exception {
            this(List.of("--socket", socket.toString()), env);
        }

        /** The server started as {@code hvm-dbg OPTIONS mcp}. */
        Session(List<String> options, Map<String, String> env) throws Exception {
            Path classes = Fixture.projectRoot().resolve("bundles/probe.cli/target/test-classes");
            assertTrue(Files.isRegularFile(classes.resolve("probe/cli/mcp/McpDriver.class")),
                    classes + " holds McpDriver: build probe.cli's test classes before the integration tests");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            // target/test-lib: the tokenizer the driver counts tokens with.
            Path lib = classes.resolveSibling("test-lib");
            assertTrue(Files.isDirectory(lib), lib + " holds the driver's tokenizer: build probe.cli's test classes first");
            List<String> command = new ArrayList<>(List.of(java, "-cp", Cli.jar() + ":" + classes + ":" + lib + "/*",
                    "probe.cli.mcp.McpDriver", java, "-jar", Cli.jar().toString()));
            command.addAll(options);
            command.add("mcp");
            ProcessBuilder pb = new ProcessBuilder(command);
            pb.environment().remove("HVM_GUI_PROBE_SOCKET");
            pb.environment().putAll(env);
            pb.redirectError(ProcessBuilder.Redirect.INHERIT);
            process = pb.start();
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            in = process.getOutputStream();
            initialized = read();
            assertFalse(initialized.has("exception"), "the client initialized the server: " + initialized);
        }

        private JsonNode read() throws IOException {
            String line = out.readLine();
            assertNotNull(line, "the MCP client process answered");
            return Wire.mapper().readTree(line);
        }

        JsonNode send(ObjectNode cmd) throws IOException {
            in.write((cmd + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            JsonNode answer = read();
            assertFalse(answer.has("exception"), cmd + " -> " + answer);
            return answer;
        }

        /** Calls a tool; the whole result (isError, content). */
        JsonNode call(String tool, Object... kv) throws IOException {
            ObjectNode cmd = Wire.object().put("cmd", "call").put("name", tool);
            ObjectNode args = cmd.putObject("args");
            for (int i = 0; i < kv.length; i += 2) {
                args.set((String) kv[i], Wire.mapper().valueToTree(kv[i + 1]));
            }
            JsonNode r = send(cmd);
            for (JsonNode c : r.get("content")) {
                if (c.has("text")) {
                    texts.add(c.get("text").asText());
                }
            }
            return r;
        }

        /** Calls a tool that must succeed; its text. */
        String ok(String tool, Object... kv) throws IOException {
            JsonNode r = call(tool, kv);
            assertFalse(r.get("isError").asBoolean(), tool + " failed: " + r);
            return text(r);
        }

        List<String> stderr() throws IOException {
            List<String> lines = new ArrayList<>();
            send(Wire.object().put("cmd", "stderr")).get("lines").forEach(l -> lines.add(l.asText()));
            return lines;
        }

        @Override
        public void close() throws Exception {
            try {
                in.write("{\"cmd\":\"close\"}\n".getBytes(StandardCharsets.UTF_8));
                in.flush();
            } catch (IOException gone) {
                // It ended already.
            }
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    static String text(JsonNode result) {
        StringBuilder b = new StringBuilder();
        for (JsonNode c : result.get("content")) {
            if (c.has("text")) {
                b.append(b.length() > 0 ? "\n" : "").append(c.get("text").asText());
            }
        }
        return b.toString();
    }

    static BufferedImage image(JsonNode result) throws IOException {
        for (JsonNode c : result.get("content")) {
            if ("image".equals(c.path("type").asText())) {
                assertEquals("image/png", c.get("mimeType").asText());
                return ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(c.get("data").asText())));
            }
        }
        throw new AssertionError("no image content in " + result);
    }

    @Test
    void initializeListToolsSnapshotAndScreenshots() throws Exception {
        try (Session s = new Session(Fixture.socket(), Map.of())) {
            assertEquals("hvm-dbg", s.initialized.at("/initialized/serverInfo/name").asText(), s.initialized.toString());
            String instructions = s.initialized.at("/initialized/instructions").asText();
            assertTrue(instructions.contains("gui_snapshot"), instructions);
            // The generic server names HVM because HVM answers (its pid, its window's title), not by itself.
            assertTrue(instructions.contains("(pid " + ProcessHandle.current().pid() + "), its windows ")
                    && instructions.contains("\"HVM\""), instructions);

            JsonNode tools = s.send(Wire.object().put("cmd", "tools")).get("tools");
            Set<String> names = new HashSet<>();
            for (JsonNode t : tools) {
                names.add(t.get("name").asText());
                assertEquals("object", t.at("/inputSchema/type").asText(), t.toString());
                assertTrue(t.get("description").asText().length() > 60, t.toString());
            }
            // Issue 22's tools, as a model knows them; any other is gui_ and the verb of an op the GUI describes.
            Set<String> named = Set.of("gui_snapshot", "gui_screenshot", "gui_click", "gui_type", "gui_keypress", "gui_select", "gui_hover",
                    "gui_scroll", "gui_wait", "gui_audit", "gui_events");
            assertTrue(names.containsAll(named), names.toString());
            // Which dialog is open is every result's "now:" line and gui_snapshot's first: no tool of its own.
            assertTrue(!names.contains("gui_dialog"), names.toString());
            Set<String> described = new HashSet<>();
            try (probe.client.ProbeClient c = Fixture.client()) {
                for (JsonNode d : c.call("probe.describe").get("ops")) {
                    described.add("gui_" + d.get("verb").asText());
                }
            }
            for (String n : names) {
                assertTrue(named.contains(n) || described.contains(n), n + " is a tool of no op the GUI describes: " + described);
            }

            String snapshot = s.ok("gui_snapshot");
            assertTrue(snapshot.startsWith("now: no dialog open\n"), snapshot);
            assertTrue(snapshot.contains("\n  button toolbar.button.createVM \"Create VM"), snapshot);
            JsonNode found = s.call("gui_snapshot", "query", "CREATEVM");
            String query = text(found);
            assertTrue(query.contains("\nbutton toolbar.button.createVM \"Create VM"), query);
            assertFalse(query.contains("sidebar.list"), "only what matches: " + query);
            assertTrue(query.matches("(?s).*\n\\d+ others do not match \"CREATEVM\"$"), "the rest counted: " + query);
            // The data is the reply without the lines the text has: the items as JSON are some four times the lines' size
            // (a program wanting them asks gui.list on the socket, or hvm-dbg gui list --json).
            assertEquals(query.split("\n").length - 2, found.at("/structuredContent/data/count").asInt(), "the matches counted: " + found);
            assertFalse(found.at("/structuredContent/data").has("text"), "the lines once, in the text: " + found);

            Frame main = Swing.mainFrame();
            Rectangle bounds = Swing.screenBounds(main);
            JsonNode plainShot = s.call("gui_screenshot");
            BufferedImage plain = image(plainShot);
            assertEquals(bounds.width, plain.getWidth());
            assertEquals(bounds.height, plain.getHeight());
            assertTrue(text(plainShot).contains(bounds.width + "x" + bounds.height + " pixels, scale 1"), text(plainShot));

            JsonNode annotatedShot = s.call("gui_screenshot", "annotate", true);
            BufferedImage annotated = image(annotatedShot);
            assertEquals(plain.getWidth(), annotated.getWidth());
            assertTrue(differing(plain, annotated) > 500, "the boxes and numbers are drawn: " + differing(plain, annotated) + " pixels differ");
            String legend = text(annotatedShot);
            assertTrue(legend.matches("(?s).*\n\\d+  toolbar\\.button\\.createVM  button  \"Create VM.*"), legend);
            assertTrue(legend.contains("  sidebar.list  list"), legend);

            BufferedImage small = image(s.call("gui_screenshot", "maxSize", 640));
            assertEquals(640, Math.max(small.getWidth(), small.getHeight()));

            JsonNode unknown = s.call("gui_click", "identifier", "toolbar.button.createVMx");
            assertTrue(unknown.get("isError").asBoolean());
            assertTrue(text(unknown).startsWith("error gui.identifier_not_found: "), text(unknown));
            assertTrue(text(unknown).contains("toolbar.button.createVM"), "the nearest identifier: " + text(unknown));
            JsonNode badArgs = s.call("gui_click", "identifier", "toolbar.button.createVM", "buton", "left");
            assertTrue(badArgs.get("isError").asBoolean());
            assertTrue(text(badArgs).contains("unknown argument 'buton' for gui_click; did you mean 'button'? accepted: button, count"),
                    text(badArgs));

            // The CLI has the same annotation.
            Path png = Files.createTempFile("mcp-it", ".png");
            Cli.Result cli = Cli.run("gui", "screenshot", "--annotate", "-o", png.toString()).ok();
            assertTrue(cli.out().contains("  toolbar.button.createVM  button"), cli.out());
            Files.deleteIfExists(png);
        }
    }

    private static int differing(BufferedImage a, BufferedImage b) {
        int n = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                n += a.getRGB(x, y) != b.getRGB(x, y) ? 1 : 0;
            }
        }
        return n;
    }

    /**
     * The README's walkthrough through MCP tools alone: create an encrypted VM and start it, the
     * password typed from the server's environment (secretEnv), never passing through a tool's
     * arguments or results, nor the server's log.
     */
    @Test
    void createAndStartAnEncryptedVmWithNothingButMcpTools() throws Exception {
        String name = "MCP VM " + System.nanoTime() % 100000;
        String secret = "mcp-s3cret-" + System.nanoTime();
        try (Session s = new Session(Fixture.socket(), Map.of(SECRET_VAR, secret, TABBED_VAR, "tabbed\t" + secret))) {
            s.ok("gui_events"); // what came before this test
            JsonNode clicked = s.call("gui_click", "identifier", "toolbar.button.createVM");
            String click = text(clicked);
            assertTrue(click.contains("\nnow: createVM \"Create Virtual Machine\" (modal), its controls:\n"), click);
            assertTrue(click.contains("\n    input dialog.createVM.input.name "), "the dialog that opened, listed: " + click);
            assertTrue(click.contains("\neffects: opened createVM"), "the action's receipt, readable: " + click);
            assertEquals("createVM", clicked.at("/structuredContent/data/effects/opened/0").asText(),
                    "and as JSON, in structuredContent: " + clicked);
            assertEquals("createVM", clicked.at("/structuredContent/dialog/name").asText(), clicked.toString());
            s.ok("gui_wait", "dialog", "createVM", "state", "open", "timeoutMillis", 15000);
            s.ok("gui_type", "identifier", "dialog.createVM.input.name", "text", name);
            s.ok("gui_click", "identifier", "dialog.createVM.toggle.encrypt");
            s.ok("gui_wait", "identifier", "dialog.createVM.input.password", "state", "showing", "timeoutMillis", 15000);

            JsonNode notPassword = s.call("gui_type", "identifier", "dialog.createVM.input.name", "secretEnv", SECRET_VAR);
            assertTrue(notPassword.get("isError").asBoolean(), "a secret never goes into a field that shows its text");
            assertTrue(text(notPassword).contains("not a password field"), text(notPassword));
            JsonNode otherVar = s.call("gui_type", "identifier", "dialog.createVM.input.password", "secretEnv", "HOME");
            assertTrue(otherVar.get("isError").asBoolean(), text(otherVar));

            // A Tab in the secret would move the focus to the next field and type the rest there: refused, nothing typed.
            JsonNode tabbed = s.call("gui_type", "identifier", "dialog.createVM.input.password", "secretEnv", TABBED_VAR);
            assertTrue(tabbed.get("isError").asBoolean(), text(tabbed));
            assertTrue(text(tabbed).startsWith("error gui.invalid_args: the environment variable " + TABBED_VAR
                    + " holds a control character (U+0009 Tab)"), text(tabbed));

            String typed = s.ok("gui_type", "identifier", "dialog.createVM.input.password", "secretEnv", SECRET_VAR);
            assertTrue(typed.startsWith("typed " + secret.length() + " characters into dialog.createVM.input.password"), typed);
            s.ok("gui_type", "identifier", "dialog.createVM.input.confirm", "secretEnv", SECRET_VAR);
            String dialog = s.ok("gui_snapshot", "scope", "dialog");
            assertTrue(dialog.startsWith("now: createVM "), dialog);
            assertTrue(dialog.contains("password dialog.createVM.input.password \"") && dialog.contains("length=" + secret.length()), dialog);
            assertTrue(dialog.contains("toggle dialog.createVM.toggle.encrypt") && dialog.contains("  checked"), dialog);

            s.ok("gui_wait", "identifier", "dialog.createVM.button.create", "state", "enabled", "timeoutMillis", 15000);
            s.ok("gui_click", "identifier", "dialog.createVM.button.create");
            s.ok("gui_wait", "dialog", "createVM", "state", "closed", "timeoutMillis", 15000);
            s.ok("gui_wait", "identifier", "sidebar.row." + name, "state", "showing", "timeoutMillis", 15000);
            s.ok("gui_click", "identifier", "sidebar.row." + name);
            s.ok("gui_wait", "identifier", "detail.button.start", "state", "enabled", "timeoutMillis", 15000);
            String start = s.ok("gui_click", "identifier", "detail.button.start");
            s.ok("gui_wait", "dialog", "encryptionPassword", "state", "open", "timeoutMillis", 15000);
            assertTrue(start.contains("now: encryptionPassword") || s.ok("gui_snapshot", "scope", "dialog").startsWith("now: encryptionPassword"),
                    start);

            JsonNode behind = s.call("gui_click", "identifier", "toolbar.button.createVM");
            assertTrue(behind.get("isError").asBoolean());
            assertTrue(text(behind).contains("gui.not_clickable") && text(behind).contains("blocked by: dialog.encryptionPassword"),
                    text(behind));

            s.ok("gui_type", "identifier", "dialog.encryptionPassword.input.password", "secretEnv", SECRET_VAR);
            String enter = s.ok("gui_keypress", "key", "return");
            assertTrue(enter.startsWith("pressed return"), enter);
            s.ok("gui_wait", "dialog", "encryptionPassword", "state", "closed", "timeoutMillis", 15000);
            s.ok("gui_wait", "identifier", "detail.button.stop", "state", "enabled", "timeoutMillis", 15000);
            String running = s.ok("gui_wait", "identifier", "detail.label.state", "value", "Running", "timeoutMillis", 15000);
            assertTrue(running.startsWith("detail.label.state is \"Running\""), running);
            String state = s.ok("gui_snapshot", "scope", "detail.label.state");
            assertTrue(state.contains("label detail.label.state \"Running\""), state);

            String events = s.ok("gui_events");
            assertTrue(events.contains("dialog.opened createVM"), events);
            assertTrue(events.contains("dialog.closed createVM"), events);
            assertTrue(events.contains("dialog.opened encryptionPassword"), events);

            for (String t : s.texts) {
                assertFalse(t.contains(secret), "no result holds the secret: " + t);
            }
            for (String line : s.stderr()) {
                assertFalse(line.contains(secret), "the server's log never holds the secret: " + line);
            }
        }
    }

    /**
     * A popup that an action opens is shown as a dialog that opens is: the combo box's list, its
     * rows as gui_snapshot lists them, so that the next call can pick one.
     */
    @Test
    void aPopupThatOpensIsListedWithItsControls() throws Exception {
        try (Session s = new Session(Fixture.socket(), Map.of())) {
            String opened = s.ok("gui_click", "identifier", "toolbar.button.createVM");
            assertTrue(opened.contains("its controls:\n"), opened);
            try {
                String popup = s.ok("gui_click", "identifier", "dialog.createVM.combo.os");
                assertTrue(popup.contains("\nappeared:\n"), "the popup's controls, listed: " + popup);
                assertTrue(popup.matches("(?s).*\n  +row dialog\\.createVM\\.combo\\.os\\.row\\.\\S+ \".*"), popup);
                assertTrue(popup.endsWith("\nnow: createVM (modal)"), popup);
                s.ok("gui_keypress", "key", "esc");
            } finally {
                s.ok("gui_click", "identifier", "dialog.createVM.button.cancel");
            }
        }
    }

    /**
     * How many times its text a result's structuredContent may be, as JSON: the receipt's JSON has a
     * fixed part (its keys) of some 350 characters, and its lists hold up to 50 names where the text
     * names 6 and counts the rest, so an action's ratio is some 3.5 to 4 (a dialog's controls were
     * 19,248 characters beside 130 of text, 148 times, before they were counted instead).
     */
    static final double MAX_STRUCTURED_RATIO = 5;

    /**
     * A result's structuredContent is no more than a small multiple of its text: an action in a
     * dialog of some 60 controls (HVM's file chooser) keeps its receipt and the dialog's head with a
     * count of its controls, not every control's item. Measured for gui_type and gui_click into it,
     * the figures printed and written to {@code itest/target/mcp-structured.txt}.
     */
    @Test
    void theStructuredContentIsASmallMultipleOfTheText() throws Exception {
        // A folder of 48 images: the chooser lists a row for each, some 60 controls in all.
        Path dir = Files.createTempDirectory("hvm-images");
        for (int i = 0; i < 48; i++) {
            Files.writeString(dir.resolve(String.format(java.util.Locale.ROOT, "image-%02d.iso", i)), "not really an image");
        }
        try (Session s = new Session(Fixture.socket(), Map.of())) {
            s.ok("gui_click", "identifier", "toolbar.button.createVM");
            try {
                JsonNode opened = s.call("gui_click", "identifier", "dialog.createVM.button.browse");
                assertTrue(text(opened).contains("now: chooseIso "), text(opened));
                // Enter on a folder's path opens that folder in the chooser.
                s.ok("gui_type", "identifier", "dialog.chooseIso.input.fileName", "text", dir + "\n", "replace", true);
                int[] controls = {0};
                Fixture.await("the chooser to list the folder", () -> {
                    try (probe.client.ProbeClient c = Fixture.client()) {
                        controls[0] = c.call("gui.dialog.current").get("controls").size();
                        return controls[0] >= 55;
                    } catch (Exception e) {
                        return false;
                    }
                });
                StringBuilder report = new StringBuilder("MCP structuredContent / text, in characters (JSON as sent), in a dialog of "
                        + controls[0] + " controls (HVM's file chooser on a folder of 48 images):\n");
                List<String> over = new ArrayList<>();
                ratio(report, over, "gui_type into it", s.call("gui_type", "identifier", "dialog.chooseIso.input.fileName", "text",
                        "image-07.iso", "replace", true));
                ratio(report, over, "gui_click into it", s.call("gui_click", "identifier", "dialog.chooseIso.button.upOneLevel"));
                ratio(report, over, "gui_keypress into it", s.call("gui_keypress", "key", "Tab"));
                ratio(report, over, "gui_snapshot of the dialog", s.call("gui_snapshot", "scope", "dialog"));
                System.out.print(report);
                Path file = Fixture.projectRoot().resolve("itest/target/mcp-structured.txt");
                Files.createDirectories(file.getParent());
                Files.writeString(file, report, StandardCharsets.UTF_8);
                assertEquals(List.of(), over, "at most " + MAX_STRUCTURED_RATIO + " times the text:\n" + report);
            } finally {
                s.call("gui_keypress", "key", "Escape", "identifier", "dialog.chooseIso.input.fileName");
                s.ok("gui_wait", "dialog", "chooseIso", "state", "closed", "timeoutMillis", 15000);
                s.call("gui_click", "identifier", "dialog.createVM.button.cancel");
                s.ok("gui_wait", "dialog", "createVM", "state", "closed", "timeoutMillis", 15000);
                try (var files = Files.list(dir)) {
                    for (Path f : (Iterable<Path>) files::iterator) {
                        Files.delete(f);
                    }
                }
                Files.delete(dir);
            }
        }
    }

    /** Adds the ratio of a result's structuredContent to its text to {@code report}, and to {@code over} when beyond the bound. */
    private static void ratio(StringBuilder report, List<String> over, String what, JsonNode result) {
        assertFalse(result.get("isError").asBoolean(), what + ": " + result);
        int text = text(result).length();
        int json = result.get("structuredContent").toString().length();
        double ratio = (double) json / text;
        String line = String.format(java.util.Locale.ROOT, "%-22s text %6d, structuredContent %6d, ratio %5.2f", what, text, json, ratio);
        report.append(line).append('\n');
        if (ratio > MAX_STRUCTURED_RATIO) {
            over.add(line);
        }
    }

    /** Whether the server's log says its event feed has subscribed. */
    private static boolean subscribed(Session s) {
        try {
            return s.stderr().stream().anyMatch(l -> l.contains("hvm-dbg mcp: events: subscribed"));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Adds what gui_events answers now to {@code events}; all of them so far. */
    private static String poll(Session s, StringBuilder events) {
        try {
            return events.append(s.ok("gui_events")).append('\n').toString();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A GUI that stops and starts again under a running server: a separate debug runtime (the
     * framework of this test cannot restart its own GUI), stopped by SIGTERM and started again on
     * the same socket. The call meanwhile is an error result saying what to start; the server
     * stays up; the next call after the restart connects; the event subscription is renewed.
     */
    @Test
    void theGuiStopsAndStartsAgainUnderARunningServer() throws Exception {
        Path tmp = Files.createTempDirectory("hdp-mcp");
        Path socket = tmp.resolve("run").resolve("probe.sock");
        Map<String, String> env = Map.of("HVM_HOME", tmp.resolve("library").toString(), "HVM_GUI_PROBE_SOCKET", socket.toString());
        Path debugJar = Fixture.projectRoot().resolve("run/target/debug.jar");
        Proc first = Proc.java(env, "-Dgosh.args=--nointeractive", "-jar", debugJar.toString());
        try (Session s = new Session(socket, Map.of())) {
            first.awaitLine("HDP-GUI probe listening on " + socket);
            first.awaitLine("HVM main window shown");
            assertTrue(s.ok("gui_snapshot").contains("toolbar.button.createVM"));
            StringBuilder before = new StringBuilder();
            // The server's log says when its feed subscribed; the note in gui_events comes only when
            // the feed found no GUI first (it may find this one up at once).
            Fixture.await("the event subscription to the first GUI", () -> subscribed(s)
                    || poll(s, before).contains("the GUI answers now"));

            first.close();
            JsonNode gone = s.call("gui_snapshot");
            assertTrue(gone.get("isError").asBoolean(), text(gone));
            assertTrue(text(gone).startsWith("error probe.unavailable: no probe answers on " + socket), text(gone));
            assertTrue(text(gone).contains("run/hvm-debug"), "the hint says what to start: " + text(gone));
            assertTrue(s.send(Wire.object().put("cmd", "ping")).get("ok").asBoolean(), "the server is still there");

            try (Proc second = Proc.java(env, "-Dgosh.args=--nointeractive", "-jar", debugJar.toString())) {
                second.awaitLine("HDP-GUI probe listening on " + socket);
                second.awaitLine("HVM main window shown");
                assertTrue(s.ok("gui_snapshot").contains("toolbar.button.createVM"), "the next call connects to the new GUI");
                StringBuilder events = new StringBuilder();
                try {
                    Fixture.await("the event subscription renewed", () -> poll(s, events).contains("reconnected to the GUI"));
                } catch (AssertionError e) {
                    throw new AssertionError(e.getMessage() + "; events: " + events + "; the server's log: " + s.stderr(), e);
                }
                assertTrue(events.toString().contains("the GUI went away"), events.toString());
                s.ok("gui_click", "identifier", "toolbar.button.createVM");
                Fixture.await("an event of the new GUI", () -> poll(s, events).contains("dialog.opened createVM"));
            }
        } finally {
            first.close();
        }
    }
}
