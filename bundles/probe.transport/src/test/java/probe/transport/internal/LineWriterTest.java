package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import probe.api.wire.Wire;

/** A reply streamed to the socket is, byte for byte, the line {@link Wire#line} makes. */
class LineWriterTest {

    /** Records whether it was closed or flushed: the connection decides when to flush, and never closes through a line. */
    private static final class Recording extends ByteArrayOutputStream {
        boolean closed;
        int flushes;

        @Override
        public void close() {
            closed = true;
        }

        @Override
        public void flush() {
            flushes++;
        }
    }

    private static void same(ObjectNode message) throws IOException {
        Recording out = new Recording();
        LineWriter.write(message, out);
        assertArrayEquals(Wire.line(message), out.toByteArray(), () -> "for " + message);
        assertFalse(out.closed, "the stream is left open");
        assertEquals(0, out.flushes, "the stream is not flushed by the line");
    }

    @Test
    void repliesOfEveryShapeAreTheBytesOfWireLine() throws IOException {
        same(Wire.success(Wire.mapper().getNodeFactory().numberNode(7), null));
        same(Wire.failure(null, "x.y", "a \"quoted\"\nmessage\twith\u0001controls\u007f and \u2028", null));
        ObjectNode data = Wire.object();
        data.put("text", "caf\u00e9 \u65e5\u672c \ud83d\ude00 </script> \\ back");
        data.put("big", new BigDecimal("12345678901234567890.000000001"));
        data.put("huge", new BigInteger("123456789012345678901234567890"));
        data.put("double", 0.1 + 0.2);
        data.put("long", Long.MIN_VALUE);
        data.putNull("none");
        data.putArray("empty");
        data.putObject("nested").putArray("a").add(1).addObject().put("b", false);
        same(Wire.success(Wire.mapper().getNodeFactory().textNode("id"), data));
    }

    @Test
    void aReplyLongerThanEveryBufferIsTheSameLine() throws IOException {
        // Longer than the generator's and the socket stream's buffers, with multi-byte characters
        // across their edges: as a 500-control listing or a screenshot's base64 is.
        Random r = new Random(20261203);
        ArrayNode items = Wire.mapper().createArrayNode();
        for (int i = 0; i < 3000; i++) {
            StringBuilder s = new StringBuilder();
            for (int k = r.nextInt(40); k > 0; k--) {
                int pick = r.nextInt(10);
                s.append(pick == 0 ? '\u00e9' : pick == 1 ? '"' : pick == 2 ? '\n' : pick == 3 ? '\u65e5' : (char) ('a' + r.nextInt(26)));
            }
            items.addObject().put("identifier", "bench.grid." + i).put("label", s.toString()).put("enabled", r.nextBoolean())
                    .putArray("frame").add(r.nextInt(1280)).add(r.nextInt(800)).add(40).add(25);
        }
        ObjectNode data = Wire.object();
        data.put("scope", "bench");
        data.set("items", items);
        data.put("png_base64", "A".repeat(300_000) + "\ud83d\ude00");
        same(Wire.success(Wire.mapper().getNodeFactory().numberNode(42), data));
    }
}
