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

    /** The plain table, as the class computed it before it was banded: the oracle. */
    private static int full(String a, String b) {
        int n = a.length();
        int m = b.length();
        int[][] d = new int[n + 1][m + 1];
        for (int i = 0; i <= n; i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= m; j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= n; i++) {
            for (int j = 1; j <= m; j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, d[i - 2][j - 2] + 1);
                }
                d[i][j] = best;
            }
        }
        return d[n][m];
    }

    @Test
    void theBandedDistanceIsTheFullOneWithinItsBoundAndBoundPlusOneBeyond() {
        java.util.Random r = new java.util.Random(20);
        for (int k = 0; k < 20_000; k++) {
            String a = random(r, r.nextInt(14));
            String b = r.nextBoolean() ? mutate(r, a) : random(r, r.nextInt(14));
            int max = r.nextInt(8);
            int want = full(a, b);
            assertEquals(Math.min(want, max + 1), Nearest.distance(a, b, max), a + " / " + b + " max " + max);
            assertEquals(want, Nearest.distance(a, b), a + " / " + b);
        }
    }

    private static String random(java.util.Random r, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append((char) ('a' + r.nextInt(4)));
        }
        return s.toString();
    }

    private static String mutate(java.util.Random r, String a) {
        StringBuilder s = new StringBuilder(a);
        for (int e = r.nextInt(4); e > 0; e--) {
            int at = s.length() == 0 ? 0 : r.nextInt(s.length());
            switch (r.nextInt(4)) {
                case 0 -> s.insert(at, (char) ('a' + r.nextInt(4)));
                case 1 -> { if (s.length() > 0) s.deleteCharAt(at); }
                case 2 -> { if (s.length() > 0) s.setCharAt(at, (char) ('a' + r.nextInt(4))); }
                default -> { if (at + 1 < s.length()) { char c = s.charAt(at); s.setCharAt(at, s.charAt(at + 1)); s.setCharAt(at + 1, c); } }
            }
        }
        return s.toString();
    }

    @Test
    void aMegabyteNameGetsNoSuggestionAndCostsNothing() {
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            names.add("dialog.createVM.input.field" + i);
        }
        String huge = "dialog.createVM.input.field1".repeat(32_000);
        long t0 = System.nanoTime();
        assertEquals(List.of(), Nearest.of(huge, names, 5));
        // Just over the bound, and of the candidates' own length at the bound: each is bounded work.
        assertEquals(List.of(), Nearest.of("q".repeat(Names.MAX_LENGTH + 1), names, 5));
        List<String> similar = new java.util.ArrayList<>();
        for (int i = 0; i < 200; i++) {
            similar.add(random(new java.util.Random(i), Names.MAX_LENGTH));
        }
        Nearest.of(random(new java.util.Random(-1), Names.MAX_LENGTH), similar, 5);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("NearestTest: a 900 KB name against 2000 names, a 1 KiB one against 200 of 1 KiB: " + ms + " ms");
        assertTrue(ms < 2000, ms + " ms");
    }

    @Test
    void oneSearchComputesAtMostMaxStepsCells() {
        // Each candidate of 1 KiB against a name of 1 KiB costs 1024 × 683 cells: 28 fit in the budget.
        String wanted = "n".repeat(Names.MAX_LENGTH);
        List<String> far = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            far.add("m".repeat(Names.MAX_LENGTH));
        }
        far.add("n".repeat(Names.MAX_LENGTH - 1) + "o");
        assertEquals(List.of(), Nearest.of(wanted, far, 3), "the near one comes after the budget is spent");
        assertEquals(List.of("n".repeat(Names.MAX_LENGTH - 1) + "o"), Nearest.of(wanted, far.subList(90, far.size()), 3));
    }

    @Test
    void noMoreThanMaxCandidatesAreLookedAt() {
        List<String> many = new java.util.ArrayList<>();
        for (int i = 0; i < Nearest.MAX_CANDIDATES; i++) {
            many.add("zzzz" + i);
        }
        many.add("gui.list");
        assertEquals(List.of(), Nearest.of("gui.lst", many, 3));
        assertEquals(List.of("gui.list"), Nearest.of("gui.lst", many.subList(Nearest.MAX_CANDIDATES - 5, many.size()), 3));
    }
}
