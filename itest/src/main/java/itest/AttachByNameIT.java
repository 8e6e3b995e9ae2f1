package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM named as a user names it: {@code hvm-dbg ps} shows the name, {@code attach NAME}, {@code --app NAME}
 * and {@code detach NAME} take it; and {@code launch} passes a JVM's options, a class path and a main
 * class through as they are. On SwingSet2, under a jar name of its own (another SwingSet2 may run on this
 * machine), with the real hvm-dbg jar and agent.
 */
@ExtendWith(Bounded.class)
class AttachByNameIT {

    @Test
    void attachListDetachByName(@TempDir Path tmp) throws Exception {
        String name = "NamedApp" + ProcessHandle.current().pid();
        Path jar = Files.copy(SwingSet2.jar(), tmp.resolve(name + ".jar"));
        // The JVM's own log of a native-heap trim: the attach and the detach each ask for one.
        Path trims = tmp.resolve("trim.log");
        try (Proc app = Proc.java(Map.of(), "-Xlog:trimnative=info:file=" + trims, "-jar", jar.toString())) {
            Fixture.await(name + " in hvm-dbg ps", () -> {
                try {
                    return Cli.asUser("ps").ok().out().lines().anyMatch(l -> l.startsWith(app.pid() + " ") && l.contains(" " + name + " "));
                } catch (Exception e) {
                    return false;
                }
            });
            List<String> before = threads(app.pid());
            Cli.Result attached = Cli.asUser("attach", name.toLowerCase()).ok();
            assertTrue(attached.out().trim().endsWith(app.pid() + ".sock"), attached.out());
            // What the start allocated and freed again goes back to the system (docs/RELIABILITY.md, "A guest's memory").
            assertEquals(1, manualTrims(trims), "native-heap trims asked after the attach");
            Fixture.await("SwingSet2's toolbar listed through --app", () -> {
                try {
                    return Cli.asUser("--app", name + ".jar", "gui", "list", "--format", "text").ok().out().contains("swingSet2.toggle.jButton");
                } catch (Exception | AssertionError e) {
                    return false;
                }
            });
            // A light guest: at most 8 threads of the probe and its framework (issue 39; 13 before, 22 before that),
            // and all of them gone again once it is detached (docs/RELIABILITY.md says each one's job).
            List<String> in = threads(app.pid());
            // What the check after the detach looks for is there now: else it could find nothing for any reason.
            assertTrue(!probeLoaders(app.pid()).isEmpty(), "jcmd VM.classloaders lists the probe's loaders while it is attached");
            System.out.println("AttachByNameIT: SwingSet2's threads " + before.size() + " -> " + in.size() + " attached: "
                    + guests(in));
            assertTrue(guests(in).size() <= 8, "at most 8 threads of the probe: " + guests(in));
            Cli.Result none = Cli.asUser("--app", name + "-nowhere", "hello");
            assertEquals(4, none.exit(), none.err());
            assertTrue(none.err().contains("no JVM of yours is named '" + name + "-nowhere'") && none.err().contains(name + " (pid " + app.pid() + ")"),
                    none.err());
            Cli.Result detached = Cli.asUser("detach", name).ok();
            assertTrue(detached.out().startsWith("detached from JVM " + app.pid()), detached.out());
            assertEquals(2, manualTrims(trims), "native-heap trims asked after the attach and the detach");
            Fixture.await("the probe's threads to end in SwingSet2", () -> {
                try {
                    return guests(threads(app.pid())).isEmpty();
                } catch (Exception e) {
                    return false;
                }
            });
            // ... and its classes: after a full GC none of its class loaders is left in SwingSet2, neither strongly nor
            // softly held (the JVM's defaults keep a soft reference across a GC). Before issue 39's fixes three things
            // kept them, with some 5 MB of metaspace, for the JVM's life: the JDK's record method cache (ObjectMethods:
            // strongly on Java 17, softly on 25), a Jackson buffer in the attach listener's ThreadLocal, and the
            // framework's loader as the context loader of Swing's TimerQueue thread, started from a probe thread.
            List<String> left = probeLoaders(app.pid());
            for (int i = 0; i < 5 && !left.isEmpty(); i++) {
                Thread.sleep(200);
                left = probeLoaders(app.pid());
            }
            assertEquals(List.of(), left, "the probe's class loaders still in SwingSet2 after a detach and a full GC");
        }
    }

    /** How many trims of its native heap asked from outside ({@code jcmd System.trim_native_heap}) the JVM logged in {@code log}. */
    static long manualTrims(Path log) throws Exception {
        return Files.exists(log) ? Files.readAllLines(log).stream().filter(l -> l.contains("Manual Trim")).count() : 0;
    }

    /** The probe's class loaders in {@code pid} after a full GC there, as {@code jcmd VM.classloaders} lists them. */
    static List<String> probeLoaders(long pid) throws Exception {
        jcmd(pid, "GC.run");
        return jcmd(pid, "VM.classloaders").lines().filter(l -> l.contains("hdp-gui-felix") || l.contains("BundleClassLoader"))
                .map(String::strip).toList();
    }

    /** {@code jcmd PID command} of this test's JDK, its output (bounded: 20 s). */
    static String jcmd(long pid, String command) throws Exception {
        Path out = Files.createTempFile("jcmd", ".txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid), command)
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            boolean ended = p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS);
            String text = Files.readString(out);
            if (!ended || p.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + pid + " " + command + (ended ? " failed: " : " took over 20 s: ") + text);
            }
            return text;
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(out);
        }
    }

    /** The names of {@code pid}'s threads (Linux: /proc/PID/task/TID/comm, each at most 15 characters). */
    static List<String> threads(long pid) throws Exception {
        List<String> names = new ArrayList<>();
        try (var tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                try {
                    names.add(Files.readString(t.resolve("comm")).trim());
                } catch (java.io.IOException gone) {
                    // the thread ended meanwhile
                }
            }
        }
        return names;
    }

    /** Those of {@code threads} that the probe and its framework start (Felix, SCR, ConfigAdmin, EventAdmin, the probe's own). */
    static List<String> guests(List<String> threads) {
        return threads.stream().filter(t -> t.startsWith("hdp-gui") || t.startsWith("Felix") || t.startsWith("SCR ") || t.startsWith("CM ")
                || t.startsWith("EventAdmin")).sorted().toList();
    }

    @Test
    void launchPassesJvmOptionsClassPathAndMainClass(@TempDir Path tmp) throws Exception {
        Path marker = tmp.resolve("marker");
        // No "--": every word from java on is the application's. SwingSet2 prints nothing of its properties, so
        // -D names the JVM's temp folder, which the probe's framework storage goes into: it shows the option arrived.
        try (Proc launcher = Proc.java(Map.of(), "-jar", Cli.jar().toString(), "launch",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--add-opens", "java.desktop/javax.swing=ALL-UNNAMED",
                "-Djava.io.tmpdir=" + Files.createDirectory(marker), "-cp", SwingSet2.jar().toString(), "SwingSet2")) {
            launcher.awaitLine("probe on ");
            String line = launcher.output().lines().filter(l -> l.contains("probe on ")).findFirst().orElseThrow();
            long pid = Long.parseLong(line.replaceAll(".*pid (\\d+),.*", "$1"));
            assertTrue(Cli.asUser("--pid", Long.toString(pid), "hello").ok().out().contains("protocol"));
            try (var s = Files.list(marker)) {
                assertTrue(s.anyMatch(p -> p.getFileName().toString().startsWith("hdp-gui-agent")),
                        "the agent's storage is in the folder -Djava.io.tmpdir named");
            }
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
            assertEquals(143, launcher.exitCode(), "launch exits with the application's exit code (SIGTERM)");
        }
    }
}
