package itest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code xdotool search} for the tests, once per fact: xdotool walks the X server's window tree
 * and asks each window's attributes, so a window that goes away meanwhile (a tooltip, a popup, a
 * closed dialog's) ends the search with {@code BadWindow} and exit status 1 though nothing the test
 * looks for was wrong (CI, SwingSet2IT on Java 17). Such a search is run again; any other failure,
 * or an X error that persists until the bound, fails the test with xdotool's words.
 */
final class XSearch {
    /** The bound on one search, its repeats included. */
    static final Duration BOUND = Duration.ofSeconds(10);

    private XSearch() {
    }

    /** Whether xdotool failed on a window that went away while it ran. */
    static boolean badWindow(Command.Ran ran) {
        return ran.exit() != 0 && ran.err().contains("BadWindow");
    }

    /**
     * The ids of the visible X windows whose name matches {@code name} (xdotool's --name, a POSIX
     * extended regular expression), of JVM {@code pid} when it is positive; none: an empty list.
     */
    static List<String> visible(long pid, String name) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("xdotool", "search", "--onlyvisible"));
        if (pid > 0) {
            cmd.addAll(List.of("--pid", Long.toString(pid)));
        }
        cmd.addAll(List.of("--name", name));
        long until = System.nanoTime() + BOUND.toNanos();
        while (true) {
            Command.Ran ran = Command.run(cmd, Duration.ofNanos(Math.max(1, until - System.nanoTime())));
            boolean raced = ran.err().contains("X Error of failed request");
            if (raced && System.nanoTime() < until) {
                Thread.sleep(20);
                continue;
            }
            // Exit 1 with no error is xdotool's "nothing matched".
            if (raced || (ran.exit() != 0 && !ran.err().isBlank())) {
                throw new AssertionError(String.join(" ", cmd) + ": exit " + ran.exit() + ": " + ran.err().strip());
            }
            List<String> found = new ArrayList<>();
            for (String id : ran.out().split("\\s+")) {
                if (id.matches("\\d+")) {
                    found.add(id);
                }
            }
            return found;
        }
    }
}
