package probe.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A token file is read only when its owner alone may read and write it, as ssh reads a private key. */
class TokenFileTest {
    @TempDir
    Path dir;

    private Path file(String text, String mode) throws Exception {
        Path f = Files.writeString(dir.resolve("token-" + mode), text);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return f;
    }

    @Test
    void theFirstLineStrippedOfAPrivateFile() throws Exception {
        assertEquals("t0k3n", TokenFile.read(file("  t0k3n \nsecond\n", "rw-------")));
        assertEquals("t0k3n", TokenFile.read(file("t0k3n", "r--------")));
    }

    @Test
    void aFileThatGroupOrOthersMayUseIsRefusedWithTheFix() throws Exception {
        for (String mode : new String[] {"rw-r--r--", "rw-r-----", "rw--w----", "rw----r--", "rw-----w-", "rwx---r-x", "rw-rw-rw-"}) {
            Path f = file("t0k3n\n", mode);
            String m = assertThrows(ProbeClientException.class, () -> TokenFile.read(f)).getMessage();
            assertTrue(m.startsWith("the token file " + f + " may be read or written by others than its owner (mode 0"), m);
            assertTrue(m.endsWith("Make it private: chmod 600 '" + f + "'"), m);
            assertFalse(m.contains("t0k3n"), m);
        }
        assertTrue(assertThrows(ProbeClientException.class, () -> TokenFile.read(file("x", "rw-r--r--"))).getMessage()
                .contains("(mode 0644)"));
    }

    @Test
    void aMissingOrEmptyFileIsSaidSo() throws Exception {
        Path none = dir.resolve("none");
        assertEquals("the token file " + none + " does not exist",
                assertThrows(ProbeClientException.class, () -> TokenFile.read(none)).getMessage());
        Path empty = file(" \n", "rw-------");
        assertEquals("the token file " + empty + " is empty",
                assertThrows(ProbeClientException.class, () -> TokenFile.read(empty)).getMessage());
    }
}
