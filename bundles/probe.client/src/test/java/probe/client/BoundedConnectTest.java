package probe.client;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A listener that never accepts, its backlog full (a hung GUI, or a hostile process at the path):
 * connecting gives up within the client's timeout, naming the socket, instead of hanging hvm-dbg
 * or the MCP server for ever.
 */
class BoundedConnectTest {
    @TempDir
    Path dir;

    @Test
    void aListenerWhoseBacklogIsFullIsGivenUpOnWithinTheTimeout() throws Exception {
        Path socket = dir.resolve("full.sock");
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(socket);
        List<SocketChannel> queued = new ArrayList<>();
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(address, 1);
            // Never accepted: connect until the kernel refuses one more (EAGAIN on a non-blocking connect).
            boolean full = false;
            while (!full && queued.size() < 64) {
                SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
                c.configureBlocking(false);
                try {
                    c.connect(address);
                    queued.add(c);
                } catch (IOException e) {
                    c.close();
                    full = true;
                }
            }
            assertTrue(full, "the backlog filled after " + queued.size() + " connections");
            long t0 = System.nanoTime();
            ProbeUnavailableException e = assertTimeoutPreemptively(Duration.ofSeconds(15),
                    () -> assertThrows(ProbeUnavailableException.class, () -> ProbeClient.connect(socket, Duration.ofMillis(1500))),
                    "the connect must be bounded");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 1400 && ms < 5000, "given up after the timeout: " + ms + " ms");
            assertTrue(e.getMessage().contains(socket.toString()) && e.getMessage().contains("1.5 s"), e.getMessage());
            assertTrue(e.reason() == ProbeUnavailableException.Reason.NOT_ACCEPTING, e.reason() + ": " + e.getMessage());
        } finally {
            for (SocketChannel c : queued) {
                c.close();
            }
        }
    }
}
