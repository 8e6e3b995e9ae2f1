package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The decoder never throws, whatever the line: it returns a request or one of the protocol's
 * error codes, with a message. Seeded mutations of valid requests plus random bytes; 100,000
 * cases (HDP_FUZZ_CASES for more, HDP_FUZZ_SEED for another seed).
 */
class RequestDecoderFuzzTest {
    private static final Set<String> CODES = Set.of("protocol.parse_error", "protocol.invalid_request");
    private static final String[] SEEDS = {
        "{\"id\":1,\"op\":\"probe.hello\"}",
        "{\"id\":\"a\",\"op\":\"gui.list\",\"args\":{\"scope\":\"sidebar\"}}",
        "{\"id\":12345678901234567890123,\"op\":\"gui.click\",\"args\":{\"identifier\":\"x\",\"count\":2}}",
        "{\"id\":1.5e3,\"op\":\"gui.type\",\"args\":{\"text\":\"\\u4e2d\\ud83d\\ude00\",\"replace\":true}}",
        "[[[[{\"id\":1}]]]]",
    };

    @Test
    void noLineMakesTheDecoderThrow() {
        int cases = Integer.parseInt(System.getenv().getOrDefault("HDP_FUZZ_CASES", "100000"));
        long seed = Long.parseLong(System.getenv().getOrDefault("HDP_FUZZ_SEED", "20261201"));
        Random r = new Random(seed);
        int requests = 0;
        for (int i = 0; i < cases; i++) {
            byte[] line = r.nextInt(8) == 0 ? randomBytes(r) : mutate(r, SEEDS[r.nextInt(SEEDS.length)].getBytes(StandardCharsets.UTF_8));
            Decoded d;
            try {
                d = RequestDecoder.decode(line);
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError("case " + i + " (seed " + seed + ") threw on " + new String(line, StandardCharsets.UTF_8), e);
            }
            assertNotNull(d);
            if (d.isError()) {
                assertTrue(CODES.contains(d.errorCode()), d.errorCode());
                assertFalse(d.errorMessage().isBlank());
                assertNull(d.op());
                assertTrue(d.id() == null || d.id().isNumber() || d.id().isTextual());
            } else {
                requests++;
                assertTrue(d.id().isNumber() || d.id().isTextual());
                assertFalse(d.op().isEmpty());
                assertNotNull(d.args());
            }
        }
        assertTrue(requests > 0 && requests < cases, "the mutations hit both sides: " + requests + " requests of " + cases);
    }

    @Test
    void deepNestingIsAParseErrorNotAStackOverflow() {
        String deep = "{\"id\":1,\"op\":\"x\",\"args\":{\"a\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}}";
        assertEquals("protocol.parse_error", RequestDecoder.decode(deep.getBytes(StandardCharsets.UTF_8)).errorCode());
    }

    private static byte[] randomBytes(Random r) {
        byte[] b = new byte[r.nextInt(300)];
        r.nextBytes(b);
        return b;
    }

    /** A few byte flips, insertions, deletions and truncations of a valid line. */
    private static byte[] mutate(Random r, byte[] in) {
        byte[] b = in.clone();
        int edits = 1 + r.nextInt(4);
        String pool = "{}[]\":,0123456789-+.eE \\u\u00ff";
        for (int e = 0; e < edits && b.length > 0; e++) {
            int at = r.nextInt(b.length);
            switch (r.nextInt(4)) {
                case 0:
                    b[at] = (byte) pool.charAt(r.nextInt(pool.length()));
                    break;
                case 1:
                    b[at] = (byte) r.nextInt(256);
                    break;
                case 2:
                    b = java.util.Arrays.copyOf(b, at);
                    break;
                default:
                    byte[] c = new byte[b.length + 1];
                    System.arraycopy(b, 0, c, 0, at);
                    c[at] = (byte) pool.charAt(r.nextInt(pool.length()));
                    System.arraycopy(b, at, c, at + 1, b.length - at);
                    b = c;
                    break;
            }
        }
        return b;
    }
}
