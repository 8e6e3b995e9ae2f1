package probe.api.wire;

import java.nio.file.Path;
import java.util.Map;
import probe.paths.ProbePaths;

/**
 * Where the probe's socket lives (docs/PROTOCOL.md, "Socket"), the same rules for server and clients:
 * an explicit path first (the client's {@code --socket}; for the server, the environment before its
 * ConfigAdmin property), then {@value #ENV}, then the per-OS default. The rules are probe.paths.ProbePaths,
 * compiled into this bundle privately (bnd's -conditionalpackage), which the agent and hvm-dbg share.
 */
public final class SocketPaths {
    /** The environment variable that names the socket for server and clients alike. */
    public static final String ENV = ProbePaths.ENV;

    /**
     * The framework property that names the socket before anything else: set by the agent
     * (bundles/probe.agent) to the path of the application it was loaded into, {@link #forApplication}.
     */
    public static final String PROPERTY = ProbePaths.SOCKET_FRAMEWORK_PROPERTY;

    /** The folder, inside the runtime or state folder, that holds one socket per probed application. */
    public static final String APPLICATIONS_DIR = ProbePaths.APPLICATIONS_DIR;

    /** The socket file's name inside the run folder. */
    public static final String FILE_NAME = ProbePaths.FILE_NAME;

    private SocketPaths() {
    }

    /** The first non-blank of {@code candidates}, else the default for this OS. */
    public static Path resolve(Map<String, String> env, String osName, String userHome, String... candidates) {
        return ProbePaths.resolve(env, osName, userHome, candidates);
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
        return ProbePaths.defaultPath(env, osName, userHome);
    }

    /**
     * The socket of the probe an agent loaded into the JVM {@code pid}:
     * {@code $XDG_RUNTIME_DIR/hdp-gui/PID.sock}, or {@code ~/.local/state/hdp-gui/run/PID.sock} when
     * {@code XDG_RUNTIME_DIR} is unset ({@code ~/Library/Application Support/HDP-GUI/run/PID.sock} on
     * macOS). One socket per application, so that two probed applications never want the same one.
     */
    public static Path forApplication(Map<String, String> env, String osName, String userHome, long pid) {
        return ProbePaths.forApplication(env, osName, userHome, pid);
    }

    /** {@link #forApplication(Map, String, String, long)} for this process's environment. */
    public static Path forApplication(long pid) {
        return ProbePaths.forApplication(pid);
    }

    /** The size of {@code sun_path}, terminating NUL included: 104 bytes on macOS and the BSDs, 108 on Linux. */
    public static int sunPathBytes(String osName) {
        return ProbePaths.sunPathBytes(osName);
    }

    /**
     * Null when {@code path} fits in a socket address on this OS, else a message that says by how much it
     * does not.
     */
    public static String tooLong(Path path, String osName) {
        return ProbePaths.tooLong(path, osName);
    }
}
