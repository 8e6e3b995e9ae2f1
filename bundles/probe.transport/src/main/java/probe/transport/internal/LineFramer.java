package probe.transport.internal;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Splits the bytes a connection receives, in whatever pieces they come, into {@code \n}-terminated
 * lines of at most {@code maxBytes} bytes (a trailing {@code \r} is dropped). A longer line is
 * discarded up to its newline and reported as {@link #TOO_LONG}, so the stream resynchronises at
 * the next line. Keeps when the unfinished line began, which the loop's line bound reads. Not
 * thread-safe: the I/O loop's thread only.
 */
final class LineFramer {
    /** Given instead of a line that exceeded the limit. */
    static final byte[] TOO_LONG = new byte[0];

    /** What {@link #begunAt} says between lines. */
    static final long NOT_BEGUN = Long.MIN_VALUE;

    private final int maxBytes;
    private byte[] line = new byte[256];
    private int len;
    private boolean overflow;
    private long begun = NOT_BEGUN;

    LineFramer(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** When the line being received got its first byte ({@link System#nanoTime}), or {@link #NOT_BEGUN}. */
    long begunAt() {
        return begun;
    }

    /** Consumes all of {@code in}, giving each whole line (or {@link #TOO_LONG}) to {@code sink} in order. */
    void feed(ByteBuffer in, Consumer<byte[]> sink) {
        while (in.hasRemaining()) {
            int start = in.position();
            int end = in.limit();
            int at = start;
            while (at < end && in.get(at) != '\n') {
                at++;
            }
            int chunk = at - start;
            boolean newline = at < end;
            if (!newline && chunk > 0 && begun == NOT_BEGUN) {
                begun = System.nanoTime();
            }
            if (!overflow) {
                // The limit applies to the line without its terminator; a \r before \n is not content.
                int content = len + chunk;
                if (content > maxBytes && !(newline && content == maxBytes + 1 && in.get(at - 1) == '\r')) {
                    overflow = true;
                    len = 0;
                } else {
                    append(in, start, chunk);
                }
            }
            in.position(newline ? at + 1 : at);
            if (newline) {
                begun = NOT_BEGUN;
                if (overflow) {
                    overflow = false;
                    len = 0;
                    sink.accept(TOO_LONG);
                } else {
                    int n = len > 0 && line[len - 1] == '\r' ? len - 1 : len;
                    byte[] whole = Arrays.copyOf(line, n);
                    len = 0;
                    if (line.length > 65536) {
                        // One long line must not keep its buffer for the connection's life (a thousand idle ones).
                        line = new byte[256];
                    }
                    sink.accept(whole);
                }
            }
        }
    }

    private void append(ByteBuffer in, int from, int n) {
        if (len + n > line.length) {
            line = Arrays.copyOf(line, Math.max(line.length * 2, len + n));
        }
        in.get(from, line, len, n);
        len += n;
    }
}
