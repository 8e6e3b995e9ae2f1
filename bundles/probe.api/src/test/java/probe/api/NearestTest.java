package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestTest {

    @Test
    void editDistanceCountsAnAdjacentSwapAsOneEdit() {
        assertEquals(0, Nearest.distance("abc", "abc"));
        assertEquals(1, Nearest.distance("abc", "abd"));
        assertEquals(3, Nearest.distance("", "abc"));
        assertEquals(1, Nearest.distance("scop", "scope"));
        assertEquals(1, Nearest.distance("gui.lsit", "gui.list"));
    }

    @Test
    void nearNamesComeFirstAndFarOnesNever() {
        List<String> ops = List.of("gui.list", "gui.click", "gui.wait", "gui.audit", "probe.hello");
        assertEquals(List.of("gui.list"), Nearest.of("gui.lst", ops, 3));
        assertEquals(List.of("gui.click"), Nearest.of("gui.clik", ops, 1));
        assertEquals(List.of(), Nearest.of("fuzz.xyz", ops, 5));
        assertEquals(List.of(), Nearest.of("nothing.here.atall", List.of("detail.label.state", "detail.button.start"), 5));
    }

    @Test
    void theCutoffGrowsWithTheLength() {
        assertEquals(2, Nearest.cutoff("scop"));
        assertEquals(6, Nearest.cutoff("nothing.here.atall"));
        assertTrue(Nearest.near("scop", "scope"));
        assertTrue(Nearest.near("dialg", "dialog"));
        assertFalse(Nearest.near("x", "identifier"));
    }

    @Test
    void aPrefixOfThreeOrMoreCharactersIsNear() {
        assertTrue(Nearest.near("timeout", "timeoutMillis"));
        assertTrue(Nearest.near("timeoutMillisecond", "timeoutMillis"));
        assertFalse(Nearest.near("ti", "timeoutMillis"));
        assertEquals(List.of("timeoutMillis"), Nearest.of("timeout", List.of("timeoutMillis", "state", "identifier", "dialog"), 3));
    }
}
