package probe.cli.internal;

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
import probe.api.wire.Wire;
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
        // As main runs it: the fast path when it takes the line, else picocli.
        int code = Main.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), new PrintWriter(out, true),
                new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    private String sock() {
        return probe.socket().toString();
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
        assertEquals("error gui.identifier_ambiguous: 2 controls match 'a.b'", r.err.trim());
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
        assertEquals(2, run("--socket", sock(), "gui").code, "no verb");
        assertEquals(2, run("--socket", sock(), "gui", "screenshot").code, "no --output");
        assertEquals(2, run("--socket", sock(), "--timeout", "0", "hello").code);
        assertEquals(2, run("--socket", sock(), "--timeout", "soon", "hello").code);
        assertEquals(2, run("--socket", sock(), "call").code, "no OP");
        assertEquals(2, run("--socket", sock(), "call", "echo", "[1]").code, "args not an object");
        assertTrue(probe.requests().isEmpty(), "nothing was sent");
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
        ObjectNode args = (ObjectNode) probe.requests().get(0).get("args");
        assertEquals("png", args.get("format").textValue());
        assertFalse(args.has("scope"));

        Run json = run("--socket", sock(), "--json", "gui", "screenshot", "--scope", "dialog", "-o", out.toString());
        assertEquals(0, json.code, json.toString());
        JsonNode summary = Wire.mapper().readTree(json.out);
        assertEquals(out.toString(), summary.get("output").textValue());
        assertEquals(64, summary.get("width").intValue());
        assertFalse(summary.has("png_base64"));
        assertEquals("dialog", probe.requests().get(1).get("args").get("scope").textValue());
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
        assertEquals("Missing required option: '--identifier=ID'\nTry 'hvm-dbg gui click --help' for more information.\n", missing.err);
        Run verb = run("--socket", sock(), "gui", "lsit");
        assertEquals(2, verb.code, verb.toString());
        assertTrue(verb.err.contains("Did you mean: gui wait or gui audit?"), verb.err);
        assertTrue(verb.err.endsWith("Commands: list, dialog, audit, click, type, keypress, wait, watch, screenshot, select, hover, scroll."
                + " Try 'hvm-dbg gui --help' for more.\n"), verb.err);
        Run none = run();
        assertEquals(2, none.code, none.toString());
        assertEquals("Missing required subcommand\nCommands: hello, call, gui, mcp, help, completion. Try 'hvm-dbg --help' for more.\n", none.err);
        // Found after parsing (the fast path's check), said the same way.
        Run late = run("--socket", sock(), "gui", "wait", "--identifier", "x", "--state", "open");
        assertEquals(2, late.code, late.toString());
        assertEquals(2, late.err.lines().count(), late.err);
        assertTrue(late.err.endsWith("Try 'hvm-dbg gui wait --help' for more information.\n"), late.err);
        for (Run r : new Run[] {missing, verb, none, late}) {
            assertFalse(r.err.contains("Usage:"), "no whole usage after a mistake: " + r.err);
        }
        assertTrue(probe.requests().isEmpty(), "nothing was sent");
    }

    @Test
    void helpNamesACommandAtAnyDepthAndCompletionPrintsAScript() {
        Run help = run("help", "gui", "click");
        assertEquals(0, help.code, help.toString());
        assertTrue(help.out.startsWith("Usage: hvm-dbg gui click "), help.out);
        assertEquals(run("gui", "click", "--help").out, help.out, "the same as --help after the command");
        assertTrue(run("help").out.startsWith("Usage: hvm-dbg "));
        Run unknown = run("help", "gui", "frob");
        assertEquals(2, unknown.code, unknown.toString());
        assertTrue(unknown.err.startsWith("'frob' is not a command of gui (it has: list, dialog,"), unknown.err);

        Run script = run("completion");
        assertEquals(0, script.code, script.toString());
        assertTrue(script.out.contains("complete -F _complete_hvm-dbg") && script.out.contains("screenshot"), script.out);

        Run watch = run("gui", "watch", "--help");
        assertTrue(watch.out.contains("--timeout=SECONDS   stop after SECONDS of watching in all (default: no"), watch.out);
        assertFalse(watch.out.contains("how long to wait for a reply (default: 30)"), watch.out);
    }

    @Test
    void helpAndVersionExitZero() {
        Run help = run("--help");
        assertEquals(0, help.code);
        assertTrue(help.out.contains("Exit codes:") && help.out.contains("gui"), help.out);
        assertEquals(0, run("gui", "screenshot", "--help").code);
        assertEquals(0, run("--version").code);
    }

    /** One run of {@code args} through picocli alone, or through the fast path alone (code -1: not taken). */
    private Run through(boolean fast, String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ByteArrayInputStream in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        PrintWriter o = new PrintWriter(out, true);
        PrintWriter e = new PrintWriter(err, true);
        int code = fast ? FastPath.run(args, in, o, e) : Main.commandLine(in, o, e).execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    /**
     * The command lines that the fast path and picocli must answer alike: at least one for every
     * verb the fast path takes (ContractTest checks that), against the socket {@code s}, with files
     * in {@code dir} ({@code empty-token} must exist there).
     */
    static String[][] fastLines(String s, Path dir) {
        Path shot = dir.resolve("shot.png");
        Path token = dir.resolve("empty-token");
        return new String[][] {
            {"--socket", s, "hello"},
            {"hello", "--json", "--socket=" + s},
            {"--socket", s, "call", "echo", "{\"a\":1.50,\"b\":[1,2,{\"c\":null}],\"d\":\"\u00e9\\n\"}"},
            {"--socket", s, "--json", "call", "echo", "{\"a\":1.50,\"b\":[1e400]}"},
            {"--socket", s, "call", "echo"},
            {"--socket", s, "call", "echo", "-"},
            {"--socket", s, "call", "fail"},
            {"--socket", s, "call", "fail", "--json"},
            {"--socket", s, "call", "echo", "{\"text\": hunter2}"},
            {"--socket", s, "call", "echo", "[1]"},
            {"--socket", s, "--timeout", "0.2", "call", "hang"},
            {"--socket", s, "--token-file", token.toString(), "hello"},
            {"--socket", dir.resolve("none.sock").toString(), "gui", "list"},
            {"--socket", s, "gui", "list", "--scope", "dialog"},
            {"--socket", s, "gui", "--json", "dialog"},
            {"--socket", s, "gui", "audit", "--strict"},
            {"--socket", s, "gui", "click", "--identifier", "a.b", "--button", "right", "--double"},
            {"--socket", s, "gui", "type", "--identifier", "a.b", "--text-stdin", "--replace"},
            {"--socket", s, "gui", "type", "--identifier", "a.b", "--text", "s3cret"},
            {"--socket", s, "gui", "keypress", "--key", "a", "--modifiers", "ctrl,shift", "--identifier", "a.b"},
            {"--socket", s, "gui", "wait", "--dialog", "d", "--state", "showing"},
            {"--socket", s, "gui", "wait", "--identifier", "a.b", "--state", "showing", "--timeout-ms", "700000"},
            {"--socket", s, "gui", "wait", "--identifier", "a.b", "--state", "hidden", "--timeout-ms", "100"},
            {"--socket", s, "gui", "wait", "--identifier", "a.b", "--value", "Running", "--timeout-ms", "100"},
            {"--socket", s, "gui", "wait", "--state", "idle", "--quiet-ms", "20"},
            {"--socket", s, "gui", "wait", "--state", "idle", "--quiet-ms", "0"},
            {"--socket", s, "gui", "click", "--identifier", "a.b", "--no-effects", "--settle-ms", "20"},
            {"--socket", s, "gui", "click", "--identifier", "a.b", "--settle-ms", "20000"},
            {"--socket", s, "gui", "type", "--identifier", "a.b", "--text", "x", "--no-effects"},
            {"--socket", s, "gui", "keypress", "--key", "a", "--settle-ms", "0"},
            {"--socket", s, "gui", "screenshot", "-o", shot.toString()},
            {"--socket", s, "gui", "select", "--identifier", "a.b", "--label", "Fedora Linux"},
            {"--socket", s, "gui", "select", "--identifier", "a.b", "--index", "2"},
            {"--socket", s, "gui", "select", "--identifier", "a.b", "--row=fedora", "--json"},
            {"--socket", s, "gui", "hover", "--identifier", "a.b"},
            {"--socket", s, "gui", "scroll", "--identifier", "a.b", "--dy", "3", "--dx", "1"},
            {"--socket", s, "gui", "scroll", "--identifier", "a.b", "--dy", "0"},
            {"--socket", s, "gui", "scroll", "--identifier", "a.b", "--dx", "1000"},
            {"--socket", s, "gui", "select", "--identifier", "a.b", "--index", "2", "--no-effects", "--settle-ms", "0"},
            {"--socket", s, "gui", "hover", "--identifier", "a.b", "--settle-ms=250"},
            {"--socket", s, "gui", "hover", "--identifier", "a.b", "--settle-ms", "10001"},
            {"--socket", s, "gui", "scroll", "--identifier", "a.b", "--dy", "3", "--no-effects"},
            {"--socket", s, "--json", "gui", "screenshot", "--output=" + shot, "--scope", "dialog"},
            {"--socket", s, "gui", "screenshot", "-o", shot.toString(), "--annotate"},
        };
    }

    @Test
    void theFastPathPrintsAndExitsAsPicocliDoes() throws Exception {
        privateFile(dir.resolve("empty-token"), "\n");
        for (String[] line : fastLines(sock(), dir)) {
            Run picocli = through(false, "{\"text\":\"pw\"}\n", line);
            Run fast = through(true, "{\"text\":\"pw\"}\n", line);
            String what = String.join(" ", line);
            assertTrue(fast.code != FastPath.NOT_HANDLED, "the fast path takes " + what);
            assertEquals(picocli.toString(), fast.toString(), what);
        }
    }

    @Test
    void theFastPathLeavesEverythingElseToPicocli() throws Exception {
        String s = sock();
        String[][] lines = {
            {}, {"--help"}, {"-h"}, {"--version"}, {"gui"}, {"frobnicate"}, {"hello", "hello"}, {"call"},
            {"hello", "--help"}, {"gui", "list", "--help"}, {"@args.txt"}, {"--socket", s, "gui", "watch"},
            {"--json", "--json", "hello"}, {"--json=true", "hello"}, {"--socket"}, {"--sock", s, "hello"},
            {"--scope", "x", "gui", "list"}, {"gui", "list", "--scope"}, {"gui", "list", "--scope", "--json"},
            {"gui", "list", "extra"}, {"call", "a", "{}", "more"}, {"call", "-x"}, {"--timeout", "0", "hello"},
            {"--timeout", "soon", "hello"}, {"gui", "click", "--identifier", "a", "--button", "LEFT"},
            {"gui", "click", "--button", "left"}, {"gui", "type", "--identifier", "a"},
            {"gui", "type", "--identifier", "a", "--text", "-pw"}, {"gui", "type", "--identifier", "a", "--text", "pw", "--text-stdin"},
            {"gui", "wait", "--identifier", "a", "--state", "showing", "--timeout-ms", "010"},
            {"gui", "wait", "--identifier", "a", "--dialog", "d", "--state", "open"}, {"gui", "wait", "--dialog", "d"},
            {"gui", "keypress", "--key", "a", "--modifiers", "ctrl,"}, {"gui", "keypress", "--modifiers", "ctrl"},
            {"gui", "screenshot"}, {"gui", "screenshot", "-ofile.png"}, {"gui", "list", "--strict"},
            {"gui", "select", "--identifier", "a"}, {"gui", "select", "--identifier", "a", "--row", "r", "--index", "1"},
            {"gui", "select", "--identifier", "a", "--index", "01"}, {"gui", "select", "--label", "x"},
            {"gui", "hover"}, {"gui", "scroll", "--identifier", "a", "--dy", "-3"}, {"gui", "scroll", "--dy", "3"},
            {"gui", "wait", "--value", "x"}, {"gui", "wait", "--identifier", "a", "--value", "x", "--state", "showing"},
            {"gui", "wait", "--identifier", "a", "--state", "idle"}, {"gui", "wait", "--state", "idle", "--quiet-ms", "05"},
            {"gui", "wait", "--identifier", "a", "--state", "showing", "--quiet-ms", "5"}, {"gui", "wait", "--identifier", "a", "--value", "-1"},
            {"gui", "click", "--identifier", "a", "--settle-ms", "-1"}, {"gui", "click", "--identifier", "a", "--settle-ms", "01"},
            {"gui", "click", "--identifier", "a", "--no-effects=true"},
            {"help"}, {"help", "gui", "click"}, {"completion"}, {"gui", "help"},
        };
        for (String[] line : lines) {
            Run fast = through(true, "", line);
            assertEquals(new Run(FastPath.NOT_HANDLED, "", "").toString(), fast.toString(), String.join(" ", line));
        }
        assertTrue(probe.requests().isEmpty(), "nothing was sent");
    }
}
