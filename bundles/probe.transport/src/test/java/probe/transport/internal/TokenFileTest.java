package probe.transport.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;

/** The token file is refused, as ssh refuses a private key, when group or others may read or write it. */
class TokenFileTest {
    private static final Path FILE = Path.of("/home/u/.config/hvm/token");

    private static String loose(String perms) {
        return TokenFile.loose(FILE, PosixFilePermissions.fromString(perms));
    }

    @Test
    void onlyAFileOfItsOwnerAloneIsTaken() {
        assertNull(loose("rw-------"));
        assertNull(loose("r--------"));
        assertNull(loose("rwx------"));
        for (String open : new String[] {"rw-r-----", "rw--w----", "rw----r--", "rw-----w-", "rw-r--r--", "rw-rw-rw-", "rw---x---"}) {
            String why = loose(open);
            assertTrue(why != null && why.contains("chmod 600 '" + FILE + "'") && why.contains(open), open + ": " + why);
        }
        assertEquals("tokenFile " + FILE + " is open to group or others (rw-r--r--), so another user could read or change the token;"
                + " fix it with: chmod 600 '" + FILE + "'", loose("rw-r--r--"));
    }

    @Test
    void aRealFileIsReadOnlyWhenPrivate() throws Exception {
        Path f = Files.createTempFile("hdp-token", ".txt");
        try {
            Files.writeString(f, "  the-token  \nsecond line\n", StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
            SocketBinder.RefusedException e = assertThrows(SocketBinder.RefusedException.class, () -> TokenFile.read(f));
            assertFalse(e.getMessage().contains("the-token"), "the token is never said: " + e.getMessage());
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
            assertArrayEquals("the-token".getBytes(StandardCharsets.UTF_8), TokenFile.read(f));
        } finally {
            Files.delete(f);
        }
    }
}
