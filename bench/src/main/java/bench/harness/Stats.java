package bench.harness;

import java.util.Arrays;

/** Samples in nanoseconds: median, p99 (nearest rank) and count. */
final class Stats {
    final long[] sorted;

    Stats(long[] nanos) {
        sorted = nanos.clone();
        Arrays.sort(sorted);
    }

    int n() {
        return sorted.length;
    }

    double medianMs() {
        return rankMs(0.50);
    }

    double p99Ms() {
        return rankMs(0.99);
    }

    private double rankMs(double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
    }

    /** "0.052 / 0.110 / 5000" in milliseconds. */
    String cell() {
        return sorted.length == 0 ? "–" : ms(medianMs()) + " / " + ms(p99Ms()) + " / " + n();
    }

    static String ms(double ms) {
        if (Double.isNaN(ms)) {
            return "–";
        }
        if (ms >= 1000) {
            return String.format("%.0f", ms);
        }
        if (ms >= 100) {
            return String.format("%.0f", ms);
        }
        if (ms >= 10) {
            return String.format("%.1f", ms);
        }
        if (ms >= 1) {
            return String.format("%.2f", ms);
        }
        return String.format("%.3f", ms);
    }
}
