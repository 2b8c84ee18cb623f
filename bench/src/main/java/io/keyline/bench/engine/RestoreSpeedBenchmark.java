package io.keyline.bench.engine;

import io.keyline.capacity.CapacityMode;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.Storage;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.storage.rocksdb.RocksDbStorage;
import io.keyline.time.SystemClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;

/**
 * Backup and restore speed in items a second of wall time (docs/BENCHMARKS.md, "Backups: restore
 * speed"): one engine (memory storage, or RocksDB with the argument {@code rocksdb}; the second
 * argument the item count, 200,000 by default) loads a table of items of about 300 bytes with
 * one GSI (KEYS_ONLY) through BatchWriteItem, then times CreateBackup, RestoreTableFromBackup and,
 * with point-in-time recovery on and a tenth of the items overwritten since, RestoreTableToPointInTime
 * at the latest restorable time; a restore until its background load is done (its answer comes at once). Capacity off, so only the storage work is measured. A {@code main}, not a test.
 */
public final class RestoreSpeedBenchmark {
    public static void main(String[] args) throws IOException {
        boolean rocks = args.length > 0 && args[0].equals("rocksdb");
        int items = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        Storage storage = rocks ? new RocksDbStorage(Files.createTempDirectory("keyline-restore-bench")) : new MemoryStorage();
        Engine engine = new Engine(storage, SystemClock.INSTANCE,
                Settings.defaults().withCapacity(Settings.defaultCapacity().withMode(CapacityMode.OFF)));
        Operations ops = new Operations(engine);
        call(ops, "CreateTable", "{'TableName':'src','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'KEYS_ONLY'}}]}");
        long t0 = System.nanoTime();
        load(ops, 0, items, "a");
        report("load (BatchWriteItem)", items, t0);
        call(ops, "UpdateContinuousBackups", "{'TableName':'src','PointInTimeRecoverySpecification':{'PointInTimeRecoveryEnabled':true}}");

        t0 = System.nanoTime();
        String arn = (String) ((Map<?, ?>) call(ops, "CreateBackup", "{'TableName':'src','BackupName':'bench'}").get("BackupDetails")).get("BackupArn");
        report("CreateBackup", items, t0);
        t0 = System.nanoTime();
        call(ops, "RestoreTableFromBackup", "{'BackupArn':'" + arn + "','TargetTableName':'fromBackup'}");
        report("  RestoreTableFromBackup's answer (table CREATING)", items, t0);
        awaitRestores(engine);
        report("RestoreTableFromBackup (GSI rebuilt)", items, t0);

        load(ops, 0, items / 10, "b");
        t0 = System.nanoTime();
        call(ops, "RestoreTableToPointInTime", "{'SourceTableName':'src','TargetTableName':'fromLog','UseLatestRestorableTime':true}");
        awaitRestores(engine);
        report("RestoreTableToPointInTime (base + " + items / 10 + " logged changes)", items, t0);
        engine.close();
    }

    private static void load(Operations ops, int from, int count, String value) {
        StringBuilder batch = new StringBuilder();
        int inBatch = 0;
        for (int i = from; i < from + count; i++) {
            if (inBatch > 0) batch.append(',');
            batch.append("{'PutRequest':{'Item':{'p':{'S':'key-").append(i).append("'},'g':{'S':'g").append(i % 1000)
                    .append("'},'v':{'S':'").append(value).append("x".repeat(250)).append("'}}}}");
            if (++inBatch == 25 || i == from + count - 1) {
                call(ops, "BatchWriteItem", "{'RequestItems':{'src':[" + batch + "]}}");
                batch.setLength(0);
                inBatch = 0;
            }
        }
    }

    /** Restores answer at once and load in the background (docs/RULES.md#BACKUP-RESTORE-BACKGROUND): the time is until the table is whole. */
    private static void awaitRestores(Engine engine) {
        try {
            if (!engine.backups().awaitRestores(java.time.Duration.ofHours(1))) throw new IllegalStateException("restore still running");
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void report(String what, int items, long startNanos) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        System.out.printf("%-60s %,10d items %8.2f s %,12.0f items/s%n", what, items, seconds, items / seconds);
    }

    private static Map<String, Object> call(Operations ops, String op, String json) {
        @SuppressWarnings("unchecked")
        Map<String, Object> out = (Map<String, Object>) ops.dispatch(op,
                JsonObject.of(Json.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8))));
        return out;
    }
}
