package probe.events.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class PatternsTest {

    private static boolean m(String pattern, String event) {
        return Patterns.of(List.of(pattern)).matches(event);
    }

    @Test
    void starMatchesEveryProtocolEvent() {
        for (String e : List.of("dialog.opened", "dialog.closed", "list.refreshed", "error", "vm.state", "x")) {
            assertTrue(m("*", e), e);
        }
    }

    @Test
    void prefixAndExactPatterns() {
        assertTrue(m("dialog.*", "dialog.opened"));
        assertTrue(m("dialog.*", "dialog.closed"));
        assertFalse(m("dialog.*", "dialog"));
        assertFalse(m("dialog.*", "dialogs.opened"));
        assertFalse(m("dialog.*", "list.refreshed"));
        assertTrue(m("error", "error"));
        assertFalse(m("error", "errors"));
        assertFalse(m("error", "error.x"));
        assertTrue(m("*.closed", "dialog.closed"));
        assertTrue(m("d*d", "dialog.closed"));
        assertTrue(m("dialog.**", "dialog.opened"));
        assertFalse(m("a*b*c", "a.b"));
    }

    @Test
    void optionalEventsOnlyForPatternsThatNameTheirFamily() {
        for (String e : List.of("window.opened", "window.closed", "focus.changed", "probe.ops.changed")) {
            assertFalse(m("*", e), e);
            assertFalse(m("*.*", e), e);
            assertFalse(m("*opened", e), e);
        }
        assertTrue(m("window.*", "window.opened"));
        assertTrue(m("window.closed", "window.closed"));
        assertTrue(m("focus.changed", "focus.changed"));
        assertTrue(m("focus.*", "focus.changed"));
        assertFalse(m("window.*", "focus.changed"));
        assertTrue(Patterns.of(List.of("*", "focus.changed")).matches("focus.changed"));
        assertTrue(Patterns.of(List.of("*", "focus.changed")).matches("dialog.opened"));
        assertFalse(Patterns.of(List.of("*", "focus.changed")).matches("window.opened"));
        assertTrue(Patterns.of(List.of("*", "probe.ops.changed")).matches("probe.ops.changed"), "named, as hvm-dbg mcp names it");
    }

    @Test
    void duplicatesDroppedInOrder() {
        assertEquals(List.of("dialog.*", "error"), Patterns.of(List.of("dialog.*", "error", "dialog.*")).list());
    }

    @Test
    void invalidPatternsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Patterns.of(List.of()));
        assertThrows(IllegalArgumentException.class, () -> Patterns.of(List.of("")));
        assertThrows(IllegalArgumentException.class, () -> Patterns.of(Arrays.asList("error", null)));
        assertThrows(IllegalArgumentException.class, () -> Patterns.of(List.of("dialog opened")));
        assertThrows(IllegalArgumentException.class, () -> Patterns.of(List.of("dialog\n")));
        assertThrows(IllegalArgumentException.class, () -> Patterns.of(List.of("x".repeat(Patterns.MAX_LENGTH + 1))));
        List<String> many = new ArrayList<>();
        for (int i = 0; i <= Patterns.MAX_PATTERNS; i++) {
            many.add("e" + i);
        }
        assertThrows(IllegalArgumentException.class, () -> Patterns.of(many));
        assertEquals(Patterns.MAX_PATTERNS, Patterns.of(many.subList(0, Patterns.MAX_PATTERNS)).list().size());
        assertEquals(1, Patterns.of(Collections.nCopies(1000, "error")).list().size());
    }

    /**
     * A pattern of many stars does not backtrack exponentially: a backtracking matcher would take
     * longer than the universe's age here. The timeout guards against that hang, not a speed.
     */
    @Test
    @Timeout(60)
    void manyStarsDoNotBacktrackForEver() {
        String p = "*a".repeat(100);
        String s = "a".repeat(150) + "b";
        assertFalse(Patterns.glob(p, s));
        assertTrue(Patterns.glob(p, "a".repeat(150)));
    }
}
