package probe.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each OS branch of each path rule. */
class ProbePathsTest {
    private static final Map<String, String> XDG = Map.of("XDG_RUNTIME_DIR", "/run/user/1");

    @Test
    void anApplicationsSocketOnLinuxWithARuntimeFolder() {
        assertEquals(Path.of("/run/user/1/hdp-gui/42.sock"), ProbePaths.forApplication(XDG, "Linux", "/home/u", 42));
    }

    @Test
    void anApplicationsSocketOnLinuxWithoutOne() {
        assertEquals(Path.of("/home/u/.local/state/hdp-gui/run/42.sock"), ProbePaths.forApplication(Map.of(), "Linux", "/home/u", 42));
        assertEquals(Path.of("/home/u/.local/state/hdp-gui/run/42.sock"),
                ProbePaths.forApplication(Map.of("XDG_RUNTIME_DIR", " "), "Linux", "/home/u", 42), "a blank XDG_RUNTIME_DIR is none");
    }

    @Test
    void anApplicationsSocketOnMacosIgnoresXdg() {
        assertEquals(Path.of("/Users/u/Library/Application Support/HDP-GUI/run/42.sock"),
                ProbePaths.forApplication(XDG, "Mac OS X", "/Users/u", 42));
        assertEquals(Path.of("/Users/u/Library/Application Support/HDP-GUI/run/42.sock"),
                ProbePaths.forApplication(Map.of(), "Darwin", "/Users/u", 42));
    }

    @Test
    void hvmsSocketOnEachOs() {
        assertEquals(Path.of("/run/user/1/hvm/hvm-dbg-gui.sock"), ProbePaths.defaultPath(XDG, "Linux", "/home/u"));
        assertEquals(Path.of("/home/u/.local/state/hvm/run/hvm-dbg-gui.sock"), ProbePaths.defaultPath(Map.of(), "Linux", "/home/u"));
        assertEquals(Path.of("/Users/u/Library/Application Support/HVM/run/hvm-dbg-gui.sock"),
                ProbePaths.defaultPath(XDG, "Mac OS X", "/Users/u"));
        assertEquals(Path.of("/x/s.sock"), ProbePaths.resolve(XDG, "Linux", "/home/u", null, " ", "/x/s.sock"));
    }

    @Test
    void socketAddressSizeOnEachOs() {
        assertEquals(108, ProbePaths.sunPathBytes("Linux"));
        assertEquals(104, ProbePaths.sunPathBytes("Mac OS X"));
        assertEquals(104, ProbePaths.sunPathBytes("FreeBSD"));
        String dir = "/" + "d".repeat(100) + "/";
        assertNull(ProbePaths.tooLong(Path.of(dir + "abcde"), "Linux"));
        String message = ProbePaths.tooLong(Path.of(dir + "ab"), "Mac OS X");
        assertNotNull(message);
        assertTrue(message.contains("macOS allows at most 103"), message);
        assertTrue(ProbePaths.isMac("mac os x") && !ProbePaths.isMac("Linux"));
        assertFalse(ProbePaths.isMac("FreeBSD"));
    }
}
