package bench.inproc;

import java.awt.GraphicsEnvironment;
import java.util.ArrayList;
import java.util.List;
import probe.click.internal.ClickTiming;
import probe.registry.internal.ListTiming;
import probe.registry.internal.LookTiming;
import probe.registry.internal.WaitTiming;
import probe.screenshot.internal.PngTiming;
import probe.type.internal.TypeTiming;

/**
 * run/bench-inproc: where an op's time goes inside one JVM, on real windows, calling the ops'
 * classes directly (no framework, no socket): {@code click}, {@code type}, {@code list}, {@code look}, {@code wait}, {@code png
 * [FILE]}, or all of them when no argument names one. Each part prints its medians and spreads;
 * nothing is asserted (the machine is shared and noisy). The whole round trips, against their floors
 * and the tools a user would pick instead, are run/bench's (docs/BENCHMARKS.md).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        if (GraphicsEnvironment.isHeadless()) {
            System.err.println("bench-inproc: no display: run it under Xvfb with DISPLAY set (run/bench-inproc starts one)");
            System.exit(2);
        }
        List<String> parts = new ArrayList<>(List.of(args));
        String pngFile = null;
        int png = parts.indexOf("png");
        if (png >= 0 && png + 1 < parts.size()) {
            pngFile = parts.remove(png + 1);
        }
        if (parts.isEmpty()) {
            parts = List.of("click", "type", "list", "look", "wait", "png");
        }
        for (String part : parts) {
            System.out.println("== " + part);
            switch (part) {
                case "click":
                    ClickTiming.measure();
                    break;
                case "type":
                    TypeTiming.measure();
                    break;
                case "list":
                    ListTiming.measure();
                    break;
                case "look":
                    LookTiming.measure();
                    break;
                case "wait":
                    WaitTiming.measure();
                    break;
                case "png":
                    PngTiming.measure(pngFile);
                    break;
                default:
                    System.err.println("bench-inproc: no part '" + part + "'; the parts: click, type, list, look, wait, png [FILE]");
                    System.exit(2);
            }
        }
        System.exit(0);
    }
}
