package io.keyline.engine.metering;

import io.keyline.capacity.CapacityModel;
import io.keyline.capacity.ClusterAdmission;
import io.keyline.capacity.CapacitySettings;
import io.keyline.capacity.CapacitySnapshot;
import io.keyline.capacity.IndexSpec;
import io.keyline.capacity.PartitionMap;
import io.keyline.capacity.TableCapacity;
import io.keyline.capacity.Throughput;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.WarmThroughput;
import io.keyline.model.KeySchema;
import io.keyline.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Keeps the capacity model in step with the catalog: every table and GSI is registered with
 * the model (at start-up and on CreateTable), follows UpdateTable (throughput, billing mode,
 * GSIs created or deleted) and is forgotten on DeleteTable. ARNs come from the catalog.
 *
 * <p>Each namespace (account and region) has its own model, as each DynamoDB region meters its
 * own tables and account quotas (docs/RULES.md#NS-REGION); {@link #model()} is the default
 * namespace's. Bindings are kept by table ARN, which names the namespace.
 *
 * <p>The request path asks {@link #binding(TableMetadata)}: one map lookup and an identity
 * check. When the metadata it holds differs from the bound one (a table updated since, or a
 * status resolved lazily), the registry re-binds to the catalog's current metadata, so a request
 * holding stale metadata can never roll the model back. Threading: thread-safe; re-binding is
 * serialized on this object.
 */
public final class CapacityRegistry {
    private final CapacitySettings settings;
    private final Clock clock;
    private final Namespace home;
    private final CapacityModel model;
    private final Map<Namespace, CapacityModel> models = new ConcurrentHashMap<>();
    /** Guarded by {@link #models}. */
    private final List<BiConsumer<Namespace, CapacityModel>> modelWatchers = new ArrayList<>();
    private final Function<TableMetadata, TableMetadata> currentMetadata;
    /** By table ARN. */
    private final Map<String, TableBinding> bindings = new ConcurrentHashMap<>();
    private static final String INDEX_IN_ARN = "/index/";
    /** Cluster mode's say of other nodes, given to every model made; guarded by {@link #models}. */
    private ClusterAdmission cluster;
    /** Where a request on a table deleted under it is metered, so the model never sees the table again. */
    private final CapacityModel orphans;

    /**
     * @param home            the default namespace, whose model {@link #model()} is
     * @param currentMetadata the catalog's current metadata of a table (same namespace and name;
     *                        null if none)
     */
    public CapacityRegistry(CapacitySettings settings, Clock clock, Namespace home, Function<TableMetadata, TableMetadata> currentMetadata) {
        this.settings = settings;
        this.clock = clock;
        this.home = home;
        this.model = new CapacityModel(settings, clock);
        models.put(home, model);
        this.currentMetadata = currentMetadata;
        this.orphans = new CapacityModel(settings, clock);
    }

    /** The default namespace's model. */
    public CapacityModel model() { return model; }

    /** The model of namespace {@code ns}; made on first use, and then shown to every {@link #eachModel} watcher. */
    public CapacityModel model(Namespace ns) {
        if (ns == null) return model;
        CapacityModel m = models.get(ns);
        return m != null ? m : made(ns);
    }

    private CapacityModel made(Namespace ns) {
        synchronized (models) {
            CapacityModel m = models.get(ns);
            if (m != null) return m;
            m = new CapacityModel(settings, clock);
            m.cluster(cluster);
            // watchers see the model before any table is registered with it, so none of its charges is missed
            for (BiConsumer<Namespace, CapacityModel> w : modelWatchers) w.accept(ns, m);
            models.put(ns, m);
            return m;
        }
    }

    /**
     * Calls {@code watcher} with every namespace's model, now for those that exist and later for
     * each one made (the metrics observe every region's model this way). The default
     * namespace's comes first.
     */
    public void eachModel(BiConsumer<Namespace, CapacityModel> watcher) {
        synchronized (models) {
            modelWatchers.add(watcher);
            watcher.accept(home, model);
            for (Map.Entry<Namespace, CapacityModel> e : models.entrySet()) {
                if (!e.getKey().equals(home)) watcher.accept(e.getKey(), e.getValue());
            }
        }
    }

    // ---- cluster mode (docs/CLUSTER.md, "Capacity across nodes") --------------------------------

    /** Every model's {@link CapacityModel#cluster}, now and for models made later; null: this node alone. */
    public void cluster(ClusterAdmission admission) {
        synchronized (models) {
            cluster = admission;
            for (CapacityModel m : models.values()) m.cluster(admission);
        }
    }

    /** The partition map of a table or GSI by its ARN ({@code <table arn>/index/<name>} for a GSI), or null. */
    public PartitionMap map(String arn) {
        int index = arn.indexOf(INDEX_IN_ARN);
        TableBinding b = bindings.get(index < 0 ? arn : arn.substring(0, index));
        if (b == null) return null;
        return index < 0 ? b.capacity().table() : b.capacity().index(arn.substring(index + INDEX_IN_ARN.length()));
    }

    /** Every bound table's map and its GSIs' maps. */
    public void forEachMap(Consumer<PartitionMap> action) {
        for (TableBinding b : bindings.values()) {
            action.accept(b.capacity().table());
            for (PartitionMap gsi : b.capacity().indexes().values()) action.accept(gsi);
        }
    }

    /** Every namespace's tables, the default namespace's first, then by namespace. */
    public CapacitySnapshot snapshot() {
        List<CapacitySnapshot.TableSnapshot> tables = new ArrayList<>(model.snapshot().tables());
        List<Namespace> others = new ArrayList<>(models.keySet());
        others.remove(home);
        others.sort(null);
        for (Namespace ns : others) tables.addAll(models.get(ns).snapshot().tables());
        return new CapacitySnapshot(model.mode(), tables);
    }

    /** The binding of this table for a request; registers or follows the catalog if needed. */
    public TableBinding binding(TableMetadata table) {
        TableBinding b = bindings.get(table.arn());
        if (b != null && b.metadata() == table) return b;
        return rebind(table);
    }

    /** CreateTable, and each table found at start-up: new partitions with full burst buckets. */
    public synchronized TableBinding register(TableMetadata table) {
        TableBinding b = bind(table, model(table.namespace()).register(spec(table)));
        bindings.put(table.arn(), b);
        return b;
    }

    /** UpdateTable: the partition maps follow the change the catalog has accepted. */
    public synchronized TableBinding follow(TableMetadata updated) {
        TableBinding b = bindings.get(updated.arn());
        if (b == null || b.metadata().keyspaceId() != updated.keyspaceId()) return register(updated);
        if (b.metadata() == updated) return b;
        TableMetadata before = b.metadata();
        TableCapacity cap = b.capacity();
        Map<String, IndexMetadata> oldGsis = byName(before.globalIndexes());
        Map<String, IndexMetadata> newGsis = byName(updated.globalIndexes());
        for (String name : oldGsis.keySet()) {
            IndexMetadata now = newGsis.get(name);
            if (now == null || now.keyspaceId() != oldGsis.get(name).keyspaceId()) cap.removeIndex(name);
        }
        Map<String, Throughput> changed = new LinkedHashMap<>();
        for (IndexMetadata g : updated.globalIndexes()) {
            IndexMetadata was = oldGsis.get(g.name());
            if (was == null || was.keyspaceId() != g.keyspaceId()) {
                cap.addIndex(gsiSpec(updated, g));
            } else {
                Throughput t = gsiThroughput(updated, g);
                if (!t.equals(gsiThroughput(before, was))) changed.put(g.name(), t);
            }
        }
        Throughput tableBefore = tableThroughput(before);
        Throughput tableAfter = tableThroughput(updated);
        cap.follow(tableAfter.equals(tableBefore) ? null : tableAfter, changed);
        TableBinding next = bind(updated, cap);
        bindings.put(updated.arn(), next);
        return next;
    }

    /** DeleteTable: the table's partitions are gone with it. */
    public synchronized void unregister(TableMetadata table) {
        bindings.remove(table.arn());
        model(table.namespace()).unregister(table.name());
    }

    private synchronized TableBinding rebind(TableMetadata table) {
        TableBinding b = bindings.get(table.arn());
        if (b != null && b.metadata() == table) return b;
        TableMetadata current = currentMetadata.apply(table);
        // The table was deleted (or replaced) under the request: serve it with its old binding.
        if (current == null || current.keyspaceId() != table.keyspaceId()) {
            return b != null && b.metadata().keyspaceId() == table.keyspaceId() ? b : bind(table, orphans.register(spec(table)));
        }
        if (b != null && b.metadata().keyspaceId() == current.keyspaceId() && sameCapacityShape(b.metadata(), current)) {
            return b; // e.g. a CREATING status resolved lazily: nothing the model sees has changed
        }
        return follow(current);
    }

    private static boolean sameCapacityShape(TableMetadata a, TableMetadata b) {
        return a.billingMode() == b.billingMode() && tableThroughput(a).equals(tableThroughput(b))
                && a.localIndexes().equals(b.localIndexes())
                && shapes(a.globalIndexes()).equals(shapes(b.globalIndexes()));
    }

    private static List<Object> shapes(List<IndexMetadata> gsis) {
        List<Object> out = new ArrayList<>();
        for (IndexMetadata g : gsis) out.add(List.of(g.name(), g.keyspaceId(), g.keySchema(), g.projection(),
                g.throughput() == null ? "" : List.of(g.throughput().readCapacityUnits(), g.throughput().writeCapacityUnits()),
                g.onDemand() == null ? "" : g.onDemand(), g.warmThroughput() == null ? "" : g.warmThroughput()));
        return out;
    }

    // ---- catalog → model ----------------------------------------------------------------------

    private static CapacityModel.TableSpec spec(TableMetadata t) {
        List<CapacityModel.GsiSpec> gsis = new ArrayList<>();
        for (IndexMetadata g : t.globalIndexes()) gsis.add(gsiSpec(t, g));
        return new CapacityModel.TableSpec(t.name(), t.arn(), t.keySchema().hasSortKey(), !t.localIndexes().isEmpty(),
                tableThroughput(t), gsis);
    }

    private static CapacityModel.GsiSpec gsiSpec(TableMetadata t, IndexMetadata g) {
        return new CapacityModel.GsiSpec(g.name(), g.arn(), g.keySchema().hasSortKey(), gsiThroughput(t, g));
    }

    private TableBinding bind(TableMetadata t, TableCapacity cap) {
        List<IndexSpec> lsis = new ArrayList<>();
        for (IndexMetadata l : t.localIndexes()) lsis.add(indexSpec(t.keySchema(), l));
        List<TableBinding.Gsi> gsis = new ArrayList<>();
        for (IndexMetadata g : t.globalIndexes()) {
            if (!g.isLive()) continue; // a GSI being deleted takes no writes, so it applies no back-pressure
            PartitionMap map = cap.index(g.name());
            if (map == null) map = cap.addIndex(gsiSpec(t, g));
            gsis.add(new TableBinding.Gsi(indexSpec(t.keySchema(), g), map));
        }
        return new TableBinding(t, cap, lsis, gsis);
    }

    static IndexSpec indexSpec(KeySchema tableKey, IndexMetadata index) {
        IndexSpec.Projection projection = switch (index.projection().type()) {
            case ALL -> IndexSpec.Projection.ALL;
            case KEYS_ONLY -> IndexSpec.Projection.KEYS_ONLY;
            case INCLUDE -> IndexSpec.Projection.INCLUDE;
        };
        Set<String> include = new HashSet<>(index.projection().nonKeyAttributes());
        return new IndexSpec(index.name(), index.isGlobal(), index.keySchema(), tableKey, projection, include);
    }

    static Throughput tableThroughput(TableMetadata t) {
        return warmed(throughput(t.billingMode(), t.throughput(), t.onDemand()), t.warmThroughput());
    }

    static Throughput gsiThroughput(TableMetadata t, IndexMetadata g) {
        return warmed(throughput(t.billingMode(), g.throughput(), g.onDemand()), g.warmThroughput());
    }

    private static Throughput warmed(Throughput t, WarmThroughput warm) {
        return warm == null ? t : t.warmedTo(warm.read(), warm.write());
    }

    /** A provisioned table's units, or on-demand with its OnDemandThroughput maximums (-1 or absent: none). */
    static Throughput throughput(BillingMode billing, ProvisionedThroughputState provisioned, OnDemandThroughput onDemand) {
        if (billing == BillingMode.PROVISIONED && provisioned != null) {
            return Throughput.provisioned(provisioned.readCapacityUnits(), provisioned.writeCapacityUnits());
        }
        if (onDemand == null) return Throughput.onDemand();
        return Throughput.onDemand(maximum(onDemand.maxReadRequestUnits()), maximum(onDemand.maxWriteRequestUnits()));
    }

    private static double maximum(Long units) {
        return units == null || units < 0 ? 0 : units;
    }

    private static Map<String, IndexMetadata> byName(List<IndexMetadata> indexes) {
        Map<String, IndexMetadata> out = new LinkedHashMap<>();
        for (IndexMetadata i : indexes) out.put(i.name(), i);
        return out;
    }
}
