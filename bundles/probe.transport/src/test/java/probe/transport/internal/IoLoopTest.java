package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.newsclub.net.unix.AFUNIXServerSocket;
import org.newsclub.net.unix.AFUNIXSocket;
import org.newsclub.net.unix.AFUNIXSocketAddress;
import probe.api.wire.Wire;

/**
 * The I/O loop on real Unix sockets: lines framed however they come, replies in order, the bounds
 * it enforces instead of a socket option, a client that does not read dropped, and idle
 * connections that cost no thread, all accepted on the loop's own thread. The sink echoes each line
 * through a connection's serial queue.
 */
class IoLoopTest {
    private Path dir;
    private AFUNIXServerSocket server;
    private IoLoop loop;
    private OpPool pool;
    private final BlockingQueue<Connection> accepted = new ArrayBlockingQueue<>(4096);
    private final List<AFUNIXSocket> clients = new ArrayList<>();

    private void start(Connection.Bounds bounds) throws IOException {
        dir = Files.createTempDirectory("hdp-loop");
        server = AFUNIXServerSocket.newInstance();
        server.bind(AFUNIXSocketAddress.of(dir.resolve("s")));
        pool = new OpPool(4);
        IoLoop[] self = new IoLoop[1];
        loop = new IoLoop((c, line) -> c.submit(() -> {
            String text = new String(line, StandardCharsets.UTF_8);
            if (text.equals("hold")) {
                c.holdEvents();
            }
            if (text.equals("pojo")) {
                // An op whose data is no plain JSON (a plugin's POJO): the same reply path as the transport's.
                c.reply(Wire.success(Wire.object().numberNode(5), Wire.object().putPOJO("thing", new Object())));
                return;
            }
            c.reply(Wire.object().put("echo", text));
        }, pool), "test-io");
        self[0] = loop;
        // Accepted on the loop's own thread, as the transport does (no accept thread).
        Path path = dir.resolve("s");
        SocketBinder.Bound bound = new SocketBinder.Bound(server, path,
                Files.readAttributes(path, "unix:ino", java.nio.file.LinkOption.NOFOLLOW_LINKS).get("ino"), SocketBinder.ownUid());
        Acceptor acceptor = new Acceptor(bound, loop, 4096, (id, channel, peer) -> {
            Connection c = new Connection(id, channel, peer, 1024, 16, 64 * 1024, true, bounds, self[0]);
            accepted.add(c);
            return c;
        });
        loop.listen(acceptor.channel(), acceptor);
        loop.start();
    }

    private AFUNIXSocket connect() throws IOException {
        AFUNIXSocket s = AFUNIXSocket.connectTo(AFUNIXSocketAddress.of(dir.resolve("s")));
        s.setSoTimeout(5000);
        clients.add(s);
        return s;
    }

    @AfterEach
    void stop() throws Exception {
        for (AFUNIXSocket s : clients) {
            s.close();
        }
        if (server != null) {
            loop.stop(2000);
            server.close();
            pool.stop(2000);
        }
    }

    private static BufferedReader reader(AFUNIXSocket s) throws IOException {
        return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
    }

    private static JsonNode json(String line) throws IOException {
        return Wire.mapper().readTree(line);
    }

    @Test
    void linesSentInPiecesAreAnsweredInOrder() throws Exception {
        start(new Connection.Bounds(0, 0, 0, 0));
        AFUNIXSocket s = connect();
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            all.append("line ").append(i).append('\n');
        }
        byte[] bytes = all.toString().getBytes(StandardCharsets.UTF_8);
        OutputStream out = s.getOutputStream();
        for (int at = 0; at < bytes.length; at += 7) {
            out.write(bytes, at, Math.min(7, bytes.length - at));
        }
        out.flush();
        BufferedReader in = reader(s);
        for (int i = 0; i < 200; i++) {
            assertEquals("line " + i, json(in.readLine()).get("echo").asText());
        }
    }

    /** A reply with no JSON form is answered as the op's failure, under its id, and the connection goes on (it was closed unanswered). */
    @Test
    void aReplyWithNoJsonFormIsAnsweredAsAFailureAndTheConnectionGoesOn() throws Exception {
        start(new Connection.Bounds(0, 0, 0, 0));
        AFUNIXSocket s = connect();
        s.getOutputStream().write("pojo\nafter\n".getBytes(StandardCharsets.UTF_8));
        BufferedReader in = reader(s);
        JsonNode failed = json(in.readLine());
        assertEquals(5, failed.path("id").asInt(), failed.toString());
        assertEquals("internal", failed.path("error").path("code").asText(), failed.toString());
        assertTrue(failed.path("error").path("message").asText().contains("JSON"), failed.toString());
        assertEquals("after", json(in.readLine()).get("echo").asText());
    }

    @Test
    void aConnectionThatSendsNoWholeLineIsClosedByTheLoopWithACodedLine() throws Exception {
        start(new Connection.Bounds(300, 0, 0, 0));
        AFUNIXSocket s = connect();
        long t0 = System.nanoTime();
        BufferedReader in = reader(s);
        assertEquals("protocol.first_line_timeout", json(in.readLine()).path("error").path("code").asText());
        assertNull(in.readLine(), "then closed");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 250 && ms < 3000, ms + " ms");
    }

    @Test
    void aBegunLineMustEndWithinItsBoundButAnIdleConnectionWaitsFreely() throws Exception {
        start(new Connection.Bounds(0, 300, 0, 0));
        AFUNIXSocket idle = connect();
        AFUNIXSocket half = connect();
        idle.getOutputStream().write("hello\n".getBytes(StandardCharsets.UTF_8));
        BufferedReader idleIn = reader(idle);
        assertEquals("hello", json(idleIn.readLine()).get("echo").asText());
        half.getOutputStream().write("{\"id\":1,\"op\":\"gui".getBytes(StandardCharsets.UTF_8));
        BufferedReader halfIn = reader(half);
        assertEquals("protocol.line_timeout", json(halfIn.readLine()).path("error").path("code").asText());
        assertNull(halfIn.readLine());
        Thread.sleep(400);
        idle.getOutputStream().write("again\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("again", json(idleIn.readLine()).get("echo").asText(), "an idle connection between lines is not cut");
    }

    @Test
    void aSubscriberThatNeverReadsIsDroppedAndOthersAreServed() throws Exception {
        start(new Connection.Bounds(0, 0, 0, 300));
        AFUNIXSocket slow = connect();
        slow.getOutputStream().write("hold\n".getBytes(StandardCharsets.UTF_8));
        Connection c = accepted.poll(5, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!c.subscribed() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        String big = "x".repeat(16 * 1024);
        long t0 = System.nanoTime();
        int offered = 0;
        while (c.isOpen() && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5)) {
            // Never blocks, however full the client's socket is.
            long before = System.nanoTime();
            c.offerEvent(Wire.object().put("event", "e").put("pad", big));
            assertTrue(System.nanoTime() - before < TimeUnit.MILLISECONDS.toNanos(100), "offerEvent does not block");
            offered++;
            Thread.sleep(1);
        }
        assertTrue(c.closed(), "the subscriber that never read was dropped after " + offered + " events");
        AFUNIXSocket other = connect();
        other.getOutputStream().write("still\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("still", json(reader(other).readLine()).get("echo").asText());
    }

    @Test
    void aThousandIdleConnectionsCostNoThread() throws Exception {
        start(new Connection.Bounds(0, 0, 0, 0));
        AFUNIXSocket first = connect();
        first.getOutputStream().write("warm\n".getBytes(StandardCharsets.UTF_8));
        reader(first).readLine();
        int threads = Thread.activeCount();
        List<AFUNIXSocket> idle = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            idle.add(connect());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (loop.connections().size() < 1001 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(1001, loop.connections().size());
        assertTrue(Thread.activeCount() - threads < 8, "threads " + threads + " -> " + Thread.activeCount());
        AFUNIXSocket last = idle.get(999);
        last.getOutputStream().write("last\n".getBytes(StandardCharsets.UTF_8));
        try {
            assertEquals("last", json(reader(last).readLine()).get("echo").asText());
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the last of 1000 idle connections was not answered", e);
        }
    }
}
