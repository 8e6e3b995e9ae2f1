package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LineReaderTest {

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void splitsLinesAndDropsCarriageReturn() throws IOException {
        LineReader r = new LineReader(new ByteArrayInputStream(b("one\r\ntwo\n\nthree")), 100);
        assertArrayEquals(b("one"), r.next());
        assertArrayEquals(b("two"), r.next());
        assertArrayEquals(b(""), r.next());
        assertNull(r.next(), "a partial last line is dropped at end of stream");
    }

    @Test
    void tooLongLineIsDiscardedUpToItsNewlineAndTheNextLineIsRead() throws IOException {
        String big = "x".repeat(50_000);
        LineReader r = new LineReader(new ByteArrayInputStream(b("ok\n" + big + "\nafter\n")), 1000);
        assertArrayEquals(b("ok"), r.next());
        assertSame(LineReader.TOO_LONG, r.next());
        assertArrayEquals(b("after"), r.next());
    }

    @Test
    void limitIsInclusiveAndCountsNoTerminator() throws IOException {
        LineReader r = new LineReader(new ByteArrayInputStream(b("abcde\nabcde\r\nabcdef\n")), 5);
        assertArrayEquals(b("abcde"), r.next());
        assertArrayEquals(b("abcde"), r.next());
        assertSame(LineReader.TOO_LONG, r.next());
    }

    @Test
    void linesSplitAcrossReadsAreJoined() throws IOException {
        InputStream trickle = new InputStream() {
            private final byte[] data = b("{\"id\":1}\n{\"id\":2}\n");
            private int i;

            @Override
            public int read() {
                return i < data.length ? data[i++] : -1;
            }

            @Override
            public int read(byte[] buf, int off, int len) {
                if (i >= data.length) {
                    return -1;
                }
                buf[off] = data[i++];
                return 1;
            }
        };
        LineReader r = new LineReader(trickle, 100);
        assertArrayEquals(b("{\"id\":1}"), r.next());
        assertArrayEquals(b("{\"id\":2}"), r.next());
        assertNull(r.next());
    }

    @Test
    void aLineIsBegunFromItsFirstByteUntilItsNewline() throws IOException {
        java.io.PipedOutputStream client = new java.io.PipedOutputStream();
        java.io.PipedInputStream server = new java.io.PipedInputStream(client, 1024);
        LineReader r = new LineReader(server, 100);
        assertEquals(LineReader.NOT_BEGUN, r.begunAt());
        client.write(b("{\"id\":1}\n{\"id\""));
        assertArrayEquals(b("{\"id\":1}"), r.next());
        assertEquals(LineReader.NOT_BEGUN, r.begunAt(), "between lines nothing is begun");
        long before = System.nanoTime();
        Thread late = new Thread(() -> {
            try {
                Thread.sleep(50);
                client.write(b(":2}\n"));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        late.start();
        assertArrayEquals(b("{\"id\":2}"), r.next());
        assertEquals(LineReader.NOT_BEGUN, r.begunAt(), "an ended line is no longer begun");
        client.close();
    }

    @Test
    void theBeginningIsSeenWhileTheRestIsAwaited() throws Exception {
        long before = System.nanoTime();
        long[] seen = new long[1];
        InputStream halfThenWatch = new InputStream() {
            private int calls;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] buf, int off, int len) {
                if (calls++ == 0) {
                    byte[] half = b("{\"id\":1,\"op\"");
                    System.arraycopy(half, 0, buf, off, half.length);
                    return half.length;
                }
                seen[0] = reader[0].begunAt();
                return -1;
            }
        };
        reader[0] = new LineReader(halfThenWatch, 100);
        assertNull(reader[0].next(), "half a line, then the end");
        assertTrue(seen[0] != LineReader.NOT_BEGUN && seen[0] >= before, "while the rest was awaited the line was begun");
    }

    private final LineReader[] reader = new LineReader[1];
}
