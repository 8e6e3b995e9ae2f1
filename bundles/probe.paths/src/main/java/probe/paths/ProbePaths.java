package probe.paths;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where the probe's sockets live and the names its parts share, said once for the agent (which binds a
 * socket in an application's JVM), the transport (through probe.api's {@code SocketPaths}) and the
 * clients ({@code hvm-dbg --pid}, {@code ps}, {@code attach}), so that they never disagree on a path.
 * Nothing but the JDK: the agent puts this class on an application's class path.
 */
public final class ProbePaths {
    /** The environment variable that names the socket for server and clients alike. */
    public static final String ENV = "HVM_GUI_PROBE_SOCKET";

    /**
     * The framework property that names the socket before anything else: set by the agent to the path of
     * the application it was loaded into, {@link #forApplication}.
     */
    public static final String SOCKET_FRAMEWORK_PROPERTY = "hdp.gui.probe.socket";

    /** The agent's system property, in the application's JVM, while its probe runs: the socket. */
    public static final String AGENT_SOCKET_PROPERTY = "hdp.gui.agent.socket";
    /** The agent's system property: why its last start or stop failed, in one line. */
    public static final String AGENT_ERROR_PROPERTY = "hdp.gui.agent.error";
    /** The agent's system property: how many windows showed when the probe started. */
    public static final String AGENT_WINDOWS_PROPERTY = "hdp.gui.agent.windows";
    /** The environment variable that names the agent jar for hvm-dbg (else beside hvm-dbg.jar). */
    public static final String AGENT_ENV = "HDP_GUI_AGENT";

    /** The folder, inside the runtime or state folder, that holds one socket per probed application. */
    public static final String APPLICATIONS_DIR = "hdp-gui";

    /** HVM's socket file's name inside its run folder. */
    public static final String FILE_NAME = "hvm-dbg-gui.sock";

    private ProbePaths() {
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

    /**
     * HVM's socket. macOS: {@code ~/Library/Application Support/HVM/run/hvm-dbg-gui.sock}; elsewhere
     * {@code $XDG_RUNTIME_DIR/hvm/hvm-dbg-gui.sock}, or {@code ~/.local/state/hvm/run/hvm-dbg-gui.sock}
     * when {@code XDG_RUNTIME_DIR} is unset.
     */
    public static Path defaultPath(Map<String, String> env, String osName, String userHome) {
        return runFolder(env, osName, userHome, "HVM", "hvm").resolve(FILE_NAME);
    }

    /**
     * The socket of the probe an agent loaded into the JVM {@code pid}:
     * {@code $XDG_RUNTIME_DIR/hdp-gui/PID.sock}, or {@code ~/.local/state/hdp-gui/run/PID.sock} when
     * {@code XDG_RUNTIME_DIR} is unset ({@code ~/Library/Application Support/HDP-GUI/run/PID.sock} on
     * macOS). One socket per application, so that two probed applications never want the same one.
     */
    public static Path forApplication(Map<String, String> env, String osName, String userHome, long pid) {
        return runFolder(env, osName, userHome, "HDP-GUI", APPLICATIONS_DIR).resolve(pid + ".sock");
    }

    /** {@link #forApplication(Map, String, String, long)} for this process's environment. */
    public static Path forApplication(long pid) {
        return forApplication(System.getenv(), System.getProperty("os.name"), System.getProperty("user.home"), pid);
    }

    /** The folder of sockets: macOS's Application Support, else the XDG runtime folder, else the state folder. */
    private static Path runFolder(Map<String, String> env, String osName, String userHome, String macName, String name) {
        Path home = Path.of(userHome);
        if (isMac(osName)) {
            return home.resolve("Library").resolve("Application Support").resolve(macName).resolve("run");
        }
        String xdg = env.get("XDG_RUNTIME_DIR");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg).resolve(name);
        }
        return home.resolve(".local").resolve("state").resolve(name).resolve("run");
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

    /** Whether {@code osName} (the {@code os.name} property) is macOS. */
    public static boolean isMac(String osName) {
        String os = osName.toLowerCase(Locale.ROOT);
        return os.contains("mac") || os.contains("darwin");
    }
}
