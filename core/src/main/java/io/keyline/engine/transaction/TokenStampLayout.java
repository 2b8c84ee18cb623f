package io.keyline.engine.transaction;

import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.ReadView;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where ClientRequestToken stamps live in storage (docs/RULES.md#TX-IDEMPOTENCY-DURABLE).
 * Persisted format, in the catalog's keyspace 0 (the catalog uses tags 0x01, 0x02 and 0x10, the
 * GSI change log 0x03, streams 0x20 and 0x21):
 *
 * <pre>
 * stamp   prefix(0) | 0x48 | completion epoch millis (8, big-endian) | token (UTF-8, the rest)
 *         → version (1: 0x01) | request digest (UTF-8, the rest)
 * </pre>
 *
 * by token prefix(0) | 0x49 | token length (2, big-endian) | token (UTF-8) | completion epoch millis (8)
 *         → the stamp's value
 * </pre>
 *
 * Keys sort by completion time, so stamps load oldest first. The token is the namespace's
 * token as {@link IdempotencyTokens} names it. The by-token copy is written only where several
 * Keyline nodes share the storage (docs/RULES.md#CLUSTER-TOKENS-SHARED): there a retry can reach a
 * node that never saw the first request, and finds its stamp with one short range read; each
 * copy is deleted with its stamp, by its exact key, so never a newer stamp's. Stateless.
 */
final class TokenStampLayout {
    static final byte TAG = 0x48;
    static final byte BY_TOKEN_TAG = 0x49;
    private static final byte VERSION = 0x01;
    private static final int HEADER = Keyspaces.PREFIX_LENGTH + 1 + Long.BYTES;

    /** A stamp read back. */
    record Stored(byte[] key, String token, Instant completedAt, String digest) {}

    private TokenStampLayout() {}

    static byte[] key(Instant completedAt, String token) {
        byte[] t = token.getBytes(StandardCharsets.UTF_8);
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(1 + Long.BYTES + t.length)
                .put(TAG).putLong(completedAt.toEpochMilli()).put(t).array());
    }

    /** The by-token copy's key of the stamp of {@code token} completed at {@code completedAt}. */
    static byte[] byTokenKey(String token, Instant completedAt) {
        byte[] prefix = byTokenPrefix(token);
        return ByteBuffer.allocate(prefix.length + Long.BYTES).put(prefix).putLong(completedAt.toEpochMilli()).array();
    }

    /** The by-token copy's key of the stamp whose key is {@code stampKey}. */
    static byte[] byTokenKeyOf(byte[] stampKey) {
        long millis = ByteBuffer.wrap(stampKey, HEADER - Long.BYTES, Long.BYTES).getLong();
        return byTokenKey(new String(stampKey, HEADER, stampKey.length - HEADER, StandardCharsets.UTF_8), Instant.ofEpochMilli(millis));
    }

    /** Every by-token key of {@code token} starts with this; no other token's does (its length comes first). */
    private static byte[] byTokenPrefix(String token) {
        byte[] t = token.getBytes(StandardCharsets.UTF_8);
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(1 + Short.BYTES + t.length)
                .put(BY_TOKEN_TAG).putShort((short) t.length).put(t).array());
    }

    /** The newest stamp of {@code token} in storage, by its by-token copies, or null if it has none. */
    static Stored newest(ReadView storage, String token) {
        byte[] prefix = byTokenPrefix(token);
        byte[] end = Arrays.copyOf(prefix, prefix.length + Long.BYTES + 1);
        Arrays.fill(end, prefix.length, end.length, (byte) 0xFF);
        Stored newest = null;
        try (Cursor c = storage.range(prefix, end, false)) {
            while (c.next()) {
                byte[] key = c.key();
                byte[] value = c.value();
                if (key.length != prefix.length + Long.BYTES || value.length < 1 || value[0] != VERSION) continue;
                Instant at = Instant.ofEpochMilli(ByteBuffer.wrap(key, prefix.length, Long.BYTES).getLong());
                String digest = new String(value, 1, value.length - 1, StandardCharsets.UTF_8);
                if (newest == null || at.isAfter(newest.completedAt())) newest = new Stored(key(at, token), token, at, digest);
            }
        }
        return newest;
    }

    static byte[] value(String digest) {
        byte[] d = digest.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + d.length).put(VERSION).put(d).array();
    }

    /** Every stamp in storage, oldest first; entries of an unknown version are skipped (a newer Keyline wrote them). */
    static List<Stored> readAll(ReadView storage) {
        List<Stored> out = new ArrayList<>();
        try (Cursor c = storage.range(Keyspaces.key(Keyspaces.CATALOG, new byte[] {TAG}),
                Keyspaces.key(Keyspaces.CATALOG, new byte[] {TAG + 1}), false)) {
            while (c.next()) {
                byte[] key = c.key();
                byte[] value = c.value();
                if (key.length < HEADER || value.length < 1 || value[0] != VERSION) continue;
                long millis = ByteBuffer.wrap(key, Keyspaces.PREFIX_LENGTH + 1, Long.BYTES).getLong();
                String token = new String(Arrays.copyOfRange(key, HEADER, key.length), StandardCharsets.UTF_8);
                String digest = new String(value, 1, value.length - 1, StandardCharsets.UTF_8);
                out.add(new Stored(key, token, Instant.ofEpochMilli(millis), digest));
            }
        }
        return out;
    }
}
