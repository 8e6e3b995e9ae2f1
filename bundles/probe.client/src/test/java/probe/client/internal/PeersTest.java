package probe.client.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import probe.client.ProbePeerException;

/**
 * Whom the client refuses: a listener whose user is not this process's. The real other-user
 * listener (socat as nobody, with hvm-dbg) is itest ClientTrustIT; here the comparison itself, and
 * the socket file's owner standing in where a platform has no peer credentials.
 */
class PeersTest {
    @TempDir
    Path dir;

    private static UserPrincipal nobody() throws Exception {
        return java.nio.file.FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    }

    @Test
    void thisProcesssUserIsTheKernelsAnswer() throws Exception {
        UserPrincipal me = Peers.self();
        assertEquals(Files.getOwner(Files.createFile(dir.resolve("mine"))), me);
        if (Files.isDirectory(Path.of("/proc/self"))) {
            assertEquals(Files.getOwner(Path.of("/proc/self")), me, "the owner of /proc/self, the fallback, says the same");
        }
        assertEquals(me, Peers.ownerOfANewFile());
    }

    @Test
    void aListenerOfAnotherUserIsRefusedAndOneOfOursIsNot() throws Exception {
        UserPrincipal me = Peers.self();
        Path socket = dir.resolve("probe.sock");
        Peers.refuseForeign(socket, me, me);
        assumeTrue(!nobody().equals(me), "runs as a user other than nobody");
        ProbePeerException e = assertThrows(ProbePeerException.class, () -> Peers.refuseForeign(socket, nobody(), me));
        assertEquals("refused the listener on " + socket + ": it runs as user 'nobody', not '" + me.getName() + "' (this process),"
                + " so it is not your GUI's probe; nothing was sent to it (no token, no text). Check --socket or"
                + " HVM_GUI_PROBE_SOCKET, and who made that socket", e.getMessage());
        assertEquals("nobody", e.peerUser());
        assertFalse(e.fromFileOwner());
    }

    @Test
    void withoutPeerCredentialsTheSocketFilesOwnerStandsIn() throws Exception {
        Path socket = dir.resolve("probe.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            UserPrincipal me = Peers.self();
            Peers.refuseForeign(socket, null, me);
            assumeTrue("root".equals(me.getName()), "only root can give the socket file to another user");
            Files.setOwner(socket, nobody());
            assertEquals(nobody(), Files.getOwner(socket, LinkOption.NOFOLLOW_LINKS));
            ProbePeerException e = assertThrows(ProbePeerException.class, () -> Peers.refuseForeign(socket, null, me));
            assertTrue(e.fromFileOwner());
            assertTrue(e.getMessage().startsWith("refused the listener on " + socket + ": the socket file belongs to user 'nobody',"),
                    e.getMessage());
        }
    }
}
