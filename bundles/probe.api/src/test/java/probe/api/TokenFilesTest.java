package probe.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A token file is read only when its owner alone may read and write it, as ssh reads a private key:
 * the one rule of the probe's tokenFile and the clients' --token-file.
 */
class TokenFilesTest {
    private static final Path FILE = Path.of("/home/u/.config/hvm/token");

    @TempDir
    Path dir;

    private Path file(String text, String mode) throws Exception {
        Path f = Files.writeString(dir.resolve("token-" + mode), text);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return f;
    }

    private static String loose(String perms) {
        return TokenFiles.loose(FILE, PosixFilePermissions.fromString(perms));
    }

    @Test
    void onlyAFileOfItsOwnerAloneIsTaken() {
        assertNull(loose("rw-------"));
        assertNull(loose("r--------"));
        assertNull(loose("rwx------"));
        for (String open : new String[] {"rw-r-----", "rw--w----", "rw----r--", "rw-----w-", "rw-r--r--", "rw-rw-rw-", "rw---x---"}) {
            String why = loose(open);
            assertTrue(why != null && why.contains("chmod 600 '" + FILE + "'"), open + ": " + why);
        }
        assertEquals("the token file " + FILE + " may be read or written by others than its owner (mode 0644); a token others can"
                + " read guards nothing, so it is not used. Make it private: chmod 600 '" + FILE + "'", loose("rw-r--r--"));
    }

    @Test
    void theFirstLineStrippedOfAPrivateFile() throws Exception {
        assertEquals("t0k3n", TokenFiles.read(file("  t0k3n \nsecond\n", "rw-------")));
        assertEquals("t0k3n", TokenFiles.read(file("t0k3n", "r--------")));
    }

    @Test
    void aFileThatGroupOrOthersMayUseIsRefusedWithTheFix() throws Exception {
        for (String mode : new String[] {"rw-r--r--", "rw-r-----", "rw--w----", "rw----r--", "rw-----w-", "rwx---r-x", "rw-rw-rw-"}) {
            Path f = file("t0k3n\n", mode);
            String m = assertThrows(TokenFiles.Refused.class, () -> TokenFiles.read(f)).getMessage();
            assertTrue(m.startsWith("the token file " + f + " may be read or written by others than its owner (mode 0"), m);
            assertTrue(m.endsWith("Make it private: chmod 600 '" + f + "'"), m);
            assertFalse(m.contains("t0k3n"), m);
        }
        assertTrue(assertThrows(TokenFiles.Refused.class, () -> TokenFiles.read(file("x", "rw-r--r--"))).getMessage()
                .contains("(mode 0644)"));
    }

    @Test
    void aMissingOrEmptyFileIsSaidSo() throws Exception {
        Path none = dir.resolve("none");
        assertEquals("the token file " + none + " does not exist",
                assertThrows(TokenFiles.Refused.class, () -> TokenFiles.read(none)).getMessage());
        Path empty = file(" \n", "rw-------");
        assertEquals("the token file " + empty + " is empty",
                assertThrows(TokenFiles.Refused.class, () -> TokenFiles.read(empty)).getMessage());
    }
}
