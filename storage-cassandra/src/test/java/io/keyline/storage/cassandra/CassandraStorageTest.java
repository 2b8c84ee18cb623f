package io.keyline.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageContractTest;
import io.keyline.storage.WriteBatch;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
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
        return opened;
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
        // the whole keyspace 7, both ways, through the directory
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
