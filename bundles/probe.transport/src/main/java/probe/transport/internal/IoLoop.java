package probe.transport.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Iterator;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;
import org.newsclub.net.unix.AFUNIXServerSocketChannel;
import org.newsclub.net.unix.AFUNIXSelectorProvider;
import probe.api.ErrorCodes;
import probe.api.wire.Wire;

/**
 * The one thread that accepts and reads every connection: a junixsocket selector, the server
 * socket's new connections taken by the {@link Acceptor}, non-blocking reads framed into lines
 * ({@link LineFramer}) and handed to the {@link Sink} (the router), writes of queued output when the
 * socket takes it, and the connections' time bounds (first line, line, auth, a stalled output),
 * enforced here instead of by a socket option. Its tick also runs what must happen now and then
 * without a thread of its own ({@link #onTick}: the EDT watchdog). An idle connection costs a
 * registration and a small buffer, no thread. Other threads ask for a connection's interest to be
 * looked at again with {@link #changed}; the loop alone touches the selection keys.
 */
final class IoLoop implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(IoLoop.class.getName());
    /** How often the bounds are checked at most (and so how late past one a connection may close). */
    private static final long TICK_MILLIS = 50;

    /** Where framed lines go, on the loop's thread: it must not block. */
    interface Sink {
        void line(Connection c, byte[] line);
    }

    private final Selector selector;
    private final Sink sink;
    private final Thread thread;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final Queue<Connection> registering = new ConcurrentLinkedQueue<>();
    private final Queue<Connection> dirty = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean woken = new AtomicBoolean();
    private Acceptor acceptor;
    private SelectionKey acceptKey;
    private boolean acceptPaused;
    private LongConsumer onTick = now -> { };
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
    private volatile boolean stopping;
    private long lastTick;

    IoLoop(Sink sink, String name) throws IOException {
        this.selector = AFUNIXSelectorProvider.provider().openSelector();
        this.sink = sink;
        this.thread = new Thread(this::run, name);
        thread.setDaemon(true);
    }

    /** Accepts on {@code server} through {@code acceptor}, from the start. Before {@link #start}. */
    void listen(AFUNIXServerSocketChannel server, Acceptor acceptor) throws IOException {
        this.acceptor = acceptor;
        this.acceptKey = server.register(selector, SelectionKey.OP_ACCEPT, acceptor);
    }

    /** Runs {@code task} on the loop's thread at each tick (every {@value #TICK_MILLIS} ms at least), with the tick's time; it must not block. Before {@link #start}. */
    void onTick(LongConsumer task) {
        this.onTick = task;
    }

    void start() {
        thread.start();
    }

    /** The connections open now. */
    Set<Connection> connections() {
        return connections;
    }

    /** Takes a connected channel (already non-blocking) into the loop. */
    void register(Connection c) {
        connections.add(c);
        registering.add(c);
        wake();
    }

    /** Asks the loop to look at {@code c}'s output, reading and closing again. Any thread; never blocks. */
    void changed(Connection c) {
        dirty.add(c);
        wake();
    }

    /** What the loop waits for on {@code c} now, for the tests: its key's interest, or -1 without one. */
    int interest(Connection c) {
        SelectionKey key = c.channel.keyFor(selector);
        return key == null || !key.isValid() ? -1 : key.interestOps();
    }

    /** Called by a connection as it closes. */
    void forget(Connection c) {
        connections.remove(c);
        wake();
    }

    private void wake() {
        if (woken.compareAndSet(false, true)) {
            selector.wakeup();
        }
    }

    private void run() {
        while (!stopping) {
            try {
                selector.select(TICK_MILLIS);
                woken.set(false);
                registerNew();
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    if (key == acceptKey) {
                        accept();
                    } else {
                        handle(key);
                    }
                }
                // Those just accepted are read from the next select on, without waiting for a wakeup.
                registerNew();
                Connection c;
                while ((c = dirty.poll()) != null) {
                    update(c);
                }
                long now = System.nanoTime();
                if (now - lastTick >= TICK_MILLIS * 1_000_000) {
                    lastTick = now;
                    tick(now);
                    if (acceptPaused && acceptKey.isValid()) {
                        acceptPaused = false;
                        acceptKey.interestOps(SelectionKey.OP_ACCEPT);
                    }
                    onTick.accept(now);
                }
            } catch (Throwable t) {
                // Whatever it is (an Error too), the loop goes on: one connection's failure is that connection's.
                if (!stopping) {
                    LOG.log(System.Logger.Level.WARNING, "the probe's I/O loop failed (it goes on)", t);
                    pause();
                }
            }
        }
    }

    private void registerNew() {
        Connection c;
        while ((c = registering.poll()) != null) {
            try {
                c.channel.register(selector, SelectionKey.OP_READ, c);
            } catch (ClosedChannelException | RuntimeException e) {
                c.close();
            }
        }
    }

    private void accept() {
        if (!acceptKey.isValid()) {
            return;
        }
        if (!acceptor.acceptReady((AFUNIXServerSocketChannel) acceptKey.channel())) {
            // Accept failed (out of descriptors, say): not again before the next tick.
            acceptPaused = true;
            acceptKey.interestOps(0);
        }
    }

    private void handle(SelectionKey key) {
        Connection c = (Connection) key.attachment();
        try {
            if (!key.isValid()) {
                c.close();
                return;
            }
            if (key.isWritable()) {
                c.flush();
            }
            if (key.isReadable()) {
                read(c);
            }
            update(c);
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "connection " + c.id() + " failed in the I/O loop", t);
            c.close();
        }
    }

    private void read(Connection c) throws IOException {
        if (!c.wantsRead()) {
            return;
        }
        readBuffer.clear();
        int n;
        try {
            n = c.channel.read(readBuffer);
        } catch (IOException e) {
            c.close();
            return;
        }
        if (n < 0) {
            // The client has sent all it will (EOF, or a half-close as socat does): answer what was asked, then close.
            c.closeAfterFlush();
            return;
        }
        readBuffer.flip();
        c.framer.feed(readBuffer, line -> {
            c.spoken = true;
            c.heardAt = System.nanoTime();
            sink.line(c, line);
        });
    }

    /** Sets what the loop waits for on {@code c}; closes it when it is done. Loop thread only. */
    private void update(Connection c) {
        if (c.closed()) {
            return;
        }
        if (c.closingIdle()) {
            c.close();
            return;
        }
        SelectionKey key = c.channel.keyFor(selector);
        if (key == null || !key.isValid()) {
            return;
        }
        int ops = (c.wantsRead() ? SelectionKey.OP_READ : 0) | (c.hasOutput() ? SelectionKey.OP_WRITE : 0);
        if (key.interestOps() != ops) {
            key.interestOps(ops);
        }
    }

    /** The bounds: what has waited too long gets one coded line (if the socket takes it) and is closed. */
    private void tick(long now) {
        for (Connection c : connections) {
            if (c.closed()) {
                connections.remove(c);
                continue;
            }
            Connection.Bounds b = c.bounds;
            String code = null;
            String message = null;
            long begun = c.framer.begunAt();
            if (!c.spoken && b.firstLineMillis() > 0 && now - c.connectedAt > b.firstLineMillis() * 1_000_000) {
                code = ErrorCodes.FIRST_LINE_TIMEOUT;
                message = "no whole request line within " + b.firstLineMillis() + " ms of connecting (firstLineMillis); the connection is closed";
            } else if (!c.authenticated() && b.authMillis() > 0 && now - c.connectedAt > b.authMillis() * 1_000_000) {
                code = ErrorCodes.AUTH_TIMEOUT;
                message = "no probe.auth within " + b.authMillis() + " ms of connecting (authMillis); the connection is closed";
            } else if (begun != LineFramer.NOT_BEGUN && b.lineMillis() > 0 && now - begun > b.lineMillis() * 1_000_000) {
                code = ErrorCodes.LINE_TIMEOUT;
                message = "a request line was begun and not ended within " + b.lineMillis() + " ms (lineMillis); the connection is closed";
            } else if (b.stallMillis() > 0 && c.stalledFor(now) > b.stallMillis() * 1_000_000) {
                code = ErrorCodes.SLOW_READER;
                message = "the connection took none of its queued output for " + b.stallMillis()
                        + " ms (stallMillis); it is closed so that it holds no memory nor anyone else up";
            }
            if (code != null) {
                LOG.log(System.Logger.Level.INFO, "connection " + c.id() + " (" + c.peer() + ") closed: " + message);
                c.lastLine(Wire.failure(null, code, message, null));
            } else if (c.closingIdle()) {
                c.close();
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the loop, closes every connection, and waits up to {@code millis} for the thread to end. */
    void stop(long millis) throws InterruptedException {
        stopping = true;
        selector.wakeup();
        thread.join(millis);
        if (acceptKey != null) {
            acceptKey.cancel();
        }
        for (Connection c : List.copyOf(connections)) {
            c.close();
        }
        try {
            selector.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing the selector: " + e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop(2000);
    }
}
