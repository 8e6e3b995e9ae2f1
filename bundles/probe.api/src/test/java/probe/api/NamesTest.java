package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NamesTest {

    @Test
    void aNameOfOneKibibyteIsTakenAndOneCharacterMoreIsRefusedQuotingItsStartOnly() throws Exception {
        Names.check("argument 'identifier'", "x".repeat(Names.MAX_LENGTH));
        Names.check("argument 'identifier'", null);
        ProbeException e = assertThrows(ProbeException.class, () -> Names.check("argument 'identifier'", "y".repeat(900_000)));
        assertEquals(ErrorCodes.INVALID_ARGS, e.code());
        assertEquals("argument 'identifier' is 900000 characters long; a name is at most 1024 ('" + "y".repeat(64) + "…')", e.getMessage());
        assertEquals(900_000, e.details().get("length").intValue());
        assertEquals(1024, e.details().get("maxLength").intValue());
    }

    @Test
    void aQuoteIsTheWholeShortStringOrItsFirst64CharactersNeverHalfASurrogatePair() {
        assertEquals("short", Names.quoted("short"));
        assertEquals("a".repeat(64), Names.quoted("a".repeat(64)));
        assertEquals("a".repeat(64) + "…", Names.quoted("a".repeat(65)));
        String emoji = "a".repeat(63) + "\uD83D\uDE00" + "b";
        assertEquals("a".repeat(63) + "…", Names.quoted(emoji));
        assertFalse(Names.tooLong("z".repeat(1024)));
        assertTrue(Names.tooLong("z".repeat(1025)));
        assertNull(null);
    }

    @Test
    void namesAreSpeltAsTheFormatSays() {
        for (String ok : new String[] {"gui.list", "demo.echo", "gui.event.subscribe", "a1.b_C2.d"}) {
            assertTrue(Names.isOpName(ok), ok);
        }
        for (String bad : new String[] {"gui", "gui.", ".list", "gui..list", "Gui.list", "gui.List", "1gui.list", "gui.li-st", "gu_i.list", ""}) {
            assertTrue(!Names.isOpName(bad), bad);
        }
        assertTrue(Names.isVerb("list") && Names.isVerb("set-name2") && Names.isVerb("a"));
        assertTrue(!Names.isVerb("") && !Names.isVerb("List") && !Names.isVerb("-x") && !Names.isVerb("a_b"));
        assertTrue(Names.isArgName("settleMillis") && Names.isArgName("X_1"));
        assertTrue(!Names.isArgName("") && !Names.isArgName("_x") && !Names.isArgName("1x")
                && !Names.isArgName("a-b"));
    }
}
