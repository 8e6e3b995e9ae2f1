package probe.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import probe.api.wire.Wire;

/**
 * A send that times out partway has left half a line on the connection: the connection is closed,
 * so that no later request is joined to it (the probe drops a partial line when its connection
 * closes, and a client such as the MCP server connects again).
 */
class SendTimeoutTest {
    @TempDir
    Path dir;

    @Test
    void aSendThatTimesOutPartwayClosesTheConnection() throws Exception {
        Path socket = dir.resolve("slow.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            ProbeClient client = ProbeClient.connect(socket, Duration.ofMillis(500));
            try (SocketChannel peer = server.accept()) {
                // A line far larger than the socket holds, to a peer that reads nothing for now.
                String big = "x".repeat(4 << 20);
                ProbeTimeoutException e = assertTimeoutPreemptively(Duration.ofSeconds(15),
                        () -> assertThrows(ProbeTimeoutException.class, () -> client.call("gui.type", Wire.object().put("text", big))));
                assertTrue(e.getMessage().contains(socket.toString()), e.getMessage());
                assertFalse(client.isOpen(), "closed: half a line is on it");
                ProbeClientException next = assertThrows(ProbeClientException.class, () -> client.call("probe.hello"));
                assertTrue(next.getMessage().contains("closed"), next.getMessage());
                // The peer gets the start of the first line and then the end: nothing joined to it.
                ByteArrayOutputStream got = new ByteArrayOutputStream();
                ByteBuffer b = ByteBuffer.allocate(1 << 16);
                assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                    while (peer.read(b) >= 0) {
                        got.write(b.array(), 0, b.position());
                        b.clear();
                    }
                });
                String text = got.toString(java.nio.charset.StandardCharsets.UTF_8);
                assertTrue(text.startsWith("{\"id\":1,"), text.substring(0, Math.min(80, text.length())));
                assertEquals(-1, text.indexOf('\n'), "no whole line");
                assertFalse(text.contains("probe.hello"), "no request joined to the half line");
            } finally {
                client.close();
            }
        }
    }
}
