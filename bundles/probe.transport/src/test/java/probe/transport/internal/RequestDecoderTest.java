package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import probe.api.ErrorCodes;

class RequestDecoderTest {

    private static Decoded decode(String s) {
        return RequestDecoder.decode(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aWellFormedRequest() {
        Decoded d = decode("{\"id\":7,\"op\":\"gui.click\",\"args\":{\"identifier\":\"x\"}}");
        assertFalse(d.isError());
        assertEquals(7, d.id().intValue());
        assertEquals("gui.click", d.op());
        assertEquals("x", d.args().get("identifier").textValue());
    }

    @Test
    void argsMayBeOmittedAndStringIdsEchoVerbatim() {
        Decoded d = decode("{\"id\":\"a-1\",\"op\":\"probe.hello\"}");
        assertEquals("a-1", d.id().textValue());
        assertTrue(d.args().isEmpty());
    }

    @Test
    void garbageEmptyAndInvalidUtf8AreParseErrors() {
        assertEquals(ErrorCodes.PARSE_ERROR, decode("hello there").errorCode());
        assertEquals(ErrorCodes.PARSE_ERROR, decode("   ").errorCode());
        assertEquals(ErrorCodes.PARSE_ERROR, decode("{\"id\":1,").errorCode());
        assertEquals(ErrorCodes.PARSE_ERROR, decode("{\"id\":1} {\"id\":2}").errorCode(), "one object per line");
        Decoded bad = RequestDecoder.decode(new byte[] {'{', (byte) 0xC3, (byte) 0x28, '}'});
        assertEquals(ErrorCodes.PARSE_ERROR, bad.errorCode());
        assertTrue(bad.errorMessage().contains("UTF-8"));
    }

    /**
     * A line is UTF-8, read as the text it decodes to: no other encoding is guessed from its first bytes (a
     * byte parser takes zero bytes for UTF-16 and a byte order mark for a marker to skip), and a column
     * counts characters, not bytes.
     */
    @Test
    void aLineIsReadAsTheUtf8TextItIsNeverAsAnotherEncoding() {
        byte[] utf16 = "{\"id\":1,\"op\":\"probe.hello\"}".getBytes(StandardCharsets.UTF_16BE);
        assertEquals(ErrorCodes.PARSE_ERROR, RequestDecoder.decode(utf16).errorCode(), "zero bytes are NUL characters in UTF-8");
        byte[] hello = "{\"id\":1,\"op\":\"probe.hello\"}".getBytes(StandardCharsets.UTF_8);
        byte[] bom = new byte[hello.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(hello, 0, bom, 3, hello.length);
        assertEquals(ErrorCodes.PARSE_ERROR, RequestDecoder.decode(bom).errorCode(), "a byte order mark is no JSON whitespace");
        Decoded wide = decode("{\"\u00e9\":1, x}");
        assertTrue(wide.errorMessage().contains("column 9"), wide.errorMessage());
    }

    @Test
    void jsonThatIsNotARequestIsInvalidAndKeepsTheIdWhenReadable() {
        assertEquals(ErrorCodes.INVALID_REQUEST, decode("[1,2]").errorCode());
        assertEquals(ErrorCodes.INVALID_REQUEST, decode("{\"op\":\"probe.hello\"}").errorCode());
        Decoded objectId = decode("{\"id\":{},\"op\":\"probe.hello\"}");
        assertEquals(ErrorCodes.INVALID_REQUEST, objectId.errorCode());
        assertNull(objectId.id());
        Decoded noOp = decode("{\"id\":3}");
        assertEquals(ErrorCodes.INVALID_REQUEST, noOp.errorCode());
        assertEquals(3, noOp.id().intValue());
        assertEquals(ErrorCodes.INVALID_REQUEST, decode("{\"id\":3,\"op\":\"x\",\"args\":[1]}").errorCode());
    }

    @Test
    void deepNestingIsRefusedNotAStackOverflow() {
        String deep = "{\"id\":1,\"op\":\"x\",\"args\":{\"a\":" + "[".repeat(5000) + "]".repeat(5000) + "}}";
        assertEquals(ErrorCodes.PARSE_ERROR, decode(deep).errorCode());
    }
}
