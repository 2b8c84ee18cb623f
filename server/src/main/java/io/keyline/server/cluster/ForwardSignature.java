package io.keyline.server.cluster;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The proof that a request carrying {@value Forwarder#HEADER} was forwarded by a node of the
 * cluster (docs/RULES.md#CLUSTER-FORWARD-TRUST): the header's value is
 * {@code v1 <epoch millis> <HMAC-SHA256, hex>} of
 * {@code keyline-forwarded-v1 \n millis \n X-Amz-Target \n SHA-256 of the body as sent (hex)},
 * keyed by the cluster's secret, which only the nodes read from the coordination tables. It is
 * good for {@link #WINDOW} either side of the verifier's clock (the nodes' clocks agree to well
 * within a second or two: their leases need it), so a captured header cannot be used on another
 * body or operation, nor after the window. A client cannot make one without the secret.
 *
 * <p>Threading: immutable, thread-safe (a {@link Mac} per call).
 */
public final class ForwardSignature {
    /** How far from the verifier's clock a signature's time may be. */
    public static final Duration WINDOW = Duration.ofSeconds(60);
    private static final String VERSION = "v1";
    private static final String ALGORITHM = "HmacSHA256";
    private static final HexFormat HEX = HexFormat.of();

    private final SecretKeySpec key;

    /** @param secret the cluster's secret (at least 16 bytes); copied, never logged */
    public ForwardSignature(byte[] secret) {
        if (secret == null || secret.length < 16) throw new IllegalArgumentException("a cluster secret has at least 16 bytes");
        this.key = new SecretKeySpec(secret.clone(), ALGORITHM);
    }

    /** The header's value for a request of {@code target} with {@code body} (as sent), signed at {@code millis}. */
    public String sign(long millis, String target, ByteBuffer body) {
        return VERSION + " " + millis + " " + HEX.formatHex(mac(millis, target, body));
    }

    /** Whether {@code header} is this cluster's signature of this request, made within the window of {@code nowMillis}. */
    public boolean verify(String header, String target, ByteBuffer body, long nowMillis) {
        if (header == null) return false;
        String[] parts = header.trim().split(" ");
        if (parts.length != 3 || !parts[0].equals(VERSION)) return false;
        long millis;
        byte[] given;
        try {
            millis = Long.parseLong(parts[1]);
            given = HEX.parseHex(parts[2]);
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (Math.abs(nowMillis - millis) > WINDOW.toMillis()) return false;
        return MessageDigest.isEqual(given, mac(millis, target, body)); // constant time
    }

    private byte[] mac(long millis, String target, ByteBuffer body) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(body.duplicate());
            String signed = "keyline-forwarded-" + VERSION + "\n" + millis + "\n" + (target == null ? "" : target.trim()) + "\n"
                    + HEX.formatHex(sha.digest());
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(signed.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is missing from this JVM", e); // every Java SE has it
        }
    }
}
