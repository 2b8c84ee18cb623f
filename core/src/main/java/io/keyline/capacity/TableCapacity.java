package io.keyline.capacity;

import io.keyline.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The capacity state of one table: its partition map, one per GSI (each GSI has its own
 * partitions and throughput, docs/RULES.md#CAP-PARTITION-READ), and admission across them. LSIs
 * have no map: their reads and writes are the table's (docs/RULES.md#CAP-READ-INDEX, #CAP-INDEX-OWNER).
 *
 * <p>The engine keeps a reference to this object with its table so the request path needs no
 * lookup. Threading: thread-safe; GSI maps are swapped copy-on-write when indexes come and go.
 */
public final class TableCapacity {
    private final CapacityModel model;
    private final Clock clock;
    private final String tableName;
    private final String tableArn;
    private final boolean hasLsi;
    private final PartitionMap table;
    private volatile Map<String, PartitionMap> indexes = Map.of();

    TableCapacity(CapacityModel model, CapacityModel.TableSpec spec) {
        this.model = model;
        this.clock = model.clock();
        this.tableName = spec.tableName();
        this.tableArn = spec.tableArn();
        this.hasLsi = spec.hasLsi();
        this.table = new PartitionMap(model, spec.tableName(), spec.tableName(), spec.tableArn(), false, spec.hasSortKey() && !spec.hasLsi(),
                spec.throughput(), spec.minPartitions(), model.settings(), clock);
        for (CapacityModel.GsiSpec gsi : spec.globalSecondaryIndexes()) addIndex(gsi);
    }

    public String tableName() { return tableName; }

    public String tableArn() { return tableArn; }

    public boolean hasLsi() { return hasLsi; }

    /** The table's own partitions (LSI traffic included). */
    public PartitionMap table() { return table; }

    /** A GSI's partitions, or null if the table has no GSI of that name. */
    public PartitionMap index(String name) { return indexes.get(name); }

    public Map<String, PartitionMap> indexes() { return indexes; }

    /**
     * Admits a write everywhere it lands, or none of it (GSI back-pressure,
     * docs/RULES.md#GSI-BACK-PRESSURE): parts are taken in order and given back if a later one is refused,
     * so a rejected write consumes nothing. The throttle names the first resource that refused,
     * with its ARN: a GSI's, although the call wrote the table.
     *
     * <p>A partition admits a part while it is in credit, and also when it already admitted an
     * earlier part of the same write or of the same request ({@link WriteCharge#beginRequest}):
     * a request is judged by the partition's state before it and then charged in full.
     */
    public Throttle admitWrite(WriteCharge charge) {
        CapacityMode mode = model.settings().mode();
        if (mode == CapacityMode.OFF) return null;
        long now = clock.nanos();
        for (int i = 0; i < charge.size; i++) {
            PartitionMap map = charge.maps[i];
            Partition p = map.locate(charge, i);
            LimitKind limit = map.tryWrite(p, charge.units[i], now, charge.tokens[i], charge.sorts[i],
                    charge.admittedBefore(i, p));
            if (limit == null) continue;
            if (mode == CapacityMode.ENFORCE) {
                for (int j = 0; j < i; j++) charge.maps[j].refundWrite(charge.parts[j], charge.units[j]);
                map.afterRequest(p);
                return map.throttle(true, limit, charge.tokens[i], charge.sorts[i]);
            }
            map.serveAnyway(p, charge.units[i]);
        }
        charge.admitted();
        ClusterAdmission cluster = model.cluster();
        if (cluster != null) {
            for (int i = 0; i < charge.size; i++) cluster.admitted(charge.maps[i], charge.tokens[i], charge.sorts[i], charge.units[i]);
        }
        CapacityObserver observer = model.observer();
        for (int i = 0; i < charge.size; i++) {
            observer.consumed(charge.maps[i], true, charge.units[i]);
            charge.maps[i].afterRequest(charge.parts[i]);
        }
        return null;
    }

    // ---- indexes and UpdateTable ---------------------------------------------------------------

    /** A GSI created with the table or by UpdateTable gets its own partitions. */
    public synchronized PartitionMap addIndex(CapacityModel.GsiSpec gsi) {
        PartitionMap map = new PartitionMap(model, tableName, gsi.name(), gsi.arn(), true, gsi.hasSortKey(), gsi.throughput(),
                gsi.minPartitions(), model.settings(), clock);
        Map<String, PartitionMap> next = new LinkedHashMap<>(indexes);
        next.put(gsi.name(), map);
        indexes = Map.copyOf(next);
        return map;
    }

    public synchronized void removeIndex(String name) {
        Map<String, PartitionMap> next = new LinkedHashMap<>(indexes);
        next.remove(name);
        indexes = Map.copyOf(next);
    }

    /**
     * Applies a throughput or billing-mode change that UpdateTable has accepted under DynamoDB's
     * rules (which live with the table's metadata, not here): the partition maps follow, with
     * more partitions if the new throughput needs them, never fewer.
     *
     * @param tableThroughput the table's new throughput, or null to leave it
     * @param indexThroughput new throughput per GSI name (unknown names are ignored)
     */
    public synchronized void follow(Throughput tableThroughput, Map<String, Throughput> indexThroughput) {
        if (tableThroughput != null) table.configure(tableThroughput);
        for (Map.Entry<String, Throughput> e : indexThroughput.entrySet()) {
            PartitionMap map = indexes.get(e.getKey());
            if (map != null) map.configure(e.getValue());
        }
    }

    CapacitySnapshot.TableSnapshot snapshot() {
        List<CapacitySnapshot.MapSnapshot> gsis = indexes.values().stream().map(PartitionMap::snapshot).toList();
        return new CapacitySnapshot.TableSnapshot(tableName, tableArn, table.snapshot(), gsis);
    }
}
