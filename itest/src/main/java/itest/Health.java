package itest;

import java.awt.EventQueue;
import java.awt.Toolkit;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/** What the test JVM holds right now: the figures a leak would make grow. */
public record Health(int threads, int probeThreads, int awtListeners, int fds, int eventHandlers, long heapAfterGc,
        int loadedClasses) {

    public static Health now() throws Exception {
        return new Health(Thread.getAllStackTraces().size(), countProbeThreads(),
                Toolkit.getDefaultToolkit().getAWTEventListeners().length, countFds(), countEventHandlers(), measureHeapAfterGc(),
                ManagementFactory.getClassLoadingMXBean().getLoadedClassCount());
    }

    /** Threads of the transport (acceptor, connection readers and writers) and of other probe bundles. */
    public static int countProbeThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("hdp-gui-")).count();
    }

    /**
     * Connections the transport holds open now: the server's ends of the probe socket, which
     * /proc/net/unix lists under its path (a client's end has no path), not the listening one.
     * The transport holds no thread per connection, so threads cannot count them.
     */
    public static int openConnections() {
        String path = Fixture.socket().toString();
        try {
            int n = 0;
            for (String line : Files.readAllLines(Path.of("/proc/net/unix"))) {
                String[] f = line.trim().split("\\s+");
                // Num RefCount Protocol Flags Type St Inode [Path]
                if (f.length >= 8 && !f[3].equals("00010000") && f[7].equals(path)) {
                    n++;
                }
            }
            return n;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Threads of the probe's transport (accept, I/O loop, op pool): a number that must not grow with the connections. */
    public static int transportThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("hdp-gui-")).count();
    }

    public static int countFds() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            return (int) s.count();
        }
    }

    /** What each open descriptor points at (files, sockets, pipes), counted: to name a leak. */
    public static Map<String, Integer> fdTargets() throws IOException {
        Map<String, String> unix = new java.util.HashMap<>();
        for (String line : Files.readAllLines(Path.of("/proc/net/unix"))) {
            String[] f = line.trim().split("\\s+");
            // Num RefCount Protocol Flags Type St Inode [Path]
            if (f.length >= 7 && !f[0].equals("Num")) {
                unix.put(f[6], (f[3].equals("00010000") ? "listening" : "st" + f[5]) + (f.length > 7 ? " " + f[7] : ""));
            }
        }
        Map<String, Integer> out = new TreeMap<>();
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) s::iterator) {
                try {
                    String link = Files.readSymbolicLink(fd).toString();
                    String t = link.startsWith("socket:[")
                            ? "unix socket " + unix.getOrDefault(link.substring(8, link.length() - 1), "(not unix)")
                            : link.replaceAll("\\[\\d+\\]$", "[]");
                    out.merge(t, 1, Integer::sum);
                } catch (IOException gone) {
                    // Closed while we looked.
                }
            }
        }
        return out;
    }

    /** The entries of {@code after} that grew since {@code before}. */
    public static Map<String, Integer> grown(Map<String, Integer> before, Map<String, Integer> after) {
        Map<String, Integer> out = new TreeMap<>();
        after.forEach((k, v) -> {
            int d = v - before.getOrDefault(k, 0);
            if (d > 0) {
                out.put(k, d);
            }
        });
        return out;
    }

    /** EventAdmin handlers registered now, by anyone. */
    public static int countEventHandlers() throws InvalidSyntaxException {
        ServiceReference<?>[] refs = Fixture.context().getAllServiceReferences("org.osgi.service.event.EventHandler", null);
        return refs == null ? 0 : refs.length;
    }

    /** Used heap after full collections, in bytes. */
    public static long measureHeapAfterGc() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
            used = Math.min(used, rt.totalMemory() - rt.freeMemory());
        }
        return used;
    }

    /** Milliseconds an empty task waits for the event dispatch thread. */
    public static double edtHopMillis() throws Exception {
        long t0 = System.nanoTime();
        EventQueue.invokeAndWait(() -> { });
        return (System.nanoTime() - t0) / 1e6;
    }

    @Override
    public String toString() {
        return String.format("threads %d (probe %d), AWT listeners %d, fds %d, EventAdmin handlers %d, heap after GC %.1f MiB, classes %d",
                threads, probeThreads, awtListeners, fds, eventHandlers, heapAfterGc / 1048576.0, loadedClasses);
    }
}
