package io.keyline.sdk;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The stable hash of calculated sharding: the same value gives the same shard in every process,
 * JVM version and language, so a reader computes the shard of a known item instead of asking all
 * of them. It is the first 8 bytes of the MD5 digest of the value, read as an unsigned big-endian
 * number, modulo the shard count. The bytes hashed are the UTF-8 of an S value, the decimal text
 * of an N value as written (so write numbers in one form: {@code 7} and {@code 7.0} hash apart)
 * and the raw bytes of a B value. In Python:
 * {@code int.from_bytes(hashlib.md5(v.encode()).digest()[:8], 'big') % n}.
 *
 * <p>MD5 is used for its spread and its ubiquity, not for security. Stateless and thread-safe.
 */
public final class ShardHash {
    private ShardHash() {}

    /** The shard (0 to {@code shards - 1}) of {@code value}, an S, N or B attribute value. */
    public static int shardOf(AttributeValue value, int shards) {
        if (shards < 1) throw new IllegalArgumentException("shards must be at least 1, got " + shards);
        return shardOf(bytesOf(value), shards);
    }

    /** The shard of raw bytes: the definition the other overload applies. */
    public static int shardOf(byte[] bytes, int shards) {
        long head = ByteBuffer.wrap(md5(bytes), 0, Long.BYTES).getLong();
        return (int) Long.remainderUnsigned(head, shards);
    }

    private static byte[] bytesOf(AttributeValue value) {
        if (value == null) throw new IllegalArgumentException("no value to hash");
        return switch (value.type()) {
            case S -> value.s().getBytes(StandardCharsets.UTF_8);
            case N -> value.n().getBytes(StandardCharsets.UTF_8);
            case B -> value.b().asByteArray();
            default -> throw new IllegalArgumentException(
                    "calculated sharding hashes an S, N or B value, not " + value.type());
        };
    }

    private static byte[] md5(byte[] bytes) {
        try {
            return MessageDigest.getInstance("MD5").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must provide MD5", e);
        }
    }
}
