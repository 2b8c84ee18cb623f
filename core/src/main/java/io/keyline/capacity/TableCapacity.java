package io.keyline.capacity;

import io.keyline.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The capacity state of one table: its partition map, one per GSI (each GSI has its own
 * partitions and throughput, B.6), the UpdateTable history, and admission across them. LSIs
 * have no map: their reads and writes are the table's (B.2, B.4).
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
    private final ThroughputHistory tableHistory = new ThroughputHistory();
    private volatile Map<String, PartitionMap> indexes = Map.of();
    private final Map<String, ThroughputHistory> indexHistory = new java.util.concurrent.ConcurrentHashMap<>();

    TableCapacity(CapacityModel model, CapacityModel.TableSpec spec) {
        this.model = model;
        this.clock = model.clock();
        this.tableName = spec.tableName();
        this.tableArn = spec.tableArn();
        this.hasLsi = spec.hasLsi();
        this.table = new PartitionMap(spec.tableName(), spec.tableArn(), false, spec.hasSortKey() && !spec.hasLsi(),
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
     * Admits a write everywhere it lands, or none of it (GSI back-pressure, B.4 [doc, AWS-GSI];
     * B.9 [doc, AWS-GSITHR]): parts are taken in order and given back if a later one is refused,
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
        for (int i = 0; i < charge.size; i++) charge.maps[i].afterRequest(charge.parts[i]);
        return null;
    }

    // ---- indexes and UpdateTable ---------------------------------------------------------------

    /** A GSI created with the table or by UpdateTable gets its own partitions. */
    public synchronized PartitionMap addIndex(CapacityModel.GsiSpec gsi) {
        PartitionMap map = new PartitionMap(gsi.name(), gsi.arn(), true, gsi.hasSortKey(), gsi.throughput(),
                gsi.minPartitions(), model.settings(), clock);
        Map<String, PartitionMap> next = new LinkedHashMap<>(indexes);
        next.put(gsi.name(), map);
        indexes = Map.copyOf(next);
        indexHistory.put(gsi.name(), new ThroughputHistory());
        return map;
    }

    public synchronized void removeIndex(String name) {
        Map<String, PartitionMap> next = new LinkedHashMap<>(indexes);
        next.remove(name);
        indexes = Map.copyOf(next);
        indexHistory.remove(name);
    }

    /**
     * Checks and applies an UpdateTable change of throughput or billing mode (B.7): decreases
     * within the day's budget, table and GSI budgets counted apart but the whole request refused
     * if either is over; provisioned → on-demand at most {@link Rules#ON_DEMAND_SWITCHES_PER_WINDOW}
     * times in {@link Rules#ON_DEMAND_SWITCH_WINDOW}. On success the partition maps follow: more
     * partitions if the new throughput needs them, never fewer. The table and its GSIs together
     * stay within the per-table quota ({@link CapacityModel#checkProvisionedQuota}). A billing
     * mode change applies to the GSIs only as far as the caller passes them (they follow the table).
     *
     * @param tableThroughput the table's new throughput, or null to leave it
     * @param indexThroughput new throughput per GSI name (unknown names are ignored)
     * @return null when applied, else the LimitExceededException message; nothing is applied then
     */
    public synchronized String update(Throughput tableThroughput, Map<String, Throughput> indexThroughput) {
        Instant now = clock.now();
        Map<String, Throughput> after = new LinkedHashMap<>();
        indexes.forEach((n, m) -> after.put(n, indexThroughput.getOrDefault(n, m.limits.throughput())));
        String problem = model.checkProvisionedQuota(
                tableThroughput != null ? tableThroughput : table.limits.throughput(), after.values());
        if (problem == null) problem = check(table, tableHistory, tableThroughput, now);
        for (Map.Entry<String, Throughput> e : indexThroughput.entrySet()) {
            PartitionMap map = indexes.get(e.getKey());
            if (problem == null && map != null) problem = check(map, indexHistory.get(e.getKey()), e.getValue(), now);
        }
        if (problem != null) return problem;
        follow(tableThroughput, indexThroughput);
        return null;
    }

    /**
     * Applies a throughput or billing-mode change that the catalog has already accepted under
     * DynamoDB's rules: the partition maps follow without checking again (B.7 history is still
     * recorded, for {@link #update}).
     */
    public synchronized void follow(Throughput tableThroughput, Map<String, Throughput> indexThroughput) {
        Instant now = clock.now();
        apply(table, tableHistory, tableThroughput, now);
        for (Map.Entry<String, Throughput> e : indexThroughput.entrySet()) {
            PartitionMap map = indexes.get(e.getKey());
            if (map != null) apply(map, indexHistory.get(e.getKey()), e.getValue(), now);
        }
    }

    private static String check(PartitionMap map, ThroughputHistory history, Throughput next, Instant now) {
        if (next == null) return null;
        Throughput current = map.limits.throughput();
        if (ThroughputHistory.isDecrease(current, next)) return history.checkDecrease(now);
        if (!current.onDemandMode() && next.onDemandMode()) return history.checkSwitchToOnDemand(now);
        return null;
    }

    private static void apply(PartitionMap map, ThroughputHistory history, Throughput next, Instant now) {
        if (next == null) return;
        Throughput current = map.limits.throughput();
        if (ThroughputHistory.isDecrease(current, next)) history.recordDecrease(now);
        if (!current.onDemandMode() && next.onDemandMode()) history.recordSwitchToOnDemand(now);
        map.configure(next);
    }

    CapacitySnapshot.TableSnapshot snapshot() {
        List<CapacitySnapshot.MapSnapshot> gsis = indexes.values().stream().map(PartitionMap::snapshot).toList();
        return new CapacitySnapshot.TableSnapshot(tableName, tableArn, table.snapshot(), gsis);
    }
}
