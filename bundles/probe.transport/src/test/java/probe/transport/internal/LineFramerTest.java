package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineFramerTest {
    private final List<byte[]> lines = new ArrayList<>();

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private void feed(LineFramer f, String s) {
        f.feed(ByteBuffer.wrap(b(s)), lines::add);
    }

    @Test
    void splitsLinesAndDropsCarriageReturn() {
        LineFramer f = new LineFramer(100);
        feed(f, "one\r\ntwo\n\nthree");
        assertEquals(3, lines.size());
        assertArrayEquals(b("one"), lines.get(0));
        assertArrayEquals(b("two"), lines.get(1));
        assertArrayEquals(b(""), lines.get(2));
        assertTrue(f.begunAt() != LineFramer.NOT_BEGUN, "the unfinished 'three' is begun");
        feed(f, "\n");
        assertArrayEquals(b("three"), lines.get(3));
    }

    @Test
    void tooLongLineIsDiscardedUpToItsNewlineAndTheNextLineIsRead() {
        LineFramer f = new LineFramer(1000);
        feed(f, "ok\n" + "x".repeat(30_000));
        feed(f, "x".repeat(20_000) + "\nafter\n");
        assertEquals(3, lines.size());
        assertArrayEquals(b("ok"), lines.get(0));
        assertSame(LineFramer.TOO_LONG, lines.get(1));
        assertArrayEquals(b("after"), lines.get(2));
    }

    @Test
    void limitIsInclusiveAndCountsNoTerminator() {
        LineFramer f = new LineFramer(5);
        feed(f, "abcde\nabcde\r\nabcdef\nab\n");
        assertArrayEquals(b("abcde"), lines.get(0));
        assertArrayEquals(b("abcde"), lines.get(1));
        assertSame(LineFramer.TOO_LONG, lines.get(2));
        assertArrayEquals(b("ab"), lines.get(3), "after a line too long the framer is usable again");
    }

    @Test
    void linesSplitByteByByteAreJoined() {
        LineFramer f = new LineFramer(100);
        for (byte x : b("{\"id\":1}\n{\"id\":2}\n")) {
            f.feed(ByteBuffer.wrap(new byte[] {x}), lines::add);
        }
        assertEquals(2, lines.size());
        assertArrayEquals(b("{\"id\":1}"), lines.get(0));
        assertArrayEquals(b("{\"id\":2}"), lines.get(1));
    }

    @Test
    void aLineIsBegunFromItsFirstByteUntilItsNewline() {
        LineFramer f = new LineFramer(100);
        assertEquals(LineFramer.NOT_BEGUN, f.begunAt());
        long before = System.nanoTime();
        feed(f, "{\"id\":1}\n{\"id\"");
        long begun = f.begunAt();
        assertTrue(begun != LineFramer.NOT_BEGUN && begun - before >= 0, "the second line is begun");
        feed(f, ":2");
        assertEquals(begun, f.begunAt(), "more bytes of the same line keep its beginning");
        feed(f, "}\n");
        assertEquals(LineFramer.NOT_BEGUN, f.begunAt(), "an ended line is no longer begun");
        assertEquals(2, lines.size());
    }

    @Test
    void consumesTheWholeBufferAndKeepsItsPosition() {
        LineFramer f = new LineFramer(100);
        ByteBuffer in = ByteBuffer.allocate(64);
        in.put(b("junk")).put(b("a\nb\nc"));
        in.flip();
        in.position(4);
        f.feed(in, lines::add);
        assertEquals(in.limit(), in.position());
        assertEquals(2, lines.size());
        assertArrayEquals(b("a"), lines.get(0));
    }
}
