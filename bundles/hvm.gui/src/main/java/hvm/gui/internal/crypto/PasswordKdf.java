package hvm.gui.internal.crypto;

import hvm.gui.internal.model.KeyVerifier;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Turns an encryption password into a {@link KeyVerifier} and checks a password against one.
 * The PBKDF2 output is what would key the VM's disks, so it is not stored either: only an HMAC
 * of a fixed label under it, from which neither key nor password can be recovered.
 */
public final class PasswordKdf {
    public static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    public static final int DEFAULT_ITERATIONS = 100_000;
    /**
     * The most iterations HVM derives a key with, for a new VM (the configuration) and above all
     * for a stored one: a file's count decides how long the app's one worker thread is busy, and a
     * file saying 2^31 would keep it busy for most of an hour. 50 times the default, about 8 times
     * what OWASP asks for PBKDF2-HMAC-SHA256 (600,000): a few seconds.
     */
    public static final int MAX_ITERATIONS = 5_000_000;
    private static final int SALT_BYTES = 16;
    private static final int KEY_BITS = 256;
    private static final byte[] VERIFIER_LABEL = "HVM key verifier v1".getBytes(StandardCharsets.US_ASCII);

    private final SecureRandom random;

    public PasswordKdf(SecureRandom random) {
        this.random = random;
    }

    /** A verifier for {@code password} under a fresh random salt. The caller clears the password. */
    public KeyVerifier create(char[] password, int iterations) {
        checkIterations(iterations);
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        byte[] verifier = verifier(password, salt, iterations);
        Base64.Encoder b64 = Base64.getEncoder();
        return new KeyVerifier(ALGORITHM, b64.encodeToString(salt), iterations, b64.encodeToString(verifier));
    }

    /** Whether {@code password} is the one {@code stored} was made from, compared in constant time. */
    public boolean matches(char[] password, KeyVerifier stored) {
        if (!ALGORITHM.equals(stored.algorithm())) {
            throw new IllegalArgumentException("unsupported key derivation " + stored.algorithm());
        }
        checkIterations(stored.iterations());
        Base64.Decoder b64 = Base64.getDecoder();
        byte[] expected = b64.decode(stored.verifier());
        byte[] actual = verifier(password, b64.decode(stored.salt()), stored.iterations());
        return MessageDigest.isEqual(expected, actual);
    }

    /** Whether a key derivation of {@code iterations} is one HVM runs: between 1 and {@link #MAX_ITERATIONS}. */
    public static boolean acceptable(int iterations) {
        return iterations > 0 && iterations <= MAX_ITERATIONS;
    }

    private static void checkIterations(int iterations) {
        if (!acceptable(iterations)) {
            throw new IllegalArgumentException(iterations + " key derivation iterations are outside 1.." + MAX_ITERATIONS);
        }
    }

    private static byte[] verifier(char[] password, byte[] salt, int iterations) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, KEY_BITS);
        byte[] key = null;
        try {
            key = SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(VERIFIER_LABEL);
        } catch (GeneralSecurityException e) {
            // Both algorithms are mandatory in every JDK; the message names no secret.
            throw new IllegalStateException("key derivation failed: " + e.getClass().getSimpleName(), e);
        } finally {
            spec.clearPassword();
            if (key != null) {
                Arrays.fill(key, (byte) 0);
            }
        }
    }
}
