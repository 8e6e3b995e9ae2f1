package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.client.ProbeClient;

/** The exported runnable jars as a user starts them, and the CLI jar as a user runs it. */
@ExtendWith(Bounded.class)
class RuntimesIT {

    private static Path jar(String name) {
        Path p = Fixture.projectRoot().resolve("run").resolve("target").resolve(name);
        assertTrue(Files.isRegularFile(p), p + " is built before the integration tests");
        return p;
    }

    private static Path cliJar() {
        Path p = Fixture.projectRoot().resolve("bundles").resolve("probe.cli").resolve("target").resolve("hvm-dbg.jar");
        assertTrue(Files.isRegularFile(p), p + " is built before the integration tests");
        return p;
    }

    @Test
    void theReleaseHoldsNoProbeBundle() throws Exception {
        String bndrun = Files.readString(Fixture.projectRoot().resolve("run").resolve("release.bndrun"));
        assertTrue(bndrun.contains("hvm.gui"), "release.bndrun is resolved");
        assertFalse(bndrun.contains("probe."), "release.bndrun names no probe bundle:\n" + bndrun);
        try (JarFile release = new JarFile(jar("release.jar").toFile())) {
            List<String> bundles = release.stream().map(e -> e.getName()).filter(n -> n.startsWith("jar/")).collect(Collectors.toList());
            assertTrue(bundles.stream().anyMatch(n -> n.contains("hvm.gui")), bundles.toString());
            assertTrue(bundles.stream().noneMatch(n -> n.contains("probe.") || n.contains("gogo")), bundles.toString());
        }
        try (JarFile debug = new JarFile(jar("debug.jar").toFile())) {
            assertTrue(debug.stream().anyMatch(e -> e.getName().startsWith("jar/probe.transport")), "the debug runtime holds the probe");
        }
    }

    /**
     * hvm-dbg is a plain jar run beside the GUI (bundles/probe.cli, picocli compiled in), so what
     * the command line alone needs never enters the GUI's framework. Checked where the debug
     * runtime is made: its resolved bundle list, the content of every bundle in the exported
     * debug.jar, and this test framework, which resolves the same features/debug.bnd.
     */
    @Test
    void theDebugRuntimeHoldsNoCommandLine() throws Exception {
        Set<String> resolved = PluginIT.bundlesOf("debug.bndrun");
        assertTrue(resolved.contains("probe.client"), "the gui:* commands bring the client library: " + resolved);
        assertFalse(resolved.contains("probe.cli"), "debug.bndrun resolves no probe.cli: " + resolved);
        assertTrue(resolved.stream().noneMatch(n -> n.contains("picocli")), "debug.bndrun resolves no picocli: " + resolved);

        List<String> bundles = new java.util.ArrayList<>();
        try (JarFile debug = new JarFile(jar("debug.jar").toFile())) {
            for (java.util.jar.JarEntry e : java.util.Collections.list(debug.entries())) {
                if (!e.getName().startsWith("jar/") || !e.getName().endsWith(".jar")) {
                    continue;
                }
                bundles.add(e.getName());
                try (java.util.jar.JarInputStream in = new java.util.jar.JarInputStream(debug.getInputStream(e))) {
                    for (java.util.jar.JarEntry c = in.getNextJarEntry(); c != null; c = in.getNextJarEntry()) {
                        assertFalse(c.getName().startsWith("picocli/") || c.getName().startsWith("probe/cli/"),
                                e.getName() + " in debug.jar holds " + c.getName());
                    }
                }
            }
        }
        assertTrue(bundles.stream().anyMatch(n -> n.startsWith("jar/probe.client-")), bundles.toString());
        assertTrue(bundles.stream().noneMatch(n -> n.startsWith("jar/probe.cli-") || n.contains("picocli")), bundles.toString());

        for (org.osgi.framework.Bundle b : Fixture.context().getBundles()) {
            assertFalse("probe.cli".equals(b.getSymbolicName()), "the test framework holds probe.cli");
            assertNull(b.getEntryPaths("picocli/"), b.getSymbolicName() + " holds picocli");
            assertNull(b.getEntryPaths("probe/cli/"), b.getSymbolicName() + " holds the command line");
        }
    }

    @Test
    void theReleaseRuntimeShowsTheGuiAndOpensNoSocket() throws Exception {
        Path tmp = Files.createTempDirectory("hdp-release");
        Path socket = tmp.resolve("run").resolve("probe.sock");
        try (Proc release = Proc.java(Map.of("HVM_HOME", tmp.resolve("library").toString(), "HVM_GUI_PROBE_SOCKET", socket.toString()),
                "-jar", jar("release.jar").toString())) {
            release.awaitLine("HVM main window shown");
            assertFalse(Files.exists(socket, LinkOption.NOFOLLOW_LINKS), "no socket file");
            assertTrue(listeningUnixSockets(release.pid()).isEmpty(), "the release process listens on no Unix socket");
        }
    }

    @Test
    void theDebugRuntimeAnswersTheCliJar() throws Exception {
        Path tmp = Files.createTempDirectory("hdp-debug");
        Path socket = tmp.resolve("run").resolve("probe.sock");
        try (Proc debug = Proc.java(Map.of("HVM_HOME", tmp.resolve("library").toString(), "HVM_GUI_PROBE_SOCKET", socket.toString()),
                "-Dgosh.args=--nointeractive", "-jar", jar("debug.jar").toString())) {
            debug.awaitLine("HDP-GUI probe listening on " + socket);
            debug.awaitLine("HVM main window shown");
            try (ProbeClient c = ProbeClient.connect(socket)) {
                assertTrue(TransportIT.contains(c.call("probe.hello").get("ops"), "gui.screenshot"));
            }
            assertFalse(listeningUnixSockets(debug.pid()).isEmpty(), "the debug process listens on its socket");

            try (Proc hello = Proc.java(Map.of(), "-jar", cliJar().toString(), "--socket", socket.toString(), "hello")) {
                assertEquals(0, hello.exitCode(), hello.output());
                assertTrue(hello.output().contains("gui.screenshot"), hello.output());
            }
            Path png = tmp.resolve("x.png");
            try (Proc shot = Proc.java(Map.of("HVM_GUI_PROBE_SOCKET", socket.toString()), "-jar", cliJar().toString(),
                    "gui", "screenshot", "--output", png.toString())) {
                assertEquals(0, shot.exitCode(), shot.output());
            }
            BufferedImage img = ImageIO.read(png.toFile());
            assertNotNull(img, "the CLI wrote a PNG");
            assertTrue(img.getWidth() >= 400 && img.getHeight() >= 300, img.getWidth() + "x" + img.getHeight());
        }
        // Proc.close sent SIGTERM: the JVM ended without the framework being stopped, and the
        // transport's exit hook still deleted the socket file.
        assertFalse(Files.exists(socket, java.nio.file.LinkOption.NOFOLLOW_LINKS), "a runtime ended by SIGTERM leaves no socket file");
        try (Proc none = Proc.java(Map.of(), "-jar", cliJar().toString(), "--socket", socket.toString(), "hello")) {
            assertEquals(3, none.exitCode(), "no probe answers once the runtime is gone: " + none.output());
            assertTrue(none.output().contains("run/hvm-debug"), "the hint says what to start: " + none.output());
        }
    }

    /**
     * The plugin host as run/hvm-host starts it: nothing listens, unless HVM_GUI_PROBE=1 asks for the
     * probe, which then comes from the build's plugin export; the host's jar holds no probe.
     */
    @Test
    void theHostStartsTheProbeOnlyWhenAskedTo() throws Exception {
        try (JarFile host = new JarFile(jar("host.jar").toFile())) {
            List<String> bundles = host.stream().map(e -> e.getName()).filter(n -> n.startsWith("jar/")).collect(Collectors.toList());
            assertTrue(bundles.stream().anyMatch(n -> n.contains("hvm.gui")), bundles.toString());
            assertTrue(bundles.stream().noneMatch(n -> n.contains("probe.") || n.contains("newsclub")), "the host holds no probe: " + bundles);
        }
        Path script = Fixture.projectRoot().resolve("run").resolve("hvm-host");
        Path tmp = Files.createTempDirectory("hdp-host-switch");
        try {
            for (String probe : new String[] {"", "1"}) {
                Path dir = tmp.resolve(probe.isEmpty() ? "off" : "on");
                Path socket = dir.resolve("run").resolve("probe.sock");
                Map<String, String> env = Map.of("HVM_GUI_PROBE", probe, "HVM_GUI_PROBE_PLUGIN", "", "HVM_HOME", dir.resolve("library").toString(),
                        "HVM_PLUGINS", dir.resolve("plugins").toString(), "HVM_GUI_PROBE_SOCKET", socket.toString());
                try (Proc host = Proc.command(env, "bash", script.toString())) {
                    host.awaitLine("HVM main window shown");
                    if (probe.isEmpty()) {
                        assertFalse(host.output().contains("probe plugin"), host.output());
                        assertFalse(Files.exists(socket, LinkOption.NOFOLLOW_LINKS), "no socket without HVM_GUI_PROBE=1:\n" + host.output());
                        for (ProcessHandle jvm : host.children()) {
                            assertTrue(listeningUnixSockets(jvm.pid()).isEmpty(), "the host's JVM listens on no Unix socket");
                        }
                    } else {
                        host.awaitLine("HDP-GUI probe listening on " + socket);
                        assertTrue(host.output().contains("the probe plugin comes from " + Fixture.projectRoot().resolve("run/target/export/plugin")),
                                host.output());
                        // FileInstall starts the plugin's bundles one by one: an op arrives when its bundle starts.
                        try (ProbeClient c = ProbeClient.connect(socket)) {
                            Fixture.await("gui.click among the host's ops", () -> TransportIT.contains(c.call("probe.hello").get("ops"), "gui.click"));
                        }
                    }
                }
            }
        } finally {
            deleteTree(tmp);
        }
    }

    static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            for (Path p : (Iterable<Path>) paths.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The inodes of the Unix sockets {@code pid} listens on (state LISTEN in /proc/net/unix). */
    static Set<String> listeningUnixSockets(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (var fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException gone) {
                    // The descriptor closed while we looked.
                }
            }
        }
        Set<String> listening = new HashSet<>();
        for (String line : Files.readAllLines(Path.of("/proc/net/unix"), StandardCharsets.UTF_8)) {
            String[] f = line.trim().split("\\s+");
            // Num RefCount Protocol Flags Type St Inode Path: flags 00010000 is __SO_ACCEPTCON, a listening socket.
            if (f.length >= 7 && f[3].equals("00010000") && inodes.contains(f[6])) {
                listening.add(f[6]);
            }
        }
        return listening;
    }
}
