package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Who may talk to the probe (docs/SECURITY.md): a client of another uid is refused by its peer
 * credentials even when the file modes would let it in, and the probe refuses a run folder that is
 * a symlink, another user's, or group- or world-writable. The token and the 0600/0700 modes are
 * TransportIT's.
 */
@ExtendWith(Bounded.class)
class SecurityIT {
    /** The uid and gid the foreign client runs as: nobody. */
    static final String NOBODY = "65534";

    @BeforeAll
    static void up() throws Exception {
        Fixture.start();
    }

    static long ownUid() throws IOException {
        Path p = Files.createTempFile("hdp-uid", ".tmp");
        try {
            return ((Number) Files.getAttribute(p, "unix:uid")).longValue();
        } finally {
            Files.delete(p);
        }
    }

    /** Whether this process may start another as nobody (root, as in CI containers, or CAP_SETUID). */
    static boolean canRunAsNobody() {
        try {
            Process p = new ProcessBuilder("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "true").start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    @Test
    void aClientOfAnotherUserIsRefusedEvenWhenTheFileModesLetItIn() throws Exception {
        assumeTrue(canRunAsNobody(), "needs setpriv and the right to switch to uid " + NOBODY + " (root or CAP_SETUID); the test"
                + " runs in run/test as root, see docs/SECURITY.md");
        Path socket = Fixture.socket();
        // Open the way through the file system for this test only: every folder above the socket
        // searchable by others, the socket writable by all. What is left to stop nobody is the uid check.
        Map<Path, Set<PosixFilePermission>> saved = new HashMap<>();
        List<Path> chain = new ArrayList<>();
        for (Path p = socket.getParent(); p != null && p.getParent() != null; p = p.getParent()) {
            chain.add(p);
        }
        Path tool = Files.createTempDirectory("hdp-foreign");
        // The client's own folder must be reachable too, wherever the temp folder is (run/test's is private).
        for (Path p = tool.getParent(); p != null && p.getParent() != null; p = p.getParent()) {
            if (!chain.contains(p)) {
                chain.add(p);
            }
        }
        try {
            for (Path p : chain) {
                Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
                saved.put(p, perms);
                Set<PosixFilePermission> open = new java.util.HashSet<>(perms);
                open.add(PosixFilePermission.OTHERS_EXECUTE);
                Files.setPosixFilePermissions(p, open);
            }
            saved.put(socket, Files.getPosixFilePermissions(socket, LinkOption.NOFOLLOW_LINKS));
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));

            Path client = tool.resolve("Foreign.java");
            Files.writeString(client, String.join("\n",
                    "import java.net.*; import java.nio.*; import java.nio.channels.*; import java.nio.charset.*;",
                    "public class Foreign { public static void main(String[] a) throws Exception {",
                    // A refused client is told at once, before it says anything: read first, then ask.
                    "  StringBuilder s = new StringBuilder();",
                    "  try (SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(a[0]))) {",
                    "    c.configureBlocking(false); ByteBuffer b = ByteBuffer.allocate(65536); int n = 0;",
                    "    for (int i = 0; i < 100 && s.indexOf(\"\\n\") < 0 && n >= 0; i++) {",
                    "      n = c.read(b); if (n > 0) { s.append(new String(b.array(), 0, b.position(), StandardCharsets.UTF_8)); b.clear(); } else Thread.sleep(20); }",
                    "    if (s.length() == 0 && n >= 0) { c.configureBlocking(true);",
                    "      c.write(ByteBuffer.wrap(\"{\\\"id\\\":1,\\\"op\\\":\\\"probe.hello\\\"}\\n\".getBytes(StandardCharsets.UTF_8)));",
                    "      while (s.indexOf(\"\\n\") < 0 && (n = c.read(b)) > 0) { s.append(new String(b.array(), 0, b.position(), StandardCharsets.UTF_8)); b.clear(); } }",
                    "  } catch (Exception e) { s.append(\" (\" + e + \")\"); }",
                    "  System.out.println(\"GOT \" + s.toString().trim());",
                    "} }"));
            Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(client, PosixFilePermissions.fromString("rw-r--r--"));
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder pb = new ProcessBuilder("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", java,
                    "-Duser.home=" + tool, client.toString(), socket.toString()).directory(tool.toFile()).redirectErrorStream(true);
            pb.environment().put("HOME", tool.toString());
            Process p = pb.start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the foreign client ends");
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            System.out.println("SecurityIT: a client as uid " + NOBODY + " got: " + out.trim());
            assertTrue(out.contains("GOT ") && out.contains("\"auth.denied\""), out);
            assertTrue(out.contains("uid " + NOBODY) && out.contains("only its own user"), "the refusal says why: " + out);
            assertFalse(out.contains("\"protocol\":1"), "nothing is served to another user: " + out);
        } finally {
            for (Map.Entry<Path, Set<PosixFilePermission>> e : saved.entrySet()) {
                Files.setPosixFilePermissions(e.getKey(), e.getValue());
            }
            Files.deleteIfExists(tool.resolve("Foreign.java"));
            Files.deleteIfExists(tool);
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket, LinkOption.NOFOLLOW_LINKS)));
    }

    @Test
    void aRunFolderThatIsASymlinkAnotherUsersOrWritableByOthersIsRefused() throws Exception {
        Path tmp = Files.createTempDirectory("hdp-runfolders");
        Path real = Files.createDirectory(tmp.resolve("real"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        Path group = Files.createDirectory(tmp.resolve("group"));
        Files.setPosixFilePermissions(group, PosixFilePermissions.fromString("rwxrwx---"));
        Path world = Files.createDirectory(tmp.resolve("world"));
        Files.setPosixFilePermissions(world, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path foreign;
        if (ownUid() == 0) {
            foreign = Files.createDirectory(tmp.resolve("foreign"));
            Files.setPosixFilePermissions(foreign, PosixFilePermissions.fromString("rwx------"));
            Files.setAttribute(foreign, "unix:uid", Integer.parseInt(NOBODY));
        } else {
            // Not root: a folder of root's stands for another user's.
            foreign = Path.of("/");
        }
        Map<String, Path> cases = new java.util.LinkedHashMap<>();
        cases.put("is a symbolic link", link);
        cases.put("belongs to uid", foreign);
        cases.put("group- or world-writable (mode 0770)", group);
        cases.put("group- or world-writable (mode 0777)", world);
        // One debug runtime per folder, all at once: the environment's socket wins over ConfigAdmin,
        // so a separate process is how the probe meets each folder from its first moment.
        Map<String, Proc> procs = new java.util.LinkedHashMap<>();
        try {
            for (Map.Entry<String, Path> c : cases.entrySet()) {
                Path socket = c.getValue().resolve("hdp-itest-" + ProcessHandle.current().pid() + ".sock");
                procs.put(c.getKey(), Proc.java(Map.of("HVM_HOME", tmp.resolve("library-" + procs.size()).toString(),
                        "HVM_GUI_PROBE_SOCKET", socket.toString()), "-Dgosh.args=--nointeractive", "-Dfelix.fileinstall.dir=" + tmp.resolve("none"),
                        "-jar", Fixture.projectRoot().resolve("run/target/debug.jar").toString()));
            }
            for (Map.Entry<String, Proc> e : procs.entrySet()) {
                Proc p = e.getValue();
                p.awaitLine("HDP-GUI probe not started");
                String out = p.output();
                System.out.println("SecurityIT: run folder that " + e.getKey() + ": "
                        + out.lines().filter(l -> l.contains("not started")).findFirst().orElse(""));
                assertTrue(out.contains(e.getKey()), "the refusal says why (" + e.getKey() + "):\n" + out);
                assertFalse(out.contains("\tat ") || out.contains("Caused by"), "the refusal comes without a stack trace:\n" + out);
                String line = out.lines().filter(l -> l.contains("HDP-GUI probe not started")).findFirst().orElse("");
                assertTrue(line.contains(" fix it with: chmod 700 ") || line.contains(" Set HVM_GUI_PROBE_SOCKET ")
                        || line.contains("(or set HVM_GUI_PROBE_SOCKET)"), "the one line says what to do: " + line);
                Path socket = cases.get(e.getKey()).resolve("hdp-itest-" + ProcessHandle.current().pid() + ".sock");
                assertFalse(Files.exists(socket, LinkOption.NOFOLLOW_LINKS), "no socket in a refused folder: " + socket);
            }
        } finally {
            for (Proc p : procs.values()) {
                p.close();
            }
        }
    }
}
