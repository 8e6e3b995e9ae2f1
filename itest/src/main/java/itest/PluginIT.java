package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import probe.client.ProbeClient;
import probe.client.ProbeOpException;

/**
 * The probe as a plugin (docs/PLUGINS.md): its folder holds exactly the probe's bundles, and the
 * plugin host (the release with FileInstall) starts the probe when they are dropped into its
 * plugins folder, applies a probe.transport.cfg from there, and stops it without a trace when the
 * probe's bundles are removed (the junixsocket library bundle stays, as docs/PLUGINS.md says), twice
 * in one run.
 */
@ExtendWith(Bounded.class)
class PluginIT {

    /** The symbolic names in the resolved -runbundles of run/{@code bndrun}. */
    static Set<String> bundlesOf(String bndrun) throws Exception {
        String text = Files.readString(Fixture.projectRoot().resolve("run").resolve(bndrun));
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\s*([A-Za-z0-9_.\\-]+);version=").matcher(text.substring(text.indexOf("-runbundles:")));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    @Test
    void thePluginIsWhatTheDebugRuntimeHoldsBeyondTheReleaseAndItsServices() throws Exception {
        Set<String> plugin = new TreeSet<>();
        for (Path j : Plugin.jars()) {
            plugin.add(Plugin.symbolicName(j));
        }
        assertEquals(Plugin.declared(), plugin, "run/target/export/plugin holds the bundles features/probe.bnd declares");
        Set<String> beyond = new TreeSet<>(bundlesOf("debug.bndrun"));
        beyond.removeAll(bundlesOf("host.bndrun"));
        // Gogo and what needs it (JLine, the console's profile, the gui:* commands, which need the client
        // library's formats too) stay out: the host has no shell.
        beyond.removeIf(n -> n.startsWith("org.apache.felix.gogo") || n.equals("org.jline") || n.equals("probe.gogo")
                || n.equals("probe.gogo.profile") || n.equals("probe.client"));
        assertEquals(beyond, plugin, "the plugin is the debug runtime minus the host runtime and Gogo");
        assertTrue(plugin.stream().allMatch(n -> n.startsWith("probe.") || n.equals(Plugin.LIBRARY)), plugin.toString());
        assertFalse(bundlesOf("host.bndrun").stream().anyMatch(n -> n.startsWith("probe.")), "the host holds no probe bundle");
    }

    /**
     * A component that may be configured makes SCR look ConfigurationAdmin up with its bundle's
     * context, and Felix then keeps that bundle's object after it is uninstalled (docs/PLUGINS.md,
     * "Limits"): so only the transport's server, which has a configuration, may be configurable. The
     * example of a third party's op bundle (examples/demo.echo) does as PLUGINS.md asks, too.
     */
    @Test
    void onlyTheTransportServerTakesConfiguration() throws Exception {
        Set<String> configurable = new TreeSet<>();
        int components = 0;
        Pattern component = Pattern.compile("<scr:component\\b[^>]*>");
        List<Path> jars = new java.util.ArrayList<>(Plugin.probeJars());
        jars.add(DemoEcho.jar());
        for (Path j : jars) {
            try (java.util.jar.JarFile jar = new java.util.jar.JarFile(j.toFile())) {
                for (java.util.jar.JarEntry e : java.util.Collections.list(jar.entries())) {
                    if (!e.getName().matches("OSGI-INF/[^/]+\\.xml")) {
                        continue;
                    }
                    String xml = new String(jar.getInputStream(e).readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                    Matcher m = component.matcher(xml);
                    while (m.find()) {
                        components++;
                        if (!m.group().contains("configuration-policy=\"ignore\"")) {
                            Matcher name = Pattern.compile("name=\"([^\"]+)\"").matcher(m.group());
                            configurable.add(name.find() ? name.group(1) : m.group());
                        }
                    }
                }
            }
        }
        assertTrue(components > 10, "the probe's components were found: " + components);
        assertEquals(Set.of("probe.transport.internal.ProbeServer"), configurable,
                "every other component declares configurationPolicy = IGNORE");
    }

    @Test
    void theHostStartsTheProbeFromItsPluginsFolderAndStopsItWithoutATrace() throws Exception {
        Path tmp = Files.createTempDirectory("hdp-host");
        Path plugins = Files.createDirectory(tmp.resolve("plugins"));
        Path socket = tmp.resolve("run").resolve("probe.sock");
        Path host = Fixture.projectRoot().resolve("run").resolve("target").resolve("host.jar");
        assertTrue(Files.isRegularFile(host), host + " is built before the integration tests");
        String cfg = "token=plugin-token\nmaxConnections=5\n";
        Files.writeString(plugins.resolve("probe.transport.cfg"), cfg);
        try (Proc p = Proc.java(Map.of("HVM_HOME", tmp.resolve("library").toString(), "HVM_GUI_PROBE_SOCKET", socket.toString(),
                "HVM_PLUGINS", plugins.toString()), "-jar", host.toString())) {
            p.awaitLine("HVM main window shown");
            assertFalse(Files.exists(socket, LinkOption.NOFOLLOW_LINKS), "no probe, no socket");
            int threadsBefore = threads(p.pid());
            List<String> namesBefore = threadNames(p.pid());
            int fdsBefore = fds(p.pid());
            Map<String, Integer> targetsBefore = fdTargets(p.pid());
            long orphansBefore = orphans(p.pid());
            for (int round = 1; round <= 2; round++) {
                long t0 = System.nanoTime();
                // Round 1 drops the whole plugin; round 2 only the probe's bundles: the library stayed.
                for (Path j : round == 1 ? Plugin.jars() : Plugin.probeJars()) {
                    // Copied beside the folder, then moved in: FileInstall never sees half a jar.
                    Path tmpCopy = tmp.resolve(j.getFileName().toString());
                    Files.copy(j, tmpCopy);
                    Files.move(tmpCopy, plugins.resolve(j.getFileName().toString()), StandardCopyOption.ATOMIC_MOVE);
                }
                Fixture.await("the socket to open once the plugin is dropped in", () -> Files.exists(socket, LinkOption.NOFOLLOW_LINKS));
                Fixture.await("the probe to answer", () -> {
                    try (ProbeClient c = ProbeClient.connect(socket)) {
                        c.authenticate("plugin-token");
                        return TransportIT.contains(c.call("probe.hello").get("ops"), "gui.screenshot");
                    } catch (Exception e) {
                        return false;
                    }
                });
                long ms = (System.nanoTime() - t0) / 1_000_000;
                try (ProbeClient c = ProbeClient.connect(socket)) {
                    ProbeOpException e = org.junit.jupiter.api.Assertions.assertThrows(ProbeOpException.class, () -> c.call("probe.hello"));
                    assertEquals("auth.required", e.code(), "probe.transport.cfg in the plugins folder configured the token");
                }
                try (ProbeClient c = ProbeClient.connect(socket)) {
                    c.authenticate("plugin-token");
                    assertTrue(c.call("gui.screenshot").get("width").intValue() > 0);
                }
                int threadsWith = threads(p.pid());
                for (Path j : Plugin.probeJars()) {
                    Files.delete(plugins.resolve(j.getFileName().toString()));
                }
                Fixture.await("the socket file to be deleted once the plugin is removed", () -> !Files.exists(socket, LinkOption.NOFOLLOW_LINKS));
                Fixture.await("the probe's threads to end", () -> probeThreads(p.pid()) == 0);
                try {
                    Fixture.await("the threads to be back", () -> threads(p.pid()) <= threadsBefore + 2);
                } catch (AssertionError e) {
                    throw new AssertionError(e.getMessage() + ": " + threadsBefore + " before, now more of " + more(namesBefore, threadNames(p.pid())), e);
                }
                System.out.printf("PluginIT: round %d: probe answering %d ms after the drop; threads %d -> %d with the probe -> %d;"
                        + " fds %d -> %d%n", round, ms, threadsBefore, threadsWith, threads(p.pid()), fdsBefore, fds(p.pid()));
                assertTrue(RuntimesIT.listeningUnixSockets(p.pid()).isEmpty(), "nothing listens once the plugin is gone");
                // What may stay: fonts the GUI opened for the first screenshot, and the library
                // bundle's jar, which stays installed. No socket, no pipe.
                Map<String, Integer> grown = Health.grown(targetsBefore, fdTargets(p.pid()));
                System.out.println("PluginIT: descriptors opened since the start and still open: " + grown);
                // The JDK's own pre-close socket may appear once: NIO keeps one socket of a pair whose
                // other end it closed at once (UnixDispatcher's preClose descriptor, made when the JDK
                // first closes a channel; Java 25 makes it lazily, on the probe's first Unix-domain
                // channel). It is one per JVM: a second one, or any other socket, is the probe's.
                long jdkPreClose = Math.min(1, orphans(p.pid()) - orphansBefore);
                Map<String, Integer> left = new java.util.TreeMap<>(grown);
                left.computeIfPresent("socket:[]", (k, n) -> n - (int) jdkPreClose > 0 ? n - (int) jdkPreClose : null);
                assertTrue(left.keySet().stream().noneMatch(t -> t.startsWith("socket:") || t.startsWith("pipe:")),
                        "the probe left descriptors open: " + left + "; its sockets: " + sockets(p.pid()));
            }
            assertTrue(p.output().contains("HVM main window shown") && !p.output().contains("HVM closed"), "the GUI never restarted");
            // FileInstall's write-back once emptied this file as the transport started (features/plugins.bnd).
            assertEquals(cfg, Files.readString(plugins.resolve("probe.transport.cfg")), "the user's configuration file is never rewritten");
            assertFalse(p.output().contains("Updating configuration"), p.output());
        }
    }

    /**
     * The host's threads, less those that come and go with the host's own work, which is no thread
     * of the probe's left behind: the JIT's compiler threads (the JVM starts and stops those as its
     * compile queue grows and shrinks, UseDynamicNumberOfCompilerThreads, more of them on a busy
     * machine), the host's EventAdmin pool (started as events come, up to its size: the probe's
     * bundles coming and going are events) and Swing's timer thread (started by the first Swing
     * timer, a tooltip's say). Failed once on Java 17 with those two: 3 EventAdminAsync and the
     * TimerQueue past the slack of 2. The probe's own threads are counted apart ({@link #probeThreads}).
     */
    private static int threads(long pid) {
        List<String> names = threadNames(pid);
        return names == null ? Integer.MAX_VALUE : (int) names.stream()
                .filter(n -> !n.contains("CompilerThre") && !n.startsWith("EventAdminAsync") && !n.equals("TimerQueue")).count();
    }

    /** The probe's threads; MAX_VALUE when the JVM's threads cannot be read. */
    private static int probeThreads(long pid) {
        List<String> names = threadNames(pid);
        return names == null ? Integer.MAX_VALUE : (int) names.stream().filter(n -> n.startsWith("hdp-gui-")).count();
    }

    /**
     * The names of the JVM's threads (their {@code comm}, cut to 15 bytes by the kernel), "" for one
     * that ended while being read; null when the JVM's threads cannot be listed.
     */
    private static List<String> threadNames(long pid) {
        List<String> names = new java.util.ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            s.forEach(t -> {
                try {
                    names.add(Files.readString(t.resolve("comm")).strip());
                } catch (Exception e) {
                    names.add("");
                }
            });
        } catch (Exception e) {
            return null;
        }
        return names;
    }

    /** The names {@code now} has more often than {@code before}, with how many more: what a failure shows. */
    private static Map<String, Integer> more(List<String> before, List<String> now) {
        Map<String, Integer> count = new java.util.TreeMap<>();
        if (now != null) {
            now.forEach(n -> count.merge(n, 1, Integer::sum));
        }
        if (before != null) {
            before.forEach(n -> count.merge(n, -1, Integer::sum));
        }
        count.values().removeIf(c -> c <= 0);
        return count;
    }

    private static Map<String, Integer> fdTargets(long pid) {
        Map<String, Integer> out = new java.util.TreeMap<>();
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : (Iterable<Path>) s::iterator) {
                try {
                    out.merge(Files.readSymbolicLink(fd).toString().replaceAll("\\[\\d+\\]$", "[]"), 1, Integer::sum);
                } catch (Exception gone) {
                    // Closed while we looked.
                }
            }
        } catch (Exception e) {
            throw new AssertionError("cannot list the descriptors of pid " + pid, e);
        }
        return out;
    }

    private static int fds(long pid) {
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return (int) s.count();
        } catch (Exception e) {
            return Integer.MAX_VALUE;
        }
    }

    /** Each socket the process holds, by the kernel table that lists it (unix with its state and path, tcp, udp, netlink…). */
    private static List<String> sockets(long pid) {
        List<String> out = new java.util.ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : (Iterable<Path>) s::iterator) {
                String link;
                try {
                    link = Files.readSymbolicLink(fd).toString();
                } catch (Exception gone) {
                    continue;
                }
                if (!link.startsWith("socket:[")) {
                    continue;
                }
                String inode = link.substring(8, link.length() - 1);
                String where = "in no table";
                for (String table : List.of("unix", "tcp", "tcp6", "udp", "udp6", "netlink", "raw")) {
                    try {
                        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "net", table))) {
                            if (java.util.Arrays.asList(line.trim().split("\\s+")).contains(inode)) {
                                where = table + ": " + line.trim();
                            }
                        }
                    } catch (Exception e) {
                        // That table is not there.
                    }
                }
                out.add(fd.getFileName() + " -> " + where + peer(inode));
            }
        } catch (Exception e) {
            out.add("cannot list: " + e);
        }
        return out;
    }

    /** Who is at the other end of a unix socket: its peer's inode, and the peer's own entry (a server's path). */
    private static String peer(String inode) {
        try {
            Process p = new ProcessBuilder("ss", "-xnp").redirectErrorStream(true).start();
            p.getOutputStream().close();
            String all = new String(p.getInputStream().readAllBytes());
            p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
            String peerInode = null;
            for (String line : all.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 8 && f[5].equals(inode)) {
                    peerInode = f[7];
                }
            }
            if (peerInode == null) {
                return "";
            }
            for (String line : all.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 6 && f[5].equals(peerInode)) {
                    return " (peer: " + line.trim() + ")";
                }
            }
            return " (peer inode " + peerInode + ")";
        } catch (Exception e) {
            return "";
        }
    }

    /**
     * Unix sockets bound to no path whose peer is gone: how the JDK's pre-close socket looks (and a
     * leaked, dropped client socket). /proc/net/unix says it without a tool: connected (St 03), no
     * path, and a RefCount of 2 where a live pair's ends have 3 (the peer holds one).
     */
    private static long orphans(long pid) {
        return sockets(pid).stream().filter(x -> x.contains("-> unix: ")).map(x -> {
            String line = x.substring(x.indexOf("-> unix: ") + 9);
            int peer = line.indexOf(" (peer");
            return (peer >= 0 ? line.substring(0, peer) : line).trim().split("\\s+");
        }).filter(f -> f.length == 7 && f[1].equals("00000002") && f[5].equals("03")).count();
    }
}
