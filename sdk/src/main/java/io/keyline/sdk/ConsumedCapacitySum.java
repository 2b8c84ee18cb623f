package io.keyline.sdk;

import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * Adds up the ConsumedCapacity of the shard queries of one merged page: total, read and write
 * units, the table's and each index's. Absent figures stay absent (null) unless a shard reported
 * them, so a TOTAL request gets a TOTAL-shaped sum. Not thread-safe: one per page.
 */
final class ConsumedCapacitySum {
    private String tableName;
    private Double total;
    private Double read;
    private Double write;
    private Capacity table;
    private final Map<String, Capacity> globalIndexes = new HashMap<>();
    private final Map<String, Capacity> localIndexes = new HashMap<>();
    private boolean any;

    void add(ConsumedCapacity c) {
        if (c == null) return;
        any = true;
        if (tableName == null) tableName = c.tableName();
        total = plus(total, c.capacityUnits());
        read = plus(read, c.readCapacityUnits());
        write = plus(write, c.writeCapacityUnits());
        if (c.table() != null) table = plus(table, c.table());
        if (c.hasGlobalSecondaryIndexes()) c.globalSecondaryIndexes().forEach((name, cap) -> globalIndexes.merge(name, cap, ConsumedCapacitySum::plus));
        if (c.hasLocalSecondaryIndexes()) c.localSecondaryIndexes().forEach((name, cap) -> localIndexes.merge(name, cap, ConsumedCapacitySum::plus));
    }

    /** The sum, or null if no shard reported any (ReturnConsumedCapacity NONE). */
    ConsumedCapacity result() {
        if (!any) return null;
        ConsumedCapacity.Builder b = ConsumedCapacity.builder().tableName(tableName)
                .capacityUnits(total).readCapacityUnits(read).writeCapacityUnits(write).table(table);
        if (!globalIndexes.isEmpty()) b.globalSecondaryIndexes(globalIndexes);
        if (!localIndexes.isEmpty()) b.localSecondaryIndexes(localIndexes);
        return b.build();
    }

    private static Capacity plus(Capacity a, Capacity b) {
        if (a == null) return b;
        return Capacity.builder()
                .capacityUnits(plus(a.capacityUnits(), b.capacityUnits()))
                .readCapacityUnits(plus(a.readCapacityUnits(), b.readCapacityUnits()))
                .writeCapacityUnits(plus(a.writeCapacityUnits(), b.writeCapacityUnits()))
                .build();
    }

    private static Double plus(Double a, Double b) {
        if (a == null) return b;
        if (b == null) return a;
        return a + b;
    }
}
