package io.keyline.simulator.run;

import io.keyline.capacity.CapacityModel;
import io.keyline.capacity.Rules;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsSettings;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.op.Operations;
import io.keyline.op.control.Throughputs;
import io.keyline.protocol.AttributeValueCodec;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.Storage;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The database a run drives: a fresh engine on memory storage (whole items, or sizes only), a
 * manual clock, the metrics layer, and the scenario's tables, created through CreateTable
 * (ACTIVE at once: no create delay), with Contributor Insights on for each table and GSI, and
 * their preloads written straight to the item store (no capacity consumed, the clock not moved).
 *
 * <p>Time: the clock starts {@link #GSI_LAG} before the workload's {@link Workload#start()};
 * preloads are written then, the clock moves to the start and their GSI entries are applied, so
 * simulated time zero is the start with every preloaded entry in place. GSI changes are due {@link #GSI_LAG} after
 * their write: the propagator thread may apply them any time after that, and the runner applies
 * every due change itself before a request reads a GSI ({@link #beforeIndexRead}), so what a GSI
 * read sees depends only on simulated time.
 *
 * <p>Threading: used by the run's one thread (the GSI propagator runs beside it, inside the engine).
 */
final class SimulatedDatabase implements AutoCloseable {
    /** How long after its write a GSI change is applied: DynamoDB propagates in well under a second. */
    static final Duration GSI_LAG = Duration.ofMillis(1);

    /** Simulated time zero: the scenario's startTime. */
    final Instant start;
    final ManualClock clock;
    final Engine engine;
    final Operations operations;
    final Metrics metrics;
    final WeightedCapacityMetrics watcher;
    final CountingStorage storage;
    /** The tables in scenario order, as created (their metadata after Contributor Insights was enabled). */
    final List<TableMetadata> tables = new ArrayList<>();
    /** Attributes the traffic's expressions may read: SIZES keeps them with the keys. */
    private final Set<String> attributesRead;
    /** Per GSI keyspace: entries its table's preloads gave it. */
    final Map<Long, Long> preloadedEntries = new java.util.HashMap<>();
    /** Per table name: items preloaded. */
    final Map<String, Long> preloaded = new LinkedHashMap<>();

    SimulatedDatabase(Workload workload, Simulation.StorageMode mode) {
        this.start = workload.start();
        this.clock = new ManualClock(start.minus(GSI_LAG));
        Storage memory = new MemoryStorage();
        SizeOnlyStorage sizes = mode == Simulation.StorageMode.SIZES ? new SizeOnlyStorage(memory) : null;
        this.storage = new CountingStorage(sizes != null ? sizes : memory);
        double quota = tableQuota(workload.createTables());
        Settings settings = Settings.defaults().withGsiLag(GSI_LAG)
                .withCapacity(Settings.defaultCapacity().withTableQuota(quota, quota));
        this.engine = new Engine(storage, clock, settings);
        this.operations = new Operations(engine);
        Duration minutes = workload.duration().plus(Duration.ofHours(1));
        this.metrics = Metrics.attach(model(), clock, MetricsSettings.defaults().withRetention(minutes, Duration.ofMinutes(1)),
                Throughputs.ACCOUNT_MAX_READ_CAPACITY_UNITS, Throughputs.ACCOUNT_MAX_WRITE_CAPACITY_UNITS, explanation -> {});
        this.watcher = new WeightedCapacityMetrics(metrics.store(), model(), clock);
        model().observe(watcher);
        this.attributesRead = workload.traffic().attributesRead();
        for (JsonObject create : workload.createTables()) create(create, sizes);
        for (Workload.Preload p : workload.preloads()) preload(p);
        clock.advance(GSI_LAG);
        engine.indexes().propagateDue();
        for (TableMetadata t : tables) {
            for (IndexMetadata g : t.globalIndexes()) preloadedEntries.put(g.keyspaceId(), engine.catalog().statistics(g.keyspaceId()).itemCount());
        }
    }

    CapacityModel model() { return engine.capacity().model(); }

    /** The table's metadata now. */
    TableMetadata table(String name) { return engine.catalog().get(name); }

    /** Applies every GSI change due by now, so a GSI read sees exactly what simulated time allows. */
    void beforeIndexRead() { engine.indexes().propagateDue(); }

    private void create(JsonObject request, SizeOnlyStorage sizes) {
        operations.dispatch("CreateTable", request);
        TableMetadata table = table(request.string("TableName"));
        Set<String> keys = keyAttributes(table);
        keys.addAll(attributesRead);
        if (sizes != null) {
            sizes.keepSizesOf(table.keyspaceId(), keys);
            for (IndexMetadata index : table.indexes()) sizes.keepSizesOf(index.keyspaceId(), keys);
        }
        enableInsights(table.name(), null);
        for (IndexMetadata gsi : table.globalIndexes()) enableInsights(table.name(), gsi.name());
        tables.add(table(table.name()));
    }

    /** Key attributes of the table and of every index: what index maintenance needs of an old item. */
    private static Set<String> keyAttributes(TableMetadata table) {
        Set<String> out = new HashSet<>();
        for (KeyAttribute a : table.keySchema().all()) out.add(a.name());
        for (IndexMetadata index : table.indexes()) for (KeyAttribute a : index.keySchema().all()) out.add(a.name());
        return out;
    }

    /** Top keys come from Contributor Insights; a resource it refuses (a quota) just reports none. */
    private void enableInsights(String table, String index) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("TableName", table);
        if (index != null) body.put("IndexName", index);
        body.put("ContributorInsightsAction", "ENABLE");
        try {
            operations.dispatch("UpdateContributorInsights", new JsonObject(body));
        } catch (ApiException e) {
            // no top keys for this resource
        }
    }

    private void preload(Workload.Preload p) {
        TableMetadata table = table(p.table());
        if (table == null) throw new IllegalArgumentException("preload into unknown table " + p.table());
        for (long i = 0; i < p.count(); i++) {
            Map<String, AttributeValue> item = AttributeValueCodec.decodeItem(p.items().item(i).raw());
            engine.items().write(table, PrimaryKeys.fromItem(table.keySchema(), item), old -> item);
        }
        preloaded.merge(p.table(), p.count(), Long::sum);
    }

    /**
     * The per-table quota the run allows (docs/RULES.md#QUOTA-TABLE: adjustable): DynamoDB's
     * default, or enough for every scenario table with its GSIs (a scenario describes a table that
     * exists, so its quota was raised): at least the sum of every unit figure its request names.
     */
    static double tableQuota(List<JsonObject> createTables) {
        double max = Rules.DEFAULT_TABLE_QUOTA;
        for (JsonObject t : createTables) max = Math.max(max, unitsNamed(t.raw()));
        return max;
    }

    private static double unitsNamed(Object node) {
        double sum = 0;
        if (node instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getValue() instanceof Number n && String.valueOf(e.getKey()).contains("Units")) sum += n.doubleValue();
                else sum += unitsNamed(e.getValue());
            }
        } else if (node instanceof List<?> l) {
            for (Object o : l) sum += unitsNamed(o);
        }
        return sum;
    }

    @Override public void close() { engine.close(); }
}
