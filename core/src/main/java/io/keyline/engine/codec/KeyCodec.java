package io.keyline.engine.codec;

import static io.keyline.storage.Keyspaces.prefixEnd;

import io.keyline.engine.api.KeyRange;
import io.keyline.engine.api.SortKeyCondition;
import io.keyline.model.AttributeValue;
import io.keyline.model.ScalarType;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Stored key layout (DESIGN.md "Keys and layout"). Persisted format; golden-file tested.
 *
 * <pre>
 * table item   keyspace id (8, big-endian) | token (8) | pk | sk?
 * index entry  keyspace id (8) | token (8) | hash part... | range part... | base pk | base sk?
 * </pre>
 *
 * Each value is one {@link OrderedEncoding} component, so byte order is DynamoDB order and keys
 * decode back given the key types. The token is Cassandra's Murmur3 token of the encoded
 * partition key (of the encoded hash parts together, for an index), stored with its sign bit
 * flipped so tokens sort from Long.MIN_VALUE to Long.MAX_VALUE as unsigned bytes. Within one
 * keyspace a scan therefore walks tokens in order, and a partition (all items of one partition
 * key) is one contiguous range sorted by sort key.
 *
 * <p>Keyspace ids are compared as unsigned 64-bit numbers. Stateless and thread-safe.
 */
public final class KeyCodec {
    /** Bytes of keyspace id plus token: where the encoded partition key starts. */
    public static final int HEADER_BYTES = 16;
    private static final BigInteger TOKEN_SPACE = BigInteger.ONE.shiftLeft(64);

    private KeyCodec() {}

    // ---- tokens ----

    /** The token of a table item's partition key. */
    public static long token(AttributeValue partitionKey) {
        ByteSink out = new ByteSink(32);
        OrderedEncoding.write(out, partitionKey);
        return Murmur3.token(out.array(), 0, out.size());
    }

    /** The token of an index entry: of its hash parts encoded together. */
    public static long token(List<AttributeValue> hashParts) {
        ByteSink out = new ByteSink(32);
        for (AttributeValue part : hashParts) OrderedEncoding.write(out, part);
        return Murmur3.token(out.array(), 0, out.size());
    }

    // ---- table item keys ----

    /** The stored key of a table item; {@code sortKey} null when the table has none. */
    public static byte[] itemKey(long keyspaceId, AttributeValue partitionKey, AttributeValue sortKey) {
        ByteSink out = partition(keyspaceId, List.of(partitionKey));
        if (sortKey != null) OrderedEncoding.write(out, sortKey);
        return out.toByteArray();
    }

    /** The bytes every item key of this partition starts with (the whole key without a sort key). */
    public static byte[] partitionPrefix(long keyspaceId, AttributeValue partitionKey) {
        return partition(keyspaceId, List.of(partitionKey)).toByteArray();
    }

    /** Every item of one partition, in sort key order. */
    public static KeyRange partitionRange(long keyspaceId, AttributeValue partitionKey) {
        byte[] prefix = partitionPrefix(keyspaceId, partitionKey);
        return new KeyRange(prefix, prefixEnd(prefix));
    }

    /** A sort key bound: the key of the item with this sort key (identical to {@link #itemKey}). */
    public static byte[] sortKeyBound(long keyspaceId, AttributeValue partitionKey, AttributeValue sortKey) {
        return itemKey(keyspaceId, partitionKey, sortKey);
    }

    /** The items of one partition whose sort key meets the condition (b only for BETWEEN). */
    public static KeyRange sortKeyRange(long keyspaceId, AttributeValue partitionKey, SortKeyCondition condition,
                                        AttributeValue a, AttributeValue b) {
        return conditionRange(partitionPrefix(keyspaceId, partitionKey), condition, a, b);
    }

    /** The items of one partition whose S or B sort key begins with {@code prefix}. */
    public static KeyRange beginsWithRange(long keyspaceId, AttributeValue partitionKey, AttributeValue prefix) {
        return conditionRange(partitionPrefix(keyspaceId, partitionKey), SortKeyCondition.BEGINS_WITH, prefix, null);
    }

    public static DecodedKey decode(byte[] key, ScalarType partitionKeyType, ScalarType sortKeyTypeOrNull) {
        ByteSource in = new ByteSource(key);
        long keyspaceId = in.readLong();
        long token = in.readLong() ^ Long.MIN_VALUE;
        AttributeValue pk = OrderedEncoding.read(in, partitionKeyType);
        AttributeValue sk = sortKeyTypeOrNull == null ? null : OrderedEncoding.read(in, sortKeyTypeOrNull);
        requireEnd(in);
        return new DecodedKey(keyspaceId, token, pk, sk);
    }

    // ---- index entry keys (GSI; an LSI uses hashParts = [table pk]) ----

    /** An index entry's key: index key tuples, then the base item's key to keep entries unique. */
    public static byte[] indexKey(long keyspaceId, List<AttributeValue> hashParts, List<AttributeValue> rangeParts,
                                  AttributeValue basePartitionKey, AttributeValue baseSortKeyOrNull) {
        ByteSink out = partition(keyspaceId, hashParts);
        for (AttributeValue part : rangeParts) OrderedEncoding.write(out, part);
        OrderedEncoding.write(out, basePartitionKey);
        if (baseSortKeyOrNull != null) OrderedEncoding.write(out, baseSortKeyOrNull);
        return out.toByteArray();
    }

    /** The bytes every entry with these hash parts and these leading range parts starts with. */
    public static byte[] indexPrefix(long keyspaceId, List<AttributeValue> hashParts, List<AttributeValue> leadingRangeParts) {
        ByteSink out = partition(keyspaceId, hashParts);
        for (AttributeValue part : leadingRangeParts) OrderedEncoding.write(out, part);
        return out.toByteArray();
    }

    /**
     * Index entries with these hash parts, these leading range parts (equalities) and a
     * condition on the next range part; the condition may be null to take all of them.
     */
    public static KeyRange indexRange(long keyspaceId, List<AttributeValue> hashParts, List<AttributeValue> leadingRangeParts,
                                      SortKeyCondition condition, AttributeValue a, AttributeValue b) {
        byte[] prefix = indexPrefix(keyspaceId, hashParts, leadingRangeParts);
        if (condition == null) return new KeyRange(prefix, prefixEnd(prefix));
        return conditionRange(prefix, condition, a, b);
    }

    public static DecodedIndexKey decodeIndexKey(byte[] key, List<ScalarType> hashTypes, List<ScalarType> rangeTypes,
                                                 ScalarType basePartitionKeyType, ScalarType baseSortKeyTypeOrNull) {
        ByteSource in = new ByteSource(key);
        long keyspaceId = in.readLong();
        long token = in.readLong() ^ Long.MIN_VALUE;
        List<AttributeValue> hash = new ArrayList<>(hashTypes.size());
        for (ScalarType type : hashTypes) hash.add(OrderedEncoding.read(in, type));
        List<AttributeValue> range = new ArrayList<>(rangeTypes.size());
        for (ScalarType type : rangeTypes) range.add(OrderedEncoding.read(in, type));
        AttributeValue basePk = OrderedEncoding.read(in, basePartitionKeyType);
        AttributeValue baseSk = baseSortKeyTypeOrNull == null ? null : OrderedEncoding.read(in, baseSortKeyTypeOrNull);
        requireEnd(in);
        return new DecodedIndexKey(keyspaceId, token, hash, range, basePk, baseSk);
    }

    /**
     * Where the partition key (the hash parts, of {@code hashTypes}) of a stored table or index
     * key ends, or -1 when {@code key} holds no whole partition key whose token is the key's own
     * (a range bound: a keyspace or token start, a prefix end). The storage's partition layout
     * (docs/CLUSTER.md, "Layout") places keys by it.
     */
    public static int partitionKeyEnd(byte[] key, List<ScalarType> hashTypes) {
        if (key.length <= HEADER_BYTES) return -1;
        ByteSource in = new ByteSource(key, HEADER_BYTES, key.length);
        try {
            for (ScalarType type : hashTypes) OrderedEncoding.read(in, type);
        } catch (IllegalArgumentException | ArithmeticException e) {
            return -1;
        }
        int end = in.position();
        long token = Murmur3.token(key, HEADER_BYTES, end - HEADER_BYTES);
        long stored = 0;
        for (int i = 8; i < HEADER_BYTES; i++) stored = (stored << 8) | (key[i] & 0xff);
        return (stored ^ Long.MIN_VALUE) == token ? end : -1;
    }

    // ---- keyspaces, tokens and scan segments ----

    /** The first possible key of a keyspace: its 8-byte id. */
    public static byte[] keyspaceStart(long keyspaceId) {
        ByteSink out = new ByteSink(8);
        out.writeLong(keyspaceId);
        return out.toByteArray();
    }

    /** The first key after the keyspace (null past the last possible keyspace). */
    public static byte[] keyspaceEnd(long keyspaceId) {
        return keyspaceId == -1L ? null : keyspaceStart(keyspaceId + 1);
    }

    /** Every key of a keyspace. */
    public static KeyRange keyspaceRange(long keyspaceId) {
        return new KeyRange(keyspaceStart(keyspaceId), keyspaceEnd(keyspaceId));
    }

    /** The first possible key with this token in the keyspace. */
    public static byte[] tokenStart(long keyspaceId, long token) {
        ByteSink out = new ByteSink(HEADER_BYTES);
        out.writeLong(keyspaceId);
        out.writeLong(token ^ Long.MIN_VALUE);
        return out.toByteArray();
    }

    /**
     * Parallel-scan segment {@code segment} of {@code totalSegments}: the segment-th of
     * totalSegments equal slices of the token space, so the segments tile the keyspace.
     */
    public static KeyRange segmentBounds(long keyspaceId, int segment, int totalSegments) {
        if (totalSegments < 1 || segment < 0 || segment >= totalSegments) {
            throw new IllegalArgumentException("segment " + segment + " of " + totalSegments);
        }
        byte[] start = segment == 0 ? keyspaceStart(keyspaceId) : tokenStart(keyspaceId, segmentStartToken(segment, totalSegments));
        byte[] end = segment == totalSegments - 1 ? keyspaceEnd(keyspaceId)
                : tokenStart(keyspaceId, segmentStartToken(segment + 1, totalSegments));
        return new KeyRange(start, end);
    }

    /** The first token of a segment: Long.MIN_VALUE + floor(segment * 2^64 / total). */
    static long segmentStartToken(int segment, int totalSegments) {
        long offset = TOKEN_SPACE.multiply(BigInteger.valueOf(segment)).divide(BigInteger.valueOf(totalSegments)).longValue();
        return Long.MIN_VALUE + offset;
    }

    // ---- byte-range helpers ----

    /** The first key strictly after {@code key} (for resuming after an ExclusiveStartKey). */
    public static byte[] successor(byte[] key) { return Arrays.copyOf(key, key.length + 1); }

    /** The range of keys starting with {@code prefix} whose next component meets the condition. */
    static KeyRange conditionRange(byte[] prefix, SortKeyCondition condition, AttributeValue a, AttributeValue b) {
        return switch (condition) {
            case EQ -> {
                byte[] at = append(prefix, a);
                yield new KeyRange(at, prefixEnd(at));
            }
            case LT -> new KeyRange(prefix, append(prefix, a));
            case LE -> new KeyRange(prefix, prefixEnd(append(prefix, a)));
            case GT -> new KeyRange(prefixEnd(append(prefix, a)), prefixEnd(prefix));
            case GE -> new KeyRange(append(prefix, a), prefixEnd(prefix));
            case BETWEEN -> new KeyRange(append(prefix, a), prefixEnd(append(prefix, b)));
            case BEGINS_WITH -> {
                byte[] start = appendUnterminated(prefix, a);
                yield new KeyRange(start, prefixEnd(start));
            }
        };
    }

    private static ByteSink partition(long keyspaceId, List<AttributeValue> hashParts) {
        ByteSink out = new ByteSink(48);
        out.writeLong(keyspaceId);
        out.writeLong(0); // the token, patched in once the partition key is encoded
        for (AttributeValue part : hashParts) OrderedEncoding.write(out, part);
        long token = Murmur3.token(out.array(), HEADER_BYTES, out.size() - HEADER_BYTES);
        out.putLong(8, token ^ Long.MIN_VALUE);
        return out;
    }

    private static byte[] append(byte[] prefix, AttributeValue value) {
        ByteSink out = new ByteSink(prefix.length + 24);
        out.write(prefix);
        OrderedEncoding.write(out, value);
        return out.toByteArray();
    }

    private static byte[] appendUnterminated(byte[] prefix, AttributeValue value) {
        byte[] bytes;
        if (value instanceof AttributeValue.S s) bytes = s.value().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        else if (value instanceof AttributeValue.B bin) bytes = bin.value().unsafeArray();
        else throw new IllegalArgumentException("begins_with takes S or B, not " + (value == null ? "null" : value.type()));
        ByteSink out = new ByteSink(prefix.length + bytes.length + 8);
        out.write(prefix);
        OrderedEncoding.writeBytes(out, bytes, false);
        return out.toByteArray();
    }

    private static void requireEnd(ByteSource in) {
        if (in.hasMore()) throw new IllegalArgumentException("corrupt key: " + in.remaining() + " bytes after the last component");
    }
}
