package probe.cli.internal;

import probe.cli.ops.CompiledDescriptions;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import probe.api.DescriptionJson;
import probe.api.OpDescription;
import probe.api.wire.Wire;
import probe.client.line.OpOptions;
import probe.testing.TestProbe;

/** The CLI run in-process against a {@link TestProbe}: output, messages and exit codes. */
class MainTest {
    @TempDir
    Path dir;

    private TestProbe probe;
    private byte[] png;

    private static final class Run {
        final int code;
        final String out;
        final String err;

        Run(int code, String out, String err) {
            this.code = code;
            this.out = out;
            this.err = err;
        }

        @Override
        public String toString() {
            return "exit " + code + "\nout: " + out + "\nerr: " + err;
        }
    }

    @BeforeEach
    void start() throws Exception {
        BufferedImage img = new BufferedImage(64, 40, BufferedImage.TYPE_INT_RGB);
        img.setRGB(3, 4, Color.RED.getRGB());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(img, "png", bytes);
        png = bytes.toByteArray();
        TestProbe.Handler standard = TestProbe.standard();
        probe = TestProbe.start(dir, (req, conn) -> {
            String op = req.path("op").asText();
            if (op.equals("gui.screenshot")) {
                ObjectNode d = Wire.object();
                d.put("png_base64", Base64.getEncoder().encodeToString(png));
                d.put("width", 64);
                d.put("height", 40);
                conn.reply(req, d);
            } else if (op.equals("gui.click")) {
                conn.reply(req, null);
            } else if (op.equals("probe.describe")) {
                // The running GUI has an op hvm-dbg was not built with (as itest DemoEcho installs it).
                ObjectNode d = Wire.object();
                com.fasterxml.jackson.databind.node.ArrayNode ops = d.putArray("ops");
                for (OpDescription k : CompiledDescriptions.all()) {
                    ops.add(k.op().equals("gui.list") ? newerList() : DescriptionJson.served(k));
                }
                ops.add(DescriptionJson.served(OpDescription.of(Wire.mapper().readTree(ECHO))));
                // And one it refuses, as the probe lists it (OpTable#unavailable).
                d.putArray("unavailable").addObject().put("op", "acme.typo").put("reason", "its description is malformed");
                conn.reply(req, d);
            } else if (op.equals("demo.echo")) {
                JsonNode a = req.path("args");
                conn.reply(req, Wire.object().put("text", a.path("text").asText().repeat(a.path("times").asInt(1))));
            } else {
                standard.handle(req, conn);
            }
        });
    }

    @AfterEach
    void stop() throws Exception {
        probe.close();
    }

    private Run run(String... args) {
        return runWithInput("", args);
    }

    private Run runWithInput(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        // As main runs it.
        int code = HvmDbg.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), new PrintWriter(out, true),
                new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    private String sock() {
        return probe.socket().toString();
    }

    /** A third party's op, as its bundle would describe it (examples/demo.echo). */
    private static final String ECHO = "{\"op\": \"demo.echo\", \"verb\": \"echo\", \"title\": \"Echo a text\", \"acts\": false,"
            + " \"args\": [{\"name\": \"text\", \"type\": \"string\", \"required\": true, \"label\": \"TEXT\"},"
            + " {\"name\": \"times\", \"type\": \"integer\", \"minimum\": 1, \"maximum\": 10, \"default\": 1, \"label\": \"N\"}]}";

    /** gui.list as a newer bundle than hvm-dbg's would describe it: with an argument more, depth. */
    private static ObjectNode newerList() {
        ObjectNode list = DescriptionJson.served(CompiledDescriptions.of("gui.list").orElseThrow());
        ((com.fasterxml.jackson.databind.node.ArrayNode) list.get("args")).addObject().put("name", "depth").put("type", "integer")
                .put("minimum", 1).put("label", "N").put("help", "how deep");
        list.remove("schema");
        return list;
    }

    @Test
    void helloPrintsProtocolServerAndOps() {
        Run r = run("--socket", sock(), "hello");
        assertEquals(0, r.code, r.toString());
        assertTrue(r.out.contains("protocol 1"), r.out);
        assertTrue(r.out.contains("server test-probe 9.9"), r.out);
        assertTrue(r.out.contains("ops (3):") && r.out.contains("  echo"), r.out);
        assertEquals("", r.err);
    }

    @Test
    void jsonPrintsTheRawDataAndSharedOptionsGoAnywhere() throws Exception {
        Run r = run("hello", "--json", "--socket", sock());
        assertEquals(0, r.code, r.toString());
        JsonNode data = Wire.mapper().readTree(r.out);
        assertEquals(1, data.get("protocol").intValue());
        assertEquals(1, r.out.trim().lines().count(), "one line");
    }

    @Test
    void callSendsTheArgsAndPrintsTheData() throws Exception {
        Run r = run("--socket", sock(), "call", "echo", "{\"scope\":\"dialog\",\"n\":[1,2]}");
        assertEquals(0, r.code, r.toString());
        assertEquals(Wire.mapper().readTree("{\"scope\":\"dialog\",\"n\":[1,2]}"), Wire.mapper().readTree(r.out));
        assertEquals("echo", probe.requests().get(0).get("op").textValue());

        Run none = run("--socket", sock(), "--json", "call", "gui.click");
        assertEquals(0, none.code, none.toString());
        assertEquals("null", none.out.trim());
        assertFalse(probe.requests().get(1).has("args"));
    }

    @Test
    void callReadsArgsFromStandardInput() {
        Run r = runWithInput("{\"identifier\":\"x.y.z\",\"text\":\"s3cret\"}", "--socket", sock(), "--json", "call", "echo", "-");
        assertEquals(0, r.code, r.toString());
        assertEquals("s3cret", probe.requests().get(0).get("args").get("text").textValue());
    }

    @Test
    void probeErrorExitsOneWithCodeAndMessage() {
        Run r = run("--socket", sock(), "call", "fail");
        assertEquals(1, r.code, r.toString());
        assertEquals("error gui.identifier_ambiguous: 2 controls match 'a.b'\n  a.b.c\n  a.b.d", r.err.trim(),
                "the candidates in the words every front end uses");
        assertEquals("", r.out);

        Run json = run("--socket", sock(), "--json", "call", "fail");
        assertEquals(1, json.code, json.toString());
        assertTrue(json.err.startsWith("error gui.identifier_ambiguous: 2 controls match 'a.b'"), json.err);
        assertTrue(json.err.contains("{\"candidates\":[\"a.b.c\",\"a.b.d\"]}"), json.err);
    }

    @Test
    void badUsageExitsTwo() {
        assertEquals(2, run("--socket", sock(), "frobnicate").code);
        assertEquals(2, run("--socket", sock()).code, "no command");
        assertEquals(2, run("--socket", sock(), "gui", "--frob").code, "no verb, an option hvm-dbg does not know");
        assertEquals(2, run("--socket", sock(), "gui", "screenshot").code, "no --output");
        assertEquals(2, run("--socket", sock(), "--timeout", "0", "hello").code);
        assertEquals(2, run("--socket", sock(), "--timeout", "soon", "hello").code);
        assertEquals(2, run("--socket", sock(), "call").code, "no OP");
        assertEquals(2, run("--socket", sock(), "call", "echo", "[1]").code, "args not an object");
        assertTrue(onlyDescriptionsAsked(), "nothing was sent but the descriptions asked: " + probe.requests());
    }

    @Test
    void badArgsJsonNeverEchoesItsContent() {
        Run r = run("--socket", sock(), "call", "gui.type", "{\"text\": hunter2}");
        assertEquals(2, r.code, r.toString());
        assertTrue(r.err.contains("ARGS_JSON is not valid JSON at line 1"), r.err);
        assertFalse(r.err.contains("hunter2"), r.err);
        Run stdin = runWithInput("{\"text\": hunter2", "--socket", sock(), "call", "gui.type", "-");
        assertEquals(2, stdin.code, stdin.toString());
        assertFalse(stdin.err.contains("hunter2"), stdin.err);
    }

    @Test
    void noProbeExitsThreeWithAHint() throws Exception {
        Path missing = dir.resolve("none.sock");
        Run r = run("--socket", missing.toString(), "hello");
        assertEquals(3, r.code, r.toString());
        assertTrue(r.err.startsWith("no probe answers on " + missing + " (no socket file there)"), r.err);
        assertTrue(r.err.contains("run/hvm-debug") && r.err.contains("HVM_GUI_PROBE_SOCKET"), r.err);

        probe.close();
        Path dead = Files.writeString(dir.resolve("not-a-socket"), "");
        assertEquals(3, run("--socket", dead.toString(), "gui", "screenshot", "-o", dir.resolve("x.png").toString()).code);
    }

    @Test
    void noReplyInTimeExitsOne() {
        Run r = run("--socket", sock(), "--timeout", "0.2", "call", "hang");
        assertEquals(1, r.code, r.toString());
        assertTrue(r.err.startsWith("error client.timeout: no reply to hang within 0.2 s"), r.err);
    }

    @Test
    void screenshotWritesTheDecodedPng() throws Exception {
        Path out = dir.resolve("shot.png");
        Run r = run("--socket", sock(), "gui", "screenshot", "--output", out.toString());
        assertEquals(0, r.code, r.toString());
        assertEquals("wrote " + out + " (64x40)", r.out.trim());
        assertArrayEquals(png, Files.readAllBytes(out));
        assertEquals(Color.RED.getRGB(), ImageIO.read(out.toFile()).getRGB(3, 4));
        ObjectNode args = (ObjectNode) sent("gui.screenshot").get(0).get("args");
        assertEquals("png", args.get("format").textValue());
        assertFalse(args.has("scope"));

        Run json = run("--socket", sock(), "--json", "gui", "screenshot", "--scope", "dialog", "-o", out.toString());
        assertEquals(0, json.code, json.toString());
        JsonNode summary = Wire.mapper().readTree(json.out);
        assertEquals(out.toString(), summary.get("output").textValue());
        assertEquals(64, summary.get("width").intValue());
        assertFalse(summary.has("png_base64"));
        assertEquals("dialog", sent("gui.screenshot").get(1).get("args").get("scope").textValue());
    }

    @Test
    void screenshotIntoAMissingFolderExitsOne() {
        Path out = dir.resolve("no").resolve("such").resolve("shot.png");
        Run r = run("--socket", sock(), "gui", "screenshot", "--output", out.toString());
        assertEquals(1, r.code, r.toString());
        assertTrue(r.err.startsWith("error client.output: cannot write " + out), r.err);
    }

    @Test
    void tokenFileAuthenticatesFirst() throws Exception {
        TestProbe.Handler standard = TestProbe.standard();
        boolean[] authed = {false};
        try (TestProbe guarded = TestProbe.start(Files.createDirectory(dir.resolve("guarded")), (req, conn) -> {
            if (authed[0]) {
                standard.handle(req, conn);
            } else if (!req.path("op").asText().equals("probe.auth")) {
                conn.fail(req, "auth.required", "this probe needs a token", null);
                conn.close();
            } else if (req.path("args").path("token").asText().equals("t0k3n")) {
                authed[0] = true;
                conn.reply(req, null);
            } else {
                conn.fail(req, "auth.denied", "wrong token", null);
                conn.close();
            }
        })) {
            String socket = guarded.socket().toString();
            Path good = privateFile(dir.resolve("token"), "  t0k3n\nsecond line ignored\n");
            Path bad = privateFile(dir.resolve("bad-token"), "n0p3\n");

            Run without = run("--socket", socket, "hello");
            assertEquals(1, without.code, without.toString());
            assertTrue(without.err.startsWith("error auth.required:") && without.err.contains("--token-file"), without.err);

            Run wrong = run("--socket", socket, "--token-file", bad.toString(), "hello");
            assertEquals(1, wrong.code, wrong.toString());
            assertEquals("error auth.denied: wrong token", wrong.err.trim());

            Run ok = run("hello", "--socket", socket, "--token-file", good.toString());
            assertEquals(0, ok.code, ok.toString());
            assertTrue(ok.out.contains("server test-probe"), ok.out);
            assertFalse(ok.out.contains("t0k3n") || ok.err.contains("t0k3n"));

            assertEquals(2, run("--socket", socket, "--token-file", dir.resolve("none").toString(), "hello").code);
        }
    }

    /** A file of {@code text} that only its owner may read and write, as a token file must be. */
    static Path privateFile(Path file, String text) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    /** As ssh refuses a private key others can read: bad usage, naming the file and the fix, and nothing sent. */
    @Test
    void aTokenFileThatOthersMayReadOrWriteIsRefused() throws Exception {
        for (String mode : new String[] {"rw-r--r--", "rw-rw----", "rw-------"}) {
            Path token = privateFile(dir.resolve("token-" + mode), "t0k3n\n");
            Files.setPosixFilePermissions(token, PosixFilePermissions.fromString(mode));
            int before = probe.requests().size();
            Run r = run("--socket", sock(), "--token-file", token.toString(), "hello");
            if (mode.equals("rw-------")) {
                // Private: its token is sent (this test probe knows no probe.auth, hence exit 1).
                assertEquals("probe.auth", probe.requests().get(before).path("op").asText(), r.toString());
                continue;
            }
            assertEquals(2, r.code, mode + ": " + r);
            assertTrue(r.err.contains(token.toString()) && r.err.contains("chmod 600 '" + token + "'"), mode + ": " + r.err);
            assertTrue(r.err.contains(mode.equals("rw-r--r--") ? "(mode 0644)" : "(mode 0660)"), r.err);
            assertFalse(r.err.contains("t0k3n") || r.out.contains("t0k3n"), r.toString());
            assertEquals(before, probe.requests().size(), "nothing is sent with a token file others may read");
        }
    }

    @Test
    void aUsageErrorIsTheErrorAndWhereTheHelpIs() {
        Run missing = run("--socket", sock(), "gui", "click");
        assertEquals(2, missing.code, missing.toString());
        assertEquals("--identifier is required: a non-empty string\nTry 'hvm-dbg gui click --help' for more information.\n", missing.err);
        Run verb = run("--socket", sock(), "gui", "lsit");
        assertEquals(2, verb.code, verb.toString());
        assertTrue(verb.err.startsWith("'lsit' is no verb of the GUI's ops; did you mean list"), verb.err);
        // The compiled-in verbs and the GUI's own (echo), sorted: whatever ops hvm-dbg is built with.
        java.util.TreeSet<String> verbs = new java.util.TreeSet<>(GuiLine.known().keySet());
        verbs.add("echo");
        assertTrue(verbs.containsAll(java.util.List.of("audit", "click", "dialog", "list", "type", "wait", "watch")), verbs.toString());
        assertTrue(verb.err.endsWith("Verbs: " + String.join(", ", verbs) + ". Try 'hvm-dbg gui --help' for more.\n"), verb.err);
        Run none = run();
        assertEquals(2, none.code, none.toString());
        assertEquals("Missing required subcommand\nCommands: hello, call, describe, gui, mcp, ps, attach, detach, launch, help, completion. Try 'hvm-dbg --help' for more.\n", none.err);
        // What the description refuses, said the same way.
        Run late = run("--socket", sock(), "gui", "wait", "--state", "opened");
        assertEquals(2, late.code, late.toString());
        assertEquals("--state must be one of showing, hidden, enabled, disabled, open, closed, idle, got 'opened'\n"
                + "Try 'hvm-dbg gui wait --help' for more information.\n", late.err);
        for (Run r : new Run[] {missing, verb, none, late}) {
            assertFalse(r.err.contains("Usage:"), "no whole usage after a mistake: " + r.err);
        }
        assertTrue(onlyDescriptionsAsked(),
                "nothing was sent but the question which verbs the GUI adds: " + probe.requests());
    }

    @Test
    void aPluginsVerbIsSuggestedByWhatFollowsTheDotOfItsName() throws Exception {
        java.util.Map<String, OpDescription> all = new java.util.TreeMap<>(GuiLine.known());
        all.put("acme.noop", OpDescription.undeclared("acme.noop", null)); // no description: its name is its verb
        all.put("echo", OpDescription.of(Wire.mapper().readTree(ECHO)));
        assertEquals(java.util.List.of("acme.noop"), GuiLine.nearVerbs("noop", all));
        assertEquals(java.util.List.of("acme.noop"), GuiLine.nearVerbs("nop", all));
        assertEquals("list", GuiLine.nearVerbs("lsit", all).get(0));
        assertEquals("echo", GuiLine.nearVerbs("demo.echo", all).get(0), "the op's name finds its verb");
        assertEquals(java.util.List.of(), GuiLine.nearVerbs("zzzzzzzz", all));
    }

    /** A description file in the test's folder, named {@code name}. */
    private Path description(String name, String json) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, json);
        return f;
    }

    @Test
    void describeCheckReadsDescriptionsAsTheProbeDoesWithoutOne() throws Exception {
        Path good = description("demo.echo.json", ECHO);
        Path typo = description("acme.typo.json", "{\"op\": \"acme.typo\", \"args\": [{\"name\": \"times\", \"type\": \"integer\","
                + " \"defualt\": 1}]}");
        Path type = description("acme.type.json", "{\"op\": \"acme.type\", \"acts\": \"no\"}");
        Path other = description("acme.other.json", ECHO);
        Path notJson = description("acme.broken.json", "{\"op\": \"acme.broken\",");
        Path badName = description("echo.json", ECHO);
        int before = probe.requests().size();
        Run ok = run("--socket", sock(), "describe", "--check", good.toString());
        assertEquals(0, ok.code, ok.toString());
        assertEquals(good + ": ok: demo.echo, hvm-dbg gui echo --text TEXT [--times N]\n", ok.out);
        Run bad = run("describe", "--check", good.toString(), typo.toString(), type.toString(), other.toString(), notJson.toString(),
                badName.toString(), dir.resolve("absent.op.json").toString());
        assertEquals(1, bad.code, bad.toString());
        assertEquals(good + ": ok: demo.echo, hvm-dbg gui echo --text TEXT [--times N]\n", bad.out, "the good one still said");
        String[] lines = bad.err.split("\n");
        assertEquals(6, lines.length, bad.err);
        assertTrue(lines[0].startsWith(typo + ": its description OSGI-INF/probe/ops/acme.typo.json is malformed: argument 'times':"
                + " unknown key 'defualt' (did you mean 'default'?)"), lines[0]);
        assertTrue(lines[1].startsWith(type + ": ") && lines[1].contains("'acts'"), lines[1]);
        assertEquals(other + ": its description OSGI-INF/probe/ops/acme.other.json describes demo.echo", lines[2]);
        assertTrue(lines[3].startsWith(notJson + ": ") && lines[3].contains("not JSON"), lines[3]);
        assertTrue(lines[4].startsWith(badName + ": a description is named for its op, OSGI-INF/probe/ops/OP.json"), lines[4]);
        assertEquals(dir.resolve("absent.op.json") + ": no such file", lines[5]);
        Run json = run("--json", "describe", "--check", good.toString());
        assertEquals("demo.echo", Wire.mapper().readTree(json.out).get("op").asText(), json.out);
        assertEquals(2, run("describe", "--check").code, "--check needs a FILE");
        assertEquals(2, run("--socket", sock(), "describe", good.toString()).code, "a FILE only with --check");
        assertEquals(before, probe.requests().size(), "--check asks no probe");

        Run live = run("--socket", sock(), "describe");
        assertEquals(0, live.code, live.toString());
        assertTrue(live.out.contains("demo.echo  (hvm-dbg gui echo)"), live.out);
        assertTrue(live.out.contains("acme.typo  unavailable: its description is malformed"), live.out);
        Run refused = run("--socket", sock(), "gui", "typo");
        assertEquals(2, refused.code, refused.toString());
        assertTrue(refused.err.endsWith("The GUI refuses its op acme.typo: its description is malformed\n"), refused.err);
    }

    @Test
    void helpNamesACommandAtAnyDepthAndCompletionPrintsAScript() {
        Run help = run("help", "gui", "click");
        assertEquals(0, help.code, help.toString());
        assertTrue(help.out.startsWith("Usage: hvm-dbg gui click "), help.out);
        assertEquals(run("gui", "click", "--help").out, help.out, "the same as --help after the command");
        assertTrue(run("help").out.startsWith("Usage: hvm-dbg "));
        Run unknown = run("--socket", sock(), "help", "gui", "frob");
        assertEquals(2, unknown.code, unknown.toString());
        assertTrue(unknown.err.startsWith("'frob' is no verb of the GUI's ops"), unknown.err);

        Run script = run("completion");
        assertEquals(0, script.code, script.toString());
        assertTrue(script.out.contains("-F _complete_hvm-dbg hvm-dbg") && script.out.contains("completion --at"), script.out);

        Run watch = run("gui", "watch", "--help");
        assertTrue(watch.out.contains("For watch, --timeout SECONDS is how long to watch in all (default: no limit"), watch.out);
        assertTrue(watch.out.contains("--count N  stop after N events"), watch.out);
    }

    @Test
    void helpAndVersionExitZero() {
        Run help = run("--help");
        assertEquals(0, help.code);
        assertTrue(help.out.contains("Exit codes:") && help.out.contains("gui"), help.out);
        assertEquals(0, run("gui", "screenshot", "--help").code);
        assertEquals(0, run("--version").code);
        Run before = run("--help", "hello");
        assertEquals(help.out, before.out, "hvm-dbg's own help, whatever command follows");
    }

    // ---- the verbs, from the ops' descriptions ----

    @Test
    void everyVerbsHelpIsItsDescriptionsAndSendsNothing() {
        for (OpDescription d : GuiLine.known().values()) {
            Run help = run("gui", d.verb(), "--help");
            assertEquals(0, help.code, help.toString());
            assertTrue(help.out.startsWith("Usage: hvm-dbg gui " + d.verb()), help.out);
            for (OpDescription.Arg a : d.args()) {
                assertTrue(help.out.contains(OpOptions.spelling(a)), d.verb() + " lists " + OpOptions.spelling(a) + ": " + help.out);
            }
            if (d.title() != null || d.summary() != null) {
                assertTrue(help.out.contains(d.summary() != null ? d.summary() : d.title()), help.out);
            }
            assertEquals(help.out, run("help", "gui", d.verb()).out, "hvm-dbg help gui " + d.verb());
            if (!d.verb().equals("list")) { // the GUI's list is newer than hvm-dbg's (newerList): its help is the GUI's
                assertEquals(help.out, run("--socket", sock(), "gui", d.verb(), "--identifier", "x", "-h").out, "-h anywhere");
            }
        }
        assertTrue(run("gui", "screenshot", "--help").out.startsWith("Usage: hvm-dbg gui screenshot -o FILE [--scope S]"));
        assertTrue(run("gui", "type", "--help").out.contains("--text T, --text-stdin"));
        assertTrue(onlyDescriptionsAsked(), "nothing was sent but the descriptions asked: " + probe.requests());
    }

    @Test
    void aWrongLineSaysWhatIsWrongAndWhereTheHelpIsExitsTwoAndSendsNothing() {
        String[][] lines = {
            {"gui", "click", "--identifer", "x"},
            {"gui", "click", "--identifier", "x", "--count", "3"},
            {"gui", "click", "--identifier", "x", "--double", "--count", "2"},
            {"gui", "click", "--identifier", "x", "--identifier", "y"},
            {"gui", "click", "--identifier"},
            {"gui", "list", "sidebar", "extra"},
            {"gui", "list", "--timeout", "0"},
            {"gui", "scroll", "--identifier", "x", "--dy", "many"},
            {"gui", "screenshot"},
            {"gui", "audit", "--strict=yes"},
            {"gui", "watch", "--count", "0"},
            {"gui", "keypress", "--key", "a", "--settle-ms", "10001"},
        };
        String[] said = {
            "unknown option '--identifer' for click; did you mean --identifier?",
            "--count must be an integer from 1 to 2, got 3",
            "--double is --count 2: give one of them",
            "--identifier is given twice",
            "--identifier needs a value: a non-empty string",
            "1 word(s) too many ('extra'): list takes at most 1 besides its options (scope)",
            "Invalid value for option '--timeout': '0' must be more than 0",
            "--dy must be an integer from -100 to 100, got 'many'",
            "Missing required option: '--output=FILE' (or -o FILE)",
            "--strict takes no value",
            "--count must be an integer of at least 1, got '0'",
            "--settle-ms must be an integer from 0 to 10000, got 10001",
        };
        for (int i = 0; i < lines.length; i++) {
            String[] line = new String[lines[i].length + 2];
            line[0] = "--socket";
            line[1] = sock();
            System.arraycopy(lines[i], 0, line, 2, lines[i].length);
            Run r = run(line);
            assertEquals(2, r.code, String.join(" ", lines[i]) + ": " + r);
            assertTrue(r.err.startsWith(said[i]), String.join(" ", lines[i]) + ": " + r.err);
            assertTrue(r.err.endsWith("Try 'hvm-dbg gui " + lines[i][1] + " --help' for more information.\n"), r.err);
            assertEquals("", r.out);
        }
        assertTrue(onlyDescriptionsAsked(),
                "nothing was sent but the question whether the GUI's op takes an option hvm-dbg's description lacks: " + probe.requests());
    }

    /** An op of the contract whose bundle in the GUI is newer than hvm-dbg: an option only its description has is taken from it. */
    @Test
    void anOptionOnlyTheRunningGuisDescriptionHasIsTakenFromIt() {
        Run r = run("--socket", sock(), "gui", "list", "--depth", "2", "--json");
        assertEquals(1, r.code, r.toString()); // this test probe knows no gui.list
        assertEquals("gui.list", probe.requests().get(probe.requests().size() - 1).path("op").asText());
        assertEquals("{\"depth\":2}", probe.requests().get(probe.requests().size() - 1).get("args").toString());
        Run typo = run("--socket", sock(), "gui", "list", "--dpeth", "2");
        assertEquals(2, typo.code, typo.toString());
        assertTrue(typo.err.startsWith("unknown option '--dpeth' for list; did you mean --depth?"), typo.err);
        Run noGui = run("--socket", dir.resolve("none.sock").toString(), "gui", "list", "--depth", "2");
        assertEquals(2, noGui.code, noGui.toString());
        assertTrue(noGui.err.startsWith("unknown option '--depth' for list"), noGui.err);
    }

    @Test
    void hvmDbgsOwnOptionsGoBeforeOrAfterTheVerbAndAValueIsNeverTakenForOne() throws Exception {
        Run after = run("gui", "echo", "--text", "hi", "--socket", sock(), "--json");
        assertEquals(0, after.code, after.toString());
        Run between = run("gui", "--json", "--socket=" + sock(), "echo", "--text", "hi");
        assertEquals(0, between.code, between.toString());
        assertEquals("{\"text\":\"hi\"}\n", after.out);
        assertEquals(after.out, between.out);
        // An option's value that looks like one of hvm-dbg's own options is the value.
        Run value = run("--socket", sock(), "gui", "echo", "--text", "--json");
        assertEquals(0, value.code, value.toString());
        assertEquals("text --json\n", value.out);
    }

    @Test
    void guiAloneListsTheVerbsWithTheirTitlesAndThoseTheRunningGuiAdds() {
        Run r = run("--socket", sock(), "gui");
        assertEquals(0, r.code, r.toString());
        assertTrue(r.out.startsWith("Usage: hvm-dbg gui VERB [OPTIONS]"), r.out);
        assertTrue(r.out.contains("\n  click       Click a control\n"), r.out);
        assertTrue(r.out.contains("\n  echo        Echo a text\n"), r.out);
        assertFalse(r.out.contains("hvm-dbg is built with"), "the running GUI's verbs, the one source: " + r.out);
        assertFalse(r.out.contains("unwatch") || r.out.contains("  auth "), r.out);
        Run none = run("--socket", dir.resolve("none.sock").toString(), "gui");
        assertEquals(0, none.code, none.toString());
        assertTrue(none.out.contains("\n  watch       Subscribe to the GUI's events\n"), none.out);
        assertTrue(none.out.contains("(no GUI answers: these are the verbs hvm-dbg is built with; its op bundles may add more)"), none.out);
    }

    /** An op that hvm-dbg was not built with is a verb as soon as the running GUI describes it: its options, help, checks and completion. */
    @Test
    void aVerbTheRunningGuiDescribesIsTakenFromItsDescription() {
        Run r = run("--socket", sock(), "gui", "echo", "--text", "hi", "--times", "2");
        assertEquals(0, r.code, r.toString());
        assertEquals("text hihi\n", r.out);
        assertEquals("{\"text\":\"hi\",\"times\":2}", probe.requests().get(probe.requests().size() - 1).get("args").toString());
        Run json = run("--socket", sock(), "--json", "gui", "echo", "--text=hi");
        assertEquals("{\"text\":\"hi\"}\n", json.out);

        Run help = run("--socket", sock(), "gui", "echo", "--help");
        assertEquals(0, help.code, help.toString());
        assertTrue(help.out.startsWith("Usage: hvm-dbg gui echo --text TEXT [--times N]\nEcho a text\n"), help.out);
        assertEquals(help.out, run("--socket", sock(), "help", "gui", "echo").out);

        int sent = probe.requests().size();
        Run bad = run("--socket", sock(), "gui", "echo", "--text", "x", "--times", "11");
        assertEquals(2, bad.code, bad.toString());
        assertEquals("--times must be an integer from 1 to 10, got 11\nTry 'hvm-dbg gui echo --help' for more information.\n", bad.err);
        assertEquals("probe.describe", probe.requests().get(probe.requests().size() - 1).path("op").asText(), "only the description asked");
        assertEquals(sent + 2, probe.requests().size(), "the hello that gives the descriptions' hash, and the descriptions");

        assertEquals("echo\n", run("--socket", sock(), "completion", "--at", "gui", "ec").out);
        assertEquals("--text\n--times\n", run("--socket", sock(), "completion", "--at", "gui", "echo", "--").out);
        assertEquals("--times\n", run("--socket", sock(), "completion", "--at", "gui", "echo", "--text", "x", "--").out);

        Run noGui = run("--socket", dir.resolve("none.sock").toString(), "gui", "echo", "--text", "hi");
        assertEquals(3, noGui.code, noGui.toString());
        assertTrue(noGui.err.startsWith("'echo' is no verb hvm-dbg knows (audit, click,"), noGui.err);
    }

    @Test
    void completionFollowsTheDescriptions() {
        assertEquals("gui\n", run("completion", "--at", "g").out);
        assertEquals("click\n", run("--socket", sock(), "completion", "--at", "gui", "cli").out);
        assertEquals("left\nright\nmiddle\n", run("completion", "--at", "gui", "click", "--button", "").out);
        assertEquals("--identifier\n--button\n--count\n--double\n--x\n--y\n--no-effects\n--settle-ms\n",
                run("completion", "--at", "gui", "click", "--").out);
        assertEquals("--text\n--text-stdin\n", run("completion", "--at", "gui", "type", "--te").out);
        assertEquals("--output\n", run("completion", "--at", "gui", "screenshot", "--o").out);
        assertEquals("", run("completion", "--at", "--socket", "").out, "a path: the shell's own completion");
        assertTrue(onlyDescriptionsAsked(), "only descriptions asked");
    }

    /** Whether the probe was asked nothing but its descriptions (the hello that gives their hash, and probe.describe): no op ran. */
    private boolean onlyDescriptionsAsked() {
        return probe.requests().stream().allMatch(q -> q.path("op").asText().equals("probe.describe")
                || q.path("op").asText().equals("probe.hello"));
    }

    /** The requests of {@code op} the probe got, in order. */
    private java.util.List<ObjectNode> sent(String op) {
        return probe.requests().stream().filter(q -> q.path("op").asText().equals(op)).toList();
    }
}
