package probe.client.internal;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import probe.client.ProbeClientException;
import probe.client.ProbeTimeoutException;
import probe.client.ProbeUnavailableException;
import probe.client.ProbeUnavailableException.Reason;

/**
 * The framing of one connection to the probe's Unix socket: connecting (the JDK's own
 * {@code SocketChannel}, non-blocking with a selector, since the JDK's Unix channels have no
 * {@code SO_TIMEOUT}), reading the next line (one JSON object per line, UTF-8, {@code \n}
 * terminated: docs/PROTOCOL.md, "Framing and requests" and "Messages") and writing bytes, each wait
 * bounded by a deadline. It knows nothing of what a line says: {@link Connection} routes the
 * lines to the callers and subscribers.
 *
 * <p>Threads: one thread at a time reads (the caller sees to it), any thread may write (writes
 * are serialised here), and any thread may close.
 */
final class LineChannel {
    /** Replies may be long (screenshots), but not unbounded. */
    static final int MAX_LINE_BYTES = 256 << 20;

    private final Path socket;
    private final SocketChannel channel;
    private final Selector readSelector;
    private final Duration readTimeout;

    private final Object writeLock = new Object();
    /** Opened only when the socket's send buffer is ever full; guarded by writeLock. */
    private Selector writeSelector;

    // Owned by the one thread that reads.
    private final ByteBuffer in = ByteBuffer.allocate(64 * 1024).flip();
    private byte[] line = new byte[8 * 1024];
    private int lineLength;
    private boolean lineDone;

    private LineChannel(Path socket, SocketChannel channel, Selector readSelector, Duration readTimeout) {
        this.socket = socket;
        this.channel = channel;
        this.readSelector = readSelector;
        this.readTimeout = readTimeout;
    }

    /**
     * Connects to {@code socket} within {@code timeout} and, before a byte is written, refuses a
     * listener that runs as another user than this process ({@link Peers#check}).
     *
     * @throws ProbeUnavailableException when nobody answers there, with the reason
     * @throws ProbeClientException when the connection cannot be set up for another reason
     */
    static LineChannel open(Path socket, Duration timeout) {
        SocketChannel ch = null;
        try {
            ch = connect(socket, timeout);
            // Before a byte is written: the token and typed text go only to a listener of our own user.
            Peers.check(socket, ch);
            Selector sel = Selector.open();
            ch.register(sel, SelectionKey.OP_READ);
            return new LineChannel(socket, ch, sel, timeout);
        } catch (IOException | RuntimeException e) {
            if (ch != null) {
                closeQuietly(ch);
            }
            if (e instanceof RuntimeException) {
                throw (RuntimeException) e;
            }
            throw new ProbeClientException("cannot set up a connection to " + socket + ": " + e.getMessage(), e);
        }
    }

    /**
     * A connected channel, non-blocking (the JDK's Unix channels have no {@code SO_TIMEOUT}: every
     * wait here is a selector's), within {@code timeout}. A Unix socket connects at once or not at
     * all: a listener whose backlog is full (it accepts nothing: a GUI that hangs, or a process
     * that is no probe) refuses a non-blocking connect with EAGAIN, where a blocking one would wait
     * for ever. That is tried again, more slowly each time, until the timeout passes.
     */
    private static SocketChannel connect(Path socket, Duration timeout) throws IOException {
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(socket);
        long deadline = Connection.deadline(timeout);
        long pauseMillis = 5;
        while (true) {
            SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                ch.configureBlocking(false);
                try {
                    if (!ch.connect(address)) {
                        // In progress (not what Linux and macOS do for Unix sockets, but allowed): bounded all the same.
                        finishConnect(ch, socket, timeout, deadline);
                    }
                    return ch;
                } catch (IOException e) {
                    if (!busy(e)) {
                        throw unavailable(socket, e);
                    }
                }
            } catch (IOException | RuntimeException e) {
                closeQuietly(ch);
                throw e;
            }
            // The JDK closes a channel whose connect failed: the next try takes a new one.
            closeQuietly(ch);
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw notAccepting(socket, timeout);
            }
            try {
                Thread.sleep(Math.min(pauseMillis, Math.max(1, TimeUnit.NANOSECONDS.toMillis(left))));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw Connection.interrupted("connecting to", e);
            }
            pauseMillis = Math.min(100, pauseMillis * 2);
        }
    }

    private static void finishConnect(SocketChannel ch, Path socket, Duration timeout, long deadline) throws IOException {
        try (Selector sel = Selector.open()) {
            ch.register(sel, SelectionKey.OP_CONNECT);
            while (!ch.finishConnect()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw notAccepting(socket, timeout);
                }
                sel.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left + 999_999)));
                sel.selectedKeys().clear();
            }
        }
    }

    /** A connect refused because the listener's backlog is full (EAGAIN), not because nobody listens. */
    private static boolean busy(IOException e) {
        String m = String.valueOf(e.getMessage());
        return m.contains("Resource temporarily unavailable") || m.contains("temporarily unavailable");
    }

    private static ProbeUnavailableException notAccepting(Path socket, Duration timeout) {
        return new ProbeUnavailableException(socket, Reason.NOT_ACCEPTING, "its backlog stayed full for " + Connection.seconds(timeout)
                + ", the client's timeout", null);
    }

    private static ProbeUnavailableException unavailable(Path socket, IOException e) {
        String m = String.valueOf(e.getMessage());
        Reason reason;
        if (m.contains("too long")) {
            reason = Reason.PATH_TOO_LONG;
        } else if (m.contains("Permission denied")) {
            reason = Reason.ACCESS_DENIED;
        } else if (Files.notExists(socket)) {
            reason = Reason.NO_SOCKET_FILE;
        } else if (!isSocketFile(socket)) {
            reason = Reason.NOT_A_SOCKET;
        } else {
            reason = Reason.NOBODY_LISTENING;
        }
        return new ProbeUnavailableException(socket, reason, null, e);
    }

    private static boolean isSocketFile(Path p) {
        try {
            // A socket is neither file, folder nor link: "other".
            return Files.readAttributes(p, BasicFileAttributes.class).isOther();
        } catch (IOException e) {
            return true;
        }
    }

    // ---- reading: one thread at a time ----

    /** The bytes of the line {@link #readLine} found, from index 0; valid until the next read. */
    byte[] line() {
        return line;
    }

    /** Whether the read stopped between two lines (no part of a line read). */
    boolean atLineBoundary() {
        return lineLength == 0;
    }

    /**
     * The length of the next line, which is then in {@link #line()} (without its {@code \n} or
     * {@code \r\n}); -1 when the deadline passed first.
     *
     * @throws ProbeUnavailableException when the probe closed the connection
     * @throws LineTooLongException when the line is longer than {@link #MAX_LINE_BYTES}
     */
    int readLine(long deadline) throws ClosedChannelException {
        if (lineDone) {
            lineLength = 0;
            lineDone = false;
        }
        while (true) {
            byte[] a = in.array();
            int p = in.position();
            int lim = in.limit();
            for (int i = p; i < lim; i++) {
                if (a[i] == '\n') {
                    append(a, p, i - p);
                    in.position(i + 1);
                    lineDone = true;
                    return lineLength > 0 && line[lineLength - 1] == '\r' ? lineLength - 1 : lineLength;
                }
            }
            append(a, p, lim - p);
            in.clear();
            int n;
            try {
                n = fill(deadline);
            } finally {
                in.flip();
            }
            if (n == 0) {
                return -1;
            }
            if (n < 0) {
                throw new ProbeUnavailableException(socket, Reason.CONNECTION_CLOSED,
                        lineLength == 0 ? null : "in the middle of a line", null);
            }
        }
    }

    private void append(byte[] a, int from, int count) {
        if (count == 0) {
            return;
        }
        if (lineLength + count > line.length) {
            if (lineLength + count > MAX_LINE_BYTES) {
                throw new LineTooLongException("the probe on " + socket + " sent a line longer than "
                        + (MAX_LINE_BYTES >> 20) + " MiB");
            }
            line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, Math.max(line.length * 2, lineLength + count)));
        }
        System.arraycopy(a, from, line, lineLength, count);
        lineLength += count;
    }

    /** Reads what is there into {@link #in}: the byte count, 0 on timeout, -1 at the end of the stream. */
    private int fill(long deadline) throws ClosedChannelException {
        while (true) {
            int n;
            try {
                n = channel.read(in);
            } catch (ClosedChannelException e) {
                throw e;
            } catch (IOException e) {
                throw new ProbeUnavailableException(socket, Reason.CONNECTION_CLOSED, e.getMessage(), e);
            }
            if (n != 0) {
                return n;
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return 0;
            }
            if (Thread.currentThread().isInterrupted()) {
                throw Connection.interrupted("reading from", null);
            }
            try {
                readSelector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining + 999_999)));
                readSelector.selectedKeys().clear();
            } catch (IOException e) {
                throw new ProbeClientException("cannot wait for the probe on " + socket + ": " + e.getMessage(), e);
            }
        }
    }

    static final class LineTooLongException extends ProbeClientException {
        private static final long serialVersionUID = 1L;

        LineTooLongException(String message) {
            super(message, null);
        }
    }

    // ---- writing: any thread, one at a time ----

    /**
     * Writes {@code bytes} as they are, waiting up to the read timeout (from when this write's turn
     * comes) while the probe takes no input.
     *
     * @throws ProbeTimeoutException when the probe took no input for that long (part of the line may be written)
     */
    void write(byte[] bytes) throws IOException {
        synchronized (writeLock) {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            long deadline = Connection.deadline(readTimeout);
            while (b.hasRemaining()) {
                if (channel.write(b) == 0) {
                    awaitWritable(deadline);
                }
            }
        }
    }

    private void awaitWritable(long deadline) throws IOException {
        if (writeSelector == null) {
            writeSelector = Selector.open();
            channel.register(writeSelector, SelectionKey.OP_WRITE);
        }
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            throw new ProbeTimeoutException("the probe on " + socket + " took no input for " + Connection.seconds(readTimeout)
                    + "; the connection is closed, since part of a line may be on it", readTimeout);
        }
        if (Thread.currentThread().isInterrupted()) {
            throw Connection.interrupted("writing to", null);
        }
        writeSelector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining + 999_999)));
        writeSelector.selectedKeys().clear();
    }

    // ---- closing ----

    /** Closes the socket: a thread reading or writing gets a {@link ClosedChannelException} (or ClosedSelectorException). */
    void closeChannel() {
        // The selector first: it deregisters the channel, which then closes at once. A channel
        // still registered is closed the long way (SO_LINGER read and reset through sun.nio.ch.Net,
        // whose set-up loads the JDK's InetAddress and NetworkInterface classes): about 50 classes
        // for a one-shot command, only to close.
        closeQuietly(readSelector);
        closeQuietly(channel);
    }

    /** Closes the write selector, once no thread writes. */
    void closeWriting() {
        synchronized (writeLock) {
            if (writeSelector != null) {
                closeQuietly(writeSelector);
            }
        }
    }

    static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // Closing: nothing left to tell anyone.
        }
    }
}
