package bench.inproc;

import java.util.Arrays;

/** What the in-process benchmarks print of their samples (nanoseconds): they print, never assert. */
public final class Timing {
    private Timing() {
    }

    /** The median of {@code nanos}. */
    public static long median(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    /** Median, 90th and 99th percentile in milliseconds, and the sample count. */
    public static String stats(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return String.format("median %.3f ms, p90 %.3f, p99 %.3f (n=%d)", s[s.length / 2] / 1e6, s[(int) (s.length * 0.9)] / 1e6,
                s[(int) (s.length * 0.99)] / 1e6, s.length);
    }
}
