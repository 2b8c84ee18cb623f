package io.keyline.engine.codec;

import static io.keyline.engine.codec.RandomValues.DYNAMODB_ORDER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.engine.api.KeyRange;
import io.keyline.engine.api.SortKeyCondition;
import io.keyline.model.AttributeValue;
import io.keyline.model.ScalarType;
import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class KeyCodecTest {
    private static final long TABLE = 42;

    // ---- order ----

    @Test void partitionKeyEndFindsTheEncodedPartitionKeyAndOnlyAWholeOne() {
        AttributeValue pk = new AttributeValue.S("user\u0000x");
        byte[] prefix = KeyCodec.partitionPrefix(TABLE, pk);
        byte[] item = KeyCodec.itemKey(TABLE, pk, new AttributeValue.N(new java.math.BigDecimal("7")));
        assertThat(KeyCodec.partitionKeyEnd(item, List.of(ScalarType.S))).isEqualTo(prefix.length);
        assertThat(KeyCodec.partitionKeyEnd(prefix, List.of(ScalarType.S))).isEqualTo(prefix.length);
        // range bounds: a token start, a prefix end (terminator bumped), a key whose token bytes are not its own
        assertThat(KeyCodec.partitionKeyEnd(KeyCodec.tokenStart(TABLE, 5), List.of(ScalarType.S))).isEqualTo(-1);
        assertThat(KeyCodec.partitionKeyEnd(Keyspaces.prefixEnd(prefix), List.of(ScalarType.S))).isEqualTo(-1);
        byte[] forged = item.clone();
        forged[12] ^= 1;
        assertThat(KeyCodec.partitionKeyEnd(forged, List.of(ScalarType.S))).isEqualTo(-1);
        // an index key: the hash parts together are its partition key
        List<AttributeValue> hash = List.of(new AttributeValue.N(new java.math.BigDecimal("-12.5")), new AttributeValue.B(
                io.keyline.model.Binary.wrap(new byte[] {0, (byte) 0xff})));
        byte[] entry = KeyCodec.indexKey(TABLE, hash, List.of(), pk, null);
        assertThat(KeyCodec.partitionKeyEnd(entry, List.of(ScalarType.N, ScalarType.B)))
                .isEqualTo(KeyCodec.indexPrefix(TABLE, hash, List.of()).length);
    }

    @Test void encodedOrderIsDynamoDbOrderForEveryType() {
        for (ScalarType type : ScalarType.values()) {
            RandomValues values = new RandomValues(type.ordinal() + 100);
            Random random = values.random();
            for (int i = 0; i < 20_000; i++) {
                AttributeValue a = values.scalar(type);
                AttributeValue b = values.scalar(type);
                // Random trailing bytes stand for whatever component follows: order must not depend on it.
                byte[] ka = withSuffix(encode(a), random);
                byte[] kb = withSuffix(encode(b), random);
                int expected = Integer.signum(RandomValues.compare(a, b));
                if (expected != 0) {
                    assertThat(Integer.signum(Arrays.compareUnsigned(ka, kb))).as("%s vs %s", a, b).isEqualTo(expected);
                } else {
                    assertThat(encode(a)).isEqualTo(encode(b));
                }
            }
        }
    }

    @Test void itemKeysOfOnePartitionSortBySortKey() {
        for (ScalarType type : ScalarType.values()) {
            RandomValues values = new RandomValues(7 + type.ordinal());
            AttributeValue pk = AttributeValue.s("partition");
            List<AttributeValue> sortKeys = new ArrayList<>();
            for (int i = 0; i < 2000; i++) sortKeys.add(values.scalar(type));
            List<AttributeValue> byKey = new ArrayList<>(sortKeys);
            byKey.sort((x, y) -> Arrays.compareUnsigned(KeyCodec.itemKey(TABLE, pk, x), KeyCodec.itemKey(TABLE, pk, y)));
            List<AttributeValue> byDynamo = new ArrayList<>(sortKeys);
            byDynamo.sort(DYNAMODB_ORDER);
            assertThat(byKey).containsExactlyElementsOf(byDynamo);
        }
    }

    @Test void notableNumbersSortNumerically() {
        String[] ascending = {"-9.9999999999999999999999999999999999999E+125", "-1E+125", "-100", "-10", "-9.99", "-1.01",
                "-1.001", "-1", "-0.5", "-1E-130", "0", "1E-130", "1.5E-130", "0.001", "0.1", "0.5", "1", "1.0000000000000000000000000000000000001",
                "1.001", "1.01", "1.1", "2", "9.99", "10", "10.5", "11", "100", "12345678901234567890123456789012345678",
                "1E+125", "9.9999999999999999999999999999999999999E+125"};
        for (int i = 1; i < ascending.length; i++) {
            byte[] lower = encode(AttributeValue.n(ascending[i - 1]));
            byte[] upper = encode(AttributeValue.n(ascending[i]));
            assertThat(Arrays.compareUnsigned(lower, upper)).as("%s < %s", ascending[i - 1], ascending[i]).isNegative();
        }
        assertThat(encode(AttributeValue.n("-0"))).isEqualTo(encode(AttributeValue.n("0.000")));
        assertThat(encode(AttributeValue.n("1.50"))).isEqualTo(encode(AttributeValue.n("1.5")));
        assertThat(encode(AttributeValue.n("9.9999999999999999999999999999999999999E+125"))).hasSize(21);
    }

    @Test void numbersOutsideDynamoDbsRangeAreRejected() {
        for (String bad : new String[] {"1E+126", "1E-131", "-1E+126", "1.00000000000000000000000000000000000001"}) {
            assertThatThrownBy(() -> encode(AttributeValue.n(bad))).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test void onlyScalarsCanBeKeyValues() {
        assertThatThrownBy(() -> KeyCodec.itemKey(TABLE, AttributeValue.bool(true), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BOOL");
    }

    @Test void tokensOrderPartitionsAndSortSignedInBytes() {
        long[] tokens = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE};
        for (int i = 1; i < tokens.length; i++) {
            assertThat(Arrays.compareUnsigned(KeyCodec.tokenStart(TABLE, tokens[i - 1]), KeyCodec.tokenStart(TABLE, tokens[i]))).isNegative();
        }
        RandomValues values = new RandomValues(3);
        for (int i = 0; i < 1000; i++) {
            AttributeValue a = values.scalar(ScalarType.S);
            AttributeValue b = values.scalar(ScalarType.S);
            if (a.equals(b)) continue;
            int byToken = Long.compare(KeyCodec.token(a), KeyCodec.token(b));
            int byKey = Integer.signum(Arrays.compareUnsigned(KeyCodec.itemKey(TABLE, a, null), KeyCodec.itemKey(TABLE, b, null)));
            if (byToken != 0) assertThat(byKey).isEqualTo(byToken);
        }
    }

    @Test void tokenIsCassandrasTokenOfTheEncodedPartitionKey() {
        AttributeValue pk = AttributeValue.s("user#1");
        byte[] key = KeyCodec.itemKey(TABLE, pk, AttributeValue.n(5));
        byte[] encodedPk = encode(pk);
        assertThat(KeyCodec.token(pk)).isEqualTo(Murmur3.token(encodedPk));
        assertThat(KeyCodec.decode(key, ScalarType.S, ScalarType.N).token()).isEqualTo(KeyCodec.token(pk));
        assertThat(KeyCodec.token(List.of(pk))).isEqualTo(KeyCodec.token(pk));
    }

    /** The ASCII fast path writes exactly the escaped UTF-8 bytes, wherever a non-ASCII character starts. */
    @Test void stringKeysEncodeAsTheirEscapedUtf8Bytes() {
        for (String text : List.of("", "user#1", "a\u0000b", "\u00e9t\u00e9", "ab\u00e9", "x\uD83D\uDE00y", "\u65e5\u672c", "\u007f\u0080")) {
            ByteSink fast = new ByteSink(4);
            OrderedEncoding.writeString(fast, text);
            ByteSink reference = new ByteSink(4);
            OrderedEncoding.writeBytes(reference, text.getBytes(java.nio.charset.StandardCharsets.UTF_8), true);
            assertThat(fast.toByteArray()).as(text).isEqualTo(reference.toByteArray());
        }
    }

    // ---- round trips ----

    @Test void itemKeysDecodeBack() {
        RandomValues values = new RandomValues(11);
        for (int i = 0; i < 5000; i++) {
            ScalarType pkType = ScalarType.values()[i % 3];
            ScalarType skType = i % 4 == 0 ? null : ScalarType.values()[(i / 3) % 3];
            long keyspace = values.random().nextLong();
            AttributeValue pk = values.scalar(pkType);
            AttributeValue sk = skType == null ? null : values.scalar(skType);
            DecodedKey decoded = KeyCodec.decode(KeyCodec.itemKey(keyspace, pk, sk), pkType, skType);
            assertThat(decoded).isEqualTo(new DecodedKey(keyspace, KeyCodec.token(pk), pk, sk));
        }
    }

    @Test void indexKeysDecodeBack() {
        RandomValues values = new RandomValues(12);
        for (int i = 0; i < 2000; i++) {
            List<ScalarType> hashTypes = randomTypes(values.random(), 1 + values.random().nextInt(4));
            List<ScalarType> rangeTypes = randomTypes(values.random(), values.random().nextInt(5));
            List<AttributeValue> hash = hashTypes.stream().map(values::scalar).toList();
            List<AttributeValue> range = rangeTypes.stream().map(values::scalar).toList();
            AttributeValue basePk = values.scalar(ScalarType.S);
            AttributeValue baseSk = i % 2 == 0 ? null : values.scalar(ScalarType.N);
            byte[] key = KeyCodec.indexKey(9, hash, range, basePk, baseSk);
            DecodedIndexKey decoded = KeyCodec.decodeIndexKey(key, hashTypes, rangeTypes, ScalarType.S, baseSk == null ? null : ScalarType.N);
            assertThat(decoded).isEqualTo(new DecodedIndexKey(9, KeyCodec.token(hash), hash, range, basePk, baseSk));
        }
    }

    @Test void malformedKeysAreRejected() {
        byte[] key = KeyCodec.itemKey(TABLE, AttributeValue.s("a"), AttributeValue.s("b"));
        assertThatThrownBy(() -> KeyCodec.decode(key, ScalarType.S, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> KeyCodec.decode(Arrays.copyOf(key, key.length - 1), ScalarType.S, ScalarType.S))
                .isInstanceOf(IllegalArgumentException.class);
        for (int cut = 0; cut < key.length; cut++) {
            byte[] truncated = Arrays.copyOf(key, cut);
            assertThatThrownBy(() -> KeyCodec.decode(truncated, ScalarType.S, ScalarType.S)).isInstanceOf(IllegalArgumentException.class);
        }
        byte[] badEscape = KeyCodec.itemKey(TABLE, AttributeValue.s("a"), null);
        badEscape[badEscape.length - 1] = 0x02;
        assertThatThrownBy(() -> KeyCodec.decode(badEscape, ScalarType.S, null)).isInstanceOf(IllegalArgumentException.class);
    }

    // ---- ranges, checked against a real store ----

    @Test void sortKeyConditionsSelectExactlyTheMatchingItems() {
        for (ScalarType type : ScalarType.values()) {
            RandomValues values = new RandomValues(21 + type.ordinal());
            MemoryStorage storage = new MemoryStorage();
            AttributeValue pk = AttributeValue.n(7);
            List<AttributeValue> sortKeys = new ArrayList<>();
            WriteBatch batch = new WriteBatch();
            for (int i = 0; i < 200; i++) {
                AttributeValue sk = values.scalar(type);
                if (!sortKeys.contains(sk)) sortKeys.add(sk);
                batch.put(KeyCodec.itemKey(TABLE, pk, sk), new byte[0]);
                // Neighbours that must never leak into the partition's ranges.
                batch.put(KeyCodec.itemKey(TABLE, AttributeValue.n(8), sk), new byte[0]);
                batch.put(KeyCodec.itemKey(TABLE - 1, pk, sk), new byte[0]);
                batch.put(KeyCodec.itemKey(TABLE + 1, pk, sk), new byte[0]);
            }
            storage.write(batch);
            sortKeys.sort(DYNAMODB_ORDER);
            for (int round = 0; round < 60; round++) {
                AttributeValue a = round % 2 == 0 ? sortKeys.get(values.random().nextInt(sortKeys.size())) : values.scalar(type);
                AttributeValue b = values.scalar(type);
                if (RandomValues.compare(a, b) > 0) { AttributeValue t = a; a = b; b = t; }
                AttributeValue lo = a;
                AttributeValue hi = b;
                check(storage, pk, type, sortKeys, SortKeyCondition.EQ, lo, null, v -> RandomValues.compare(v, lo) == 0);
                check(storage, pk, type, sortKeys, SortKeyCondition.LT, lo, null, v -> RandomValues.compare(v, lo) < 0);
                check(storage, pk, type, sortKeys, SortKeyCondition.LE, lo, null, v -> RandomValues.compare(v, lo) <= 0);
                check(storage, pk, type, sortKeys, SortKeyCondition.GT, lo, null, v -> RandomValues.compare(v, lo) > 0);
                check(storage, pk, type, sortKeys, SortKeyCondition.GE, lo, null, v -> RandomValues.compare(v, lo) >= 0);
                check(storage, pk, type, sortKeys, SortKeyCondition.BETWEEN, lo, hi,
                        v -> RandomValues.compare(v, lo) >= 0 && RandomValues.compare(v, hi) <= 0);
                if (type != ScalarType.N) {
                    check(storage, pk, type, sortKeys, SortKeyCondition.BEGINS_WITH, lo, null, v -> beginsWith(v, lo));
                }
            }
            KeyRange whole = KeyCodec.partitionRange(TABLE, pk);
            assertThat(scan(storage, whole, type, false)).containsExactlyElementsOf(sortKeys);
        }
    }

    private static void check(MemoryStorage storage, AttributeValue pk, ScalarType type, List<AttributeValue> sorted,
                              SortKeyCondition condition, AttributeValue a, AttributeValue b, Predicate<AttributeValue> matches) {
        KeyRange range = condition == SortKeyCondition.BEGINS_WITH ? KeyCodec.beginsWithRange(TABLE, pk, a)
                : KeyCodec.sortKeyRange(TABLE, pk, condition, a, b);
        List<AttributeValue> expected = sorted.stream().filter(matches).toList();
        assertThat(scan(storage, range, type, false)).as("%s %s %s", condition, a, b).containsExactlyElementsOf(expected);
        List<AttributeValue> reversed = new ArrayList<>(expected);
        Collections.reverse(reversed);
        assertThat(scan(storage, range, type, true)).as("reverse %s %s %s", condition, a, b).containsExactlyElementsOf(reversed);
    }

    private static List<AttributeValue> scan(MemoryStorage storage, KeyRange range, ScalarType type, boolean reverse) {
        List<AttributeValue> out = new ArrayList<>();
        try (Cursor cursor = storage.range(range.start(), range.end(), reverse)) {
            while (cursor.next()) out.add(KeyCodec.decode(cursor.key(), ScalarType.N, type).sortKey());
        }
        return out;
    }

    private static boolean beginsWith(AttributeValue v, AttributeValue prefix) {
        if (v instanceof AttributeValue.S s) return s.value().startsWith(((AttributeValue.S) prefix).value());
        return ((AttributeValue.B) v).value().startsWith(((AttributeValue.B) prefix).value());
    }

    @Test void indexRangesSelectByLeadingPartsThenCondition() {
        MemoryStorage storage = new MemoryStorage();
        List<AttributeValue> hash = List.of(AttributeValue.s("tenant"), AttributeValue.n(1));
        WriteBatch batch = new WriteBatch();
        List<String> all = new ArrayList<>();
        for (String region : List.of("eu", "us")) {
            for (int day = 1; day <= 5; day++) {
                for (String item : List.of("i1", "i2")) {
                    List<AttributeValue> range = List.of(AttributeValue.s(region), AttributeValue.n(day));
                    batch.put(KeyCodec.indexKey(TABLE, hash, range, AttributeValue.s(item), null), new byte[0]);
                    all.add(region + day + item);
                }
            }
        }
        batch.put(KeyCodec.indexKey(TABLE, List.of(AttributeValue.s("tenant"), AttributeValue.n(2)),
                List.of(AttributeValue.s("eu"), AttributeValue.n(3)), AttributeValue.s("other"), null), new byte[0]);
        storage.write(batch);

        assertThat(indexScan(storage, KeyCodec.indexRange(TABLE, hash, List.of(), null, null, null))).containsExactlyElementsOf(all);
        assertThat(indexScan(storage, KeyCodec.indexRange(TABLE, hash, List.of(AttributeValue.s("eu")), SortKeyCondition.BETWEEN,
                AttributeValue.n(2), AttributeValue.n(3)))).containsExactly("eu2i1", "eu2i2", "eu3i1", "eu3i2");
        assertThat(indexScan(storage, KeyCodec.indexRange(TABLE, hash, List.of(AttributeValue.s("us")), SortKeyCondition.LE,
                AttributeValue.n(1), null))).containsExactly("us1i1", "us1i2");
        assertThat(indexScan(storage, KeyCodec.indexRange(TABLE, hash, List.of(AttributeValue.s("us")), SortKeyCondition.GT,
                AttributeValue.n(4), null))).containsExactly("us5i1", "us5i2");
        assertThat(indexScan(storage, KeyCodec.indexRange(TABLE, hash, List.of(), SortKeyCondition.EQ,
                AttributeValue.s("eu"), null))).hasSize(10);
        assertThat(indexScan(storage, KeyCodec.indexRange(TABLE, hash, List.of(), SortKeyCondition.BEGINS_WITH,
                AttributeValue.s("u"), null))).hasSize(10).allMatch(s -> s.startsWith("us"));
    }

    private static List<String> indexScan(MemoryStorage storage, KeyRange range) {
        List<String> out = new ArrayList<>();
        try (Cursor cursor = storage.range(range.start(), range.end(), false)) {
            while (cursor.next()) {
                DecodedIndexKey k = KeyCodec.decodeIndexKey(cursor.key(), List.of(ScalarType.S, ScalarType.N),
                        List.of(ScalarType.S, ScalarType.N), ScalarType.S, null);
                out.add(((AttributeValue.S) k.rangeParts().get(0)).value() + ((AttributeValue.N) k.rangeParts().get(1)).text()
                        + ((AttributeValue.S) k.basePartitionKey()).value());
            }
        }
        return out;
    }

    // ---- keyspaces and segments ----

    @Test void keyspaceBoundsEncloseEveryKeyOfTheKeyspace() {
        assertThat(HexFormat.of().formatHex(KeyCodec.keyspaceStart(1))).isEqualTo("0000000000000001");
        assertThat(HexFormat.of().formatHex(KeyCodec.keyspaceEnd(1))).isEqualTo("0000000000000002");
        assertThat(HexFormat.of().formatHex(KeyCodec.keyspaceEnd(0xFFL))).isEqualTo("0000000000000100");
        assertThat(KeyCodec.keyspaceEnd(-1L)).isNull();
        byte[] key = KeyCodec.itemKey(1, AttributeValue.s("x"), null);
        assertThat(Arrays.compareUnsigned(KeyCodec.keyspaceStart(1), key)).isNegative();
        assertThat(Arrays.compareUnsigned(key, KeyCodec.keyspaceEnd(1))).isNegative();
    }

    @Test void successorIsTheFirstKeyAfter() {
        assertThat(KeyCodec.successor(new byte[] {5})).containsExactly(5, 0);
    }

    @Test void segmentsTileTheKeyspaceByTokenRange() {
        for (int total : new int[] {1, 2, 3, 7, 1000, 1_000_000}) {
            KeyRange first = KeyCodec.segmentBounds(TABLE, 0, total);
            KeyRange last = KeyCodec.segmentBounds(TABLE, total - 1, total);
            assertThat(first.start()).isEqualTo(KeyCodec.keyspaceStart(TABLE));
            assertThat(last.end()).isEqualTo(KeyCodec.keyspaceEnd(TABLE));
            Random random = new Random(total);
            for (int i = 0; i < Math.min(total - 1, 200); i++) {
                int segment = total <= 200 ? i : random.nextInt(total - 1);
                assertThat(KeyCodec.segmentBounds(TABLE, segment, total).end()).isEqualTo(KeyCodec.segmentBounds(TABLE, segment + 1, total).start());
            }
            for (int i = 0; i < 300; i++) {
                AttributeValue pk = AttributeValue.n(random.nextInt());
                byte[] key = KeyCodec.itemKey(TABLE, pk, null);
                int segment = expectedSegment(KeyCodec.token(pk), total);
                KeyRange bounds = KeyCodec.segmentBounds(TABLE, segment, total);
                assertThat(Arrays.compareUnsigned(bounds.start(), key)).isNotPositive();
                assertThat(Arrays.compareUnsigned(key, bounds.end())).isNegative();
            }
        }
        assertThatThrownBy(() -> KeyCodec.segmentBounds(TABLE, 3, 3)).isInstanceOf(IllegalArgumentException.class);
    }

    private static int expectedSegment(long token, int total) {
        BigInteger offset = BigInteger.valueOf(token).subtract(BigInteger.valueOf(Long.MIN_VALUE));
        return offset.multiply(BigInteger.valueOf(total)).shiftRight(64).intValueExact();
    }

    // ---- helpers ----

    private static byte[] encode(AttributeValue v) {
        ByteSink out = new ByteSink(24);
        OrderedEncoding.write(out, v);
        return out.toByteArray();
    }

    private static byte[] withSuffix(byte[] encoded, Random random) {
        byte[] out = Arrays.copyOf(encoded, encoded.length + random.nextInt(3));
        for (int i = encoded.length; i < out.length; i++) out[i] = (byte) (random.nextBoolean() ? 0xFF : 0x00);
        return out;
    }

    private static List<ScalarType> randomTypes(Random random, int count) {
        List<ScalarType> types = new ArrayList<>();
        for (int i = 0; i < count; i++) types.add(ScalarType.values()[random.nextInt(3)]);
        return types;
    }
}
