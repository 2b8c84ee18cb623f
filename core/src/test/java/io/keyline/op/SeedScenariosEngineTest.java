package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacitySettings;
import io.keyline.capacity.CapacitySnapshot;
import io.keyline.capacity.PartitionMap;
import io.keyline.metadata.PrimaryKey;
import io.keyline.engine.config.Settings;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The seed scenarios of issue 5 through the real engine: requests dispatched to the operations,
 * in-memory storage, a manual clock moved by the test. Writes are items of about 1 KB (1 WCU);
 * GSIs project ALL, so an index entry is 1 WCU too. Numbers come from B.6 (1,000 WCU per
 * partition, partition count ⌈RCU/3,000 + WCU/1,000⌉) and B.4/B.9 (GSI back-pressure).
 */
class SeedScenariosEngineTest {
    private static final String FILLER = "x".repeat(960);
    /** Makes a scanned item exactly 1 KB: "p" + 12-character key, "f" + this. */
    private static final String SCAN_FILLER = "x".repeat(1024 - 13 - 1);

    /**
     * Raised per-table quota (B.8: adjustable), so the seeds' large tables can be created; every
     * other capacity rule is the product's default.
     */
    private final ControlPlane cp = new ControlPlane(Settings.defaults()
            .withCapacity(Settings.defaultCapacity().withTableQuota(400_000, 400_000)));


    private int accepted;
    private int throttled;
    private final Map<String, Integer> reasons = new LinkedHashMap<>();
    private final Set<String> resources = new HashSet<>();

    /** A PutItem as the SDK would send it, dispatched without JSON text (the parser is not under test here). */
    private void put(String table, Map<String, String> attributes) {
        Map<String, Object> item = new LinkedHashMap<>();
        attributes.forEach((k, v) -> item.put(k, Map.of("S", v)));
        item.put("f", Map.of("S", FILLER));
        try {
            cp.operations.dispatch("PutItem", JsonObject.of(Map.of("TableName", table, "Item", item)));
            accepted++;
        } catch (ApiException e) {
            throttled++;
            @SuppressWarnings("unchecked")
            Map<String, Object> reason = ((List<Map<String, Object>>) e.extras().get("ThrottlingReasons")).get(0);
            reasons.merge((String) reason.get("reason"), 1, Integer::sum);
            resources.add((String) reason.get("resource"));
        }
    }

    private void createTable(String name, long rcu, long wcu, String gsiKey, long gsiWcu) {
        String defs = "{'AttributeName':'p','AttributeType':'S'}" + (gsiKey == null ? "" : ",{'AttributeName':'" + gsiKey + "','AttributeType':'S'}");
        String gsi = gsiKey == null ? "" : ",'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'" + gsiKey
                + "','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'},'ProvisionedThroughput':{'ReadCapacityUnits':1000,"
                + "'WriteCapacityUnits':" + gsiWcu + "}}]";
        cp.call("CreateTable", "{'TableName':'" + name + "','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[" + defs + "],'ProvisionedThroughput':{'ReadCapacityUnits':" + rcu
                + ",'WriteCapacityUnits':" + wcu + "}" + gsi + "}");
    }

    private CapacitySnapshot.TableSnapshot snapshot(String table) {
        return cp.engine.capacity().snapshot().tables().stream().filter(t -> t.tableName().equals(table)).findFirst().orElseThrow();
    }

    /**
     * Offers {@code perSecond} writes until a partition past its ceiling has spent what it banked
     * while idle ({@link CapacitySettings#DEFAULT_PARTITION_BURST}), so that what follows shows the
     * steady state; forgets the counts and returns the table's consumed write units so far.
     */
    private double warmUp(String table, int perSecond, int perHotPartition, java.util.function.IntConsumer write) {
        double bank = 1_000.0 * CapacitySettings.DEFAULT_PARTITION_BURST.toSeconds();
        drive(perSecond, (int) Math.ceil(bank / (perHotPartition - 1_000)), write);
        accepted = 0;
        throttled = 0;
        reasons.clear();
        resources.clear();
        return snapshot(table).table().consumedWrite();
    }

    /** Offers {@code perSecond} writes a second for {@code seconds}, spread evenly over the clock. */
    private void drive(int perSecond, int seconds, java.util.function.IntConsumer write) {
        long stepNanos = 1_000_000_000L / perSecond;
        for (int i = 0; i < perSecond * seconds; i++) {
            write.accept(i);
            cp.clock.advance(Duration.ofNanos(stepNanos));
        }
    }

    /**
     * Seed: 40,000 WCU over 80 partitions (with 120,000 RCU, B.6's ⌈R/3,000 + W/1,000⌉), one
     * partition key written 4,000 times a second: served at its partition's 1,000 WCU
     * (TableWriteKeyRangeThroughputExceeded for the rest) while the table leaves 39,000 unused.
     */
    @Test void hotKeyIsCappedAtItsPartitionWhileTheTableSitsIdle() {
        createTable("orders", 120_000, 40_000, null, 0);
        assertThat(snapshot("orders").table().partitions()).hasSize(80);
        int seconds = 5;
        double before = warmUp("orders", 4_000, 4_000, i -> put("orders", Map.of("p", "hot-customer")));
        drive(4_000, seconds, i -> put("orders", Map.of("p", "hot-customer")));
        // 1,000 a second, plus at most one second of ceiling left over from the warm-up
        assertThat(accepted).isBetween(1_000 * seconds, 1_000 * (seconds + 1) + 10);
        assertThat(throttled).isEqualTo(4_000 * seconds - accepted);
        assertThat(reasons).containsOnlyKeys("TableWriteKeyRangeThroughputExceeded");
        double usedPerSecond = (snapshot("orders").table().consumedWrite() - before) / seconds;
        assertThat(40_000 - usedPerSecond).isGreaterThanOrEqualTo(38_800);
    }

    /**
     * Seed: 180,000 WCU provisioned, a GSI keyed on the day so every write lands on one GSI
     * partition: that partition is pinned at 1,000 WCU, the table's writes are throttled with
     * reason IndexWriteKeyRangeThroughputExceeded naming the GSI, and the table uses a few
     * percent of what it provisioned.
     */
    @Test void dayKeyedGsiThrottlesTheTable() {
        createTable("events", 10_000, 180_000, "day", 180_000);
        int seconds = 3;
        double before = warmUp("events", 10_000, 10_000, i -> put("events", Map.of("p", "warm-" + i, "day", "2026-11-30")));
        drive(10_000, seconds, i -> put("events", Map.of("p", "device-" + i, "day", "2026-11-30")));
        assertThat(accepted).isBetween(1_000 * seconds, 1_000 * (seconds + 1) + 10);
        assertThat(reasons).containsOnlyKeys("IndexWriteKeyRangeThroughputExceeded");
        assertThat(resources).containsExactly(cp.arn("events") + "/index/gsi");
        double tableShare = (snapshot("events").table().consumedWrite() - before) / seconds / 180_000;
        assertThat(tableShare).isLessThan(0.05);
    }

    /**
     * Seed, after the redesign: the alarm index is sparse (only the 1 in 20 events that are alarms
     * carry its key) and the key is sharded 10 ways: the same 10,000 writes a second go through
     * without a single throttle.
     */
    @Test void sparseShardedAlarmIndexNeverThrottles() {
        createTable("events", 10_000, 180_000, "alarmDay", 180_000);
        drive(10_000, 3, i -> put("events", i % 20 == 0
                ? Map.of("p", "device-" + i, "alarmDay", "2026-11-30#" + (i / 20) % 10)
                : Map.of("p", "device-" + i)));
        assertThat(throttled).isZero();
        assertThat(accepted).isEqualTo(30_000);
        assertThat(snapshot("events").globalSecondaryIndexes().get(0).consumedWrite()).isEqualTo(1_500.0);
    }

    /**
     * Seed: a status GSI where every new order is PENDING has one hot partition; with the key
     * sharded 16 ways (PENDING#0..15 on 16 different partitions) it serves 16 times the ceiling.
     */
    @Tag("slow") // see README.md, "Tests"
    @Test void statusGsiShardedSixteenWaysServesSixteenCeilings() {
        createTable("single", 10_000, 100_000, "status", 200_000);
        int seconds = 2;
        warmUp("single", 3_000, 3_000, i -> put("single", Map.of("p", "warm-" + i, "status", "PENDING")));
        drive(3_000, seconds, i -> put("single", Map.of("p", "order-" + i, "status", "PENDING")));
        int single = accepted;
        assertThat(reasons).containsOnlyKeys("IndexWriteKeyRangeThroughputExceeded");

        createTable("sharded", 10_000, 100_000, "status", 200_000);
        PartitionMap gsi = cp.engine.capacity().binding(cp.engine.catalog().get("sharded")).capacity().index("gsi");
        Set<Integer> partitions = new HashSet<>();
        for (int s = 0; s < 16; s++) partitions.add(gsi.partitionOf(KeyCodec.token(new AttributeValue.S("PENDING#" + s)), 0));
        assertThat(partitions).as("the 16 shard keys land on 16 partitions of the GSI").hasSize(16);
        warmUp("sharded", 16 * 3_000, 3_000, i -> put("sharded", Map.of("p", "warm-" + i, "status", "PENDING#" + i % 16)));
        drive(16 * 3_000, seconds, i -> put("sharded", Map.of("p", "order-" + i, "status", "PENDING#" + i % 16)));
        assertThat((double) accepted / single).isBetween(15.5, 16.5);
    }

    /**
     * Seed 000 at full scale: a filtered Scan over 400,000 items of 1 KB that matches 10 reads
     * every item: ScannedCount 400,000, Count 10, ~400 pages of 1 MB (the limit applies before
     * the filter, B.5), and ~50,000 RCU. That is the eventually consistent price (Scan's default):
     * 400 MB / 4 KB = 100,000 blocks, halved (B.2); a strongly consistent scan costs ~100,000.
     * The seed's "about 50,000 RCU (strongly consistent)" can only be the eventual figure.
     */
    @Tag("slow") // see README.md, "Tests"
    @Test void filteredScanPaysForEverythingItReads() {
        ScanTotals t = loadAndScan(400_000, false);
        assertThat(t.scanned).isEqualTo(400_000);
        assertThat(t.count).isEqualTo(10);
        assertThat(t.pages).isBetween(390, 401);
        assertThat(t.units).isBetween(49_000.0, 51_000.0);
    }

    private record ScanTotals(int scanned, int count, int pages, double units) {}

    private ScanTotals loadAndScan(int items, boolean consistent) {
        cp.call("CreateTable", "{'TableName':'big','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}");
        TableMetadata table = cp.engine.catalog().get("big");
        for (int i = 0; i < items; i++) {
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            item.put("p", new AttributeValue.S(String.format("item-%07d", i)));
            item.put("f", new AttributeValue.S(SCAN_FILLER));
            if (i % 40_000 == 1) item.put("m", new AttributeValue.S("yes"));
            cp.engine.items().write(table, new PrimaryKey(item.get("p"), null), old -> item);
        }
        int scanned = 0, count = 0, pages = 0;
        double units = 0;
        Object start = null;
        do {
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("TableName", "big");
            request.put("FilterExpression", "attribute_exists(#m)");
            request.put("ExpressionAttributeNames", Map.of("#m", "m"));
            request.put("ReturnConsumedCapacity", "TOTAL");
            request.put("ConsistentRead", consistent);
            if (start != null) request.put("ExclusiveStartKey", start);
            @SuppressWarnings("unchecked")
            Map<String, Object> page = (Map<String, Object>) io.keyline.protocol.Json.parse(io.keyline.protocol.Json.write(
                    cp.operations.dispatch("Scan", JsonObject.of(io.keyline.protocol.Json.parse(io.keyline.protocol.Json.write(request))))));
            scanned += ((Number) page.get("ScannedCount")).intValue();
            count += ((Number) page.get("Count")).intValue();
            units += ((Number) ControlPlane.map(page.get("ConsumedCapacity")).get("CapacityUnits")).doubleValue();
            pages++;
            start = page.get("LastEvaluatedKey");
            cp.clock.advance(Duration.ofSeconds(1)); // a client paging at its own pace
        } while (start != null);
        return new ScanTotals(scanned, count, pages, units);
    }
}
