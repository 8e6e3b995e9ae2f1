package hvm.gui.internal.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Objects;

/**
 * What an encrypted VM stores to check a password later: the KDF's algorithm, salt (Base64) and
 * iteration count, and a one-way verifier (Base64) of the derived key. Never the password, never
 * the key itself.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record KeyVerifier(String algorithm, String salt, int iterations, String verifier) {
    public KeyVerifier {
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(salt, "salt");
        Objects.requireNonNull(verifier, "verifier");
        if (iterations <= 0) {
            throw new IllegalArgumentException("iterations must be positive");
        }
    }
}
