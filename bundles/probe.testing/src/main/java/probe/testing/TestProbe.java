package probe.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import probe.api.Ops;
import probe.api.wire.Wire;

/**
 * A small probe for tests: a real Unix socket server (the JDK's) that reads request lines and lets
 * a {@link Handler} answer them. Lines that are not JSON get {@code protocol.parse_error}.
 */
public final class TestProbe implements AutoCloseable {
    /** Answers one request on one connection. */
    public interface Handler {
        void handle(ObjectNode request, Conn conn) throws Exception;
    }

    /** One accepted connection. */
    public static final class Conn {
        private final SocketChannel channel;

        Conn(SocketChannel channel) {
            this.channel = channel;
        }

        public synchronized void send(JsonNode message) throws IOException {
            sendRaw(Wire.line(message));
        }

        public synchronized void sendRaw(byte[] bytes) throws IOException {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) {
                channel.write(b);
            }
        }

        public void reply(ObjectNode request, JsonNode data) throws IOException {
            send(Wire.success(request.get("id"), data));
        }

        public void fail(ObjectNode request, String code, String message, JsonNode details) throws IOException {
            send(Wire.failure(request.get("id"), code, message, details));
        }

        public void close() throws IOException {
            channel.close();
        }
    }

    private final Path socket;
    private final ServerSocketChannel server;
    private final Handler handler;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final List<ObjectNode> requests = new CopyOnWriteArrayList<>();
    private final List<SocketChannel> open = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    private TestProbe(Path socket, Handler handler) throws IOException {
        this.socket = socket;
        this.handler = handler;
        this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        acceptor = new Thread(this::accept, "test-probe-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public static TestProbe start(Path dir, Handler handler) throws IOException {
        return new TestProbe(dir.resolve("probe.sock"), handler);
    }

    /** Answers {@code probe.hello}, echoes {@code echo}'s args as data, fails {@code fail}, never answers {@code hang}. */
    public static Handler standard() {
        return (req, conn) -> {
            String op = req.path("op").asText();
            switch (op) {
                case Ops.HELLO: {
                    ObjectNode d = Wire.object();
                    d.put("protocol", 1);
                    d.putObject("server").put("name", "test-probe").put("version", "9.9");
                    d.putArray("ops").add(Ops.HELLO).add("echo").add("fail");
                    conn.reply(req, d);
                    break;
                }
                case "echo":
                    conn.reply(req, req.get("args"));
                    break;
                case "fail": {
                    ObjectNode details = Wire.object();
                    details.putArray("candidates").add("a.b.c").add("a.b.d");
                    conn.fail(req, "gui.identifier_ambiguous", "2 controls match 'a.b'", details);
                    break;
                }
                case "hang":
                    break;
                default:
                    conn.fail(req, "protocol.unknown_op", "no op '" + op + "'", null);
            }
        };
    }

    public Path socket() {
        return socket;
    }

    /** Every line received, in order, as text. */
    public List<String> lines() {
        return lines;
    }

    /** Every request received that was JSON, in order. */
    public List<ObjectNode> requests() {
        return requests;
    }

    private void accept() {
        while (server.isOpen()) {
            SocketChannel ch;
            try {
                ch = server.accept();
            } catch (IOException e) {
                return;
            }
            open.add(ch);
            Thread t = new Thread(() -> serve(ch), "test-probe-conn");
            t.setDaemon(true);
            t.start();
        }
    }

    private void serve(SocketChannel ch) {
        Conn conn = new Conn(ch);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(ch), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                lines.add(line);
                JsonNode n;
                try {
                    n = Wire.mapper().readTree(line);
                } catch (IOException e) {
                    conn.send(Wire.failure(null, "protocol.parse_error", "not JSON", null));
                    continue;
                }
                requests.add((ObjectNode) n);
                handler.handle((ObjectNode) n, conn);
            }
        } catch (Exception e) {
            // The client went away or a test closed the connection.
        } finally {
            try {
                ch.close();
            } catch (IOException ignored) {
                // closing
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (SocketChannel c : open) {
            c.close();
        }
        Files.deleteIfExists(socket);
    }
}
