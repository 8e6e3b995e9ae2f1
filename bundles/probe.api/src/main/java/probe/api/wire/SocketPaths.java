package probe.api.wire;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where the probe's socket lives (docs/PROTOCOL.md, "Socket"), the same rules for server and clients:
 * an explicit path first (the client's {@code --socket}; for the server, the environment before its
 * ConfigAdmin property), then {@value #ENV}, then the per-OS default.
 */
public final class SocketPaths {
    /** The environment variable that names the socket for server and clients alike. */
    public static final String ENV = "HVM_GUI_PROBE_SOCKET";

    /**
     * The framework property that names the socket before anything else: set by the agent
     * (bundles/probe.agent) to the path of the application it was loaded into, {@link #forApplication}.
     */
    public static final String PROPERTY = "hdp.gui.probe.socket";

    /** The folder, inside the runtime or state folder, that holds one socket per probed application. */
    public static final String APPLICATIONS_DIR = "hdp-gui";

    /** The socket file's name inside the run folder. */
    public static final String FILE_NAME = "hvm-dbg-gui.sock";

    private SocketPaths() {
    }

    /** The first non-blank of {@code candidates}, else the default for this OS. */
    public static Path resolve(Map<String, String> env, String osName, String userHome, String... candidates) {
        for (String c : candidates) {
            if (c != null && !c.isBlank()) {
                return Path.of(c);
            }
        }
        return defaultPath(env, osName, userHome);
    }

    /** The path for this process: {@code explicit}, else {@value #ENV}, else the default. */
    public static Path forClient(String explicit) {
        Map<String, String> env = System.getenv();
        return resolve(env, System.getProperty("os.name"), System.getProperty("user.home"), explicit, env.get(ENV));
    }

    /**
     * macOS: {@code ~/Library/Application Support/HVM/run/hvm-dbg-gui.sock}; elsewhere
     * {@code $XDG_RUNTIME_DIR/hvm/hvm-dbg-gui.sock}, or {@code ~/.local/state/hvm/run/hvm-dbg-gui.sock}
     * when {@code XDG_RUNTIME_DIR} is unset.
     */
    public static Path defaultPath(Map<String, String> env, String osName, String userHome) {
        Path home = Path.of(userHome);
        if (isMac(osName)) {
            return home.resolve("Library").resolve("Application Support").resolve("HVM").resolve("run").resolve(FILE_NAME);
        }
        String xdg = env.get("XDG_RUNTIME_DIR");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg).resolve("hvm").resolve(FILE_NAME);
        }
        return home.resolve(".local").resolve("state").resolve("hvm").resolve("run").resolve(FILE_NAME);
    }

    /**
     * The socket of the probe an agent loaded into the JVM {@code pid}:
     * {@code $XDG_RUNTIME_DIR/hdp-gui/PID.sock}, or {@code ~/.local/state/hdp-gui/run/PID.sock} when
     * {@code XDG_RUNTIME_DIR} is unset ({@code ~/Library/Application Support/HDP-GUI/run/PID.sock} on
     * macOS). One socket per application, so that two probed applications never want the same one.
     */
    public static Path forApplication(Map<String, String> env, String osName, String userHome, long pid) {
        String file = pid + ".sock";
        Path home = Path.of(userHome);
        if (isMac(osName)) {
            return home.resolve("Library").resolve("Application Support").resolve("HDP-GUI").resolve("run").resolve(file);
        }
        String xdg = env.get("XDG_RUNTIME_DIR");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg).resolve(APPLICATIONS_DIR).resolve(file);
        }
        return home.resolve(".local").resolve("state").resolve(APPLICATIONS_DIR).resolve("run").resolve(file);
    }

    /** {@link #forApplication(Map, String, String, long)} for this process's environment. */
    public static Path forApplication(long pid) {
        return forApplication(System.getenv(), System.getProperty("os.name"), System.getProperty("user.home"), pid);
    }

    /** The size of {@code sun_path}, terminating NUL included: 104 bytes on macOS and the BSDs, 108 on Linux. */
    public static int sunPathBytes(String osName) {
        String os = osName.toLowerCase(Locale.ROOT);
        return isMac(osName) || os.contains("bsd") ? 104 : 108;
    }

    /**
     * Null when {@code path} fits in a socket address on this OS, else a message that says by how much it
     * does not.
     */
    public static String tooLong(Path path, String osName) {
        int bytes = path.toString().getBytes(StandardCharsets.UTF_8).length;
        int limit = sunPathBytes(osName);
        if (bytes < limit) {
            return null;
        }
        return "socket path is " + bytes + " bytes long, but " + (isMac(osName) ? "macOS" : osName) + " allows at most "
                + (limit - 1) + " (a " + limit + "-byte sun_path with its terminating NUL): " + path
                + "; choose a shorter path with " + ENV + " or the transport's socketPath";
    }

    private static boolean isMac(String osName) {
        String os = osName.toLowerCase(Locale.ROOT);
        return os.contains("mac") || os.contains("darwin");
    }
}
