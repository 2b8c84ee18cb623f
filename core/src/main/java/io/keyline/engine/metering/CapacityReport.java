package io.keyline.engine.metering;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.metadata.Namespace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The capacity model's snapshot as plain JSON-able maps, for the admin endpoint
 * ({@code GET /admin/partitions}). DescribeTable never shows partitions (DynamoDB does not);
 * this is where a user watches them split and throttle. Every region's tables are listed, the
 * default region's first, each with its region. Stateless.
 */
public final class CapacityReport {
    private CapacityReport() {}

    public static Map<String, Object> json(CapacitySnapshot snapshot) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mode", snapshot.mode().name().toLowerCase());
        List<Object> tables = new ArrayList<>();
        for (CapacitySnapshot.TableSnapshot t : snapshot.tables()) {
            Map<String, Object> table = new LinkedHashMap<>();
            table.put("tableName", t.tableName());
            Namespace ns = Namespace.ofArn(t.tableArn());
            if (ns != null) table.put("region", ns.region()); // each region has its own tables (docs/RULES.md#NS-REGION)
            table.put("tableArn", t.tableArn());
            table.put("table", map(t.table()));
            List<Object> gsis = new ArrayList<>();
            for (CapacitySnapshot.MapSnapshot g : t.globalSecondaryIndexes()) gsis.add(map(g));
            table.put("globalSecondaryIndexes", gsis);
            tables.add(table);
        }
        out.put("tables", tables);
        return out;
    }

    private static Map<String, Object> map(CapacitySnapshot.MapSnapshot m) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", m.name());
        out.put("arn", m.arn());
        out.put("billingMode", m.billing().name());
        out.put("provisionedRead", m.provisionedRead());
        out.put("provisionedWrite", m.provisionedWrite());
        out.put("servingRead", m.servingRead());
        out.put("servingWrite", m.servingWrite());
        out.put("consumedRead", m.consumedRead());
        out.put("consumedWrite", m.consumedWrite());
        out.put("throttles", new LinkedHashMap<>(m.throttles()));
        List<Object> parts = new ArrayList<>();
        for (CapacitySnapshot.PartitionSnapshot p : m.partitions()) {
            Map<String, Object> part = new LinkedHashMap<>();
            part.put("startToken", p.startToken());
            part.put("startSort", p.startSort());
            part.put("sizeBytes", p.sizeBytes());
            part.put("items", p.items());
            part.put("consumedRead", p.consumedRead());
            part.put("consumedWrite", p.consumedWrite());
            part.put("throttledReads", p.throttledReads());
            part.put("throttledWrites", p.throttledWrites());
            parts.add(part);
        }
        out.put("partitionCount", parts.size());
        out.put("partitions", parts);
        return out;
    }
}
