package probe.transport.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import org.newsclub.net.unix.AFUNIXServerSocketChannel;
import org.newsclub.net.unix.AFUNIXSocketChannel;
import org.newsclub.net.unix.AFUNIXSocketCredentials;
import probe.api.ErrorCodes;
import probe.api.wire.Wire;

/**
 * Accepts connections on the probe's socket, on the {@link IoLoop}'s thread (the server channel is
 * registered there for {@code OP_ACCEPT}, no thread of its own): refuses another user's (peer
 * credentials), makes room when {@code maxConnections} are open by closing, among those not
 * subscribed to events, one that has never sent a whole line, else the one silent longest
 * ({@code protocol.evicted}), and hands the channel, non-blocking, to the loop. Only when every open
 * connection is a subscriber is the new one refused ({@code protocol.too_many_connections}).
 * Nothing here blocks: the credentials are the socket's, a refusal's line goes to a fresh socket
 * without waiting.
 */
final class Acceptor {
    private static final System.Logger LOG = System.getLogger(Acceptor.class.getName());
    /** Connections taken at most per readiness of the socket, so that the loop serves the open ones between bursts. */
    private static final int BURST = 64;

    /** Makes the connection of an accepted, checked channel. */
    interface Factory {
        Connection create(String id, AFUNIXSocketChannel channel, String peer);
    }

    private final SocketBinder.Bound bound;
    private final IoLoop loop;
    private final int maxConnections;
    private final Factory factory;
    private final AtomicLong ids = new AtomicLong();

    Acceptor(SocketBinder.Bound bound, IoLoop loop, int maxConnections, Factory factory) {
        this.bound = bound;
        this.loop = loop;
        this.maxConnections = maxConnections;
        this.factory = factory;
    }

    /** The server channel, made non-blocking, that the loop registers for {@code OP_ACCEPT}. */
    AFUNIXServerSocketChannel channel() throws IOException {
        AFUNIXServerSocketChannel server = bound.server().getChannel();
        server.configureBlocking(false);
        return server;
    }

    /**
     * On the loop's thread when the socket has connections waiting: takes up to {@value #BURST} of
     * them. A failure to admit one (an Error too) costs that connection, never the loop. False when
     * accept itself failed (out of descriptors, say): the loop then leaves the socket alone until its
     * next tick, rather than spin on a readiness it cannot take.
     */
    boolean acceptReady(AFUNIXServerSocketChannel server) {
        for (int i = 0; i < BURST; i++) {
            AFUNIXSocketChannel channel;
            try {
                channel = server.accept();
            } catch (Throwable e) {
                LOG.log(System.Logger.Level.WARNING, "accept failed on " + bound.path() + " (tried again in a moment): " + e);
                return false;
            }
            if (channel == null) {
                return true;
            }
            try {
                admit(channel);
            } catch (Throwable e) {
                LOG.log(System.Logger.Level.WARNING, "could not admit a connection", e);
                closeQuietly(channel);
            }
        }
        return true;
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
}
