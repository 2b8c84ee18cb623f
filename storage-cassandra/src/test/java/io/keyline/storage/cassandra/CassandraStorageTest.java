package io.keyline.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.keyline.engine.api.KeyRange;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.codec.Murmur3;
import io.keyline.model.AttributeValue;
import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageContractTest;
import io.keyline.storage.WriteBatch;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The storage contract on one Cassandra node ({@link TestCluster}), plus what only this backend
 * has: a range within one head read as one slice, version collection, and two storages (two
 * Keyline nodes) on one keyspace. Slow: it needs Cassandra (started once for the module's tests).
 */
@Tag("slow")
class CassandraStorageTest extends StorageContractTest {
    private static final String KEYSPACE = "contract";

    @Override protected Storage openStorage() {
        CassandraStorage opened = new CassandraStorage(TestCluster.session(),
                TestCluster.options(KEYSPACE).withGcDelay(Duration.ZERO), Clock.systemUTC());
        opened.truncate();
        // keyspace 70 is partitioned as a table's: the contract's own keys are in none, so its ranges cross one
        opened.partitionLayout(TokenPlanTest.LAYOUT);
        return opened;
    }

    // ---- partitioned keyspaces (docs/CLUSTER.md, "Layout") ----

    /** The partitioned keyspace of {@link TokenPlanTest#LAYOUT}. */
    private static final long TABLE = 70;

    /** Item keys of keyspace 70 as the engine lays them out, with partition keys that stress the hash (bytes of 0x80 and above, all lengths). */
    private static List<byte[]> tableKeys(int partitions, int perPartition) {
        java.util.Random random = new java.util.Random(1818);
        List<byte[]> keys = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            StringBuilder pk = new StringBuilder("p" + p);
            for (int i = random.nextInt(24); i > 0; i--) pk.append((char) (random.nextBoolean() ? 'a' + random.nextInt(26) : 0xe0 + random.nextInt(200)));
            for (int sk = 0; sk < perPartition; sk++) {
                keys.add(KeyCodec.itemKey(TABLE, new AttributeValue.S(pk.toString()), new AttributeValue.N(java.math.BigDecimal.valueOf(sk))));
            }
        }
        keys.sort(Arrays::compareUnsigned);
        return keys;
    }

    private List<byte[]> writeTable(Storage target, List<byte[]> keys) {
        for (int i = 0; i < keys.size(); i += 100) {
            WriteBatch batch = new WriteBatch();
            for (byte[] key : keys.subList(i, Math.min(keys.size(), i + 100))) batch.put(key, Arrays.copyOfRange(key, 16, key.length));
            target.write(batch);
        }
        return keys;
    }

    @Test void cassandrasTokenOfAPartitionIsKeylinesToken() {
        List<byte[]> keys = writeTable(storage, tableKeys(300, 1));
        java.util.Map<java.nio.ByteBuffer, Long> tokens = new java.util.HashMap<>();
        for (com.datastax.oss.driver.api.core.cql.Row row : TestCluster.session().execute("SELECT pk, token(pk) FROM " + KEYSPACE + ".keyspace_" + TABLE)) {
            tokens.put(row.getByteBuffer(0), row.getLong(1));
        }
        assertThat(tokens).hasSize(300);
        for (byte[] key : keys) {
            int end = TokenPlanTest.LAYOUT.partitionKeyEnd(key);
            byte[] pk = Arrays.copyOfRange(key, 16, end);
            assertThat(tokens.get(java.nio.ByteBuffer.wrap(pk))).as("token of %s", java.util.HexFormat.of().formatHex(pk))
                    .isEqualTo(Murmur3.token(pk)).isEqualTo(TokenPlan.token(key));
        }
    }

    @Test void aParallelScanSegmentReadsItsTokenRangeInKeylinesOrder() {
        List<byte[]> keys = writeTable(storage, tableKeys(120, 3));
        List<byte[]> all = new ArrayList<>();
        for (int segment = 0; segment < 4; segment++) {
            KeyRange bounds = KeyCodec.segmentBounds(TABLE, segment, 4);
            List<byte[]> read = keys(storage.range(bounds.start(), bounds.end(), false));
            assertThat(read).as("segment %d", segment).isSortedAccordingTo(Arrays::compareUnsigned).isNotEmpty();
            for (byte[] key : read) {
                assertThat(Arrays.compareUnsigned(key, bounds.start()) >= 0 && (bounds.end() == null || Arrays.compareUnsigned(key, bounds.end()) < 0))
                        .as("a key of segment %d inside its token range", segment).isTrue();
            }
            all.addAll(read);
        }
        assertThat(all).containsExactlyElementsOf(keys);
    }

    @Test void rangesOfAPartitionedKeyspaceAreTheMemoryStoragesRanges() {
        List<byte[]> keys = tableKeys(40, 4);
        writeTable(storage, keys);
        Storage memory = new io.keyline.storage.memory.MemoryStorage();
        writeTable(memory, keys);
        storage.write(new WriteBatch().delete(keys.get(5)).put(k("outside"), k("x")));
        memory.write(new WriteBatch().delete(keys.get(5)).put(k("outside"), k("x")));
        java.util.Random random = new java.util.Random(7);
        List<byte[]> bounds = new ArrayList<>(java.util.Collections.singletonList((byte[]) null));
        for (byte[] key : keys) {
            bounds.add(key);
            bounds.add(KeyCodec.successor(key));
            bounds.add(Arrays.copyOf(key, 16));
            bounds.add(Keyspaces.prefixEnd(Arrays.copyOf(key, TokenPlanTest.LAYOUT.partitionKeyEnd(key))));
        }
        bounds.add(KeyCodec.keyspaceStart(TABLE));
        bounds.add(KeyCodec.keyspaceEnd(TABLE));
        for (int i = 0; i < 150; i++) {
            byte[] from = bounds.get(random.nextInt(bounds.size()));
            byte[] to = bounds.get(random.nextInt(bounds.size()));
            boolean reverse = random.nextBoolean();
            assertThat(keys(storage.range(from, to, reverse))).as("range %d", i)
                    .containsExactlyElementsOf(keys(memory.range(from, to, reverse)));
        }
        for (byte[] key : keys.subList(0, 20)) assertThat(storage.get(key)).isEqualTo(memory.get(key));
        assertThat(storage.multiGet(keys.subList(0, 20))).containsExactlyElementsOf(memory.multiGet(keys.subList(0, 20)));
    }

    @Test void deletingAWholePartitionedKeyspaceDropsItsTable() {
        List<byte[]> keys = writeTable(storage, tableKeys(10, 2));
        storage.write(new WriteBatch().deleteRange(KeyCodec.keyspaceStart(TABLE), KeyCodec.keyspaceEnd(TABLE)).put(k("catalog"), k("changed")));
        assertThat(storage.get(keys.get(0))).isNull();
        assertThat(keys(storage.range(KeyCodec.keyspaceStart(TABLE), KeyCodec.keyspaceEnd(TABLE), false))).isEmpty();
        assertThat(str(storage.get(k("catalog")))).isEqualTo("changed");
    }

    private static List<byte[]> keys(Cursor cursor) {
        List<byte[]> out = new ArrayList<>();
        try (cursor) {
            while (cursor.next()) out.add(cursor.key());
        }
        return out;
    }

    /** Keys laid out as the engine's codec lays them out: 8-byte keyspace id, 8-byte token, then the rest. */
    private static byte[] engineKey(long keyspace, long token, String rest) {
        byte[] tail = k(rest);
        byte[] key = new byte[16 + tail.length];
        for (int i = 0; i < 8; i++) {
            key[i] = (byte) (keyspace >>> (56 - 8 * i));
            key[8 + i] = (byte) (token >>> (56 - 8 * i));
        }
        System.arraycopy(tail, 0, key, 16, tail.length);
        return key;
    }

    @Test void rangesOverEngineKeysAcrossAndWithinHeads() {
        WriteBatch batch = new WriteBatch();
        for (long token = 0; token < 5; token++) {
            for (int sk = 0; sk < 3; sk++) batch.put(engineKey(7, token * 1_000_003L, "pk|" + sk), k("v" + token + sk));
        }
        batch.put(engineKey(8, 1, "other table"), k("x"));
        storage.write(batch);
        // one partition: a slice of one head
        List<String> one = values(storage.range(engineKey(7, 2_000_006L, "pk|1"), engineKey(7, 2_000_007L, ""), false));
        assertThat(one).containsExactly("v21", "v22");
        // the whole keyspace 70, both ways, through the directory
        assertThat(values(storage.range(engineKey(7, 0, ""), engineKey(8, 0, ""), false))).hasSize(15).startsWith("v00", "v01");
        assertThat(values(storage.range(engineKey(7, 0, ""), engineKey(8, 0, ""), true))).hasSize(15).startsWith("v42", "v41");
    }

    @Test void supersededVersionsAreCollected() throws Exception {
        byte[] key = engineKey(3, 42, "item");
        for (int i = 0; i < 5; i++) storage.write(new WriteBatch().put(key, k("v" + i)));
        storage.write(new WriteBatch().put(engineKey(3, 43, "gone"), k("1")));
        storage.write(new WriteBatch().delete(engineKey(3, 43, "gone")));
        CqlSession session = TestCluster.session();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        long rows;
        do {
            Thread.sleep(50);
            rows = session.execute("SELECT count(*) FROM " + KEYSPACE + ".versions").one().getLong(0);
        } while (rows > 1 && System.nanoTime() < deadline);
        assertThat(rows).as("only the newest version of the one live key is left").isEqualTo(1);
        assertThat(str(storage.get(key))).isEqualTo("v4");
    }

    @Test void aSnapshotKeepsTheVersionsItSees() {
        byte[] key = engineKey(3, 42, "item");
        storage.write(new WriteBatch().put(key, k("old")));
        try (Snapshot snapshot = storage.snapshot()) {
            for (int i = 0; i < 3; i++) storage.write(new WriteBatch().put(key, k("new" + i)));
            storage.write(new WriteBatch().delete(key));
            assertThat(str(snapshot.get(key))).isEqualTo("old");
            assertThat(storage.get(key)).isNull();
        }
    }

    @Test void aBatchWrittenThroughOneStorageIsReadThroughAnotherOnTheSameKeyspace() {
        try (CassandraStorage other = new CassandraStorage(TestCluster.session(), TestCluster.options(KEYSPACE), Clock.systemUTC())) {
            storage.write(new WriteBatch().put(engineKey(5, 9, "a"), k("1")).put(k("short"), k("2")));
            assertThat(str(other.get(engineKey(5, 9, "a")))).isEqualTo("1");
            assertThat(strs(other.range(null, null, false))).contains("1", "2");
            other.write(new WriteBatch().delete(engineKey(5, 9, "a")));
            assertThat(storage.get(engineKey(5, 9, "a"))).isNull();
        }
    }

    private static List<String> values(Cursor cursor) {
        return strs(cursor);
    }

    private static List<String> strs(Cursor cursor) {
        List<String> out = new ArrayList<>();
        try (cursor) {
            while (cursor.next()) out.add(str(cursor.value()));
        }
        return out;
    }
}
