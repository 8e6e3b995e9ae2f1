package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.api.wire.Wire;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;

/**
 * A whole run of use with a password in it, over the socket: create an encrypted VM through the
 * ops, start it, type a wrong and then the right password into its dialog, list, ask for the
 * current dialog, watch every event, take screenshots. The password must appear in no reply, no
 * event, no error message and no log line (JUL records at every level, and all of stdout and
 * stderr, captured while the run lasts).
 */
@ExtendWith(Bounded.class)
class SecretsIT {
    private final List<String> transcript = Collections.synchronizedList(new ArrayList<>());

    @BeforeAll
    static void up() throws Exception {
        Fixture.start();
        Swing.mainFrame();
    }

    @Test
    void thePasswordLeavesTheProcessNowhere() throws Exception {
        String secret = "Zq" + Long.toString(System.nanoTime(), 36) + "pw";
        String name = "Secret VM " + System.nanoTime() % 100000;
        StringBuffer logs = new StringBuffer();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                logs.append(r.getLevel()).append(' ').append(r.getLoggerName()).append(' ').append(r.getMessage());
                if (r.getParameters() != null) {
                    for (Object p : r.getParameters()) {
                        logs.append(' ').append(p);
                    }
                }
                if (r.getThrown() != null) {
                    logs.append(' ').append(r.getThrown());
                }
                logs.append('\n');
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        capture.setLevel(java.util.logging.Level.ALL);
        Logger root = Logger.getLogger("");
        java.util.logging.Level rootLevel = root.getLevel();
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        root.addHandler(capture);
        root.setLevel(java.util.logging.Level.ALL);
        System.setOut(new PrintStream(new Tee(out, printed), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new Tee(err, printed), true, StandardCharsets.UTF_8));
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        try (ProbeClient c = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(40));
                ProbeClient watcher = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(40))) {
            watcher.subscribe("*");
            Thread watching = new Thread(() -> {
                try {
                    while (true) {
                        ObjectNode e = watcher.nextEvent(Duration.ofSeconds(60));
                        if (e != null) {
                            events.add(e.toString());
                        }
                    }
                } catch (Exception gone) {
                    // The watcher was closed.
                }
            }, "itest-secret-watcher");
            watching.start();

            call(c, "gui.click", Wire.object().put("identifier", "toolbar.button.createVM"));
            waitDialog(c, "createVM", "open");
            call(c, "gui.type", Wire.object().put("identifier", "dialog.createVM.input.name").put("text", name));
            call(c, "gui.click", Wire.object().put("identifier", "dialog.createVM.toggle.encrypt"));
            waitFor(c, "dialog.createVM.input.password", "showing");
            JsonNode typedPassword = call(c, "gui.type", Wire.object().put("identifier", "dialog.createVM.input.password").put("text", secret));
            call(c, "gui.type", Wire.object().put("identifier", "dialog.createVM.input.confirm").put("text", secret));
            // The receipt of typing a password: its length, as gui.list gives it.
            boolean lengthOnly = false;
            for (JsonNode ch : typedPassword.get("effects").get("changed")) {
                if (ch.get("identifier").asText().equals("dialog.createVM.input.password")) {
                    assertEquals("length", ch.get("field").asText(), typedPassword.toString());
                    lengthOnly = ch.get("after").asInt() == secret.length();
                }
            }
            assertTrue(lengthOnly, "the receipt says the password field took " + secret.length() + " characters: " + typedPassword);
            call(c, "gui.list", Wire.object().put("scope", "dialog"));
            call(c, "gui.dialog.current", null);
            call(c, "gui.audit", null);
            call(c, "gui.screenshot", Wire.object().put("scope", "dialog"));
            waitFor(c, "dialog.createVM.button.create", "enabled");
            call(c, "gui.click", Wire.object().put("identifier", "dialog.createVM.button.create"));
            waitDialog(c, "createVM", "closed");
            waitFor(c, "sidebar.row." + name, "showing");

            call(c, "gui.click", Wire.object().put("identifier", "sidebar.row." + name));
            waitFor(c, "detail.button.start", "enabled");
            call(c, "gui.click", Wire.object().put("identifier", "detail.button.start"));
            waitDialog(c, "encryptionPassword", "open");
            call(c, "gui.type", Wire.object().put("identifier", "dialog.encryptionPassword.input.password").put("text", "wrong-" + secret));
            call(c, "gui.keypress", Wire.object().put("key", "return").put("identifier", "dialog.encryptionPassword.input.password"));
            waitDialog(c, "error", "open");
            call(c, "gui.dialog.current", null);
            call(c, "gui.list", Wire.object().put("scope", "dialog"));
            call(c, "gui.click", Wire.object().put("identifier", "dialog.error.button.ok"));
            waitDialog(c, "error", "closed");
            JsonNode current = call(c, "gui.dialog.current", null);
            if (!"encryptionPassword".equals(current.get("name").asText())) {
                call(c, "gui.click", Wire.object().put("identifier", "detail.button.start"));
                waitDialog(c, "encryptionPassword", "open");
            }
            call(c, "gui.type", Wire.object().put("identifier", "dialog.encryptionPassword.input.password").put("text", secret)
                    .put("replace", true));
            call(c, "gui.list", Wire.object().put("scope", "dialog"));
            call(c, "gui.list", Wire.object().put("scope", "dialog.encryptionPassword.input.password"));
            // The receipts and waits of receipts (issue 13): a key in the password field, a wait for its
            // value (refused: a password is never read), an idle wait; and the CLI's readable receipt.
            call(c, "gui.keypress", Wire.object().put("key", "end").put("identifier", "dialog.encryptionPassword.input.password"));
            refused(c, "gui.wait", Wire.object().put("identifier", "dialog.encryptionPassword.input.password").put("value", secret),
                    "gui.invalid_args");
            call(c, "gui.wait", Wire.object().put("state", "idle").put("timeoutMillis", 15000));
            for (String[] line : new String[][] {{"gui", "type"}, {"--json", "gui", "type"}}) {
                java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(line));
                cmd.addAll(java.util.List.of("--identifier", "dialog.encryptionPassword.input.password", "--text-stdin", "--replace"));
                Cli.Result r = Cli.runWithInput(secret, cmd.toArray(new String[0])).ok();
                transcript.add("hvm-dbg " + String.join(" ", cmd) + " -> " + r.out() + r.err());
                assertTrue(r.out().contains("dialog.encryptionPassword.input.password"), r.out());
            }
            call(c, "gui.dialog.current", null);
            call(c, "gui.screenshot", null);
            // Typing where no password field is: an error reply must not echo the text either.
            call(c, "gui.type", Wire.object().put("identifier", "no.such.field").put("text", secret));
            call(c, "gui.click", Wire.object().put("identifier", "dialog.encryptionPassword.button.submit"));
            waitDialog(c, "encryptionPassword", "closed");
            waitFor(c, "detail.button.stop", "enabled");
            call(c, "gui.list", null);
            call(c, "gui.screenshot", null);
            Thread.sleep(500);
            watcher.close();
            watching.join(5000);
        } finally {
            System.setOut(out);
            System.setErr(err);
            root.removeHandler(capture);
            root.setLevel(rootLevel);
        }
        String printedText = printed.toString(StandardCharsets.UTF_8);
        System.out.printf("SecretsIT: %d replies, %d events, %d log records, %d bytes printed; searched each for the password%n",
                transcript.size(), events.size(), logs.toString().lines().count(), printed.size());
        assertTrue(transcript.size() > 30 && !events.isEmpty(), "the run happened: " + transcript.size() + " replies, " + events.size() + " events");
        assertTrue(events.stream().anyMatch(e -> e.contains("encryptionPassword")), "the password dialog was watched: " + events);
        for (String r : transcript) {
            assertFalse(r.contains(secret), "a reply holds the password: " + r);
        }
        for (String e : events) {
            assertFalse(e.contains(secret), "an event holds the password: " + e);
        }
        assertFalse(logs.toString().contains(secret), "a log record holds the password:\n" + logs);
        assertFalse(printedText.contains(secret), "printed output holds the password:\n" + printedText);
    }

    /** Calls an op and keeps its whole reply (or error, with message and details) in the transcript. */
    private JsonNode call(ProbeClient c, String op, ObjectNode args) throws Exception {
        try {
            JsonNode data = c.call(op, args);
            transcript.add(op + " -> " + data);
            return data;
        } catch (ProbeOpException e) {
            transcript.add(op + " -> " + e.code() + ": " + e.getMessage() + " " + e.details());
            if (!op.equals("gui.type")) {
                throw e;
            }
            return null;
        }
    }

    /** Calls an op that must fail with {@code code}, and keeps its error in the transcript. */
    private void refused(ProbeClient c, String op, ObjectNode args, String code) throws Exception {
        try {
            JsonNode data = c.call(op, args);
            transcript.add(op + " -> " + data);
            throw new AssertionError(op + " was not refused: " + data);
        } catch (ProbeOpException e) {
            transcript.add(op + " -> " + e.code() + ": " + e.getMessage() + " " + e.details());
            assertEquals(code, e.code(), e.getMessage());
        }
    }

    private void waitDialog(ProbeClient c, String dialog, String state) throws Exception {
        assertEquals(state, call(c, "gui.wait", Wire.object().put("dialog", dialog).put("state", state).put("timeoutMillis", 15000))
                .get("state").asText());
    }

    private void waitFor(ProbeClient c, String identifier, String state) throws Exception {
        assertEquals(state, call(c, "gui.wait", Wire.object().put("identifier", identifier).put("state", state).put("timeoutMillis", 15000))
                .get("state").asText());
    }

    /** Writes to the real stream and to the capture. */
    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final ByteArrayOutputStream b;

        Tee(OutputStream a, ByteArrayOutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int x) throws java.io.IOException {
            a.write(x);
            synchronized (b) {
                b.write(x);
            }
        }

        @Override
        public void write(byte[] buf, int off, int len) throws java.io.IOException {
            a.write(buf, off, len);
            synchronized (b) {
                b.write(buf, off, len);
            }
        }
    }
}
