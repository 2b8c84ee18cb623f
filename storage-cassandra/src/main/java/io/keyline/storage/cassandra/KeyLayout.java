package io.keyline.storage.cassandra;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * How an SPI key maps onto Cassandra's columns. A key splits into a <em>head</em>, its first
 * {@value #HEAD_BYTES} bytes (the whole key if shorter), and a <em>tail</em>, the rest. With the
 * engine's key codec the head is the keyspace id and the token, so a head is one DynamoDB
 * partition (or a few whose keys share a token): the Cassandra partition. The tail (partition
 * key and sort key) is a clustering column, so a Query is one slice of one Cassandra partition.
 * Heads are grouped into <em>shards</em>, a head's first {@value #SHARD_BYTES} bytes (the
 * keyspace id and the token's top byte), so the directory of heads has 256 Cassandra partitions
 * per table instead of one.
 *
 * <p>Order: comparing two keys as unsigned bytes is comparing their heads, then their tails
 * (a short head is the whole key, so it never shares a head with a longer key); and the key sets
 * of two shards never interleave, so walking shards, then heads, then tails in order walks keys
 * in order. Each stored column is the value behind one {@value #MARK} byte, because Cassandra
 * refuses an empty partition key and the SPI allows an empty key; the mark keeps byte order.
 *
 * <p>Stateless; every method returns fresh buffers.
 */
final class KeyLayout {
    static final int HEAD_BYTES = 16;
    static final int SHARD_BYTES = 9;
    private static final byte MARK = 0;

    private KeyLayout() {}

    static byte[] head(byte[] key) { return Arrays.copyOf(key, Math.min(HEAD_BYTES, key.length)); }

    static byte[] tail(byte[] key) {
        return key.length <= HEAD_BYTES ? new byte[0] : Arrays.copyOfRange(key, HEAD_BYTES, key.length);
    }

    /** The shard of a head (or of a key: the same bytes). */
    static byte[] shard(byte[] headOrKey) { return Arrays.copyOf(headOrKey, Math.min(SHARD_BYTES, headOrKey.length)); }

    /** The key of {@code head} and {@code tail}. */
    static byte[] key(byte[] head, byte[] tail) {
        byte[] key = Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, key, head.length, tail.length);
        return key;
    }

    /** {@code bytes} as stored: behind the mark byte. */
    static ByteBuffer stored(byte[] bytes) {
        byte[] out = new byte[bytes.length + 1];
        out[0] = MARK;
        System.arraycopy(bytes, 0, out, 1, bytes.length);
        return ByteBuffer.wrap(out);
    }

    /** The bytes of a stored column. */
    static byte[] unstored(ByteBuffer column) {
        ByteBuffer b = column.duplicate();
        byte[] out = new byte[b.remaining() - 1];
        b.position(b.position() + 1);
        b.get(out);
        return out;
    }

    /**
     * Whether every key of {@code [from, to)} has the head of {@code from}: then a range is one
     * slice of one Cassandra partition, with no directory lookup (the common Query).
     */
    static boolean withinOneHead(byte[] from, byte[] to) {
        if (from == null || to == null || from.length < HEAD_BYTES) return false;
        byte[] next = successor(head(from));
        return next != null && Arrays.compareUnsigned(to, next) <= 0;
    }

    /** The lower bound of tails inside {@code head} for keys {@code >= from}, or null for none. */
    static byte[] lowerTail(byte[] head, byte[] from) {
        if (from == null || from.length < HEAD_BYTES || head.length < HEAD_BYTES || !startsWith(from, head)) return null;
        return tail(from);
    }

    /** The upper bound (exclusive) of tails inside {@code head} for keys {@code < to}, or null for none. */
    static byte[] upperTail(byte[] head, byte[] to) {
        if (to == null || to.length < HEAD_BYTES || head.length < HEAD_BYTES || !startsWith(to, head)) return null;
        return tail(to);
    }

    /** The next 16-byte head after {@code head} (as a big-endian number), or null after all 0xff. */
    private static byte[] successor(byte[] head) {
        byte[] next = head.clone();
        for (int i = next.length - 1; i >= 0; i--) {
            if (++next[i] != 0) return next;
        }
        return null;
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix) {
        return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
    }
}
