package hvm.gui.internal.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import hvm.gui.internal.model.KeyVerifier;
import hvm.gui.internal.model.OsType;
import hvm.gui.internal.model.Vm;
import hvm.gui.internal.model.VmState;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class PasswordKdfTest {
    // Few iterations keep the test fast; the count is stored, so checking uses the same.
    static final int ITERATIONS = 1_000;
    final PasswordKdf kdf = new PasswordKdf(new SecureRandom());

    @Test
    void theRightPasswordMatchesAndAWrongOneDoesNot() {
        KeyVerifier v = kdf.create("correct horse".toCharArray(), ITERATIONS);
        assertTrue(kdf.matches("correct horse".toCharArray(), v));
        assertFalse(kdf.matches("correct horsE".toCharArray(), v));
        assertFalse(kdf.matches("".toCharArray(), v));
    }

    @Test
    void storesAlgorithmIterationsAndA16ByteSalt() {
        KeyVerifier v = kdf.create("pw".toCharArray(), ITERATIONS);
        assertEquals("PBKDF2WithHmacSHA256", v.algorithm());
        assertEquals(ITERATIONS, v.iterations());
        assertEquals(16, Base64.getDecoder().decode(v.salt()).length);
        assertEquals(32, Base64.getDecoder().decode(v.verifier()).length);
    }

    @Test
    void eachVerifierHasItsOwnSalt() {
        KeyVerifier a = kdf.create("same".toCharArray(), ITERATIONS);
        KeyVerifier b = kdf.create("same".toCharArray(), ITERATIONS);
        assertNotEquals(a.salt(), b.salt());
        assertNotEquals(a.verifier(), b.verifier());
    }

    @Test
    void theStoredVmHoldsNeitherPasswordNorDerivedKey() throws Exception {
        String password = "hunter2-secret";
        KeyVerifier v = kdf.create(password.toCharArray(), ITERATIONS);
        Vm vm = new Vm("id-1", "enc", OsType.LINUX, 1, 512, 8, "", true, VmState.STOPPED, List.of(), List.of(), v);
        String json = new ObjectMapper().writeValueAsString(vm);
        assertFalse(json.contains(password));
        assertFalse(json.contains(Base64.getEncoder().encodeToString(password.getBytes())));

        byte[] salt = Base64.getDecoder().decode(v.salt());
        javax.crypto.SecretKeyFactory f = javax.crypto.SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256");
        byte[] key = f.generateSecret(new javax.crypto.spec.PBEKeySpec(password.toCharArray(), salt, ITERATIONS, 256)).getEncoded();
        assertFalse(json.contains(Base64.getEncoder().encodeToString(key)), "the derived key itself is not stored");
    }

    @Test
    void theCallersPasswordArrayIsLeftAsItWas() {
        char[] pw = "abc".toCharArray();
        kdf.create(pw, ITERATIONS);
        assertEquals("abc", new String(pw));
    }

    @Test
    void anUnknownAlgorithmIsRefusedWithoutEchoingThePassword() {
        KeyVerifier v = new KeyVerifier("MD5", "AAAA", 1, "AAAA");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> kdf.matches("p4ss".toCharArray(), v));
        assertFalse(e.getMessage().contains("p4ss"));
    }

    @Test
    void aStoredIterationCountAboveTheBoundIsRefusedAtOnce() {
        KeyVerifier huge = new KeyVerifier(PasswordKdf.ALGORITHM, "AAAAAAAAAAAAAAAAAAAAAA==", Integer.MAX_VALUE, "AAAA");
        // 2^31 iterations would take most of an hour: refused without deriving anything.
        IllegalArgumentException e = assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> assertThrows(IllegalArgumentException.class, () -> kdf.matches("pw".toCharArray(), huge)));
        assertTrue(e.getMessage().contains(Integer.toString(Integer.MAX_VALUE)), e.getMessage());
        assertFalse(PasswordKdf.acceptable(PasswordKdf.MAX_ITERATIONS + 1));
        assertTrue(PasswordKdf.acceptable(PasswordKdf.MAX_ITERATIONS));
        assertTrue(PasswordKdf.acceptable(PasswordKdf.DEFAULT_ITERATIONS));
        assertThrows(IllegalArgumentException.class, () -> kdf.create("pw".toCharArray(), PasswordKdf.MAX_ITERATIONS + 1));
    }
}
