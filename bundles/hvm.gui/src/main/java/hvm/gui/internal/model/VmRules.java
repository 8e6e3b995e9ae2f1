package hvm.gui.internal.model;

import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The rules a VM's settings must meet, in one place for the dialogs and the tests. A problem is
 * a sentence for the user; it never quotes a password.
 */
public final class VmRules {
    public static final int MAX_NAME_LENGTH = 64;
    public static final int MIN_CPUS = 1;
    public static final int MAX_CPUS = 64;
    public static final int MIN_MEMORY_MIB = 256;
    public static final int MAX_MEMORY_MIB = 262_144;
    public static final int MEMORY_STEP_MIB = 256;
    public static final int MIN_DISK_GIB = 1;
    public static final int MAX_DISK_GIB = 16_384;

    private VmRules() {
    }

    /**
     * Why {@code name} cannot name a VM, if it cannot. Names are compared trimmed and ignoring
     * case, because two rows that differ only in case look like one VM to a person.
     *
     * @param ownName the VM's current name when renaming it (it may keep it), else null
     */
    public static Optional<String> nameProblem(String name, Collection<String> existingNames, String ownName) {
        String n = name == null ? "" : name.trim();
        if (n.isEmpty()) {
            return Optional.of("Enter a name.");
        }
        if (n.length() > MAX_NAME_LENGTH) {
            return Optional.of("The name is longer than " + MAX_NAME_LENGTH + " characters.");
        }
        if (n.chars().anyMatch(Character::isISOControl)) {
            return Optional.of("The name contains a control character.");
        }
        String key = n.toLowerCase(Locale.ROOT);
        boolean taken = existingNames.stream()
                .filter(e -> ownName == null || !e.equalsIgnoreCase(ownName.trim()))
                .anyMatch(e -> e.trim().toLowerCase(Locale.ROOT).equals(key));
        return taken ? Optional.of("A VM named \u201c" + n + "\u201d already exists.") : Optional.empty();
    }

    /** Why a new VM cannot be created from these inputs, if it cannot. */
    public static Optional<String> createProblem(String name, Collection<String> existingNames,
            boolean encrypt, char[] password, char[] confirm) {
        Optional<String> nameProblem = nameProblem(name, existingNames, null);
        if (nameProblem.isPresent() || !encrypt) {
            return nameProblem;
        }
        if (password == null || password.length == 0) {
            return Optional.of("Enter a password for the encryption.");
        }
        if (!Arrays.equals(password, confirm)) {
            return Optional.of("The passwords do not match.");
        }
        return Optional.empty();
    }
}
