package probe.registry.internal;

import java.awt.Component;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import probe.api.ProbeException;
import probe.api.swing.Edt;
import probe.api.swing.Rows;
import probe.api.swing.Shown;

/**
 * The rows of a large view (more than {@link Scan#ALL_ROWS}, of which a listing gives the rows in
 * view) whose text as drawn holds a query, found across the whole model. Swing's models and
 * renderers belong to the event thread, so the rows are read there, in slices of at most {@link
 * #SLICE_NANOS} each: between two slices the event thread serves the application (its input,
 * paints and timers), and no slice renders more than it can in that time. The whole search ends
 * within its budget; a search cut by it says how far it got.
 */
final class RowSearch {
    /** The longest stretch of event-thread time one slice takes (plus one row). */
    static final long SLICE_NANOS = 2_000_000;

    /** What a search found: matching rows by index in view order, and how many rows it read. */
    record Found(List<Integer> rows, int searched, int count) {
        boolean whole() {
            return searched >= count;
        }
    }

    private RowSearch() {
    }

    /**
     * The rows of {@code view} whose shown text holds {@code query} (ignoring case), leaving out the
     * rows {@code skipFirst}..{@code skipLast} (those listed already), at most {@code max}. Off the
     * event thread.
     *
     * @param budgetMillis how long the whole search may take; what it did not read by then is said
     *     by {@link Found#searched}
     * @param longest where the longest slice's event-thread time is written, in nanoseconds
     */
    static Found find(Component view, String query, int skipFirst, int skipLast, int max, long budgetMillis, long[] longest)
            throws ProbeException {
        String q = query.toLowerCase(Locale.ROOT);
        List<Integer> found = new ArrayList<>();
        long until = System.nanoTime() + budgetMillis * 1_000_000;
        int[] next = {0};
        int[] count = {0};
        while (found.size() < max && System.nanoTime() < until) {
            boolean done = Edt.call(() -> {
                long t0 = System.nanoTime();
                int n = Rows.count(view);
                count[0] = n;
                int i = next[0];
                for (; i < n && found.size() < max && System.nanoTime() - t0 < SLICE_NANOS; i++) {
                    if (i >= skipFirst && i <= skipLast) {
                        continue;
                    }
                    String text = Shown.row(view, i);
                    if (text != null && text.toLowerCase(Locale.ROOT).contains(q)) {
                        found.add(i);
                    }
                }
                next[0] = i;
                longest[0] = Math.max(longest[0], System.nanoTime() - t0);
                return i >= n;
            }, Math.max(1, until / 1_000_000 - System.nanoTime() / 1_000_000));
            if (done) {
                return new Found(found, count[0], count[0]);
            }
        }
        return new Found(found, next[0], count[0]);
    }
}
