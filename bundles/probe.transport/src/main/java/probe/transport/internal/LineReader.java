package probe.transport.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads {@code \n}-terminated lines of at most {@code maxBytes} bytes (a trailing {@code \r} is
 * dropped). A longer line is discarded up to its newline and reported as {@link #TOO_LONG}, so the
 * stream resynchronises at the next line. Not thread-safe: one reader thread per connection.
 */
final class LineReader {
    /** Returned instead of a line that exceeded the limit. */
    static final byte[] TOO_LONG = new byte[0];

    private final InputStream in;
    private final int maxBytes;
    private final byte[] buf = new byte[8192];
    private int pos;
    private int end;
    private byte[] line = new byte[256];
    private int len;
    /** When the line being read got its first byte ({@link System#nanoTime}), or {@link #NOT_BEGUN}. */
    private long begun = NOT_BEGUN;

    /** What {@link #begunAt} says between lines. */
    static final long NOT_BEGUN = Long.MIN_VALUE;

    LineReader(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /**
     * When the line being read now got its first byte ({@link System#nanoTime}), or
     * {@link #NOT_BEGUN} while no byte of a next line has come: what bounds an unfinished line.
     */
    long begunAt() {
        return begun;
    }

    /** The next line without its terminator, {@link #TOO_LONG}, or null at end of stream (a partial last line is dropped). */
    byte[] next() throws IOException {
        len = 0;
        begun = NOT_BEGUN;
        boolean overflow = false;
        while (true) {
            if (pos == end) {
                end = in.read(buf, 0, buf.length);
                pos = 0;
                if (end <= 0) {
                    end = 0;
                    return null;
                }
            }
            int start = pos;
            while (pos < end && buf[pos] != '\n') {
                pos++;
            }
            int chunk = pos - start;
            boolean newline = pos < end;
            if (!newline && chunk > 0 && begun == NOT_BEGUN) {
                begun = System.nanoTime();
            }
            if (!overflow) {
                // The limit applies to the line without its terminator; a \r before \n is not content.
                int content = len + chunk;
                if (content > maxBytes && !(newline && content == maxBytes + 1 && buf[pos - 1] == '\r')) {
                    overflow = true;
                    len = 0;
                } else {
                    append(start, chunk);
                }
            }
            if (newline) {
                pos++;
                begun = NOT_BEGUN;
                if (overflow) {
                    return TOO_LONG;
                }
                int n = len > 0 && line[len - 1] == '\r' ? len - 1 : len;
                return Arrays.copyOf(line, n);
            }
        }
    }

    private void append(int from, int n) {
        if (len + n > line.length) {
            line = Arrays.copyOf(line, Math.max(line.length * 2, len + n));
        }
        System.arraycopy(buf, from, line, len, n);
        len += n;
    }
}
