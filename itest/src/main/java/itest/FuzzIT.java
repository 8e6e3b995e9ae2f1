package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.service.cm.Configuration;
import org.osgi.test.common.annotation.config.InjectConfiguration;
import probe.client.ProbeClient;
import probe.client.RawConnection;

/**
 * The decoder and the dispatcher under generated lines, over the real socket: random bytes,
 * invalid UTF-8, truncated and deeply nested JSON, huge numbers, wrong types, unknown ops, real
 * ops with random args, lines at and over the limit. Seeded and reproducible; 10,000 cases by
 * default, HDP_FUZZ_CASES / HDP_FUZZ_SEED in the environment for a longer or another run
 * (docs/RELIABILITY.md). Every line gets its answer (with its id where one could be read), the
 * server never dies, and no connection is left open.
 */
@ExtendWith(Bounded.class)
class FuzzIT {
    static final int CASES = Integer.parseInt(System.getenv().getOrDefault("HDP_FUZZ_CASES", "10000"));
    static final long SEED = Long.parseLong(System.getenv().getOrDefault("HDP_FUZZ_SEED", "20261201"));
    /** A small line limit, so that lines at and over it are cheap to make. */
    static final int LIMIT = 4096;
    static final Set<String> CODES = Set.of("protocol.parse_error", "protocol.invalid_request", "protocol.line_too_long",
            "protocol.unknown_op", "gui.invalid_args", "gui.op_unavailable", "gui.identifier_not_found",
            "gui.identifier_ambiguous", "gui.no_window", "gui.timeout");
    /** Ops that only read: random args never operate the GUI (no click, type or key with random args). */
    static final List<String> READERS = List.of("probe.hello", "probe.auth", "gui.list", "gui.audit", "gui.dialog.current",
            "gui.event.unsubscribe", "gui.screenshot");

    /** One generated line and what its answer must say: the id (null: the answer's id is null) and the code (null: any). */
    record Case(String kind, byte[] line, JsonNode id, boolean ok, String code) {
    }

    @BeforeAll
    static void up() throws Exception {
        Fixture.start();
        Swing.mainFrame();
    }

    @Test
    void everyGeneratedLineIsAnsweredAndTheServerStaysUp(@InjectConfiguration(Fixture.TRANSPORT_PID) Configuration transport)
            throws Exception {
        Fixture.change(transport, Map.of("maxLineBytes", LIMIT));
        // The descriptors counted once the transport runs with the new limit: ConfigAdmin restarts it
        // asynchronously, and a count taken meanwhile missed its socket and its selector's two pipe ends
        // (failed so once on Java 17: "64 -> 67; grown: pipe=2, unix socket listening=1").
        awaitLimit();
        int fdsBefore = Health.countFds();
        Map<String, Integer> targetsBefore = Health.fdTargets();
        Random r = new Random(SEED);
        Map<String, int[]> kinds = new java.util.TreeMap<>();
        long t0 = System.nanoTime();
        ProbeClient c = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(20));
        int connections = 1;
        for (int i = 0; i < CASES; i++) {
            if (i > 0 && i % 500 == 0) {
                if (r.nextBoolean()) {
                    // Half a line, then gone: the server must just forget this connection.
                    RawConnection.of(c).send("{\"id\":1,\"op\":\"probe.he".getBytes(StandardCharsets.UTF_8));
                }
                c.close();
                c = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(20));
                connections++;
            }
            Case k = generate(r);
            kinds.computeIfAbsent(k.kind(), x -> new int[1])[0]++;
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            line.writeBytes(k.line());
            line.write('\n');
            RawConnection.of(c).send(line.toByteArray());
            ObjectNode reply = RawConnection.of(c).readMessage();
            check(i, k, reply);
            while (c.nextEvent(Duration.ZERO) != null) {
                // Events of a subscription that random args left on: not replies.
            }
        }
        c.close();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        Fixture.await("every connection of the fuzz run to be closed by the server", () -> Health.openConnections() == 0);
        System.out.printf("FuzzIT: %d cases (seed %d) on %d connections in %d ms; kinds %s; fds %d -> %d%n", CASES, SEED,
                connections, ms, kindsText(kinds), fdsBefore, Health.countFds());
        try (ProbeClient after = Fixture.client()) {
            assertEquals(1, after.call("probe.hello").get("protocol").intValue(), "the server is up after the fuzz run");
        }
        // The server's ends close when it notices the clients left; a bounded wait for them, and a
        // failure names what each descriptor left over points at.
        long until = System.nanoTime() + Fixture.WAIT.toNanos();
        while (Health.countFds() > fdsBefore + 2 && System.nanoTime() < until) {
            Thread.sleep(50);
        }
        assertTrue(Health.countFds() <= fdsBefore + 2, "no descriptor left: " + fdsBefore + " -> " + Health.countFds()
                + "; grown: " + Health.grown(targetsBefore, Health.fdTargets()));
    }

    /** Runs after osgi-test has put the transport's configuration back: waits until the transport runs with it. */
    @AfterEach
    void defaultConfigurationAgain() throws Exception {
        awaitDefaultLimit();
    }

    private static String kindsText(Map<String, int[]> kinds) {
        StringBuilder b = new StringBuilder();
        kinds.forEach((k, v) -> b.append(k).append('=').append(v[0]).append(' '));
        return b.toString().trim();
    }

    private static void check(int i, Case k, ObjectNode reply) {
        String where = "case " + i + " (" + k.kind() + ", seed " + SEED + "): " + preview(k.line()) + " -> " + reply;
        assertNotNull(reply.get("ok"), where);
        assertFalse(reply.has("event"), where);
        JsonNode id = reply.get("id");
        if (k.id() == null) {
            assertTrue(id == null || id.isNull(), where);
        } else if (k.id().isNumber()) {
            assertTrue(id != null && id.isNumber() && id.decimalValue().compareTo(k.id().decimalValue()) == 0, where);
        } else {
            assertEquals(k.id(), id, where);
        }
        if (!reply.get("ok").booleanValue()) {
            String code = reply.get("error").get("code").asText();
            assertTrue(CODES.contains(code), "a stable code, never internal: " + where);
            assertFalse(reply.get("error").get("message").asText().isBlank(), where);
            if (k.code() != null) {
                assertEquals(k.code(), code, where);
            }
        }
        if (k.ok()) {
            assertTrue(reply.get("ok").booleanValue(), where);
        }
    }

    private static String preview(byte[] line) {
        String s = new String(line, StandardCharsets.UTF_8);
        return s.length() > 160 ? s.substring(0, 160) + "...(" + line.length + " bytes)" : s;
    }

    static Case generate(Random r) {
        long n = r.nextInt(1_000_000);
        JsonNode id = probe.api.wire.Wire.mapper().getNodeFactory().numberNode(n);
        switch (r.nextInt(12)) {
            case 0: {
                byte[] b = new byte[r.nextInt(200)];
                r.nextBytes(b);
                for (int j = 0; j < b.length; j++) {
                    if (b[j] == '\n') {
                        b[j] = ' ';
                    }
                }
                // Random bytes are almost never a request; when they happen to be one it is answered too.
                return new Case("randomBytes", b, looksLikeRequest(b) ? id : null, false, null);
            }
            case 1: {
                byte[][] bad = {{(byte) 0xC3, 0x28}, {(byte) 0xFF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xF0, (byte) 0x9F},
                    {(byte) 0xC0, (byte) 0xAF}};
                ByteArrayOutputStream o = new ByteArrayOutputStream();
                o.writeBytes(("{\"id\":" + n + ",\"op\":\"probe.hello\",\"args\":{\"s\":\"").getBytes(StandardCharsets.UTF_8));
                o.writeBytes(bad[r.nextInt(bad.length)]);
                o.writeBytes("\"}}".getBytes(StandardCharsets.UTF_8));
                return new Case("invalidUtf8", o.toByteArray(), null, false, "protocol.parse_error");
            }
            case 2: {
                String full = "{\"id\":" + n + ",\"op\":\"gui.list\",\"args\":{\"scope\":\"sidebar\"}}";
                String cut = full.substring(0, 1 + r.nextInt(full.length() - 1));
                return new Case("truncated", utf8(cut), null, false, "protocol.parse_error");
            }
            case 3: {
                boolean deep = r.nextBoolean();
                int depth = deep ? 250 + r.nextInt(1700) : 1 + r.nextInt(150);
                String nest = "[".repeat(depth) + "]".repeat(depth);
                String line = "{\"id\":" + n + ",\"op\":\"probe.hello\",\"args\":{\"a\":" + nest + "}}";
                return deep ? new Case("tooDeep", utf8(line), null, false, "protocol.parse_error")
                        : new Case("nested", utf8(line), id, true, null);
            }
            case 4: {
                String big;
                if (r.nextInt(5) == 0) {
                    // An exponent no number type holds: a parse error, answered like any other.
                    String absurd = "{\"id\":1e" + (1_000_000_000_000L + r.nextInt(1_000_000)) + ",\"op\":\"probe.hello\"}";
                    return new Case("absurdNumber", utf8(absurd), null, false, "protocol.parse_error");
                }
                switch (r.nextInt(4)) {
                    case 0:
                        big = new BigInteger(64 + r.nextInt(900), r).toString();
                        break;
                    case 1:
                        big = "-" + new BigInteger(70 + r.nextInt(300), r);
                        break;
                    case 2:
                        big = r.nextInt(1000) + "." + new BigInteger(100, r) + "e" + (r.nextBoolean() ? "" : "-") + (300 + r.nextInt(5000));
                        break;
                    default:
                        big = "1e" + (309 + r.nextInt(100));
                        break;
                }
                String line = "{\"id\":" + big + ",\"op\":\"probe.hello\"}";
                return new Case("hugeNumber", utf8(line), new com.fasterxml.jackson.databind.node.DecimalNode(new BigDecimal(big)), true, null);
            }
            case 5: {
                String[] badIds = {"true", "false", "[1]", "{\"a\":1}", "null"};
                String line = r.nextInt(5) == 0 ? "{\"op\":\"probe.hello\"}"
                        : "{\"id\":" + badIds[r.nextInt(badIds.length)] + ",\"op\":\"probe.hello\"}";
                return new Case("badId", utf8(line), null, false, "protocol.invalid_request");
            }
            case 6: {
                String[] badOps = {"1", "[\"probe.hello\"]", "\"\"", "null", "{}", "true"};
                String[] badArgs = {"[]", "\"x\"", "3", "true"};
                String line = r.nextBoolean() ? "{\"id\":" + n + ",\"op\":" + badOps[r.nextInt(badOps.length)] + "}"
                        : "{\"id\":" + n + ",\"op\":\"probe.hello\",\"args\":" + badArgs[r.nextInt(badArgs.length)] + "}";
                return new Case("wrongType", utf8(line), id, false, "protocol.invalid_request");
            }
            case 7: {
                ObjectNode req = probe.api.wire.Wire.object();
                req.put("id", n);
                req.put("op", "fuzz." + randomText(r, 1 + r.nextInt(40)));
                return new Case("unknownOp", utf8(req.toString()), id, false, "protocol.unknown_op");
            }
            case 8: {
                ObjectNode req = probe.api.wire.Wire.object();
                String sid = randomText(r, r.nextInt(30));
                req.put("id", sid);
                String op = READERS.get(r.nextInt(READERS.size()));
                req.put("op", op);
                req.set("args", randomArgs(r, 0));
                return new Case("readerOp", utf8(req.toString()), req.get("id"), false, null);
            }
            case 9: {
                boolean over = r.nextBoolean();
                String head = "{\"id\":" + n + ",\"op\":\"probe.hello\",\"args\":{\"pad\":\"";
                String tail = "\"}}";
                int pad = LIMIT - head.length() - tail.length() + (over ? 1 + r.nextInt(3 * LIMIT) : 0);
                String line = head + "x".repeat(pad) + tail;
                boolean cr = r.nextBoolean();
                byte[] b = utf8(cr ? line + "\r" : line);
                return over ? new Case("overLimit", b, null, false, "protocol.line_too_long") : new Case("atLimit", b, id, true, null);
            }
            case 10: {
                String[] odd = {"", " ", "\t", "\r", "{\"id\":1,\"op\":\"probe.hello\"} {\"id\":2}", "{\"id\":1,\"op\":\"probe.hello\"}]",
                    "\"just a string\"", "42", "[]", "{", "}"};
                String s = odd[r.nextInt(odd.length)];
                return new Case("odd", utf8(s), null, false, null);
            }
            default: {
                ObjectNode req = probe.api.wire.Wire.object();
                String sid = randomText(r, 1 + r.nextInt(60));
                req.put("id", sid);
                req.put("op", "probe.hello");
                return new Case("stringId", utf8(req.toString()), req.get("id"), true, null);
            }
        }
    }

    private static boolean looksLikeRequest(byte[] b) {
        try {
            JsonNode n = probe.api.wire.Wire.mapper().readTree(new String(b, StandardCharsets.UTF_8));
            return n != null && n.isObject() && n.has("id");
        } catch (Exception e) {
            return false;
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Text with ASCII, controls, quotes, backslashes, CJK, emoji (surrogate pairs): JSON escaping has to hold. */
    static String randomText(Random r, int len) {
        String pool = "abcXYZ019._-\"\\/ \t\u0001\u001f\u00e9\u4e2d\u6587\u0000";
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < len; i++) {
            if (r.nextInt(20) == 0) {
                b.appendCodePoint(0x1F600 + r.nextInt(50));
            } else {
                b.append(pool.charAt(r.nextInt(pool.length())));
            }
        }
        return b.toString();
    }

    private static ObjectNode randomArgs(Random r, int depth) {
        ObjectNode a = probe.api.wire.Wire.object();
        String[] keys = {"scope", "identifier", "format", "token", "events", "x", "timeoutMillis", ""};
        int n = r.nextInt(4);
        for (int i = 0; i < n; i++) {
            String k = keys[r.nextInt(keys.length)];
            switch (r.nextInt(8)) {
                case 0:
                    a.put(k, randomText(r, r.nextInt(20)));
                    break;
                case 1:
                    a.put(k, r.nextLong());
                    break;
                case 2:
                    a.put(k, r.nextDouble() * 1e300);
                    break;
                case 3:
                    a.put(k, r.nextBoolean());
                    break;
                case 4:
                    a.putNull(k);
                    break;
                case 5:
                    a.putArray(k).add(randomText(r, 3)).add(r.nextInt());
                    break;
                case 6:
                    a.set(k, depth < 3 ? randomArgs(r, depth + 1) : probe.api.wire.Wire.object());
                    break;
                default:
                    a.put(k, new String[] {"window", "dialog", "sidebar", "png", "jpeg", "main", "toolbar."}[r.nextInt(7)]);
                    break;
            }
        }
        return a;
    }

    /** Waits until a line one byte over LIMIT is refused: the transport runs with the fuzz limit. */
    private static void awaitLimit() throws InterruptedException {
        Fixture.await("the transport to run with maxLineBytes " + LIMIT, () -> "protocol.line_too_long".equals(outcome(LIMIT + 1)));
    }

    private static void awaitDefaultLimit() throws InterruptedException {
        Fixture.await("the transport to run with its default line limit", () -> "ok".equals(outcome(LIMIT + 1)));
    }

    /** "ok", the error code a line of {@code bytes} bytes gets, or null when nobody answered (a restart). */
    private static String outcome(int bytes) {
        try (ProbeClient c = ProbeClient.connect(Fixture.socket(), Duration.ofSeconds(5))) {
            String head = "{\"id\":1,\"op\":\"probe.hello\",\"args\":{\"pad\":\"";
            String line = head + "x".repeat(bytes - head.length() - 3) + "\"}}\n";
            RawConnection.of(c).send(utf8(line));
            ObjectNode reply = RawConnection.of(c).readMessage();
            return reply.get("ok").booleanValue() ? "ok" : reply.get("error").get("code").asText();
        } catch (Exception e) {
            return null;
        }
    }
}
