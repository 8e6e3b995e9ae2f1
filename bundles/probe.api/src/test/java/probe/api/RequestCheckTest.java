package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static probe.api.OpDescriptionTest.args;
import static probe.api.OpDescriptionTest.byOp;
import static probe.api.OpDescriptionTest.desc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class RequestCheckTest {

    @Test
    void fillsDefaultsAndKeepsWhatWasGiven() throws Exception {
        OpDescription click = byOp("gui.click");
        ObjectNode checked = RequestCheck.check(click, args("{\"identifier\":\"a.b.c\",\"count\":2}"));
        assertEquals(args("{\"identifier\":\"a.b.c\",\"button\":\"left\",\"count\":2,\"effects\":true,\"settleMillis\":100}"), checked);
        assertTrue(click.receipt());
        assertEquals(OpDescription.MAX_SETTLE_MILLIS, click.arg("settleMillis").orElseThrow().maximum());
        assertEquals("--settle-ms", click.arg("settleMillis").orElseThrow().optionName());
        assertEquals("--identifier", click.arg("identifier").orElseThrow().optionName());
    }

    @Test
    void refusesWhatItsDescriptionDoesNotAccept() throws Exception {
        OpDescription click = byOp("gui.click");
        assertRefused(click, "{}", "argument 'identifier' is required: a non-empty string", "identifier");
        assertRefused(click, "{\"identifier\":\"\"}", "argument 'identifier' must not be empty", "identifier");
        assertRefused(click, "{\"identifier\":\"x\",\"count\":3}", "argument 'count' must be an integer from 1 to 2, got 3", "count");
        assertRefused(click, "{\"identifier\":\"x\",\"button\":\"up\"}", "argument 'button' must be one of left, right, middle, got 'up'",
                "button");
        assertRefused(click, "{\"identifier\":7}", "argument 'identifier' must be a non-empty string, got number", "identifier");
        assertRefused(click, "{\"identifier\":\"x\",\"settleMillis\":10001}",
                "argument 'settleMillis' must be an integer from 0 to 10000, got 10001", "settleMillis");
        ProbeException e = assertThrows(ProbeException.class, () -> RequestCheck.check(click, args("{\"identifer\":\"x\"}")));
        assertEquals("unknown argument 'identifer' for gui.click; did you mean 'identifier'? accepted: button, count, effects,"
                + " identifier, settleMillis, x, y", e.getMessage());
        assertEquals("identifier", e.details().get("nearest").get(0).asText());
        String huge = "x".repeat(Names.MAX_LENGTH + 1);
        ProbeException tooLong = assertThrows(ProbeException.class, () -> RequestCheck.check(click, args("{\"identifier\":\"" + huge + "\"}")));
        assertTrue(tooLong.getMessage().startsWith("argument 'identifier' is 1025 characters long"), tooLong.getMessage());
        OpDescription key = byOp("gui.keypress");
        assertRefused(key, "{\"key\":\"a\",\"modifiers\":[\"ctrl\",\"ctrl\"]}", "argument 'modifiers' holds 'ctrl' twice", "modifiers");
        assertRefused(key, "{\"key\":\"a\",\"modifiers\":\"ctrl\"}", "argument 'modifiers' must be an array of shift, ctrl, alt, meta,"
                + " got string", "modifiers");
        assertRefused(byOp("gui.audit"), "{\"x\":1}", "unknown argument 'x' for gui.audit; gui.audit takes no arguments", null);
    }

    @Test
    void aSecretIsNeverQuoted() throws Exception {
        OpDescription d = desc("{\"op\":\"demo.s\",\"args\":[{\"name\":\"pin\",\"secret\":true,\"enum\":[\"1\"]}]}");
        ProbeException e = assertThrows(ProbeException.class, () -> RequestCheck.check(d, args("{\"pin\":\"hunter2\"}")));
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    }

    static void assertRefused(OpDescription d, String json, String message, String argument) {
        ProbeException e = assertThrows(ProbeException.class, () -> RequestCheck.check(d, args(json)));
        assertEquals(ErrorCodes.INVALID_ARGS, e.code());
        assertEquals(message, e.getMessage());
        if (argument != null) {
            assertEquals(argument, e.details().get("argument").asText());
        }
    }
}
