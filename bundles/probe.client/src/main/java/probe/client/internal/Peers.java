package probe.client.internal;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import jdk.net.ExtendedSocketOptions;
import probe.client.ProbeClientException;
import probe.client.ProbePeerException;

/**
 * Who listens on the socket, checked before anything is sent: a probe runs as the user of its GUI,
 * so a listener of another user is refused ({@link ProbePeerException}) and never sees the token
 * or typed text.
 *
 * <p>The listener's user is the kernel's answer, the peer credentials of the connection
 * ({@code SO_PEERCRED} on Linux, {@code LOCAL_PEERCRED} on macOS, both read with the JDK's
 * {@link ExtendedSocketOptions#SO_PEERCRED}). A platform whose JDK has no peer credentials for Unix
 * sockets (none the probe runs on) has the socket file's owner compared instead: the user that
 * bound it, unless someone who may write its folder replaced it since.
 *
 * <p>This process's user is the owner of a file it creates (the kernel gives a new file the
 * effective user of its creator, on Linux and macOS alike), found once per process.
 */
final class Peers {
    private static volatile UserPrincipal self;

    private Peers() {
    }

    /**
     * Refuses the listener at the other end of {@code ch} when it runs as another user.
     *
     * @throws ProbePeerException when it does (the caller closes {@code ch})
     * @throws IOException when its user or ours cannot be found
     */
    static void check(Path socket, SocketChannel ch) throws IOException {
        UserPrincipal peer = ch.supportedOptions().contains(ExtendedSocketOptions.SO_PEERCRED)
                ? ch.getOption(ExtendedSocketOptions.SO_PEERCRED).user()
                : null;
        refuseForeign(socket, peer, self());
    }

    /**
     * Refuses {@code peer} when it is not {@code me}; a null {@code peer} (no peer credentials on
     * this platform) has the owner of the socket file stand in for it.
     *
     * @throws ProbePeerException when the listener is another user's
     */
    static void refuseForeign(Path socket, UserPrincipal peer, UserPrincipal me) throws IOException {
        boolean fromFile = peer == null;
        UserPrincipal listener = fromFile ? Files.getOwner(socket, LinkOption.NOFOLLOW_LINKS) : peer;
        if (!listener.equals(me)) {
            throw new ProbePeerException(socket, listener.getName(), me.getName(), fromFile);
        }
    }

    /** The user this process runs as. */
    static UserPrincipal self() throws IOException {
        UserPrincipal me = self;
        if (me == null) {
            me = ownerOfANewFile();
            self = me;
        }
        return me;
    }

    /**
     * The owner of a file made now in the temporary folder and deleted at once; where that folder
     * cannot be written, the owner of {@code /proc/self} (Linux), which is the process's
     * effective user too.
     */
    static UserPrincipal ownerOfANewFile() throws IOException {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        IOException failed = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            Path probe = dir.resolve(".hdp-gui-client-" + System.nanoTime() + ".tmp");
            try {
                Files.createFile(probe);
            } catch (FileAlreadyExistsException e) {
                continue;
            } catch (IOException e) {
                failed = e;
                break;
            }
            try {
                return Files.getOwner(probe, LinkOption.NOFOLLOW_LINKS);
            } finally {
                Files.deleteIfExists(probe);
            }
        }
        Path proc = Path.of("/proc/self");
        if (Files.isDirectory(proc)) {
            return Files.getOwner(proc);
        }
        throw new ProbeClientException("cannot tell which user this process runs as, to check the probe's: no file can be"
                + " made in " + dir + (failed == null ? "" : " (" + failed.getClass().getSimpleName() + ")")
                + "; point java.io.tmpdir at a folder of yours", failed);
    }
}
