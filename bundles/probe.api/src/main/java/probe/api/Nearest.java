package probe.api;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The names nearest to a misspelt one, for messages that say what was probably meant (an op, an
 * argument, an identifier). Nearness is the edit distance with adjacent swaps (optimal string
 * alignment), and a name too far from the one given is never suggested: one that needs more edits
 * than {@link #cutoff} is unrelated, and naming it would only mislead. Since 1.1.
 */
public final class Nearest {

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
        String shorter = wanted.length() <= candidate.length() ? wanted : candidate;
        String longer = shorter == wanted ? candidate : wanted;
        if (shorter.length() >= 3 && longer.startsWith(shorter)) {
            return true;
        }
        return distance(wanted, candidate) <= cutoff(wanted);
    }

    /** Up to {@code limit} near candidates, nearest first, ties by name. */
    public static List<String> of(String wanted, Collection<String> candidates, int limit) {
        return candidates.stream().distinct().filter(c -> near(wanted, c))
                .sorted(Comparator.<String>comparingInt(c -> distance(wanted, c)).thenComparing(Comparator.naturalOrder()))
                .limit(limit)
                .collect(Collectors.toList());
    }

    /** The edits (insert, delete, replace a character, swap two adjacent ones) that turn {@code a} into {@code b}. */
    public static int distance(String a, String b) {
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
}
