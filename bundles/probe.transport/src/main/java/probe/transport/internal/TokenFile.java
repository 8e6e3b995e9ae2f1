package probe.transport.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The transport's {@code tokenFile}: its first line is the token. Like ssh with a private key, the
 * probe refuses a file that group or others may read or write: whoever can read it can drive the
 * GUI, and whoever can write it can choose the token.
 */
final class TokenFile {
    /** The permissions that make a token file too open: any bit for group or others. */
    private static final Set<PosixFilePermission> OPEN = EnumSet.of(PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE);

    private TokenFile() {
    }

    /** Why a token file with {@code perms} is refused, in one line that says what to do; null when it is private. */
    static String loose(Path file, Set<PosixFilePermission> perms) {
        Set<PosixFilePermission> open = EnumSet.noneOf(PosixFilePermission.class);
        open.addAll(perms);
        open.retainAll(OPEN);
        if (open.isEmpty()) {
            return null;
        }
        return "tokenFile " + file + " is open to group or others (" + PosixFilePermissions.toString(perms)
                + "), so another user could read or change the token; fix it with: chmod 600 '" + file + "'";
    }

    /** The token in {@code file}'s first line, stripped. */
    static byte[] read(Path file) throws IOException {
        Set<PosixFilePermission> perms;
        try {
            perms = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException e) {
            perms = Set.of();
        } catch (IOException e) {
            throw new SocketBinder.RefusedException("cannot read tokenFile " + file + " (" + e
                    + "); make it readable, or change tokenFile in the probe.transport configuration");
        }
        String loose = loose(file, perms);
        if (loose != null) {
            throw new SocketBinder.RefusedException(loose);
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            // Asked for a token but cannot read it: refusing to start beats serving without one.
            throw new SocketBinder.RefusedException("cannot read tokenFile " + file + " (" + e
                    + "); make it readable, or change tokenFile in the probe.transport configuration");
        }
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new SocketBinder.RefusedException("tokenFile " + file + " is empty; put the token on its first line");
        }
        return lines.get(0).strip().getBytes(StandardCharsets.UTF_8);
    }
}
