package hvm.gui.internal.library;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where the VM library lives, first that applies: the configured path, env {@code HVM_HOME},
 * system property {@code hvm.home}, the OS's per-user data folder. Pure, so each rule is tested
 * without touching the real environment.
 */
public final class LibraryLocation {
    private LibraryLocation() {
    }

    /** The library folder for the running JVM. */
    public static Path resolve(String configured) {
        return resolve(configured, System.getenv(), System.getProperty("hvm.home"),
                System.getProperty("os.name", ""), System.getProperty("user.home"));
    }

    public static Path resolve(String configured, Map<String, String> env, String hvmHomeProperty,
            String osName, String userHome) {
        if (present(configured)) {
            return Path.of(configured).toAbsolutePath();
        }
        if (present(env.get("HVM_HOME"))) {
            return Path.of(env.get("HVM_HOME")).toAbsolutePath();
        }
        if (present(hvmHomeProperty)) {
            return Path.of(hvmHomeProperty).toAbsolutePath();
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return Path.of(userHome, "Library", "Application Support", "HVM");
        }
        if (os.startsWith("windows")) {
            String appData = env.get("APPDATA");
            return present(appData) ? Path.of(appData, "HVM") : Path.of(userHome, "AppData", "Roaming", "HVM");
        }
        String xdgData = env.get("XDG_DATA_HOME");
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if (present(xdgData) && Path.of(xdgData).isAbsolute()) {
            return Path.of(xdgData, "hvm");
        }
        return Path.of(userHome, ".local", "share", "hvm");
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }
}
