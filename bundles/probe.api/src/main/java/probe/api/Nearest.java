package probe.api;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The names nearest to a misspelt one, for messages that say what was probably meant (an op, an
 * argument, an identifier). Nearness is the edit distance with adjacent swaps (optimal string
 * alignment), and a name too far from the one given is never suggested: one that needs more edits
 * than {@link #cutoff} is unrelated, and naming it would only mislead.
 *
 * <p>The search is bounded in work, since a client chooses what it names: a name longer than {@link Names#MAX_LENGTH} gets no
 * suggestion at all, at most {@link #MAX_CANDIDATES} candidates are looked at, a candidate whose
 * length alone puts it beyond the cutoff costs one comparison, the distance of the others is
 * computed only within the cutoff's band ({@link #distance(String, String, int)}), and one search
 * computes at most {@link #MAX_STEPS} cells of distance tables in all (the candidates after that
 * are not suggested).
 */
public final class Nearest {
    /** The most candidates one search looks at; the GUI shows a few hundred names. */
    public static final int MAX_CANDIDATES = 10_000;
    /** The most cells of distance tables one search computes: some milliseconds of work. */
    public static final long MAX_STEPS = 20_000_000;

    private Nearest() {
    }

    /**
     * The most edits a suggestion may be away from {@code wanted}: a third of its length, at least
     * two (so {@code scop} still finds {@code scope}, and {@code nothing.here.atall} finds nothing).
     */
    public static int cutoff(String wanted) {
        return Math.max(2, wanted.length() / 3);
    }

    /**
     * Whether {@code candidate} is near enough to {@code wanted} to be suggested: within the
     * {@link #cutoff}, or one of the two starts with the other and the shorter has at least three
     * characters ({@code timeout} for {@code timeoutMillis}).
     */
    public static boolean near(String wanted, String candidate) {
        return nearness(wanted, candidate) >= 0;
    }

    /** Up to {@code limit} near candidates, nearest first, ties by name. */
    public static List<String> of(String wanted, Collection<String> candidates, int limit) {
        return distances(wanted, candidates).entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .limit(limit)
                .map(Map.Entry::getKey)
                .collect(Collectors.toList());
    }

    /**
     * The {@link #near} candidates with their edit distance from {@code wanted}, in the candidates'
     * order, each once; empty when {@code wanted} is longer than {@link Names#MAX_LENGTH}. Bounded in
     * work as the class says.
     */
    public static Map<String, Integer> distances(String wanted, Collection<String> candidates) {
        Map<String, Integer> out = new LinkedHashMap<>();
        if (Names.tooLong(wanted)) {
            return out;
        }
        int looked = 0;
        long steps = 0;
        for (String c : candidates) {
            if (looked++ >= MAX_CANDIDATES) {
                break;
            }
            if (c == null || out.containsKey(c)) {
                continue;
            }
            steps += cost(wanted, c);
            if (steps > MAX_STEPS) {
                break;
            }
            int d = nearness(wanted, c);
            if (d >= 0) {
                out.put(c, d);
            }
        }
        return out;
    }

    /** The cells {@link #nearness} computes at most for this pair. */
    private static long cost(String wanted, String candidate) {
        int n = wanted.length();
        int m = candidate.length();
        int max = cutoff(wanted);
        return Math.abs(n - m) > max ? 1 : (long) Math.min(n, m) * (2L * max + 1);
    }

    /** The distance when {@code candidate} is near, else -1. */
    private static int nearness(String wanted, String candidate) {
        String shorter = wanted.length() <= candidate.length() ? wanted : candidate;
        String longer = shorter == wanted ? candidate : wanted;
        if (shorter.length() >= 3 && longer.startsWith(shorter)) {
            // Insertions at the end: exactly the difference in length.
            return longer.length() - shorter.length();
        }
        int max = cutoff(wanted);
        int d = distance(wanted, candidate, max);
        return d <= max ? d : -1;
    }

    /** The edits (insert, delete, replace a character, swap two adjacent ones) that turn {@code a} into {@code b}. */
    public static int distance(String a, String b) {
        return distance(a, b, Math.max(a.length(), b.length()));
    }

    /**
     * {@link #distance(String, String)} when it is at most {@code max}, else {@code max + 1}: only the
     * diagonal band of width {@code 2 × max + 1} is computed, so it costs at most
     * {@code min(|a|, |b|) × (2 × max + 1)} steps.
     */
    public static int distance(String a, String b, int max) {
        int n = a.length();
        int m = b.length();
        if (Math.abs(n - m) > max) {
            return max + 1;
        }
        if (n == 0 || m == 0) {
            return Math.max(n, m);
        }
        int big = max + 1;
        // Three rows of the table (i-2, i-1, i); cells outside the band hold "too far".
        int[] before = new int[m + 1];
        int[] prev = new int[m + 1];
        int[] cur = new int[m + 1];
        for (int j = 0; j <= m; j++) {
            prev[j] = j <= max ? j : big;
            before[j] = big;
        }
        for (int i = 1; i <= n; i++) {
            int from = Math.max(1, i - max);
            int to = Math.min(m, i + max);
            cur[0] = i <= max ? i : big;
            // The cells just outside the band, which the next row reads: "too far".
            cur[from - 1] = from == 1 ? cur[0] : big;
            if (to < m) {
                cur[to + 1] = big;
            }
            int rowBest = cur[0];
            for (int j = from; j <= to; j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, before[j - 2] + 1);
                }
                cur[j] = Math.min(best, big);
                rowBest = Math.min(rowBest, cur[j]);
            }
            if (rowBest > max) {
                return big;
            }
            int[] t = before;
            before = prev;
            prev = cur;
            cur = t;
        }
        return Math.min(prev[m], big);
    }
}
