package probe.api.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import probe.api.wire.Wire;

/** The hand-rolled codec reads and writes what the shared {@link Wire} mapper does. */
class JsonTest {
    private static final String SAMPLE = "{\"id\":7,\"ok\":true,\"data\":{\"s\":\"\u00e9\\n\\\"x\\\"\",\"i\":-3,"
            + "\"l\":12345678901,\"big\":123456789012345678901234567890,\"f\":1.25,\"t\":true,\"n\":null,"
            + "\"a\":[1,[2,{}],[]],\"o\":{\"k\":false}}}";

    private static JsonNode parse(String s) throws Exception {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return Json.parse(b, 0, b.length);
    }

    @Test
    void readsLikeTheWireMapper() throws Exception {
        JsonNode mine = parse(SAMPLE);
        assertEquals(Wire.mapper().readTree(SAMPLE), mine);
        assertTrue(mine.get("data").get("i").isInt());
        assertTrue(mine.get("data").get("l").isLong());
        assertEquals(new BigInteger("123456789012345678901234567890"), mine.get("data").get("big").bigIntegerValue());
        assertEquals(new BigDecimal("1.25"), mine.get("data").get("f").decimalValue());
    }

    @Test
    void writesLikeTheWireMapper() throws Exception {
        JsonNode n = Wire.mapper().readTree(SAMPLE);
        assertArrayEquals(Wire.line(n), Json.line(n));
        ObjectNode built = Json.object();
        built.put("d", 0.5d).put("fl", 2.5f).put("sh", (short) 3).put("bin", new byte[] {1, 2, 3});
        assertArrayEquals(Wire.line(built), Json.line(built));
        String compact = Json.compact(n);
        assertEquals(Wire.mapper().writeValueAsString(n), compact);
        assertEquals(n, parse(Json.pretty(n)));
        assertEquals("null", Json.compact(null));
    }

    @Test
    void oneLineWithoutRawNewlines() {
        byte[] line = Json.line(Json.object().put("text", "a\nb\r\nc"));
        for (int i = 0; i < line.length - 1; i++) {
            assertTrue(line[i] != '\n' && line[i] != '\r');
        }
        assertEquals('\n', line[line.length - 1]);
    }

    @Test
    void rejectsWhatIsNotExactlyOneValue() {
        assertThrows(JsonProcessingException.class, () -> parse(""));
        assertThrows(JsonProcessingException.class, () -> parse("   "));
        assertThrows(JsonProcessingException.class, () -> parse("{} {}"));
        assertThrows(JsonProcessingException.class, () -> parse("{\"a\":}"));
        assertThrows(JsonProcessingException.class, () -> parse("[".repeat(201) + "]".repeat(201)));
    }

    @Test
    void longStringsAreRead() throws Exception {
        String big = "A".repeat(25_000_000);
        assertEquals(big.length(), parse("{\"png_base64\":\"" + big + "\"}").get("png_base64").textValue().length());
    }

    @Test
    void compactIsWhatJsonNodeToStringSays() throws Exception {
        String[] values = {"5", "-7", "12345678901", "123456789012345678901234567890", "0.5", "1.50", "1e400", "true", "false",
            "null", "[1,\"a\\n\\u0001\u00e9\",{\"b\":[]}]", "{\"x\":{\"y\":2.25},\"z\":\"\\\"q\\\"\"}"};
        for (String v : values) {
            byte[] b = v.getBytes(StandardCharsets.UTF_8);
            JsonNode n = Json.parse(b, 0, b.length);
            assertEquals(n.toString(), Json.compact(n), v);
        }
        assertEquals(Wire.object().put("d", 0.1).toString(), Json.compact(Wire.object().put("d", 0.1)));
        assertEquals(Wire.object().put("f", 1.5f).toString(), Json.compact(Wire.object().put("f", 1.5f)));
    }
}
