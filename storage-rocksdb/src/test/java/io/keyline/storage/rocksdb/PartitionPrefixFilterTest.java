package io.keyline.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ranges read the same with the partition-prefix filters as a sorted map does, whatever the
 * bounds: inside one partition (the filters are used), across partitions and keyspaces, open
 * ended, reversed, with bounds shorter than the prefix, and with the data spread over several
 * SST files (each reopen flushes) and the memtable, deletions and overwrites included.
 */
class PartitionPrefixFilterTest {
    private static final Random RANDOM = new Random(20261130);
    @TempDir Path dir;

    /** A key of KeyCodec's shape: keyspace id (8) | token (8) | partition key bytes | sort key bytes. */
    private static byte[] key(long keyspace, long token, int pk, int sk) {
        return ByteBuffer.allocate(16 + 4 + 4).putLong(keyspace).putLong(token).putInt(pk).putInt(sk).array();
    }

    private static byte[] partitionStart(long keyspace, long token, int pk) {
        return ByteBuffer.allocate(20).putLong(keyspace).putLong(token).putInt(pk).array();
    }

    private static byte[] partitionEnd(long keyspace, long token, int pk) {
        return ByteBuffer.allocate(20).putLong(keyspace).putLong(token).putInt(pk + 1).array();
    }

    @Test
    void everyRangeReadsWhatASortedMapHolds() {
        NavigableMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
        List<byte[]> bounds = new ArrayList<>();
        Path db = dir.resolve("db");
        for (int round = 0; round < 4; round++) {
            try (Storage storage = new RocksDbStorage(db)) { // closing flushes: one more SST file per round
                WriteBatch batch = new WriteBatch();
                for (int i = 0; i < 400; i++) {
                    long keyspace = RANDOM.nextInt(3);
                    long token = RANDOM.nextInt(40) * 0x0101_0101_0101L;
                    int pk = RANDOM.nextInt(3);
                    byte[] key = key(keyspace, token, pk, RANDOM.nextInt(20));
                    if (RANDOM.nextInt(5) == 0) {
                        batch.delete(key);
                        model.remove(key);
                    } else {
                        byte[] value = {(byte) round, (byte) i};
                        batch.put(key, value);
                        model.put(key, value);
                    }
                    bounds.add(partitionStart(keyspace, token, pk));
                    bounds.add(partitionEnd(keyspace, token, pk));
                    bounds.add(key);
                }
                storage.write(batch);
            }
        }
        bounds.add(new byte[] {0, 0, 0, 0, 0, 0, 0, 1}); // shorter than the prefix: outside its domain
        bounds.add(new byte[] {0, 0, 0, 0, 0, 0, 0, 2, 0});
        bounds.add(null);
        try (Storage storage = new RocksDbStorage(db)) {
            storage.write(new WriteBatch().put(key(1, 5 * 0x0101_0101_0101L, 1, 3), new byte[] {9})); // memtable too
            model.put(key(1, 5 * 0x0101_0101_0101L, 1, 3), new byte[] {9});
            for (int i = 0; i < 3000; i++) {
                byte[] from = bounds.get(RANDOM.nextInt(bounds.size()));
                byte[] to = i % 3 == 0 && from != null && from.length == 20
                        ? nextPartition(from) // a Query's range: one partition
                        : bounds.get(RANDOM.nextInt(bounds.size()));
                boolean reverse = RANDOM.nextBoolean();
                assertThat(read(storage, from, to, reverse)).as("%s .. %s reverse %s", hex(from), hex(to), reverse)
                        .isEqualTo(expected(model, from, to, reverse));
            }
        }
    }

    private static byte[] nextPartition(byte[] start) {
        ByteBuffer b = ByteBuffer.wrap(start.clone());
        int pk = b.getInt(16);
        return b.putInt(16, pk + 1).array();
    }

    private static List<String> read(Storage storage, byte[] from, byte[] to, boolean reverse) {
        List<String> out = new ArrayList<>();
        try (Cursor c = storage.range(from, to, reverse)) {
            while (c.next()) out.add(hex(c.key()) + "=" + hex(c.value()));
        }
        return out;
    }

    private static List<String> expected(NavigableMap<byte[], byte[]> model, byte[] from, byte[] to, boolean reverse) {
        NavigableMap<byte[], byte[]> range = model;
        if (from != null && to != null && Arrays.compareUnsigned(from, to) >= 0) return List.of();
        if (from != null) range = range.tailMap(from, true);
        if (to != null) range = range.headMap(to, false);
        if (reverse) range = range.descendingMap();
        List<String> out = new ArrayList<>();
        range.forEach((k, v) -> out.add(hex(k) + "=" + hex(v)));
        return out;
    }

    private static String hex(byte[] b) { return b == null ? "null" : HexFormat.of().formatHex(b); }
}
