package probe.api.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SocketPathsTest {

    @Test
    void explicitPathWinsOverEnvironmentAndDefault() {
        Map<String, String> env = Map.of(SocketPaths.ENV, "/env/s.sock", "XDG_RUNTIME_DIR", "/run/user/1");
        assertEquals(Path.of("/cli/s.sock"), SocketPaths.resolve(env, "Linux", "/home/u", "/cli/s.sock", env.get(SocketPaths.ENV)));
        assertEquals(Path.of("/env/s.sock"), SocketPaths.resolve(env, "Linux", "/home/u", null, env.get(SocketPaths.ENV)));
        assertEquals(Path.of("/env/s.sock"), SocketPaths.resolve(env, "Linux", "/home/u", "  ", env.get(SocketPaths.ENV)));
    }

    @Test
    void defaultFollowsTheOperatingSystem() {
        assertEquals(Path.of("/run/user/1/hvm/hvm-dbg-gui.sock"),
                SocketPaths.defaultPath(Map.of("XDG_RUNTIME_DIR", "/run/user/1"), "Linux", "/home/u"));
        assertEquals(Path.of("/home/u/.local/state/hvm/run/hvm-dbg-gui.sock"), SocketPaths.defaultPath(Map.of(), "Linux", "/home/u"));
        assertEquals(Path.of("/Users/u/Library/Application Support/HVM/run/hvm-dbg-gui.sock"),
                SocketPaths.defaultPath(Map.of("XDG_RUNTIME_DIR", "/tmp/x"), "Mac OS X", "/Users/u"));
    }

    @Test
    void pathLengthLimitCountsTheTerminatingNul() {
        String dir = "/" + "d".repeat(100) + "/";
        assertNull(SocketPaths.tooLong(Path.of(dir + "s"), "Linux"));
        assertNull(SocketPaths.tooLong(Path.of(dir + "abcde"), "Linux"));
        String message = SocketPaths.tooLong(Path.of(dir + "abcdef"), "Linux");
        assertNotNull(message);
        assertTrue(message.contains("108 bytes long") && message.contains("at most 107"), message);
        assertNull(SocketPaths.tooLong(Path.of(dir + "a"), "Mac OS X"));
        assertNotNull(SocketPaths.tooLong(Path.of(dir + "ab"), "Mac OS X"));
    }

    @Test
    void eachApplicationHasItsOwnSocket() {
        assertEquals(Path.of("/run/user/1/hdp-gui/42.sock"),
                SocketPaths.forApplication(Map.of("XDG_RUNTIME_DIR", "/run/user/1"), "Linux", "/home/u", 42));
        assertEquals(Path.of("/home/u/.local/state/hdp-gui/run/42.sock"), SocketPaths.forApplication(Map.of(), "Linux", "/home/u", 42));
    }
}
