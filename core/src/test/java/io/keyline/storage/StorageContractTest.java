package io.keyline.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link Storage} backend must give. A backend's test extends this class
 * and says how to open a fresh, empty storage; storage-rocksdb runs it through core's test-jar.
 */
public abstract class StorageContractTest {
    /** A fresh, empty storage; closed by the contract after each test. */
    protected abstract Storage openStorage() throws Exception;

    protected Storage storage;

    @BeforeEach void open() throws Exception {
        storage = openStorage();
    }

    @AfterEach void closeStorage() {
        storage.close();
    }

    // ---- point reads and writes ----

    @Test void getOfMissingKeyIsNull() {
        assertThat(storage.get(k("absent"))).isNull();
    }

    @Test void putThenGet() {
        put("a", "1");
        assertThat(str(storage.get(k("a")))).isEqualTo("1");
    }

    @Test void putOverwrites() {
        put("a", "1");
        put("a", "2");
        assertThat(str(storage.get(k("a")))).isEqualTo("2");
    }

    @Test void emptyValueIsStoredAndDistinctFromAbsent() {
        storage.write(new WriteBatch().put(k("a"), new byte[0]));
        assertThat(storage.get(k("a"))).isNotNull().isEmpty();
    }

    @Test void deleteRemovesAndDeletingMissingKeyIsANoOp() {
        put("a", "1");
        storage.write(new WriteBatch().delete(k("a")).delete(k("never")));
        assertThat(storage.get(k("a"))).isNull();
        assertThat(keys(storage.range(null, null, false))).isEmpty();
    }

    @Test void emptyBatchChangesNothing() {
        put("a", "1");
        storage.write(new WriteBatch());
        assertThat(str(storage.get(k("a")))).isEqualTo("1");
    }

    @Test void mutationsOfOneBatchApplyInOrder() {
        storage.write(new WriteBatch().put(k("a"), k("1")).delete(k("a")).delete(k("b")).put(k("b"), k("2"))
                .put(k("c"), k("3")).deleteRange(k("c"), k("d")).put(k("c"), k("4")));
        assertThat(storage.get(k("a"))).isNull();
        assertThat(str(storage.get(k("b")))).isEqualTo("2");
        assertThat(str(storage.get(k("c")))).isEqualTo("4");
    }

    @Test void storageKeepsItsOwnCopyOfKeysAndValues() {
        byte[] key = k("a");
        byte[] value = k("1");
        storage.write(new WriteBatch().put(key, value));
        key[0] = 'z';
        value[0] = '9';
        byte[] read = storage.get(k("a"));
        assertThat(str(read)).isEqualTo("1");
        read[0] = '8';
        assertThat(str(storage.get(k("a")))).isEqualTo("1");
    }

    @Test void multiGetAnswersInRequestOrderWithNullsForMissingKeys() {
        put("a", "1");
        put("c", "3");
        List<byte[]> values = storage.multiGet(List.of(k("c"), k("b"), k("a"), k("c")));
        assertThat(values).hasSize(4);
        assertThat(str(values.get(0))).isEqualTo("3");
        assertThat(values.get(1)).isNull();
        assertThat(str(values.get(2))).isEqualTo("1");
        assertThat(str(values.get(3))).isEqualTo("3");
    }

    // ---- ordering and ranges ----

    @Test void keysOrderAsUnsignedBytes() {
        List<byte[]> keys = List.of(hex(""), hex("00"), hex("0000"), hex("01"), hex("7f"), hex("7fff"), hex("80"),
                hex("8000"), hex("fe"), hex("ff"), hex("ff00"), hex("ffff"));
        WriteBatch batch = new WriteBatch();
        for (int i = keys.size() - 1; i >= 0; i--) batch.put(keys.get(i), new byte[] {(byte) i});
        storage.write(batch);
        assertThat(hexKeys(storage.range(null, null, false)))
                .containsExactly("", "00", "0000", "01", "7f", "7fff", "80", "8000", "fe", "ff", "ff00", "ffff");
        assertThat(hexKeys(storage.range(null, null, true)))
                .containsExactly("ffff", "ff00", "ff", "fe", "8000", "80", "7fff", "7f", "01", "0000", "00", "");
    }

    @Test void prefixSortsBeforeItsExtensions() {
        putAll("ab", "ab\0", "abc", "abd", "ac", "a");
        assertThat(strKeys(storage.range(null, null, false))).containsExactly("a", "ab", "ab\0", "abc", "abd", "ac");
    }

    @Test void rangeIncludesFromAndExcludesTo() {
        putAll("a", "b", "c", "d", "e");
        assertThat(strKeys(storage.range(k("b"), k("d"), false))).containsExactly("b", "c");
        assertThat(strKeys(storage.range(k("b"), k("d"), true))).containsExactly("c", "b");
    }

    @Test void rangeBoundsNeedNotBeStoredKeys() {
        putAll("a", "b", "c", "d", "e");
        assertThat(strKeys(storage.range(k("aa"), k("cc"), false))).containsExactly("b", "c");
        assertThat(strKeys(storage.range(k("aa"), k("cc"), true))).containsExactly("c", "b");
    }

    @Test void nullBoundsAreUnbounded() {
        putAll("a", "b", "c");
        assertThat(strKeys(storage.range(null, k("b"), false))).containsExactly("a");
        assertThat(strKeys(storage.range(k("b"), null, false))).containsExactly("b", "c");
        assertThat(strKeys(storage.range(null, k("b"), true))).containsExactly("a");
        assertThat(strKeys(storage.range(k("b"), null, true))).containsExactly("c", "b");
        assertThat(strKeys(storage.range(null, null, true))).containsExactly("c", "b", "a");
    }

    @Test void emptyAndInvertedRangesYieldNothing() {
        putAll("a", "b", "c");
        for (boolean reverse : new boolean[] {false, true}) {
            assertThat(keys(storage.range(k("b"), k("b"), reverse))).isEmpty();
            assertThat(keys(storage.range(k("c"), k("a"), reverse))).isEmpty();
            assertThat(keys(storage.range(k("x"), null, reverse))).isEmpty();
            assertThat(keys(storage.range(null, k("0"), reverse))).isEmpty();
        }
    }

    @Test void rangeOfEmptyStorageYieldsNothingAndStaysExhausted() {
        try (Cursor cursor = storage.range(null, null, false)) {
            assertThat(cursor.next()).isFalse();
            assertThat(cursor.next()).isFalse();
        }
    }

    @Test void exhaustedCursorStaysExhausted() {
        putAll("a");
        try (Cursor cursor = storage.range(null, null, true)) {
            assertThat(cursor.next()).isTrue();
            assertThat(str(cursor.key())).isEqualTo("a");
            assertThat(str(cursor.value())).isEqualTo("v-a");
            assertThat(cursor.next()).isFalse();
            assertThat(cursor.next()).isFalse();
        }
    }

    @Test void keyspacePrefixesStaySeparate() {
        byte[] ks1 = hex("0000000000000001");
        byte[] ks2 = hex("0000000000000002");
        byte[] ks3 = hex("0000000000000003");
        storage.write(new WriteBatch().put(cat(ks1, "x"), k("1")).put(cat(ks2, "a"), k("2"))
                .put(cat(ks2, "b"), k("3")).put(cat(ks3, ""), k("4")));
        assertThat(keys(storage.range(ks2, ks3, false))).hasSize(2);
        assertThat(keys(storage.range(ks2, ks3, true))).hasSize(2);
    }

    @Test void deleteRangeRemovesFromInclusiveToExclusive() {
        putAll("a", "b", "ba", "c", "d");
        storage.write(new WriteBatch().deleteRange(k("b"), k("d")));
        assertThat(strKeys(storage.range(null, null, false))).containsExactly("a", "d");
        assertThat(storage.get(k("ba"))).isNull();
    }

    @Test void deleteRangeOfEmptyInvertedOrMissingRangeIsANoOp() {
        putAll("a", "b");
        storage.write(new WriteBatch().deleteRange(k("x"), k("z")).deleteRange(k("b"), k("b")).deleteRange(k("b"), k("a")));
        assertThat(strKeys(storage.range(null, null, false))).containsExactly("a", "b");
    }

    @Test void manyKeysAndLargeValuesIterateInOrderBothWays() {
        int count = 5000;
        byte[] large = new byte[400 * 1024]; // DynamoDB's maximum item size
        Arrays.fill(large, (byte) 0x5a);
        WriteBatch batch = new WriteBatch();
        for (int i = count - 1; i >= 0; i--) batch.put(k(String.format("k%05d", i)), i == 1234 ? large : k(Integer.toString(i)));
        storage.write(batch);
        assertThat(storage.get(k("k01234"))).isEqualTo(large);
        List<byte[]> forward = keys(storage.range(null, null, false));
        List<byte[]> backward = keys(storage.range(null, null, true));
        assertThat(forward).hasSize(count);
        assertThat(backward).hasSize(count);
        for (int i = 0; i < count; i++) {
            assertThat(str(forward.get(i))).isEqualTo(String.format("k%05d", i));
            assertThat(str(backward.get(count - 1 - i))).isEqualTo(String.format("k%05d", i));
        }
    }

    @Test void randomOperationsMatchASortedMapModel() {
        Random random = new Random(20261130L);
        TreeMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
        for (int round = 0; round < 300; round++) {
            WriteBatch batch = new WriteBatch();
            int mutations = 1 + random.nextInt(8);
            for (int i = 0; i < mutations; i++) {
                int choice = random.nextInt(10);
                byte[] key = randomKey(random);
                if (choice < 6) {
                    byte[] value = randomKey(random);
                    batch.put(key, value);
                    model.put(key, value);
                } else if (choice < 9) {
                    batch.delete(key);
                    model.remove(key);
                } else {
                    byte[] to = randomKey(random);
                    if (Arrays.compareUnsigned(key, to) > 0) { byte[] t = key; key = to; to = t; }
                    batch.deleteRange(key, to);
                    model.subMap(key, true, to, false).clear();
                }
            }
            storage.write(batch);
            byte[] probe = randomKey(random);
            assertThat(storage.get(probe)).isEqualTo(model.get(probe));
            byte[] from = random.nextInt(5) == 0 ? null : randomKey(random);
            byte[] to = random.nextInt(5) == 0 ? null : randomKey(random);
            boolean reverse = random.nextBoolean();
            assertThat(entries(storage.range(from, to, reverse))).containsExactlyElementsOf(modelRange(model, from, to, reverse));
        }
        assertThat(entries(storage.range(null, null, false))).containsExactlyElementsOf(modelRange(model, null, null, false));
    }

    // ---- snapshots ----

    @Test void snapshotSeesThePointInTimeItWasTakenAt() {
        putAll("a", "b", "c", "d");
        try (Snapshot snapshot = storage.snapshot()) {
            storage.write(new WriteBatch().put(k("a"), k("new")).delete(k("b")).put(k("bb"), k("added"))
                    .deleteRange(k("c"), k("z")));
            assertThat(str(snapshot.get(k("a")))).isEqualTo("v-a");
            assertThat(str(snapshot.get(k("b")))).isEqualTo("v-b");
            assertThat(snapshot.get(k("bb"))).isNull();
            assertThat(strKeys(snapshot.range(null, null, false))).containsExactly("a", "b", "c", "d");
            assertThat(strKeys(snapshot.range(k("b"), null, true))).containsExactly("d", "c", "b");
            List<byte[]> values = snapshot.multiGet(List.of(k("a"), k("bb"), k("d")));
            assertThat(str(values.get(0))).isEqualTo("v-a");
            assertThat(values.get(1)).isNull();
            assertThat(str(values.get(2))).isEqualTo("v-d");

            assertThat(str(storage.get(k("a")))).isEqualTo("new");
            assertThat(strKeys(storage.range(null, null, false))).containsExactly("a", "bb");
        }
    }

    @Test void snapshotsTakenAtDifferentTimesDiffer() {
        put("a", "1");
        try (Snapshot first = storage.snapshot()) {
            put("a", "2");
            try (Snapshot second = storage.snapshot()) {
                put("a", "3");
                assertThat(str(first.get(k("a")))).isEqualTo("1");
                assertThat(str(second.get(k("a")))).isEqualTo("2");
                assertThat(str(storage.get(k("a")))).isEqualTo("3");
            }
            assertThat(str(first.get(k("a")))).isEqualTo("1");
        }
    }

    @Test void cursorOpenedFromASnapshotOutlivesTheSnapshot() {
        putAll("a", "b", "c");
        Snapshot snapshot = storage.snapshot();
        Cursor cursor = snapshot.range(null, null, false);
        assertThat(cursor.next()).isTrue();
        snapshot.close();
        storage.write(new WriteBatch().deleteRange(k("a"), k("z")));
        assertThatThrownBy(() -> snapshot.get(k("a"))).isInstanceOf(StorageException.class);
        List<String> seen = new ArrayList<>();
        do seen.add(str(cursor.key())); while (cursor.next());
        cursor.close();
        assertThat(seen).containsExactly("a", "b", "c");
    }

    @Test void cursorReadsThePointInTimeItWasOpenedAt() {
        putAll("a", "b", "c");
        try (Cursor cursor = storage.range(null, null, false)) {
            assertThat(cursor.next()).isTrue();
            storage.write(new WriteBatch().delete(k("b")).put(k("bb"), k("x")).put(k("c"), k("changed")));
            List<String> seen = new ArrayList<>();
            do seen.add(str(cursor.key()) + "=" + str(cursor.value())); while (cursor.next());
            assertThat(seen).containsExactly("a=v-a", "b=v-b", "c=v-c");
        }
    }

    @Test void randomSnapshotsKeepTheirModel() {
        Random random = new Random(7L);
        TreeMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
        List<Snapshot> snapshots = new ArrayList<>();
        List<NavigableMap<byte[], byte[]>> frozen = new ArrayList<>();
        try {
            for (int round = 0; round < 100; round++) {
                WriteBatch batch = new WriteBatch();
                for (int i = 0; i < 5; i++) {
                    byte[] key = randomKey(random);
                    if (random.nextInt(3) == 0) { batch.delete(key); model.remove(key); }
                    else { byte[] v = randomKey(random); batch.put(key, v); model.put(key, v); }
                }
                storage.write(batch);
                if (round % 10 == 0) {
                    snapshots.add(storage.snapshot());
                    frozen.add(new TreeMap<>(model));
                }
            }
            for (int i = 0; i < snapshots.size(); i++) {
                assertThat(entries(snapshots.get(i).range(null, null, false)))
                        .containsExactlyElementsOf(modelRange(frozen.get(i), null, null, false));
                assertThat(entries(snapshots.get(i).range(null, null, true)))
                        .containsExactlyElementsOf(modelRange(frozen.get(i), null, null, true));
            }
        } finally {
            snapshots.forEach(Snapshot::close);
        }
    }

    // ---- atomicity under concurrency ----

    /**
     * A writer sets every key to the same round number in one batch, in descending key order;
     * readers must never see a mix of rounds, whether through a cursor, a snapshot or multiGet,
     * and of two point reads, the one made later (of the key the batch writes last) must never
     * see an older round than the first (of the key the batch writes first).
     */
    @Test void batchesAreAtomicForConcurrentReaders() throws Exception {
        int keyCount = 32;
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < keyCount; i++) keys.add(k(String.format("key%03d", i)));
        writeRound(keys, 0);
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> readers = new ArrayList<>();
            readers.add(pool.submit(() -> readUntil(stop, () -> {
                List<Long> seen = new ArrayList<>();
                try (Cursor c = storage.range(keys.get(0), null, false)) {
                    while (c.next()) seen.add(number(c.value()));
                }
                assertThat(seen).hasSize(keyCount).containsOnly(seen.get(0));
            })));
            readers.add(pool.submit(() -> readUntil(stop, () -> {
                try (Snapshot s = storage.snapshot()) {
                    long first = number(s.get(keys.get(keyCount - 1)));
                    List<Long> seen = new ArrayList<>();
                    try (Cursor c = s.range(null, null, true)) {
                        while (c.next()) seen.add(number(c.value()));
                    }
                    assertThat(seen).hasSize(keyCount).containsOnly(first);
                    assertThat(s.multiGet(keys)).extracting(StorageContractTest::number).containsOnly(first);
                }
            })));
            readers.add(pool.submit(() -> readUntil(stop, () -> {
                long firstWritten = number(storage.get(keys.get(keyCount - 1)));
                long lastWritten = number(storage.get(keys.get(0)));
                assertThat(lastWritten).isGreaterThanOrEqualTo(firstWritten);
                List<byte[]> all = storage.multiGet(keys);
                assertThat(all).extracting(StorageContractTest::number).containsOnly(number(all.get(0)));
            })));
            Future<?> writer = pool.submit(() -> {
                for (int round = 1; round <= 2000; round++) writeRound(keys, round);
                stop.set(true);
                return null;
            });
            writer.get(60, TimeUnit.SECONDS);
            for (Future<Integer> reader : readers) assertThat(reader.get(60, TimeUnit.SECONDS)).isPositive();
        } finally {
            stop.set(true);
            pool.shutdownNow();
        }
    }

    private void writeRound(List<byte[]> keys, long round) {
        WriteBatch batch = new WriteBatch();
        for (int i = keys.size() - 1; i >= 0; i--) batch.put(keys.get(i), k(Long.toString(round)));
        storage.write(batch);
    }

    private static int readUntil(AtomicBoolean stop, Runnable check) {
        int reads = 0;
        do {
            check.run();
            reads++;
        } while (!stop.get());
        return reads;
    }

    // ---- lifecycle ----

    @Test void closeIsIdempotentAndLaterCallsFail() {
        put("a", "1");
        storage.close();
        storage.close();
        assertThatThrownBy(() -> storage.get(k("a"))).isInstanceOf(StorageException.class);
        assertThatThrownBy(() -> storage.write(new WriteBatch().put(k("b"), k("2")))).isInstanceOf(StorageException.class);
    }

    @Test void describeSaysWhereTheDataIs() {
        assertThat(storage.describe()).isNotBlank();
    }

    // ---- helpers ----

    protected static byte[] k(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    protected static String str(byte[] b) { return b == null ? null : new String(b, StandardCharsets.UTF_8); }

    protected static byte[] hex(String h) { return HexFormat.of().parseHex(h); }

    private static long number(byte[] value) { return Long.parseLong(str(value)); }

    private static byte[] cat(byte[] prefix, String suffix) {
        byte[] s = k(suffix);
        byte[] out = Arrays.copyOf(prefix, prefix.length + s.length);
        System.arraycopy(s, 0, out, prefix.length, s.length);
        return out;
    }

    protected void put(String key, String value) {
        storage.write(new WriteBatch().put(k(key), k(value)));
    }

    protected void putAll(String... keys) {
        WriteBatch batch = new WriteBatch();
        for (String key : keys) batch.put(k(key), k("v-" + key));
        storage.write(batch);
    }

    /** Keys of 0..3 bytes from a small alphabet including 0x00 and 0xff, so collisions and prefixes are common. */
    private static byte[] randomKey(Random random) {
        byte[] alphabet = {0x00, 0x01, 0x41, 0x7f, (byte) 0x80, (byte) 0xff};
        byte[] key = new byte[random.nextInt(4)];
        for (int i = 0; i < key.length; i++) key[i] = alphabet[random.nextInt(alphabet.length)];
        return key;
    }

    private static List<String> modelRange(NavigableMap<byte[], byte[]> model, byte[] from, byte[] to, boolean reverse) {
        NavigableMap<byte[], byte[]> sub = model;
        if (from != null && to != null) {
            sub = Arrays.compareUnsigned(from, to) >= 0 ? new TreeMap<>(Arrays::compareUnsigned) : model.subMap(from, true, to, false);
        } else if (from != null) sub = model.tailMap(from, true);
        else if (to != null) sub = model.headMap(to, false);
        if (reverse) sub = sub.descendingMap();
        List<String> out = new ArrayList<>();
        for (Map.Entry<byte[], byte[]> e : sub.entrySet()) out.add(HexFormat.of().formatHex(e.getKey()) + "=" + HexFormat.of().formatHex(e.getValue()));
        return out;
    }

    private static List<String> entries(Cursor cursor) {
        List<String> out = new ArrayList<>();
        try (cursor) {
            while (cursor.next()) out.add(HexFormat.of().formatHex(cursor.key()) + "=" + HexFormat.of().formatHex(cursor.value()));
        }
        return out;
    }

    private static List<byte[]> keys(Cursor cursor) {
        List<byte[]> out = new ArrayList<>();
        try (cursor) {
            while (cursor.next()) out.add(cursor.key());
        }
        return out;
    }

    private static List<String> strKeys(Cursor cursor) {
        return keys(cursor).stream().map(StorageContractTest::str).toList();
    }

    private static List<String> hexKeys(Cursor cursor) {
        return keys(cursor).stream().map(HexFormat.of()::formatHex).toList();
    }
}
