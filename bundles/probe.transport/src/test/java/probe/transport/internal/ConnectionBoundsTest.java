package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.newsclub.net.unix.AFUNIXServerSocket;
import org.newsclub.net.unix.AFUNIXSocket;
import org.newsclub.net.unix.AFUNIXSocketAddress;
import probe.api.ErrorCodes;
import probe.api.Ops;
import probe.api.wire.Wire;

/**
 * The bounds of a {@link Connection} on a real socket: they bound what the client sends, and never
 * what the probe writes. A subscriber that reads its events slowly while it sends a line in pieces
 * keeps whole event lines and its connection.
 */
@Timeout(30)
class ConnectionBoundsTest {
    private static final int EVENTS = 10_000;
    private static final String PAD = "x".repeat(400);

    private Path dir;
    private AFUNIXServerSocket server;
    private SocketChannel client;
    private Connection connection;
    private final ScheduledThreadPoolExecutor watcher = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "test-bounds");
        t.setDaemon(true);
        return t;
    });

    @BeforeEach
    void listen() throws Exception {
        dir = Files.createTempDirectory("hdp-bounds");
        server = AFUNIXServerSocket.newInstance();
        server.bind(AFUNIXSocketAddress.of(dir.resolve("s.sock")));
    }

    @AfterEach
    void close() throws Exception {
        if (connection != null) {
            connection.close();
            connection.join(2000);
        }
        if (client != null) {
            client.close();
        }
        server.close();
        watcher.shutdownNow();
        Files.deleteIfExists(dir.resolve("s.sock"));
        Files.delete(dir);
    }

    private void connect(Connection.Bounds bounds) throws IOException {
        client = SocketChannel.open(StandardProtocolFamily.UNIX);
        client.connect(UnixDomainSocketAddress.of(dir.resolve("s.sock")));
        AFUNIXSocket accepted = server.accept();
        connection = new Connection("c1", accepted, "test", 1 << 20, EVENTS + 16, null, bounds, watcher, new Connection.Dispatcher() {
            @Override
            public ObjectNode dispatch(Connection c, Decoded d) {
                return Wire.success(d.id(), Wire.object().put("op", d.op()));
            }

            @Override
            public void closed(Connection c) {
            }
        });
        connection.start();
    }

    private void send(String text) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (b.hasRemaining()) {
            client.write(b);
        }
    }

    /** Reads whole lines until {@code done} says so, the connection ends, or {@code millis} pass; returns them and whether it ended. */
    private List<String> read(long millis, java.util.function.Predicate<List<String>> done, boolean[] ended) throws IOException {
        client.configureBlocking(false);
        List<String> lines = new ArrayList<>();
        StringBuilder partial = new StringBuilder();
        long deadline = System.nanoTime() + millis * 1_000_000;
        try (Selector sel = Selector.open()) {
            client.register(sel, SelectionKey.OP_READ);
            ByteBuffer b = ByteBuffer.allocate(65536);
            while (!done.test(lines)) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    break;
                }
                sel.select(left);
                sel.selectedKeys().clear();
                int n;
                try {
                    n = client.read(b);
                } catch (IOException reset) {
                    n = -1;
                }
                if (n < 0) {
                    ended[0] = true;
                    if (partial.length() > 0) {
                        lines.add("PARTIAL:" + partial);
                    }
                    break;
                }
                partial.append(new String(b.array(), 0, b.position(), StandardCharsets.ISO_8859_1));
                b.clear();
                int nl;
                while ((nl = partial.indexOf("\n")) >= 0) {
                    lines.add(partial.substring(0, nl));
                    partial.delete(0, nl + 1);
                }
            }
            sel.keys().forEach(SelectionKey::cancel);
        }
        client.configureBlocking(true);
        return lines;
    }

    private static JsonNode json(String line) throws IOException {
        return Wire.mapper().readTree(line);
    }

    private void subscribe() throws IOException {
        send("{\"id\":1,\"op\":\"" + Ops.EVENT_SUBSCRIBE + "\"}\n");
        boolean[] ended = new boolean[1];
        List<String> got = read(5000, l -> !l.isEmpty(), ended);
        assertEquals(1, json(got.get(0)).path("id").intValue(), got.toString());
    }

    /**
     * Events come one at a time (each line flushed by itself) while the client reads nothing: once the
     * socket is full, each write waits whole or not at all. The line the client began ends within
     * lineMillis; the client starts reading only after that. No read bound may cut those writes.
     */
    @Test
    void aSubscriberThatReadsSlowlyWhileItSendsALineInPiecesGetsWholeEventLinesAndKeepsItsConnection() throws Exception {
        connect(new Connection.Bounds(0, 1500, 0));
        subscribe();
        long begun = System.nanoTime();
        send("{\"id\":2,\"op\":\"probe.he");
        Thread.sleep(100);
        java.util.concurrent.atomic.AtomicBoolean feeding = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.concurrent.atomic.AtomicInteger offered = new java.util.concurrent.atomic.AtomicInteger();
        Thread feeder = new Thread(() -> {
            while (feeding.get()) {
                connection.offerEvent(Wire.object().put("event", "test.trickle").put("n", offered.getAndIncrement()).put("pad", PAD));
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "test-feeder");
        feeder.start();
        Thread.sleep(600);
        send("llo\"}\n");
        // Not reading for longer than lineMillis: the line ended in time; the events wait in the socket and the queue.
        Thread.sleep(2200);
        feeding.set(false);
        feeder.join(2000);
        long idle = (System.nanoTime() - begun) / 1_000_000;
        assertTrue(idle > 2500, idle + " ms");
        int total = offered.get();
        boolean[] ended = new boolean[1];
        List<String> got = read(10_000, l -> l.size() >= total + 1, ended);
        int events = 0;
        boolean answered = false;
        for (String line : got) {
            assertTrue(!line.startsWith("PARTIAL:"), "half a line, then the end: " + line.substring(0, Math.min(120, line.length())));
            JsonNode n = json(line);
            if (n.has("event")) {
                assertEquals(events, n.path("n").intValue(), "event lines in order, whole, none lost: " + line);
                events++;
            } else {
                answered |= n.path("id").intValue() == 2;
            }
        }
        assertEquals(total, events, "every event came whole; the connection " + (ended[0] ? "was closed" : "is open"));
        assertTrue(answered, "the line ended in time was answered");
        send("{\"id\":3,\"op\":\"probe.hello\"}\n");
        List<String> after = read(5000, l -> !l.isEmpty(), ended);
        assertEquals(3, json(after.get(0)).path("id").intValue(), "the connection is still served: " + after);
    }

    @Test
    void aSubscriberThatNeverEndsItsLineGetsWholeEventsThenTheCodedLineAfterLineMillis() throws Exception {
        connect(new Connection.Bounds(0, 1000, 0));
        subscribe();
        long begun = System.nanoTime();
        send("{\"id\":2,\"op\":\"probe.he");
        Thread.sleep(200);
        for (int i = 0; i < 10; i++) {
            connection.offerEvent(Wire.object().put("event", "test.few").put("n", i));
        }
        boolean[] ended = new boolean[1];
        List<String> got = read(10_000, l -> false, ended);
        long ms = (System.nanoTime() - begun) / 1_000_000;
        assertTrue(ended[0], "closed: " + got);
        assertEquals(11, got.size(), got.toString());
        for (int i = 0; i < 10; i++) {
            assertEquals(i, json(got.get(i)).path("n").intValue(), got.get(i));
        }
        assertEquals(ErrorCodes.LINE_TIMEOUT, json(got.get(10)).path("error").path("code").asText(), got.get(10));
        assertTrue(ms >= 1000 && ms < 5000, "closed after lineMillis: " + ms + " ms");
    }

    /** A client that reads nothing and leaves half a line: past lineMillis it is closed, its writer blocked in a write too. */
    @Test
    void aClientThatNeitherReadsNorEndsItsLineIsClosedWithBothThreads() throws Exception {
        connect(new Connection.Bounds(0, 800, 0));
        subscribe();
        for (int i = 0; i < 2000; i++) {
            connection.offerEvent(Wire.object().put("event", "test.flood").put("n", i).put("pad", PAD));
        }
        long begun = System.nanoTime();
        send("{\"id\":2,\"op\":\"probe.he");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (connection.isOpen() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        long ms = (System.nanoTime() - begun) / 1_000_000;
        assertTrue(!connection.isOpen(), "closed after lineMillis");
        assertTrue(ms >= 800 && ms < 5000, ms + " ms");
        connection.join(3000);
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            assertTrue(!t.getName().startsWith("hdp-gui-c1-"), t.getName() + " still runs: " + java.util.Arrays.toString(t.getStackTrace()));
        }
    }

    @Test
    void aSilentConnectionGetsTheFirstLineTimeoutAndIsClosed() throws Exception {
        long t0 = System.nanoTime();
        connect(new Connection.Bounds(800, 0, 0));
        boolean[] ended = new boolean[1];
        List<String> got = read(10_000, l -> false, ended);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ended[0]);
        assertEquals(1, got.size(), got.toString());
        assertEquals(ErrorCodes.FIRST_LINE_TIMEOUT, json(got.get(0)).path("error").path("code").asText());
        assertTrue(ms >= 800 && ms < 5000, ms + " ms");
    }
}
