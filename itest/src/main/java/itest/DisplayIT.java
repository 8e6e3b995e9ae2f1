package itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The private display that the launchers start when there is none (run/lib/common.sh
 * {@code ensure_display}, used by run/hvm, run/hvm-debug, run/hvm-host and run/test) lets in only
 * its own user: a client of the same user with the cookie gets the screen, another local user is
 * refused by the X server, with or without the path of the cookie file.
 */
@ExtendWith(Bounded.class)
class DisplayIT {

    /** What one line of shell printed and how it ended. */
    private record Run(int exit, String out) {
    }

    private static Run sh(String script) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.remove("DISPLAY");
        env.remove("XAUTHORITY");
        env.put("HVM_ROOT", System.getProperty("itest.project.root"));
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the script ended");
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    @Test
    void anotherLocalUserIsRefusedByThePrivateDisplay() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/xdotool")), "xdotool is installed (.ci/run installs it)");
        assumeTrue("root".equals(System.getProperty("user.name")), "only root can become user nobody to try (the suite runs as root in CI)");
        // Each check prints a word; the launcher's own Xvfb is stopped when the script exits.
        // The controls first: nobody can run xdotool at all, and an X server started without -auth
        // (as the launchers did before) lets nobody in, so "out" below is the server's refusal.
        Run r = sh("set -u; . \"$HVM_ROOT/run/lib/common.sh\"\n"
                + "su nobody -s /bin/sh -c 'command -v xdotool' >/dev/null 2>&1 && echo nobodyRuns=yes || echo nobodyRuns=no\n"
                + "d=$(mktemp -d); Xvfb -displayfd 3 -nolisten tcp 3>\"$d/n\" >/dev/null 2>&1 & x=$!\n"
                + "for i in $(seq 1 200); do [ -s \"$d/n\" ] && break; sleep 0.05; done\n"
                + "su nobody -s /bin/sh -c \"DISPLAY=:$(head -n 1 \"$d/n\") xdotool getdisplaygeometry\" >/dev/null 2>&1"
                + " && echo open=in || echo open=out\n"
                + "kill $x; rm -rf \"$d\"\n"
                + "ensure_display 2>/dev/null\n"
                + "echo \"display=$DISPLAY\"\n"
                + "xdotool getdisplaygeometry >/dev/null 2>&1 && echo self=in || echo self=out\n"
                + "stat -c 'cookie=%a %U' \"$XAUTHORITY\"; stat -c 'folder=%a %U' \"$(dirname \"$XAUTHORITY\")\"\n"
                + "su nobody -s /bin/sh -c \"DISPLAY=$DISPLAY xdotool getdisplaygeometry\" >/dev/null 2>&1"
                + " && echo nobody=in || echo nobody=out\n"
                + "su nobody -s /bin/sh -c \"DISPLAY=$DISPLAY XAUTHORITY=$XAUTHORITY xdotool getdisplaygeometry\" >/dev/null 2>&1"
                + " && echo nobodyWithPath=in || echo nobodyWithPath=out\n");
        List<String> lines = new ArrayList<>(List.of(r.out().strip().split("\n")));
        assertEquals(0, r.exit(), r.out());
        assertEquals(List.of("nobodyRuns=yes", "open=in"), lines.subList(0, 2),
                "the controls: user nobody runs xdotool, and an X server without a cookie lets it in");
        assertTrue(lines.get(2).matches("display=:\\d+"), r.out());
        assertEquals(List.of("self=in", "cookie=600 root", "folder=700 root", "nobody=out", "nobodyWithPath=out"),
                lines.subList(3, lines.size()), "as the user a private display serves, and as user nobody");
    }
}
