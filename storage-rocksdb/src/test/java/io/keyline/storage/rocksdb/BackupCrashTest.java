package io.keyline.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageException;
import io.keyline.storage.WriteBatch;
import io.keyline.testing.OperationCalls;
import io.keyline.time.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash in the middle of a backup or the start of point-in-time recovery leaves either nothing
 * or the whole result (docs/RULES.md#BACKUP-CONSISTENT); one in the middle of a restore leaves a
 * table CREATING that the next start loads whole (docs/RULES.md#BACKUP-RESTORE-BACKGROUND). The process "dies" when
 * its storage refuses every write from a chosen one on, as a killed process writes nothing more,
 * and a new engine opens the same RocksDB directory. Restores are compared item by item.
 */
class BackupCrashTest {
    private static final int ITEMS = 2_500; // three copy batches

    @TempDir Path dir;
    private final ManualClock clock = new ManualClock();
    private Engine engine;
    private Operations ops;
    private Dying storage;

    /** RocksDB whose writes all fail once {@link #dieAfter} writes have passed. */
    private static final class Dying implements Storage {
        final RocksDbStorage rocks;
        final AtomicInteger left = new AtomicInteger(Integer.MAX_VALUE);

        Dying(RocksDbStorage rocks) { this.rocks = rocks; }

        void dieAfter(int writes) { left.set(writes); }

        @Override public void write(WriteBatch batch) {
            if (left.getAndDecrement() <= 0) throw new StorageException("killed");
            rocks.write(batch);
        }

        @Override public byte[] get(byte[] key) { return rocks.get(key); }

        @Override public List<byte[]> multiGet(List<byte[]> keys) { return rocks.multiGet(keys); }

        @Override public Cursor range(byte[] from, byte[] to, boolean reverse) { return rocks.range(from, to, reverse); }

        @Override public Snapshot snapshot() { return rocks.snapshot(); }

        @Override public String describe() { return rocks.describe(); }

        @Override public void close() { rocks.close(); }
    }

    private void open() {
        storage = new Dying(new RocksDbStorage(dir));
        engine = new Engine(storage, clock, Settings.defaults().withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT)));
        ops = new Operations(engine);
    }

    /** The process dies: nothing more reaches the disk, and a new one opens the directory. */
    private void crashAndReopen() {
        engine.close();
        open();
    }

    @AfterEach void close() {
        if (engine != null) engine.close();
    }

    private Map<String, Object> call(String op, String json) { return OperationCalls.call(ops, op, json); }

    private long entries() {
        long n = 0;
        try (Cursor c = storage.range(null, null, false)) {
            while (c.next()) n++;
        }
        return n;
    }

    private void createTable(String name) {
        call("CreateTable", "{'TableName':'" + name + "','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}");
        for (int i = 0; i < ITEMS; i++) put(name, i, "v");
    }

    private void put(String table, int i, String v) {
        call("PutItem", "{'TableName':'" + table + "','Item':{'p':{'S':'k" + i + "'},'v':{'S':'" + v + i + "'}}}");
    }

    @SuppressWarnings("unchecked")
    private Set<Object> items(String table) {
        Set<Object> out = new HashSet<>();
        Object start = null;
        do {
            Map<String, Object> page = call("Scan", "{'TableName':'" + table + "'"
                    + (start == null ? "" : ",'ExclusiveStartKey':" + new String(Json.write(start), java.nio.charset.StandardCharsets.UTF_8).replace('"', '\'')) + "}");
            out.addAll((List<Object>) page.get("Items"));
            start = page.get("LastEvaluatedKey");
        } while (start != null);
        return out;
    }

    @SuppressWarnings("unchecked")
    private List<Object> backups() { return (List<Object>) call("ListBackups", "{}").get("BackupSummaries"); }

    @SuppressWarnings("unchecked")
    private String backup(String table) {
        return (String) ((Map<String, Object>) call("CreateBackup", "{'TableName':'" + table + "','BackupName':'bak'}").get("BackupDetails"))
                .get("BackupArn");
    }

    /** Restores run in the background (docs/RULES.md#BACKUP-RESTORE-BACKGROUND): waits for them to load their tables. */
    private void awaitRestores() {
        try {
            assertThat(engine.backups().awaitRestores(Duration.ofSeconds(60))).as("restores done within 60 s").isTrue();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @SuppressWarnings("unchecked")
    private String status(String table) {
        return (String) ((Map<String, Object>) call("DescribeTable", "{'TableName':'" + table + "'}").get("Table")).get("TableStatus");
    }

    @Test void aBackupCutShortLeavesNoBackupAndAWholeOneSurvives() {
        open();
        createTable("src");
        long before = entries();
        storage.dieAfter(3); // keyspace counter, the backup's record, its first batch of items
        assertThatThrownBy(() -> backup("src")).isInstanceOf(RuntimeException.class);
        crashAndReopen();
        assertThat(backups()).isEmpty();
        assertThat(entries()).isEqualTo(before);

        Set<Object> atBackup = items("src");
        String arn = backup("src");
        put("src", 1, "after");
        crashAndReopen();
        assertThat(backups()).hasSize(1);
        call("RestoreTableFromBackup", "{'BackupArn':'" + arn + "','TargetTableName':'copy'}");
        awaitRestores();
        assertThat(items("copy")).isEqualTo(atBackup).hasSize(ITEMS);
    }

    @Test void aRestoreCutShortIsNeverActiveAndTheNextStartFinishesIt() {
        open();
        createTable("src");
        String arn = backup("src");
        storage.dieAfter(10); // the table, its restore record, then a few batches of items on the worker
        call("RestoreTableFromBackup", "{'BackupArn':'" + arn + "','TargetTableName':'copy'}");
        awaitRestores();
        assertThat(status("copy")).as("half loaded, never ACTIVE").isEqualTo("CREATING");
        crashAndReopen();
        awaitRestores();
        assertThat(status("copy")).isEqualTo("ACTIVE");
        assertThat(items("copy")).isEqualTo(items("src")).hasSize(ITEMS);
    }

    @Test void aRestoreStoppedByAShutdownIsFinishedAtTheNextStart() {
        open();
        createTable("src");
        String arn = backup("src");
        call("RestoreTableFromBackup", "{'BackupArn':'" + arn + "','TargetTableName':'copy'}");
        engine.close(); // the worker stops at its next batch, or has finished: either way the next start has the whole table
        engine = null;
        open();
        awaitRestores();
        assertThat(status("copy")).isEqualTo("ACTIVE");
        assertThat(items("copy")).isEqualTo(items("src")).hasSize(ITEMS);
    }

    @Test void aPointInTimeRestoreCutShortIsFinishedAtTheNextStart() {
        open();
        createTable("src");
        call("UpdateContinuousBackups", "{'TableName':'src','PointInTimeRecoverySpecification':{'PointInTimeRecoveryEnabled':true}}");
        clock.advance(Duration.ofSeconds(2));
        put("src", 5, "changed");
        Set<Object> then = items("src");
        clock.advance(Duration.ofSeconds(2));
        put("src", 6, "after");
        storage.dieAfter(8);
        call("RestoreTableToPointInTime", "{'SourceTableName':'src','TargetTableName':'back','RestoreDateTime':"
                + (clock.now().minusSeconds(1).toEpochMilli() / 1000.0) + "}");
        awaitRestores();
        assertThat(status("back")).isEqualTo("CREATING");
        crashAndReopen();
        awaitRestores();
        assertThat(status("back")).isEqualTo("ACTIVE");
        assertThat(items("back")).isEqualTo(then);
    }

    @SuppressWarnings("unchecked")
    private String pitrStatus(String table) {
        Map<String, Object> d = (Map<String, Object>) call("DescribeContinuousBackups", "{'TableName':'" + table + "'}")
                .get("ContinuousBackupsDescription");
        return (String) ((Map<String, Object>) d.get("PointInTimeRecoveryDescription")).get("PointInTimeRecoveryStatus");
    }

    @Test void recoveryCutShortWhileStartingIsOffAndAWholeOneSurvivesARestart() {
        open();
        createTable("src");
        String enable = "{'TableName':'src','PointInTimeRecoverySpecification':{'PointInTimeRecoveryEnabled':true}}";
        storage.dieAfter(4); // two keyspaces, the record, the base's first batch
        assertThatThrownBy(() -> call("UpdateContinuousBackups", enable)).isInstanceOf(RuntimeException.class);
        crashAndReopen();
        assertThat(pitrStatus("src")).isEqualTo("DISABLED");

        call("UpdateContinuousBackups", enable);
        clock.advance(Duration.ofSeconds(3));
        put("src", 7, "changed");
        Set<Object> now = items("src");
        clock.advance(Duration.ofSeconds(3));
        crashAndReopen();
        assertThat(pitrStatus("src")).isEqualTo("ENABLED");
        put("src", 8, "after");
        call("RestoreTableToPointInTime", "{'SourceTableName':'src','TargetTableName':'back','RestoreDateTime':"
                + (clock.now().minusSeconds(2).toEpochMilli() / 1000.0) + "}");
        awaitRestores();
        assertThat(items("back")).isEqualTo(now);
    }
}
