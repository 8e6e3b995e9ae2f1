package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
        try (Proc app = Proc.java(Map.of(), "-jar", jar.toString())) {
            Fixture.await(name + " in hvm-dbg ps", () -> {
                try {
                    return Cli.asUser("ps").ok().out().lines().anyMatch(l -> l.startsWith(app.pid() + " ") && l.contains(" " + name + " "));
                } catch (Exception e) {
                    return false;
                }
            });
            Cli.Result attached = Cli.asUser("attach", name.toLowerCase()).ok();
            assertTrue(attached.out().trim().endsWith(app.pid() + ".sock"), attached.out());
            Fixture.await("SwingSet2's toolbar listed through --app", () -> {
                try {
                    return Cli.asUser("--app", name + ".jar", "gui", "list", "--format", "text").ok().out().contains("swingSet2.toggle.jButton");
                } catch (Exception | AssertionError e) {
                    return false;
                }
            });
            Cli.Result none = Cli.asUser("--app", name + "-nowhere", "hello");
            assertEquals(4, none.exit(), none.err());
            assertTrue(none.err().contains("no JVM of yours is named '" + name + "-nowhere'") && none.err().contains(name + " (pid " + app.pid() + ")"),
                    none.err());
            Cli.Result detached = Cli.asUser("detach", name).ok();
            assertTrue(detached.out().startsWith("detached from JVM " + app.pid()), detached.out());
        }
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
