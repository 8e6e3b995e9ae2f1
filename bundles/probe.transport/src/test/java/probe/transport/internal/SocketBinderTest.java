package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The stale-socket check on real sockets: a socket file nobody listens on (connect refused) is
 * replaced; one a process listens on is never taken, also when that process is too busy to accept
 * (its backlog full: the connect would wait, not be refused), and the check never waits long.
 */
class SocketBinderTest {
    private static final String OS = "Linux";
    private Path dir;

    @BeforeEach
    void folder() throws IOException {
        dir = Files.createTempDirectory("hdp-binder", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    @AfterEach
    void clean() throws IOException {
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.delete(f);
            }
        }
        Files.delete(dir);
    }

    @Test
    void aSocketNobodyListensOnIsReplaced() throws Exception {
        Path socket = dir.resolve("dead.sock");
        ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        dead.bind(UnixDomainSocketAddress.of(socket));
        dead.close();
        assertTrue(Files.exists(socket, LinkOption.NOFOLLOW_LINKS));
        SocketBinder.Bound b = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> SocketBinder.bind(socket, OS));
        b.close();
        assertFalse(Files.exists(socket, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aLiveSocketIsNeverTaken() throws Exception {
        Path socket = dir.resolve("live.sock");
        try (ServerSocketChannel live = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            live.bind(UnixDomainSocketAddress.of(socket));
            SocketBinder.RefusedException e = assertTimeoutPreemptively(Duration.ofSeconds(5),
                    () -> assertThrows(SocketBinder.RefusedException.class, () -> SocketBinder.bind(socket, OS)));
            assertTrue(e.getMessage().contains("already answers on"), e.getMessage());
            assertTrue(Files.exists(socket, LinkOption.NOFOLLOW_LINKS));
        }
    }

    @Test
    void aLiveSocketTooBusyToAcceptIsNeverTakenAndTheCheckDoesNotWaitForIt() throws Exception {
        Path socket = dir.resolve("busy.sock");
        List<SocketChannel> queued = new ArrayList<>();
        try (ServerSocketChannel busy = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            busy.bind(UnixDomainSocketAddress.of(socket), 1);
            // Fill its backlog: it never accepts, as a GUI whose acceptor is stuck.
            for (int i = 0; i < 8; i++) {
                SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
                c.configureBlocking(false);
                try {
                    c.connect(UnixDomainSocketAddress.of(socket));
                    queued.add(c);
                } catch (IOException full) {
                    c.close();
                    break;
                }
            }
            long t0 = System.nanoTime();
            SocketBinder.RefusedException e = assertTimeoutPreemptively(Duration.ofSeconds(5),
                    () -> assertThrows(SocketBinder.RefusedException.class, () -> SocketBinder.bind(socket, OS)));
            System.out.println("SocketBinderTest: a live socket with a full backlog: refused in " + (System.nanoTime() - t0) / 1_000_000
                    + " ms: " + e.getMessage());
            assertTrue(Files.exists(socket, LinkOption.NOFOLLOW_LINKS), "the busy GUI keeps its socket");
        } finally {
            for (SocketChannel c : queued) {
                c.close();
            }
        }
    }
}
