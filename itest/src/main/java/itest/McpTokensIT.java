package itest;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;

/**
 * What the encrypted create-and-start flow costs an agent, measured: the official MCP SDK's client
 * ({@code probe.cli.mcp.McpDriver}) drives the real {@code hvm-dbg mcp} against the real GUI through
 * the flow of issue 22 (snapshot; Create VM; type the name; toggle encryption; password and
 * confirmation from secretEnv; Create; wait for the row; select it; Start; the password; Enter; wait
 * for "Running"; one screenshot), and counts, with a real tokenizer (JTokkit's o200k_base), the
 * tokens of every result's text and of the tool list. The figures are printed and written to
 * {@code itest/target/mcp-tokens.txt} (docs/BENCHMARKS.md has them).
 *
 * <p>The flow runs on a debug runtime of its own with an empty library (as the issue measured a
 * fresh app), so that what other tests left in the shared GUI (VMs in the sidebar, a VM selected)
 * does not change the figures.
 *
 * <p>Nothing is lost for the saving: after each action a {@code gui_snapshot} (not counted) must
 * agree with what the result said: the dialog it names is the one open, what appeared shows and
 * what disappeared does not, every control a result lists exists, and a dialog that opened is
 * listed in the result whole, so that the flow needs no snapshot after the first.
 */
@ExtendWith(Bounded.class)
@ExtendWith(WithApp.class)
class McpTokensIT {
    private static final String SECRET_VAR = "HVM_SECRET_VM_PASSWORD";
    /**
     * The targets of issue 22: calls, results' tokens in all, the tool list's tokens. The tool list's
     * 1700 is 1850 since its schemas keep minimum, maximum and default (issue 28 allows 15% for them;
     * the list is 1812 tokens with them).
     */
    static final int MAX_CALLS = 14;
    static final int MAX_RESULT_TOKENS = 1300;
    static final int MAX_TOOL_LIST_TOKENS = 1850;

    private static final Pattern APPEARED = Pattern.compile("\\bappeared ([^;\\n]+)");
    private static final Pattern DISAPPEARED = Pattern.compile("\\bdisappeared ([^;\\n]+)");
    private static final Pattern OPENED = Pattern.compile("\\bopened ([A-Za-z0-9_]+)");
    /** A control's line as gui_snapshot and the results list it: indented, a role (as the probe names them), an identifier. */
    private static final Pattern CONTROL_LINE = Pattern.compile("^ *(dialog|window|menu|menuItem|toggle|button|password|input|combo"
            + "|spinner|list|table|tree|tabs|slider|progress|label|popup|tooltip|group|row|tab) ([a-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_-]+)+)(?: |$)");

    /** One counted call. */
    record Call(String tool, String args, int tokens, String text) {
    }

    @Test
    void theEncryptedCreateAndStartFlowIsCheapAndLosesNothing() throws Exception {
        String name = "TokenVM" + System.nanoTime() % 100000;
        String secret = "tok-s3cret-" + System.nanoTime();
        List<Call> calls = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Path tmp = Files.createTempDirectory("hdp-mcp-tokens");
        Path socket = tmp.resolve("run").resolve("probe.sock");
        Map<String, String> env = Map.of("HVM_HOME", tmp.resolve("library").toString(), "HVM_GUI_PROBE_SOCKET", socket.toString());
        Path debugJar = Fixture.projectRoot().resolve("run/target/debug.jar");
        try (Proc gui = Proc.java(env, "-Dgosh.args=--nointeractive", "-jar", debugJar.toString());
                McpIT.Session s = awaitSession(gui, socket, secret)) {
            int toolList = s.send(Wire.object().put("cmd", "tools")).get("tokens").asInt();

            counted(s, calls, "gui_snapshot");
            checked(s, problems, counted(s, calls, "gui_click", "identifier", "toolbar.button.createVM"));
            checked(s, problems, counted(s, calls, "gui_type", "identifier", "dialog.createVM.input.name", "text", name));
            checked(s, problems, counted(s, calls, "gui_click", "identifier", "dialog.createVM.toggle.encrypt"));
            checked(s, problems, counted(s, calls, "gui_type", "identifier", "dialog.createVM.input.password", "secretEnv", SECRET_VAR));
            checked(s, problems, counted(s, calls, "gui_type", "identifier", "dialog.createVM.input.confirm", "secretEnv", SECRET_VAR));
            checked(s, problems, counted(s, calls, "gui_click", "identifier", "dialog.createVM.button.create"));
            checked(s, problems, counted(s, calls, "gui_wait", "identifier", "sidebar.row." + name, "state", "showing", "timeoutMillis", 15000));
            checked(s, problems, counted(s, calls, "gui_click", "identifier", "sidebar.row." + name));
            checked(s, problems, counted(s, calls, "gui_click", "identifier", "detail.button.start"));
            checked(s, problems, counted(s, calls, "gui_type", "identifier", "dialog.encryptionPassword.input.password", "secretEnv", SECRET_VAR));
            checked(s, problems, counted(s, calls, "gui_keypress", "key", "return"));
            checked(s, problems, counted(s, calls, "gui_wait", "identifier", "detail.label.state", "value", "Running", "timeoutMillis", 15000));
            counted(s, calls, "gui_screenshot");

            for (String t : s.texts) {
                assertFalse(t.contains(secret), "no result holds the secret: " + t);
            }
            int results = calls.stream().mapToInt(Call::tokens).sum();
            String report = report(calls, results, toolList);
            System.out.println(report);
            Path file = Fixture.projectRoot().resolve("itest/target/mcp-tokens.txt");
            Files.createDirectories(file.getParent());
            Files.writeString(file, report, StandardCharsets.UTF_8);

            assertTrue(problems.isEmpty(), "each result agrees with a gui_snapshot taken after it:\n" + String.join("\n", problems)
                    + "\n" + report);
            assertTrue(calls.size() <= MAX_CALLS, calls.size() + " calls\n" + report);
            assertTrue(results <= MAX_RESULT_TOKENS, "the results cost " + results + " o200k tokens, at most " + MAX_RESULT_TOKENS
                    + "\n" + report);
            assertTrue(toolList <= MAX_TOOL_LIST_TOKENS, "the tool list costs " + toolList + " o200k tokens, at most "
                    + MAX_TOOL_LIST_TOKENS + "\n" + report);
        }
    }

    /** The MCP session, once the runtime's GUI shows and its probe listens. */
    private static McpIT.Session awaitSession(Proc gui, Path socket, String secret) throws Exception {
        gui.awaitLine("HDP-GUI probe listening on " + socket);
        gui.awaitLine("HVM main window shown");
        return new McpIT.Session(socket, Map.of(SECRET_VAR, secret));
    }

    /** Calls a tool that must succeed, counting its tokens; the whole answer. */
    private static JsonNode counted(McpIT.Session s, List<Call> calls, String tool, Object... kv) throws IOException {
        JsonNode r = s.call(tool, kv);
        assertFalse(r.get("isError").asBoolean(), tool + " failed: " + r);
        StringBuilder args = new StringBuilder();
        for (int i = 0; i < kv.length; i += 2) {
            args.append(args.length() > 0 ? " " : "").append(kv[i]).append('=').append(kv[i + 1]);
        }
        calls.add(new Call(tool, args.toString(), r.get("tokens").asInt(), McpIT.text(r)));
        return r;
    }

    private static String report(List<Call> calls, int results, int toolList) {
        StringBuilder b = new StringBuilder("MCP token cost of the encrypted create-and-start flow (o200k_base):\n");
        int n = 0;
        for (Call c : calls) {
            b.append(String.format(Locale.ROOT, "%3d %5d  %s %s%n", ++n, c.tokens(), c.tool(), c.args()));
        }
        b.append(String.format(Locale.ROOT, "calls %d, results %d tokens, tool list %d tokens%n", calls.size(), results, toolList));
        for (Call c : calls) {
            b.append("---- ").append(c.tool()).append(' ').append(c.args()).append('\n').append(c.text()).append('\n');
        }
        return b.toString();
    }

    /**
     * Holds an action's result against a gui_snapshot taken after it (the check's own calls are not
     * counted); what disagrees is added to {@code problems}.
     */
    private static void checked(McpIT.Session s, List<String> problems, JsonNode result) throws IOException {
        String text = McpIT.text(result);
        String what = text.lines().findFirst().orElse("");
        String snapshot = s.ok("gui_snapshot", "maxItems", 100_000);
        Set<String> showing = controls(snapshot);
        String dialogNow = dialog(snapshot.lines().findFirst().orElse(""));
        String said = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("now: ")) {
                said = dialog(line);
            }
        }
        if (!java.util.Objects.equals(said, dialogNow)) {
            problems.add(what + ": the result says the dialog open is " + said + ", the snapshot " + dialogNow);
        }
        for (String id : names(APPEARED, text)) {
            if (!showing.contains(id)) {
                problems.add(what + ": " + id + " appeared, but the snapshot has no such control");
            }
        }
        for (String id : names(DISAPPEARED, text)) {
            if (showing.contains(id)) {
                problems.add(what + ": " + id + " disappeared, but the snapshot shows it");
            }
        }
        for (String id : controls(text)) {
            if (!showing.contains(id)) {
                problems.add(what + ": the result lists " + id + ", which the snapshot does not");
            }
        }
        JsonNode structured = result.get("structuredContent");
        JsonNode effects = structured == null ? null : structured.at("/data/effects");
        if (effects != null && effects.isObject()) {
            // Bounded and counted: what the text does not name, it counts ("+3 more", "and its 23 controls").
            for (String kind : List.of("appeared", "disappeared")) {
                // Where the text names them: the receipt's "appeared …" or "disappeared …", and the
                // control lines (of an appeared list or of a dialog listed whole).
                StringBuilder naming = new StringBuilder();
                Matcher seg = Pattern.compile("\\b" + kind + " ([^;\\n]+)").matcher(text);
                while (seg.find()) {
                    naming.append(seg.group(1)).append('\n');
                }
                if (kind.equals("appeared")) {
                    controls(text).forEach(id -> naming.append(id).append('\n'));
                }
                int unnamed = 0;
                for (JsonNode id : effects.path(kind)) {
                    if (!Pattern.compile("(?<![\\w.])" + Pattern.quote(id.asText()) + "(?![\\w.])").matcher(naming).find()) {
                        unnamed++;
                    }
                }
                int counted = 0;
                seg.reset();
                while (seg.find()) {
                    Matcher n = Pattern.compile("\\+(\\d+) more|its (\\d+) controls").matcher(seg.group(1));
                    while (n.find()) {
                        counted += Integer.parseInt(n.group(1) != null ? n.group(1) : n.group(2));
                    }
                }
                if (unnamed != counted) {
                    problems.add(what + ": " + unnamed + " " + kind + " controls are not named, " + counted + " are counted");
                }
            }
        }
        Matcher opened = OPENED.matcher(text);
        if (opened.find()) {
            // A dialog that opened is shown whole: every control of it, so that the next call can act.
            String inDialog = s.ok("gui_snapshot", "scope", "dialog", "maxItems", 100_000);
            Set<String> listed = controls(text);
            listed.add("dialog." + dialog(text.lines().filter(l -> l.startsWith("now: ")).findFirst().orElse("")));
            for (String id : controls(inDialog)) {
                if (!listed.contains(id)) {
                    problems.add(what + ": dialog " + opened.group(1) + " opened, but the result does not list its control " + id);
                }
            }
        }
    }

    /** The dialog a first line or a "now:" line names, or null for none. */
    static String dialog(String line) {
        if (line.contains("no dialog")) {
            return null;
        }
        Matcher m = Pattern.compile((line.contains("dialog open: ") ? "dialog open: " : "now: ") + "([A-Za-z0-9_]+)").matcher(line);
        return m.find() ? m.group(1) : "? " + line;
    }

    /** The identifiers of the control lines in {@code text}. */
    static Set<String> controls(String text) {
        Set<String> ids = new LinkedHashSet<>();
        for (String line : text.split("\n")) {
            Matcher m = CONTROL_LINE.matcher(line);
            if (m.find() && !line.startsWith("now:")) {
                ids.add(m.group(2));
            }
        }
        return ids;
    }

    /** The names a receipt's list ({@code appeared a, b +3 more}) shows. */
    static List<String> names(Pattern kind, String text) {
        List<String> out = new ArrayList<>();
        Matcher m = kind.matcher(text);
        while (m.find()) {
            for (String n : m.group(1).split(", ")) {
                String id = n.trim().split(" ")[0];
                if (!id.isEmpty() && !id.startsWith("+")) {
                    out.add(id);
                }
            }
        }
        return out;
    }
}
