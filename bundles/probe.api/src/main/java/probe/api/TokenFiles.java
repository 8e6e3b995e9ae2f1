package probe.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A token file, read the one way both sides read it: the file the probe's {@code tokenFile} names
 * and a client reads its token from ({@code hvm-dbg --token-file}). The token is its first line,
 * stripped. As ssh does with a private key, a file that its group or others may read, write or
 * execute is refused, with the fix ({@code chmod 600}): a token that others can read guards
 * nothing, and one they can write is theirs to choose. On a file system without POSIX permissions
 * (none of the probe's platforms) the mode is not checked. Messages never hold the token.
 *
 * @since 1.3
 */
public final class TokenFiles {
    /** What only the owner may have: group and others get nothing. */
    private static final Set<PosixFilePermission> NOT_PRIVATE = EnumSet.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    /** A token file that is not used, with a message that names the file and says why (and, when it is too open, the fix). */
    public static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;

        Refused(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private TokenFiles() {
    }

    /**
     * The token in {@code file}: its first line, stripped.
     *
     * @throws Refused when the file does not exist, cannot be read, is empty, or may be read or
     *     written by its group or others
     */
    public static String read(Path file) throws Refused {
        Set<PosixFilePermission> perms;
        try {
            perms = Files.getPosixFilePermissions(file);
        } catch (NoSuchFileException e) {
            throw new Refused("the token file " + file + " does not exist", e);
        } catch (UnsupportedOperationException e) {
            perms = Set.of();
        } catch (IOException e) {
            throw new Refused("cannot read the token file " + file + " (" + e.getClass().getSimpleName() + ")", e);
        }
        String loose = loose(file, perms);
        if (loose != null) {
            throw new Refused(loose, null);
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (AccessDeniedException e) {
            throw new Refused("cannot read the token file " + file + ": permission denied", e);
        } catch (IOException e) {
            throw new Refused("cannot read the token file " + file + " (" + e.getClass().getSimpleName() + ")", e);
        }
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new Refused("the token file " + file + " is empty", null);
        }
        return lines.get(0).strip();
    }

    /** Why a token file with {@code perms} is refused, naming the file, its mode and the fix; null when it is private. */
    static String loose(Path file, Set<PosixFilePermission> perms) {
        Set<PosixFilePermission> open = EnumSet.noneOf(PosixFilePermission.class);
        open.addAll(perms);
        open.retainAll(NOT_PRIVATE);
        if (open.isEmpty()) {
            return null;
        }
        return String.format("the token file %s may be read or written by others than its owner (mode %s); a token others"
                + " can read guards nothing, so it is not used. Make it private: chmod 600 '%s'", file, mode(perms), file);
    }

    /** {@code perms} as the octal mode a person knows from ls and chmod: {@code 0644}. */
    static String mode(Set<PosixFilePermission> perms) {
        int m = 0;
        for (PosixFilePermission p : perms) {
            m |= 0400 >> p.ordinal();
        }
        return String.format("%04o", m);
    }
}
