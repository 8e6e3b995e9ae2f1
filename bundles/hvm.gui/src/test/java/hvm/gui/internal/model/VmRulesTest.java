package hvm.gui.internal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class VmRulesTest {
    static final List<String> EXISTING = List.of("Ubuntu Dev", "Windows Test");

    static Optional<String> create(String name, boolean encrypt, String password, String confirm) {
        return VmRules.createProblem(name, EXISTING, encrypt, password.toCharArray(), confirm.toCharArray());
    }

    @Test
    void aFreshNameWithoutEncryptionIsValid() {
        assertEquals(Optional.empty(), create("Fedora", false, "", ""));
    }

    @Test
    void theNameMustBeNonEmptyAfterTrimming() {
        assertEquals(Optional.of("Enter a name."), create("", false, "", ""));
        assertEquals(Optional.of("Enter a name."), create("   ", false, "", ""));
    }

    @Test
    void theNameMustBeUniqueIgnoringCaseAndSpaces() {
        assertTrue(create("Ubuntu Dev", false, "", "").orElseThrow().contains("already exists"));
        assertTrue(create(" ubuntu dev ", false, "", "").isPresent());
    }

    @Test
    void overlongAndControlCharacterNamesAreRefused() {
        assertTrue(create("x".repeat(VmRules.MAX_NAME_LENGTH + 1), false, "", "").isPresent());
        assertTrue(create("a\tb", false, "", "").isPresent());
        assertFalse(create("x".repeat(VmRules.MAX_NAME_LENGTH), false, "", "").isPresent());
    }

    @Test
    void encryptingNeedsTwoEqualNonEmptyPasswords() {
        assertEquals(Optional.of("Enter a password for the encryption."), create("Enc", true, "", ""));
        assertEquals(Optional.of("The passwords do not match."), create("Enc", true, "secret", "secreT"));
        assertEquals(Optional.of("The passwords do not match."), create("Enc", true, "secret", ""));
        assertEquals(Optional.empty(), create("Enc", true, "secret", "secret"));
    }

    @Test
    void passwordsAreIgnoredWhenNotEncrypting() {
        assertEquals(Optional.empty(), create("Plain", false, "a", "b"));
    }

    @Test
    void theNameProblemComesFirstAndNeverQuotesThePassword() {
        Optional<String> p = create("", true, "hunter2", "hunter3");
        assertEquals(Optional.of("Enter a name."), p);
        assertFalse(create("Enc", true, "hunter2", "hunter3").orElseThrow().contains("hunter"));
    }

    @Test
    void aRenamedVmMayKeepItsOwnName() {
        assertEquals(Optional.empty(), VmRules.nameProblem("Ubuntu Dev", EXISTING, "Ubuntu Dev"));
        assertEquals(Optional.empty(), VmRules.nameProblem("ubuntu DEV", EXISTING, "Ubuntu Dev"));
        assertTrue(VmRules.nameProblem("Windows Test", EXISTING, "Ubuntu Dev").isPresent());
    }
}
