package io.keyline.capacity;

import io.keyline.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Entry point of the capacity model: one per engine. The catalog registers each table (and its
 * GSIs) with the ARNs that throttling reasons name; the engine keeps the returned
 * {@link TableCapacity} with its table and calls it on every request. Time comes only from the
 * injected clock. Thread-safe.
 */
public final class CapacityModel {
    private final CapacitySettings settings;
    private final Clock clock;
    private final Map<String, TableCapacity> tables = new ConcurrentHashMap<>();
    private volatile CapacityObserver observer = CapacityObserver.NONE;
    /**
     * Units of the current request count this many times (the simulator's sampling: one executed
     * request stands for {@code weight} requests of the scenario). Always 1 in the server, where
     * units × 1.0 leaves every figure exactly as it was.
     */
    private double requestWeight = 1.0;

    /**
     * What the model needs of a table.
     *
     * @param minPartitions partitions the table has at least (0: from the throughput alone), e.g.
     *                      a table that grew or was restored with more
     */
    public record TableSpec(String tableName, String tableArn, boolean hasSortKey, boolean hasLsi,
                            Throughput throughput, List<GsiSpec> globalSecondaryIndexes, int minPartitions) {
        public TableSpec {
            globalSecondaryIndexes = List.copyOf(globalSecondaryIndexes);
        }

        public TableSpec(String tableName, String tableArn, boolean hasSortKey, boolean hasLsi, Throughput throughput,
                         List<GsiSpec> globalSecondaryIndexes) {
            this(tableName, tableArn, hasSortKey, hasLsi, throughput, globalSecondaryIndexes, 0);
        }
    }

    /** What the model needs of a GSI; {@code arn} is the index ARN, {@code <table arn>/index/<name>}. */
    public record GsiSpec(String name, String arn, boolean hasSortKey, Throughput throughput, int minPartitions) {
        public GsiSpec(String name, String arn, boolean hasSortKey, Throughput throughput) {
            this(name, arn, hasSortKey, throughput, 0);
        }
    }

    public CapacityModel(CapacitySettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
    }

    public CapacitySettings settings() { return settings; }

    public Clock clock() { return clock; }

    public CapacityMode mode() { return settings.mode(); }

    /** Cluster mode: the other nodes' say on write parts at tokens they own; null alone (the default). */
    private volatile ClusterAdmission cluster;

    /**
     * Cluster mode: from now on, write parts at tokens another node owns also need that node's
     * partition in credit, and are reported to it ({@link ClusterAdmission}); null: this node alone.
     */
    public void cluster(ClusterAdmission admission) { this.cluster = admission; }

    public ClusterAdmission cluster() { return cluster; }

    /** Who is told of charges and throttles from now on, on every table (null: nobody). */
    public void observe(CapacityObserver o) { this.observer = o == null ? CapacityObserver.NONE : o; }

    CapacityObserver observer() { return observer; }

    /**
     * Makes every unit charged or admitted from now on count {@code weight} times, until the
     * next call: a sampled simulation sets its request's weight before dispatching it. Only for a
     * model driven by one thread (the simulator's); the server never calls it. Throttle events
     * stay one per refusal: a watcher weighs them itself.
     */
    public void weighRequests(double weight) {
        if (!(weight > 0) || Double.isInfinite(weight)) throw new IllegalArgumentException("request weight must be positive: " + weight);
        this.requestWeight = weight;
    }

    /** The weight units are charged with now (1 unless a simulation set another). */
    public double requestWeight() { return requestWeight; }

    /** Registers (or replaces) a table and its GSIs; new partitions start with full burst buckets. */
    public TableCapacity register(TableSpec spec) {
        TableCapacity t = new TableCapacity(this, spec);
        tables.put(spec.tableName(), t);
        return t;
    }

    public TableCapacity table(String name) { return tables.get(name); }

    public void unregister(String name) { tables.remove(name); }

    /** Every table's counters and partitions, sorted by table name. */
    public CapacitySnapshot snapshot() {
        List<CapacitySnapshot.TableSnapshot> out = new ArrayList<>();
        tables.values().stream().sorted((a, b) -> a.tableName().compareTo(b.tableName()))
                .forEach(t -> out.add(t.snapshot()));
        return new CapacitySnapshot(settings.mode(), out);
    }
}
