package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Whom the client trusts (docs/SECURITY.md), with the real hvm-dbg jar: a process listening on the
 * socket path as another user is refused before anything is sent to it (neither the token nor a
 * request), and a token file that others may read is refused. SecurityIT is the server's side.
 */
@ExtendWith(Bounded.class)
class ClientTrustIT {
    @BeforeAll
    static void up() throws Exception {
        Fixture.start();
    }

    private static boolean hasSocat() {
        try {
            Process p = new ProcessBuilder("socat", "-V").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * A stand-in for whoever got hold of the socket path: socat, run as nobody, listening there and
     * writing whatever it receives to a file. hvm-dbg, given a token, must refuse it and send nothing.
     */
    @Test
    void aListenerOfAnotherUserIsRefusedBeforeTheTokenOrAnythingIsSent() throws Exception {
        assumeTrue(SecurityIT.canRunAsNobody(), "needs setpriv and the right to switch to uid " + SecurityIT.NOBODY
                + " (root or CAP_SETUID); the test runs in run/test as root, see docs/SECURITY.md");
        assumeTrue(hasSocat(), "needs socat (apt-get install socat)");
        // A folder of nobody's, which nobody may write into, under the shared temp folder that every user may reach.
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "hdp-foreign-listener");
        Path socket = dir.resolve("probe.sock");
        Path received = dir.resolve("received");
        Path tokens = Files.createTempDirectory("hdp-token");
        Path token = tokens.resolve("token");
        Files.writeString(token, "foreign-t0k3n\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        Process listener = null;
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setAttribute(dir, "unix:uid", Integer.parseInt(SecurityIT.NOBODY));
            Files.setAttribute(dir, "unix:gid", Integer.parseInt(SecurityIT.NOBODY));
            listener = new ProcessBuilder("setpriv", "--reuid=" + SecurityIT.NOBODY, "--regid=" + SecurityIT.NOBODY,
                    "--clear-groups", "socat", "-u", "UNIX-LISTEN:" + socket + ",mode=0666", "CREATE:" + received)
                    .redirectErrorStream(true).start();
            Fixture.await("socat listening on " + socket + " as uid " + SecurityIT.NOBODY, () -> Files.exists(socket));
            assertEquals(Integer.parseInt(SecurityIT.NOBODY), ((Number) Files.getAttribute(socket, "unix:uid")).intValue());

            Cli.Result r = Cli.runAt(socket, null, "--timeout", "3", "--token-file", token.toString(), "hello");
            System.out.println("ClientTrustIT: hvm-dbg against a listener of uid " + SecurityIT.NOBODY + ": exit " + r.exit() + ", "
                    + r.err().trim());
            assertTrue(listener.waitFor(20, TimeUnit.SECONDS), "the listener ends when the client has gone");
            String got = Files.exists(received) ? Files.readString(received, StandardCharsets.UTF_8) : "";
            assertEquals("", got, "the listener of another user received nothing");
            assertEquals(1, r.exit(), r.err() + r.out());
            assertTrue(r.err().startsWith("error client.foreign_peer: refused the listener on " + socket + ": it runs as user 'nobody',"),
                    r.err());
            assertTrue(r.err().contains("nothing was sent"), r.err());
            assertFalse(r.err().contains("foreign-t0k3n") || r.out().contains("foreign-t0k3n"), r.err() + r.out());
        } finally {
            if (listener != null && listener.isAlive()) {
                listener.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            Files.deleteIfExists(received);
            Files.deleteIfExists(socket);
            Files.deleteIfExists(dir);
            Files.deleteIfExists(token);
            Files.deleteIfExists(tokens);
        }
    }

    /** As ssh refuses a private key others can read: bad usage (2), naming the file and the fix. */
    @Test
    void aTokenFileThatOthersMayReadIsRefused() throws Exception {
        Path tokens = Files.createTempDirectory("hdp-token");
        Path token = tokens.resolve("token");
        try {
            Files.writeString(token, "readable-t0k3n\n");
            Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));
            Cli.Result r = Cli.run("--token-file", token.toString(), "hello");
            System.out.println("ClientTrustIT: hvm-dbg with a token file of mode 0644: exit " + r.exit() + ", " + r.err().lines().findFirst().orElse(""));
            assertEquals(2, r.exit(), r.err() + r.out());
            assertTrue(r.err().contains("the token file " + token + " may be read or written by others than its owner (mode 0644)"),
                    r.err());
            assertTrue(r.err().contains("chmod 600 '" + token + "'"), r.err());
            assertFalse(r.err().contains("readable-t0k3n") || r.out().contains("readable-t0k3n"), r.err() + r.out());

        } finally {
            Files.deleteIfExists(token);
            Files.deleteIfExists(tokens);
        }
    }
}
