package probe.transport.internal;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicLong;
import org.newsclub.net.unix.AFUNIXSocket;
import org.newsclub.net.unix.AFUNIXSocketChannel;
import org.newsclub.net.unix.AFUNIXSocketCredentials;
import probe.api.ErrorCodes;
import probe.api.wire.Wire;

/**
 * Accepts connections on the probe's socket, one thread blocked in accept: refuses another user's
 * (peer credentials), makes room when {@code maxConnections} are open by closing, among those not
 * subscribed to events, one that has never sent a whole line, else the one silent longest
 * ({@code protocol.evicted}), and hands the
 * channel, non-blocking, to the {@link IoLoop}. Only when every open connection is a subscriber is
 * the new one refused ({@code protocol.too_many_connections}).
 */
final class Acceptor {
    private static final System.Logger LOG = System.getLogger(Acceptor.class.getName());

    /** Makes the connection of an accepted, checked channel. */
    interface Factory {
        Connection create(String id, AFUNIXSocketChannel channel, String peer);
    }

    private final SocketBinder.Bound bound;
    private final IoLoop loop;
    private final int maxConnections;
    private final Factory factory;
    private final Thread thread;
    private final AtomicLong ids = new AtomicLong();
    private volatile boolean stopping;

    Acceptor(SocketBinder.Bound bound, IoLoop loop, int maxConnections, Factory factory) {
        this.bound = bound;
        this.loop = loop;
        this.maxConnections = maxConnections;
        this.factory = factory;
        this.thread = new Thread(this::run, "hdp-gui-accept");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Accepts until stopped, whatever goes wrong on the way: a failure (an Error too) costs one connection, never the loop. */
    private void run() {
        while (!stopping) {
            AFUNIXSocket socket;
            try {
                socket = bound.server().accept();
            } catch (Throwable e) {
                if (!stopping) {
                    LOG.log(System.Logger.Level.WARNING, "accept failed on " + bound.path() + ": " + e);
                    pause();
                }
                continue;
            }
            if (stopping) {
                closeQuietly(socket.getChannel());
                return;
            }
            AFUNIXSocketChannel channel = socket.getChannel();
            try {
                admit(channel);
            } catch (Throwable e) {
                LOG.log(System.Logger.Level.WARNING, "could not admit a connection", e);
                closeQuietly(channel);
                pause();
            }
        }
    }

    private void admit(AFUNIXSocketChannel channel) throws IOException {
        AFUNIXSocketCredentials peer = channel.getPeerCredentials();
        if (peer == null || peer.getUid() != bound.uid()) {
            String who = peer == null ? "an unknown user" : "uid " + peer.getUid() + " (pid " + peer.getPid() + ")";
            LOG.log(System.Logger.Level.WARNING, "refused a connection from " + who + ": the probe serves only uid " + bound.uid());
            refuse(channel, ErrorCodes.AUTH_DENIED, "connections from " + who + " are refused: this probe serves only its own user");
            return;
        }
        if (loop.connections().size() >= maxConnections && !evictOne()) {
            LOG.log(System.Logger.Level.WARNING, "refused a connection from pid " + peer.getPid() + ": " + maxConnections
                    + " connections are open (maxConnections), all of them subscribed to events");
            refuse(channel, ErrorCodes.TOO_MANY_CONNECTIONS, "the probe already has " + maxConnections
                    + " connections open (its maxConnections), all of them subscribed to events; close one and connect again");
            return;
        }
        channel.configureBlocking(false);
        Connection c = factory.create("c" + ids.incrementAndGet(), channel, "pid " + peer.getPid() + " uid " + peer.getUid());
        loop.register(c);
    }

    /**
     * Closes one connection among those that have not subscribed and run no op now, with a coded
     * line: one that has never sent a whole line first (the oldest of them: a client that connected
     * and said nothing, or hangs in its first line, has nothing under way), else the one silent
     * longest. False when there is none (every connection is a subscriber or busy).
     */
    private boolean evictOne() {
        Connection victim = null;
        for (Connection c : loop.connections()) {
            if (!c.closed() && !c.subscribed() && !c.busy() && (victim == null || before(c, victim))) {
                victim = c;
            }
        }
        if (victim == null) {
            return false;
        }
        long silent = (System.nanoTime() - victim.heardAt) / 1_000_000;
        LOG.log(System.Logger.Level.INFO, "connection " + victim.id() + " (" + victim.peer() + ") evicted after " + silent
                + " ms of silence: " + maxConnections + " connections were open (maxConnections) and a new client came");
        victim.lastLine(Wire.failure(null, ErrorCodes.EVICTED, "closed to make room for a new client: the probe had " + maxConnections
                + " connections open (its maxConnections) and this one, not subscribed to events, " + (victim.spoken
                        ? "had been silent longest (" + silent + " ms)" : "had sent no whole line in " + silent + " ms")
                + "; connect again to go on", null));
        return true;
    }

    /** Whether {@code c} goes before {@code other}: it never spoke and the other did, else it was heard from earlier. */
    private static boolean before(Connection c, Connection other) {
        if (c.spoken != other.spoken) {
            return !c.spoken;
        }
        return c.heardAt - other.heardAt < 0;
    }

    /** Tells a refused client why (a fresh socket takes one short line at once) and closes it. */
    private static void refuse(AFUNIXSocketChannel channel, String code, String message) {
        try {
            channel.configureBlocking(false);
            channel.write(ByteBuffer.wrap(Wire.line(Wire.failure(null, code, message, null))));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not tell a refused client why: " + e);
        }
        closeQuietly(channel);
    }

    private static void closeQuietly(AFUNIXSocketChannel channel) {
        try {
            channel.close();
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing a refused connection: " + e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops accepting: connects once to our own socket so that a pending accept() returns (closed
     * under a pending accept(), junixsocket leaves a descriptor open about every other stop, as
     * ChurnIT counted), then waits up to {@code millis} for the thread.
     */
    void stop(long millis) throws InterruptedException {
        stopping = true;
        try (SocketChannel wake = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            wake.connect(UnixDomainSocketAddress.of(bound.path()));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not wake the acceptor (it may have ended already): " + e);
        }
        thread.join(millis);
    }
}
