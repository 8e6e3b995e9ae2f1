package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive (dist/target/hdp-gui-VERSION.tar.gz), unpacked into an empty folder outside the checkout
 * and used as a user uses it, with nothing of this repository on its way: its bin/hvm-dbg attaches to
 * SwingSet2 by name, lists, clicks and detaches, with the Java this test runs on.
 */
@ExtendWith(Bounded.class)
class ArchiveIT {

    @Test
    void theUnpackedArchiveAttachesListsClicksAndDetaches(@TempDir Path tmp) throws Exception {
        Path archive;
        try (Stream<Path> s = Files.list(Fixture.projectRoot().resolve("dist").resolve("target"))) {
            archive = s.filter(p -> p.getFileName().toString().matches("hdp-gui-.*\\.tar\\.gz")).findFirst()
                    .orElseThrow(() -> new AssertionError("dist/target holds no hdp-gui-VERSION.tar.gz: mvn package builds it"));
        }
        Path home = Files.createDirectory(tmp.resolve("install"));
        run(home, "tar", "xzf", archive.toString());
        Path hvmDbg;
        try (Stream<Path> s = Files.list(home)) {
            hvmDbg = s.findFirst().orElseThrow().resolve("bin").resolve("hvm-dbg");
        }
        assertTrue(Files.isExecutable(hvmDbg), hvmDbg + " is executable");
        assertTrue(!hvmDbg.toRealPath().startsWith(Fixture.projectRoot().toRealPath()), "unpacked outside the checkout");

        String name = "ArchiveApp" + ProcessHandle.current().pid();
        Path jar = Files.copy(SwingSet2.jar(), tmp.resolve(name + ".jar"));
        try (Proc app = Proc.java(Map.of(), "-jar", jar.toString())) {
            Fixture.await(name + " in the archive's hvm-dbg ps", () -> {
                try {
                    return run(home, hvmDbg.toString(), "ps").lines().anyMatch(l -> l.startsWith(app.pid() + " ") && l.contains(" " + name + " "));
                } catch (Exception | AssertionError e) {
                    return false;
                }
            });
            assertTrue(run(home, hvmDbg.toString(), "attach", name).trim().endsWith(app.pid() + ".sock"));
            Fixture.await("SwingSet2's toolbar listed", () -> {
                try {
                    return run(home, hvmDbg.toString(), "--app", name, "gui", "list", "--format", "text").contains("swingSet2.toggle.jButton");
                } catch (Exception | AssertionError e) {
                    return false;
                }
            });
            String clicked = run(home, hvmDbg.toString(), "--app", name, "gui", "click", "--identifier", "swingSet2.toggle.jButton");
            assertTrue(clicked.startsWith("clicked swingSet2.toggle.jButton"), clicked);
            assertTrue(run(home, hvmDbg.toString(), "detach", name).startsWith("detached from JVM " + app.pid()));
        }
        try (Stream<Path> s = Files.walk(home)) {
            assertTrue(s.anyMatch(p -> p.getFileName().toString().endsWith(".jsa")), "the class-data archive is made where it is installed");
        }
    }

    /** Runs {@code cmd} in {@code dir} with an environment that names nothing of the repository; its stdout. Fails unless it exits 0. */
    private static String run(Path dir, String... cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(List.of(cmd)).directory(dir.toFile());
        pb.environment().remove("HDP_GUI_AGENT");
        pb.environment().remove("HVM_GUI_PROBE_SOCKET");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("HOME", System.getProperty("user.home"));
        Path out = Files.createTempFile("archive", ".out");
        Path err = Files.createTempFile("archive", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            p.getOutputStream().close();
            boolean ended = p.waitFor(Fixture.WAIT.toSeconds(), TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly();
            }
            String o = Files.readString(out, StandardCharsets.UTF_8);
            List<String> all = new ArrayList<>(List.of(cmd));
            assertTrue(ended, all + " ended");
            assertEquals(0, p.exitValue(), all + ": " + o + Files.readString(err, StandardCharsets.UTF_8));
            return o;
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
