package io.keyline.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;

/**
 * One access key of the credentials file: its id, its secret, the account its requests act in,
 * and, for temporary credentials, the session token every request with the key must carry
 * (null for a long-term key: docs/RULES.md#AUTH-SESSION-TOKEN). {@link #toString} never shows
 * the secret or the token, so a credential logged by mistake leaks nothing
 * (docs/RULES.md#AUTH-CREDENTIALS). Immutable.
 */
public record Credential(String accessKeyId, String secretAccessKey, String accountId, String sessionToken) {
    public Credential {
        Objects.requireNonNull(accessKeyId, "accessKeyId");
        Objects.requireNonNull(secretAccessKey, "secretAccessKey");
        Objects.requireNonNull(accountId, "accountId");
    }

    /** A long-term key: no session token. */
    public Credential(String accessKeyId, String secretAccessKey, String accountId) {
        this(accessKeyId, secretAccessKey, accountId, null);
    }

    /**
     * The account of an access key whose section names none: twelve decimal digits of the
     * SHA-256 of the key id, so the same key always lands in the same account (and never in
     * {@code 000000000000}, the account of unverified requests, but by a 1 in 10^12 chance).
     */
    public static String defaultAccountOf(String accessKeyId) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(accessKeyId.getBytes(StandardCharsets.UTF_8));
            long v = 0;
            for (int i = 0; i < 8; i++) v = v << 8 | (h[i] & 0xff);
            return String.format("%012d", Long.remainderUnsigned(v, 1_000_000_000_000L));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    @Override public String toString() {
        return "Credential[accessKeyId=" + accessKeyId + ", secretAccessKey=****, accountId=" + accountId
                + (sessionToken == null ? "" : ", sessionToken=****") + "]";
    }
}
