package probe.registry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.awt.Rectangle;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import probe.api.wire.Wire;

/**
 * Prints what gui.list of the benchmark's 500-control window costs in this JVM: the registry's
 * walk on the EDT and the serialisation of its items. It asserts nothing about time (the machine
 * is shared and noisy); it is the in-process half of docs/BENCHMARKS.md's "list" rows.
 */
class ListTimingTest {
    private static final int WARMUP = 300;
    private static final int SAMPLES = 500;

    @AfterEach
    void close() throws Exception {
        Gui.disposeAll();
    }

    @Test
    void listOfTheBenchWindow() throws Exception {
        Gui.assumeDisplay();
        SwingViewRegistry registry = new SwingViewRegistry();
        Gui.run(() -> Gui.benchWindow(new Rectangle(0, 0, 1280, 800)));
        Gui.settle();
        assertEquals(501, Gui.edt(() -> registry.list("bench")).size());
        long[] walk = new long[SAMPLES];
        long[] write = new long[SAMPLES];
        int bytes = 0;
        for (int i = -WARMUP; i < SAMPLES; i++) {
            long t0 = System.nanoTime();
            ArrayNode items = Gui.edt(() -> registry.list("bench"));
            long t1 = System.nanoTime();
            bytes = Wire.mapper().writeValueAsBytes(items).length;
            long t2 = System.nanoTime();
            if (i >= 0) {
                walk[i] = t1 - t0;
                write[i] = t2 - t1;
            }
        }
        System.out.printf("gui.list bench (501 items, %d bytes): walk on the EDT %s, serialise %s (median / p90 ms, n=%d)%n",
                bytes, stats(walk), stats(write), SAMPLES);
    }

    static String stats(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return String.format("%.3f / %.3f", s[s.length / 2] / 1e6, s[(int) (s.length * 0.9)] / 1e6);
    }
}
