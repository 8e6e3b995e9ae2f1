package probe.transport.internal;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.newsclub.net.unix.AFUNIXServerSocket;
import org.newsclub.net.unix.AFUNIXSocketAddress;
import probe.api.wire.SocketPaths;

/**
 * Puts the server socket in place by the contract's rules (docs/PROTOCOL.md, "Socket"): a private run
 * folder (0700, ours, not a symlink, not group- or world-writable), a 0600 socket, a stale socket
 * replaced, a live one never taken over.
 */
final class SocketBinder {
    private static final System.Logger LOG = System.getLogger(SocketBinder.class.getName());
    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;

    /** What a connect to an existing socket file says about it. */
    enum Stale {
        /** Refused (ECONNREFUSED): nobody listens; the file is a leftover and may go. */
        NOBODY_LISTENS,
        /** Connected, or queued: a live server owns it. */
        LIVE,
        /** Anything else (a full backlog: a live server too busy to accept, a permission, ...): not ours to take. */
        UNKNOWN
    }

    /** Why the socket could not be put in place; the message says what to do. */
    static final class RefusedException extends IOException {
        private static final long serialVersionUID = 1L;

        RefusedException(String message) {
            super(message);
        }
    }

    /** A bound server socket and what identifies its file, so that only our own file is deleted later. */
    record Bound(AFUNIXServerSocket server, Path path, Object fileKey, long uid) {

        /** Closes the server socket and deletes its file, unless the file is no longer the one we bound. */
        void close() {
            try {
                server.close();
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "closing the server socket: " + e);
            }
            try {
                if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)
                        && fileKey.equals(Files.readAttributes(path, "unix:ino", LinkOption.NOFOLLOW_LINKS).get("ino"))) {
                    Files.delete(path);
                }
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "could not delete the socket file " + path + ": " + e.getMessage());
            }
        }
    }

    private SocketBinder() {
    }

    /** The effective uid of this process, as the file system sees it. */
    static long ownUid() throws IOException {
        Path probe = Files.createTempFile("hdp-gui-uid", ".tmp");
        try {
            return ((Number) Files.getAttribute(probe, "unix:uid")).longValue();
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    static Bound bind(Path socket, String osName) throws IOException {
        Path path = socket.toAbsolutePath().normalize();
        String tooLong = SocketPaths.tooLong(path, osName);
        if (tooLong != null) {
            throw new RefusedException(tooLong);
        }
        long uid = ownUid();
        Path dir = path.getParent();
        prepareRunFolder(dir, uid);
        clearStale(path);

        AFUNIXServerSocket server = AFUNIXServerSocket.newInstance();
        try {
            // Never let the library unlink an existing file on bind: a live socket is not ours to take.
            server.setReuseAddress(false);
            server.bind(AFUNIXSocketAddress.of(path), 50);
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
            Object ino = Files.readAttributes(path, "unix:ino", LinkOption.NOFOLLOW_LINKS).get("ino");
            return new Bound(server, path, ino, uid);
        } catch (IOException | RuntimeException e) {
            server.close();
            if (e instanceof SocketException && Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                throw new RefusedException("another process bound " + path + " while the probe was starting; not taking it over."
                        + " Stop it, or start this GUI with " + SocketPaths.ENV + " set to another path");
            }
            throw e;
        }
    }

    private static void prepareRunFolder(Path dir, long uid) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(dir)) {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
        if (Files.isSymbolicLink(dir)) {
            throw new RefusedException("the run folder " + dir + " is a symbolic link; the probe refuses it, since whoever"
                    + " controls the link controls where the socket goes. Use a real folder (or set " + SocketPaths.ENV + ")");
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new RefusedException("the run folder " + dir + " exists but is not a folder; remove it, or set " + SocketPaths.ENV
                    + " to a path in another folder");
        }
        var attrs = Files.readAttributes(dir, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
        long owner = ((Number) attrs.get("uid")).longValue();
        int mode = (Integer) attrs.get("mode");
        if (owner != uid) {
            throw new RefusedException("the run folder " + dir + " belongs to uid " + owner + ", not to this user (uid " + uid
                    + "); the probe only serves from a folder of its own user. Set " + SocketPaths.ENV + " to a path in a folder of yours");
        }
        if ((mode & 0022) != 0) {
            throw new RefusedException(String.format("the run folder %s is group- or world-writable (mode %04o), so another"
                    + " user could replace the socket; fix it with: chmod 700 '%s'", dir, mode & 07777, dir));
        }
    }

    /**
     * What a connect that failed with {@code failure} (null: it did not fail) says about the
     * socket: only a refusal (ECONNREFUSED, which the JDK reports as {@link ConnectException}; on a
     * Unix socket there is no other cause of it) means nobody listens. A full backlog (EAGAIN on a
     * non-blocking connect) is a live server that is busy, and any other failure is no proof that
     * the file is stale.
     */
    static Stale verdict(IOException failure) {
        if (failure == null) {
            return Stale.LIVE;
        }
        return failure instanceof ConnectException ? Stale.NOBODY_LISTENS : Stale.UNKNOWN;
    }

    /**
     * Connects once, without waiting (a non-blocking connect answers at once on a Unix socket:
     * connected, refused, or EAGAIN when the backlog is full), and says what that means. The JDK's
     * channel, not junixsocket's: junixsocket reports a refusal as a plain SocketException, and its
     * connect waits for a full backlog beyond its timeout.
     */
    static Stale knock(Path path) {
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            probe.configureBlocking(false);
            probe.connect(UnixDomainSocketAddress.of(path));
            return verdict(null);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "connecting to " + path + " to see whether it is stale: " + e);
            return verdict(e);
        }
    }

    private static void clearStale(Path path) throws IOException {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        int mode = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        if ((mode & S_IFMT) != S_IFSOCK) {
            throw new RefusedException(path + " exists and is not a socket; the probe does not touch it."
                    + " Remove it, or set " + SocketPaths.ENV + " to another path");
        }
        switch (knock(path)) {
            case NOBODY_LISTENS:
                Files.delete(path);
                LOG.log(System.Logger.Level.INFO, "replaced the stale socket " + path + " (connecting was refused: nobody listens on it)");
                return;
            case LIVE:
                throw new RefusedException("another HVM GUI already answers on " + path + "; its probe owns that socket and this one"
                        + " will not take it over. Stop the other GUI, or start this one with " + SocketPaths.ENV + " set to another path");
            default:
                if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                    return; // Gone meanwhile: nothing to clear.
                }
                throw new RefusedException("another process holds " + path + " (it did not refuse a connection, but is too busy"
                        + " to take one); it may be a live GUI, so this one will not take it over. Stop it, or start this one with "
                        + SocketPaths.ENV + " set to another path");
        }
    }
}
