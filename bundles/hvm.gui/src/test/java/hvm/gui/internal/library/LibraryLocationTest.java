package hvm.gui.internal.library;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LibraryLocationTest {
    static final String HOME = "/home/ann";

    @Test
    void theConfiguredPathComesFirst() {
        assertEquals(Path.of("/cfg/lib"), LibraryLocation.resolve("/cfg/lib", Map.of("HVM_HOME", "/env"), "/prop", "Linux", HOME));
    }

    @Test
    void thenTheEnvironmentThenTheSystemProperty() {
        assertEquals(Path.of("/env"), LibraryLocation.resolve("", Map.of("HVM_HOME", "/env"), "/prop", "Linux", HOME));
        assertEquals(Path.of("/prop"), LibraryLocation.resolve(" ", Map.of("HVM_HOME", ""), "/prop", "Linux", HOME));
    }

    @Test
    void macOsDefault() {
        assertEquals(Path.of(HOME, "Library", "Application Support", "HVM"),
                LibraryLocation.resolve("", Map.of(), null, "Mac OS X", HOME));
    }

    @Test
    void windowsDefault() {
        assertEquals(Path.of("C:\\Users\\ann\\AppData\\Roaming", "HVM"),
                LibraryLocation.resolve("", Map.of("APPDATA", "C:\\Users\\ann\\AppData\\Roaming"), null, "Windows 11", HOME));
    }

    @Test
    void linuxDefaultFollowsXdg() {
        assertEquals(Path.of("/data/hvm"), LibraryLocation.resolve("", Map.of("XDG_DATA_HOME", "/data"), null, "Linux", HOME));
        assertEquals(Path.of(HOME, ".local", "share", "hvm"), LibraryLocation.resolve("", Map.of(), null, "Linux", HOME));
        assertEquals(Path.of(HOME, ".local", "share", "hvm"),
                LibraryLocation.resolve("", Map.of("XDG_DATA_HOME", "relative"), null, "FreeBSD", HOME));
    }
}
