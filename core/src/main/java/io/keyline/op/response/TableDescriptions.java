package io.keyline.op.response;

import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.KeyspaceUsage;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.ProjectionType;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * TableDescription as DynamoDB writes it: the full form of DescribeTable, CreateTable and
 * UpdateTable, and the reduced form DeleteTable returns (no CreationDateTime, KeySchema,
 * AttributeDefinitions or indexes, as observed on DynamoDB). Timestamps are epoch seconds with
 * millisecond precision. Renders metadata records only: what a keyspace holds comes in as
 * {@link KeyspaceUsage}, looked up by keyspace id. Stateless.
 */
public final class TableDescriptions {
    private TableDescriptions() {}

    public static Map<String, Object> full(TableMetadata t, LongFunction<KeyspaceUsage> usage, Instant now, String region,
                                           String account) {
        Map<String, Object> d = new LinkedHashMap<>();
        List<Object> defs = new ArrayList<>();
        t.attributeDefinitions().forEach((name, type) -> defs.add(pair("AttributeName", name, "AttributeType", type.name())));
        d.put("AttributeDefinitions", defs);
        d.put("TableName", t.name());
        d.put("KeySchema", keySchema(t.keySchema()));
        d.put("TableStatus", t.status().name());
        d.put("CreationDateTime", time(t.creationTime()));
        d.put("ProvisionedThroughput", throughput(t.throughput(), now));
        KeyspaceUsage stats = usage.apply(t.keyspaceId());
        d.put("TableSizeBytes", stats.sizeBytes());
        d.put("ItemCount", stats.itemCount());
        d.put("TableArn", t.arn());
        d.put("TableId", t.tableId());
        putBillingSummary(d, t);
        if (!t.localIndexes().isEmpty()) {
            List<Object> lsis = new ArrayList<>();
            for (IndexMetadata i : t.localIndexes()) lsis.add(index(i, usage, now));
            d.put("LocalSecondaryIndexes", lsis);
        }
        if (!t.globalIndexes().isEmpty()) {
            List<Object> gsis = new ArrayList<>();
            for (IndexMetadata i : t.globalIndexes()) gsis.add(index(i, usage, now));
            d.put("GlobalSecondaryIndexes", gsis);
        }
        if (t.stream() != null) {
            // StreamSpecification only while the stream is enabled; the latest stream's ARN and
            // label stay after it is disabled, until another replaces them (docs/RULES.md#STREAM-LATEST).
            if (t.stream().enabled()) d.put("StreamSpecification", pair("StreamEnabled", true, "StreamViewType", t.stream().viewType()));
            if (t.stream().label() != null) {
                d.put("LatestStreamLabel", t.stream().label());
                d.put("LatestStreamArn", t.arn() + "/stream/" + t.stream().label());
            }
        }
        if (t.sse() != null) {
            Map<String, Object> sse = new LinkedHashMap<>();
            sse.put("Status", "ENABLED");
            sse.put("SSEType", t.sse().sseType());
            sse.put("KMSMasterKeyArn", kmsKeyArn(t.sse().kmsMasterKeyId(), region, account));
            d.put("SSEDescription", sse);
        }
        if (t.tableClass() != null) d.put("TableClassSummary", Map.of("TableClass", t.tableClass()));
        d.put("DeletionProtectionEnabled", t.deletionProtection());
        if (t.onDemand() != null) d.put("OnDemandThroughput", onDemand(t.onDemand()));
        putWarm(d, stats, t.status());
        return d;
    }

    /** What DeleteTable returns; {@code stats} are the table's as they were before deletion. */
    public static Map<String, Object> deleted(TableMetadata t, KeyspaceUsage stats, Instant now) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("TableName", t.name());
        d.put("TableStatus", t.status().name());
        d.put("ProvisionedThroughput", throughput(t.throughput(), now));
        d.put("TableSizeBytes", stats.sizeBytes());
        d.put("ItemCount", stats.itemCount());
        d.put("TableArn", t.arn());
        d.put("TableId", t.tableId());
        putBillingSummary(d, t);
        d.put("DeletionProtectionEnabled", t.deletionProtection());
        return d;
    }

    /** BillingModeSummary: always for on-demand tables; for provisioned ones only after a switch. */
    private static void putBillingSummary(Map<String, Object> d, TableMetadata t) {
        if (t.billingMode() == BillingMode.PROVISIONED && t.lastUpdateToPayPerRequest() == null) return;
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("BillingMode", t.billingMode().name());
        if (t.lastUpdateToPayPerRequest() != null) b.put("LastUpdateToPayPerRequestDateTime", time(t.lastUpdateToPayPerRequest()));
        d.put("BillingModeSummary", b);
    }

    private static Map<String, Object> index(IndexMetadata i, LongFunction<KeyspaceUsage> usage, Instant now) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("IndexName", i.name());
        d.put("KeySchema", keySchema(i.keySchema()));
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("ProjectionType", i.projection().type().name());
        if (i.projection().type() == ProjectionType.INCLUDE) p.put("NonKeyAttributes", i.projection().nonKeyAttributes());
        d.put("Projection", p);
        if (i.isGlobal()) {
            d.put("IndexStatus", i.status().name());
            d.put("ProvisionedThroughput", throughput(i.throughput(), now));
        }
        KeyspaceUsage stats = usage.apply(i.keyspaceId());
        if (i.isGlobal() && i.status() == TableStatus.CREATING && stats.backfilling() != null) {
            d.put("Backfilling", stats.backfilling());
        }
        d.put("IndexSizeBytes", stats.sizeBytes());
        d.put("ItemCount", stats.itemCount());
        d.put("IndexArn", i.arn());
        if (i.isGlobal()) {
            if (i.onDemand() != null) d.put("OnDemandThroughput", onDemand(i.onDemand()));
            putWarm(d, stats, i.status());
        }
        return d;
    }

    public static List<Object> keySchema(KeySchema k) {
        List<Object> out = new ArrayList<>();
        for (KeyAttribute a : k.hash()) out.add(pair("AttributeName", a.name(), "KeyType", "HASH"));
        for (KeyAttribute a : k.range()) out.add(pair("AttributeName", a.name(), "KeyType", "RANGE"));
        return out;
    }

    /** A two-field object in a fixed field order, so responses are byte-for-byte repeatable. */
    private static Map<String, Object> pair(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }

    private static Map<String, Object> throughput(ProvisionedThroughputState t, Instant now) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (t.lastIncrease() != null) m.put("LastIncreaseDateTime", time(t.lastIncrease()));
        if (t.lastDecrease() != null) m.put("LastDecreaseDateTime", time(t.lastDecrease()));
        m.put("NumberOfDecreasesToday", t.decreasesToday(now));
        m.put("ReadCapacityUnits", t.readCapacityUnits());
        m.put("WriteCapacityUnits", t.writeCapacityUnits());
        return m;
    }

    private static Map<String, Object> onDemand(OnDemandThroughput o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("MaxReadRequestUnits", o.maxReadRequestUnits() == null ? -1L : o.maxReadRequestUnits());
        m.put("MaxWriteRequestUnits", o.maxWriteRequestUnits() == null ? -1L : o.maxWriteRequestUnits());
        return m;
    }

    /**
     * WarmThroughput as the capacity model has it (docs/RULES.md#CAP-WARM-THROUGHPUT), for
     * tables and GSIs in either billing mode; its Status follows the table's or index's (ACTIVE
     * once it can serve them: Keyline warms at once). Omitted where the model gave none.
     */
    private static void putWarm(Map<String, Object> d, KeyspaceUsage stats, TableStatus status) {
        if (stats.warmRead() <= 0 && stats.warmWrite() <= 0) return;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ReadUnitsPerSecond", stats.warmRead());
        m.put("WriteUnitsPerSecond", stats.warmWrite());
        m.put("Status", status.name());
        d.put("WarmThroughput", m);
    }

    /**
     * The ARN of the KMS key the client named (a key id, alias or ARN), or of the AWS managed key
     * by its alias when it named none. SSEDescription keeps DynamoDB's shape (Status ENABLED,
     * SSEType KMS, KMSMasterKeyArn), but Keyline encrypts nothing and holds no key: it reports
     * the key the client chose, never an invented key id (DynamoDB names the managed key by its
     * key id, which only AWS knows).
     */
    static String kmsKeyArn(String keyId, String region, String account) {
        if (keyId != null && keyId.startsWith("arn:")) return keyId;
        String prefix = "arn:aws:kms:" + region + ":" + account + ":";
        if (keyId == null) return prefix + "alias/aws/dynamodb";
        return keyId.startsWith("alias/") ? prefix + keyId : prefix + "key/" + keyId;
    }

    /** Epoch seconds with millisecond precision, as DynamoDB's JSON protocol sends timestamps. */
    public static BigDecimal time(Instant t) { return BigDecimal.valueOf(t.toEpochMilli(), 3); }
}
