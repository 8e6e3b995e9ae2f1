package probe.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import probe.api.wire.Wire;
import probe.testing.TestProbe;

class ProbeClientTest {
    private static final Duration LIMIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private static ObjectNode event(String name) {
        ObjectNode e = Wire.object();
        e.put("event", name);
        e.put("ts", 1L);
        return e;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void callsCarryIncreasingIdsAndReturnData() throws Exception {
        try (TestProbe probe = TestProbe.start(dir, TestProbe.standard());
                ProbeClient client = ProbeClient.connect(probe.socket())) {
            JsonNode hello = client.call("probe.hello");
            assertEquals(1, hello.get("protocol").intValue());
            ObjectNode args = Wire.object().put("scope", "dialog");
            assertEquals(args, client.call("echo", args));
            assertNull(client.call("echo", null), "no args, no data: null");

            assertEquals(3, probe.requests().size());
            for (int i = 0; i < 3; i++) {
                assertEquals(i + 1, probe.requests().get(i).get("id").longValue());
            }
            assertEquals("probe.hello", probe.requests().get(0).get("op").textValue());
            assertFalse(probe.requests().get(0).has("args"), "args omitted when null");
            assertEquals(args, probe.requests().get(1).get("args"));
            assertTrue(client.isOpen());
        }
    }

    @Test
    void failureBecomesProbeOpException() throws Exception {
        try (TestProbe probe = TestProbe.start(dir, TestProbe.standard());
                ProbeClient client = ProbeClient.connect(probe.socket())) {
            ProbeOpException e = assertThrows(ProbeOpException.class, () -> client.call("fail"));
            assertEquals("gui.identifier_ambiguous", e.code());
            assertEquals("2 controls match 'a.b'", e.getMessage());
            assertEquals("fail", e.op());
            assertEquals("a.b.d", e.details().get("candidates").get(1).textValue());

            ProbeOpException unknown = assertThrows(ProbeOpException.class, () -> client.call("nope"));
            assertEquals("protocol.unknown_op", unknown.code());
            assertNull(unknown.details());
            assertEquals(1, client.call("probe.hello").get("protocol").intValue(), "still usable");
        }
    }

    @Test
    void aReplyThatIsNotJsonIsAClientFailureOfNoSubtype() throws Exception {
        TestProbe.Handler handler = (req, conn) -> conn.sendRaw(utf8("<html>not the probe</html>\n"));
        try (TestProbe probe = TestProbe.start(dir, handler); ProbeClient client = ProbeClient.connect(probe.socket())) {
            ProbeClientException e = assertThrows(ProbeClientException.class, () -> client.call("probe.hello"));
            assertEquals(ProbeClientException.class, e.getClass(), e.toString());
            assertTrue(e.getMessage().contains("not JSON") && e.getMessage().contains(probe.socket().toString()), e.getMessage());
        }
    }

    @Test
    void eventsBeforeAReplyAreQueuedApart() throws Exception {
        TestProbe.Handler handler = (req, conn) -> {
            conn.send(event("dialog.opened"));
            conn.send(event("dialog.closed"));
            conn.reply(req, Wire.object().put("subscribed", true));
        };
        try (TestProbe probe = TestProbe.start(dir, handler); ProbeClient client = ProbeClient.connect(probe.socket())) {
            assertTrue(client.subscribe("dialog.*").get("subscribed").booleanValue());
            assertEquals("dialog.*", probe.requests().get(0).get("args").get("events").get(0).textValue());
            assertEquals("dialog.opened", client.nextEvent(Duration.ZERO).get("event").textValue());
            assertEquals("dialog.closed", client.nextEvent(Duration.ofSeconds(1)).get("event").textValue());
            long t0 = System.nanoTime();
            assertNull(client.nextEvent(Duration.ofMillis(150)));
            assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(140), "waited for the timeout");
        }
    }

    @Test
    void nextEventReadsTheSocketItself() throws Exception {
        TestProbe.Handler handler = (req, conn) -> {
            conn.reply(req, null);
            Thread.sleep(100);
            conn.send(event("list.refreshed"));
        };
        try (TestProbe probe = TestProbe.start(dir, handler); ProbeClient client = ProbeClient.connect(probe.socket())) {
            assertNull(client.subscribe());
            assertFalse(probe.requests().get(0).has("args"));
            assertEquals("list.refreshed", client.nextEvent(Duration.ofSeconds(5)).get("event").textValue());
        }
    }

    @Test
    void oneThreadCallsWhileAnotherWaitsForEvents() throws Exception {
        CountDownLatch watching = new CountDownLatch(1);
        TestProbe.Handler handler = (req, conn) -> {
            if (req.path("op").asText().equals("slow")) {
                watching.await(5, TimeUnit.SECONDS);
                Thread.sleep(50);
                conn.reply(req, Wire.object().put("n", req.get("id").intValue()));
                conn.send(event("dialog.opened"));
            } else {
                conn.reply(req, null);
            }
        };
        assertTimeoutPreemptively(LIMIT, () -> {
            try (TestProbe probe = TestProbe.start(dir, handler); ProbeClient client = ProbeClient.connect(probe.socket())) {
                CompletableFuture<ObjectNode> ev = CompletableFuture.supplyAsync(() -> {
                    watching.countDown();
                    try {
                        return client.nextEvent(Duration.ofSeconds(10));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                watching.await();
                Thread.sleep(20); // let the watcher start reading the socket
                for (int i = 1; i <= 3; i++) {
                    assertEquals(i, client.call("slow", null).get("n").intValue());
                }
                assertEquals("dialog.opened", ev.get(10, TimeUnit.SECONDS).get("event").textValue());
                assertEquals("dialog.opened", client.nextEvent(Duration.ofSeconds(5)).get("event").textValue());
                assertEquals("dialog.opened", client.nextEvent(Duration.ofSeconds(5)).get("event").textValue());
            }
        });
    }

    @Test
    void readTimeoutEndsAWaitAndTheClientStaysUsable() throws Exception {
        try (TestProbe probe = TestProbe.start(dir, TestProbe.standard());
                ProbeClient client = ProbeClient.connect(probe.socket(), Duration.ofMillis(200))) {
            long t0 = System.nanoTime();
            ProbeTimeoutException e = assertThrows(ProbeTimeoutException.class, () -> client.call("hang"));
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(ms >= 190 && ms < 5000, "timed out after " + ms + " ms");
            assertTrue(e.getMessage().contains("hang"), e.getMessage());
            assertEquals(Duration.ofMillis(200), e.timeout());
            assertEquals(1, client.call("probe.hello").get("protocol").intValue());
            assertEquals(Duration.ofMillis(50),
                    assertThrows(ProbeTimeoutException.class, () -> client.call("hang", null, Duration.ofMillis(50))).timeout());
            RawConnection raw = RawConnection.of(client);
            assertThrows(ProbeTimeoutException.class, raw::readMessage);
            assertThrows(ProbeTimeoutException.class, raw::readLine);
        }
    }

    @Test
    void theLateReplyOfATimedOutCallIsDropped() throws Exception {
        TestProbe.Handler handler = (req, conn) -> {
            if (req.path("op").asText().equals("late")) {
                Thread.sleep(300);
            }
            conn.reply(req, Wire.object().put("op", req.path("op").asText()));
        };
        try (TestProbe probe = TestProbe.start(dir, handler);
                ProbeClient client = ProbeClient.connect(probe.socket(), Duration.ofSeconds(5))) {
            assertThrows(ProbeTimeoutException.class, () -> client.call("late", null, Duration.ofMillis(50)));
            assertEquals("next", client.call("next").get("op").textValue(), "the late reply is not taken for this one");
            RawConnection raw = RawConnection.of(client);
            raw.send(utf8("{\"id\":\"raw\",\"op\":\"raw\"}\n"));
            assertEquals("raw", raw.readMessage().get("id").textValue(), "nor handed to readMessage");
        }
    }

    @Test
    void requestsSentBackToBackAreAnsweredEachToItsOwnPending() throws Exception {
        try (TestProbe probe = TestProbe.start(dir, TestProbe.standard());
                ProbeClient client = ProbeClient.connect(probe.socket(), Duration.ofSeconds(5))) {
            ObjectNode args = Wire.object().put("scope", "dialog");
            ProbeClient.Pending failing = client.send("fail", null);
            ProbeClient.Pending echo = client.send("echo", args);
            ProbeClient.Pending hello = client.send("probe.hello", null);
            assertEquals("fail", failing.op());
            // Taken out of order: each reply goes to its own request.
            assertEquals(1, hello.reply(LIMIT).get("protocol").intValue());
            assertEquals("gui.identifier_ambiguous", assertThrows(ProbeOpException.class, () -> failing.reply(LIMIT)).code());
            assertEquals(args, echo.reply(LIMIT));
            assertEquals(3, probe.requests().size());
            assertEquals("echo", probe.requests().get(1).get("op").textValue());
            assertEquals(1, client.call("probe.hello").get("protocol").intValue(), "calls go on after");
        }
    }

    @Test
    void aCancelledRequestsReplyIsDroppedAndAHangingOneTimesOut() throws Exception {
        try (TestProbe probe = TestProbe.start(dir, TestProbe.standard());
                ProbeClient client = ProbeClient.connect(probe.socket(), Duration.ofMillis(300))) {
            client.send("echo", Wire.object().put("dropped", true)).cancel();
            ProbeClient.Pending hang = client.send("hang", null);
            assertThrows(ProbeTimeoutException.class, () -> hang.reply(Duration.ofMillis(50)));
            RawConnection raw = RawConnection.of(client);
            raw.send(utf8("{\"id\":\"raw\",\"op\":\"echo\"}\n"));
            assertEquals("raw", raw.readMessage().get("id").textValue(), "the cancelled request's reply is not handed on");
        }
    }

    @Test
    void noSocketFileIsUnavailable() {
        Path missing = dir.resolve("nothing-here.sock");
        ProbeUnavailableException e = assertThrows(ProbeUnavailableException.class, () -> ProbeClient.connect(missing));
        assertEquals(ProbeUnavailableException.Reason.NO_SOCKET_FILE, e.reason());
        assertEquals(missing, e.socket());
        assertTrue(e.getMessage().contains(missing.toString()) && e.getMessage().contains("no socket file"), e.getMessage());
        assertTrue(e.hint().contains("run/hvm-debug"), e.hint());
    }

    /**
     * An application's socket (hvm-dbg --pid PID: hdp-gui/PID.sock) with no probe behind it, as
     * after hvm-dbg detach PID: the hint says to attach one, not to start HVM's debug GUI.
     */
    @Test
    void anApplicationsSocketWithoutAProbeHintsToAttachOne() throws Exception {
        long pid = ProcessHandle.current().pid();
        Path app = Files.createDirectories(dir.resolve(probe.api.wire.SocketPaths.APPLICATIONS_DIR)).resolve(pid + ".sock");
        ProbeUnavailableException e = assertThrows(ProbeUnavailableException.class, () -> ProbeClient.connect(app));
        assertEquals(ProbeUnavailableException.Reason.NO_SOCKET_FILE, e.reason());
        assertEquals("no probe is loaded into JVM " + pid + " (detached, or never attached): load it with hvm-dbg attach " + pid
                + "; hvm-dbg ps lists your JVMs and where a probe answers", e.hint());
        Files.writeString(app, "left behind");
        ProbeUnavailableException plain = assertThrows(ProbeUnavailableException.class, () -> ProbeClient.connect(app));
        assertEquals(ProbeUnavailableException.Reason.NOT_A_SOCKET, plain.reason());
        assertTrue(plain.hint().contains("hvm-dbg attach " + pid), plain.hint());
        Files.delete(app);
        // Without XDG_RUNTIME_DIR: ~/.local/state/hdp-gui/run/PID.sock.
        Path state = Files.createDirectories(dir.resolve("state").resolve(probe.api.wire.SocketPaths.APPLICATIONS_DIR).resolve("run"))
                .resolve(pid + ".sock");
        ProbeUnavailableException inState = assertThrows(ProbeUnavailableException.class, () -> ProbeClient.connect(state));
        assertTrue(inState.hint().startsWith("no probe is loaded into JVM " + pid), inState.hint());
        Path elsewhere = dir.resolve(pid + ".sock");
        ProbeUnavailableException other = assertThrows(ProbeUnavailableException.class, () -> ProbeClient.connect(elsewhere));
        assertTrue(other.hint().contains("run/hvm-debug"), "a socket of no application's: " + other.hint());
        long gone = 4_000_000_000L;
        assertFalse(ProcessHandle.of(gone).isPresent());
        Path none = dir.resolve(probe.api.wire.SocketPaths.APPLICATIONS_DIR).resolve(gone + ".sock");
        ProbeUnavailableException ended = assertThrows(ProbeUnavailableException.class, () -> ProbeClient.connect(none));
        assertEquals("no process " + gone + " runs now: hvm-dbg ps lists your JVMs and where a probe answers", ended.hint());
    }

    @Test
    void staleSocketAndPlainFileAreUnavailable() throws Exception {
        Path stale = dir.resolve("stale.sock");
        ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        s.bind(UnixDomainSocketAddress.of(stale));
        s.close(); // leaves the file, as a crashed GUI would
        assertEquals(ProbeUnavailableException.Reason.NOBODY_LISTENING,
                assertThrows(ProbeUnavailableException.class, () -> ProbeClient.connect(stale)).reason());

        Path plain = Files.writeString(dir.resolve("plain"), "x");
        assertEquals(ProbeUnavailableException.Reason.NOT_A_SOCKET,
                assertThrows(ProbeUnavailableException.class, () -> ProbeClient.connect(plain)).reason());

        Path tooLong = dir.resolve("x".repeat(120) + ".sock");
        assertEquals(ProbeUnavailableException.Reason.PATH_TOO_LONG,
                assertThrows(ProbeUnavailableException.class, () -> ProbeClient.connect(tooLong)).reason());
    }

    @Test
    void rawLinesGarbageAndPartialLines() throws Exception {
        try (TestProbe probe = TestProbe.start(dir, TestProbe.standard());
                ProbeClient client = ProbeClient.connect(probe.socket())) {
            RawConnection raw = RawConnection.of(client);
            raw.send(utf8("this is not json\n"));
            ObjectNode garbage = raw.readMessage();
            assertTrue(garbage.get("id").isNull());
            assertEquals("protocol.parse_error", garbage.get("error").get("code").textValue());

            raw.send(utf8("{\"id\":\"a\",\"op\":"));
            Thread.sleep(50);
            raw.send(utf8("\"echo\",\"args\":{\"k\":\"\u00e9\"}}\r\n"));
            ObjectNode reply = raw.readMessage();
            assertEquals("a", reply.get("id").textValue());
            assertEquals("\u00e9", reply.get("data").get("k").textValue());
            assertEquals("{\"id\":\"a\",\"op\":\"echo\",\"args\":{\"k\":\"\u00e9\"}}", probe.lines().get(1));

            raw.send(utf8("{\"id\":5,\"op\":\"probe.hello\"}\n"));
            String line = raw.readLine();
            assertTrue(line.startsWith("{\"id\":5,\"ok\":true"), line);

            assertEquals(1, client.call("probe.hello").get("protocol").intValue(), "raw ids do not disturb calls");
            assertEquals(1, probe.requests().get(2).get("id").intValue());
        }
    }

    @Test
    void repliesToRawLinesWaitForReadMessageWhileCallsGetTheirOwn() throws Exception {
        try (TestProbe probe = TestProbe.start(dir, TestProbe.standard());
                ProbeClient client = ProbeClient.connect(probe.socket())) {
            RawConnection raw = RawConnection.of(client);
            raw.send(utf8("{\"id\":\"raw\",\"op\":\"echo\"}\n"));
            assertEquals(1, client.call("probe.hello").get("protocol").intValue());
            assertEquals("raw", raw.readMessage().get("id").textValue());
        }
    }

    @Test
    void crLfAndLongRepliesAreRead() throws Exception {
        String big = "x".repeat(3 * 1024 * 1024);
        TestProbe.Handler handler = (req, conn) -> {
            byte[] line = Wire.line(Wire.success(req.get("id"), Wire.object().put("big", big)));
            line[line.length - 1] = '\r';
            conn.sendRaw(line);
            conn.sendRaw(new byte[] {'\n'});
        };
        try (TestProbe probe = TestProbe.start(dir, handler); ProbeClient client = ProbeClient.connect(probe.socket())) {
            assertEquals(big, client.call("screenshot").get("big").textValue());
            assertEquals(big, client.call("screenshot").get("big").textValue());
        }
    }

    @Test
    void probeClosingTheConnectionIsUnavailable() throws Exception {
        TestProbe.Handler handler = (req, conn) -> {
            if (req.path("op").asText().equals("bye")) {
                conn.fail(req, "auth.required", "send probe.auth first", null);
                conn.close();
            }
        };
        try (TestProbe probe = TestProbe.start(dir, handler); ProbeClient client = ProbeClient.connect(probe.socket())) {
            assertEquals("auth.required", assertThrows(ProbeOpException.class, () -> client.call("bye")).code());
            assertNull(RawConnection.of(client).readLine(), "end of stream at a line boundary");
            ProbeUnavailableException e = assertThrows(ProbeUnavailableException.class, () -> client.call("again"));
            assertEquals(ProbeUnavailableException.Reason.CONNECTION_CLOSED, e.reason());
            assertFalse(client.isOpen());
        }
        try (TestProbe probe = TestProbe.start(Files.createDirectory(dir.resolve("second")), (req, conn) -> conn.close());
                ProbeClient client = ProbeClient.connect(probe.socket())) {
            assertEquals(ProbeUnavailableException.Reason.CONNECTION_CLOSED,
                    assertThrows(ProbeUnavailableException.class, () -> client.call("x")).reason());
            assertThrows(ProbeUnavailableException.class, () -> client.nextEvent(Duration.ofSeconds(1)));
        }
    }

    @Test
    void closeWakesAWaitingThread() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (TestProbe probe = TestProbe.start(dir, TestProbe.standard())) {
                ProbeClient client = ProbeClient.connect(probe.socket());
                CompletableFuture<Throwable> waiter = CompletableFuture.supplyAsync(() -> {
                    try {
                        client.nextEvent(Duration.ofSeconds(30));
                        return null;
                    } catch (Throwable t) {
                        return t;
                    }
                });
                Thread.sleep(100);
                client.close();
                Throwable t = waiter.get(10, TimeUnit.SECONDS);
                assertNotNull(t, "nextEvent returned instead of failing");
                assertInstanceOf(ProbeClientException.class, t);
                assertInstanceOf(ClosedChannelException.class, t.getCause(), t.toString());
                ProbeClientException later = assertThrows(ProbeClientException.class, () -> client.call("probe.hello"));
                assertInstanceOf(ClosedChannelException.class, later.getCause(), later.toString());
                client.close();
                assertFalse(client.isOpen());
            }
        });
    }
}
