package io.keyline.metadata;

import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything the catalog knows of one table. Immutable: a change (UpdateTable, tags, status)
 * replaces the whole record in the catalog; {@link #toBuilder()} makes such a copy.
 *
 * <p>Status is stored with {@code statusUntil}, the instant at which a transient status ends
 * (CREATING becomes ACTIVE, DELETING becomes gone); the catalog applies it lazily against its
 * clock, so no background thread is needed. Maps keep insertion order (the order the client
 * gave), which is the order descriptions list them in.
 *
 * @param keyspaceId storage prefix of the table's items, unique for the life of the store
 * @param attributeDefinitions every attribute used by a key of the table or of an index, with its type
 * @param lastUpdateToPayPerRequest when the table last became PAY_PER_REQUEST, or null
 * @param throughput provisioned units (0/0 for on-demand tables) and their change history
 * @param onDemand OnDemandThroughput if given, else null
 * @param stream StreamSpecification if given, else null
 * @param sse SSESpecification if enabled, else null
 * @param tableClass TableClass if given, else null
 * @param statusUntil end of a transient status, or null
 * @param payPerRequestSwitches when the table switched from PROVISIONED to PAY_PER_REQUEST within
 *                              the last day, oldest first (DynamoDB limits how often it may)
 * @param warmThroughput the WarmThroughput the client asked for, or null
 * @param insights the Contributor Insights states of the table and its GSIs (never null;
 *                 those of GSIs the table no longer has are dropped)
 * @param timeToLive the table's Time to Live setting, or null if UpdateTimeToLive never changed it
 */
public record TableMetadata(
        String name,
        String tableId,
        String arn,
        long keyspaceId,
        Instant creationTime,
        TableStatus status,
        KeySchema keySchema,
        Map<String, ScalarType> attributeDefinitions,
        BillingMode billingMode,
        Instant lastUpdateToPayPerRequest,
        ProvisionedThroughputState throughput,
        OnDemandThroughput onDemand,
        List<IndexMetadata> localIndexes,
        List<IndexMetadata> globalIndexes,
        StreamSettings stream,
        SseSettings sse,
        String tableClass,
        boolean deletionProtection,
        Map<String, String> tags,
        Instant statusUntil,
        List<Instant> payPerRequestSwitches,
        WarmThroughput warmThroughput,
        TableInsights insights,
        TimeToLiveState timeToLive) {

    public TableMetadata {
        payPerRequestSwitches = List.copyOf(payPerRequestSwitches);
        attributeDefinitions = Collections.unmodifiableMap(new LinkedHashMap<>(attributeDefinitions));
        localIndexes = List.copyOf(localIndexes);
        globalIndexes = List.copyOf(globalIndexes);
        tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        if (insights == null) insights = TableInsights.NONE;
        else if (!insights.indexes().isEmpty()) insights = insights.retainIndexes(indexNames(globalIndexes));
    }

    /** A table whose Time to Live was never configured. */
    public TableMetadata(String name, String tableId, String arn, long keyspaceId, Instant creationTime, TableStatus status,
                         KeySchema keySchema, Map<String, ScalarType> attributeDefinitions, BillingMode billingMode,
                         Instant lastUpdateToPayPerRequest, ProvisionedThroughputState throughput, OnDemandThroughput onDemand,
                         List<IndexMetadata> localIndexes, List<IndexMetadata> globalIndexes, StreamSettings stream,
                         SseSettings sse, String tableClass, boolean deletionProtection, Map<String, String> tags,
                         Instant statusUntil, List<Instant> payPerRequestSwitches, WarmThroughput warmThroughput,
                         TableInsights insights) {
        this(name, tableId, arn, keyspaceId, creationTime, status, keySchema, attributeDefinitions, billingMode,
                lastUpdateToPayPerRequest, throughput, onDemand, localIndexes, globalIndexes, stream, sse, tableClass,
                deletionProtection, tags, statusUntil, payPerRequestSwitches, warmThroughput, insights, null);
    }

    /** A table without Contributor Insights configured. */
    public TableMetadata(String name, String tableId, String arn, long keyspaceId, Instant creationTime, TableStatus status,
                         KeySchema keySchema, Map<String, ScalarType> attributeDefinitions, BillingMode billingMode,
                         Instant lastUpdateToPayPerRequest, ProvisionedThroughputState throughput, OnDemandThroughput onDemand,
                         List<IndexMetadata> localIndexes, List<IndexMetadata> globalIndexes, StreamSettings stream,
                         SseSettings sse, String tableClass, boolean deletionProtection, Map<String, String> tags,
                         Instant statusUntil, List<Instant> payPerRequestSwitches, WarmThroughput warmThroughput) {
        this(name, tableId, arn, keyspaceId, creationTime, status, keySchema, attributeDefinitions, billingMode,
                lastUpdateToPayPerRequest, throughput, onDemand, localIndexes, globalIndexes, stream, sse, tableClass,
                deletionProtection, tags, statusUntil, payPerRequestSwitches, warmThroughput, TableInsights.NONE);
    }

    private static Set<String> indexNames(List<IndexMetadata> gsis) {
        Set<String> names = new HashSet<>();
        for (IndexMetadata g : gsis) names.add(g.name());
        return names;
    }

    /** A table without a requested warm throughput. */
    public TableMetadata(String name, String tableId, String arn, long keyspaceId, Instant creationTime, TableStatus status,
                         KeySchema keySchema, Map<String, ScalarType> attributeDefinitions, BillingMode billingMode,
                         Instant lastUpdateToPayPerRequest, ProvisionedThroughputState throughput, OnDemandThroughput onDemand,
                         List<IndexMetadata> localIndexes, List<IndexMetadata> globalIndexes, StreamSettings stream,
                         SseSettings sse, String tableClass, boolean deletionProtection, Map<String, String> tags,
                         Instant statusUntil, List<Instant> payPerRequestSwitches) {
        this(name, tableId, arn, keyspaceId, creationTime, status, keySchema, attributeDefinitions, billingMode,
                lastUpdateToPayPerRequest, throughput, onDemand, localIndexes, globalIndexes, stream, sse, tableClass,
                deletionProtection, tags, statusUntil, payPerRequestSwitches, null);
    }

    /** A plain on-demand table with no indexes: the shape of the original skeleton record. */
    public TableMetadata(String name, String tableId, String arn, long keyspaceId, Instant creationTime,
                         TableStatus status, KeySchema keySchema) {
        this(name, tableId, arn, keyspaceId, creationTime, status, keySchema, definitionsOf(keySchema),
                BillingMode.PAY_PER_REQUEST, creationTime, ProvisionedThroughputState.ON_DEMAND, null,
                List.of(), List.of(), null, null, null, false, Map.of(), null, List.of());
    }

    private static Map<String, ScalarType> definitionsOf(KeySchema keySchema) {
        Map<String, ScalarType> m = new LinkedHashMap<>();
        keySchema.all().forEach(a -> m.put(a.name(), a.type()));
        return m;
    }

    /** The index of either kind with this name, or null. */
    public IndexMetadata index(String indexName) {
        for (IndexMetadata i : localIndexes) if (i.name().equals(indexName)) return i;
        for (IndexMetadata i : globalIndexes) if (i.name().equals(indexName)) return i;
        return null;
    }

    /** Every index, LSIs first. */
    public List<IndexMetadata> indexes() {
        List<IndexMetadata> all = new ArrayList<>(localIndexes);
        all.addAll(globalIndexes);
        return all;
    }

    /**
     * The metadata as seen at {@code now}: a CREATING table whose delay has passed is ACTIVE, and
     * a DELETING GSI whose delay has passed is gone.
     */
    public TableMetadata resolvedAt(Instant now) {
        TableMetadata t = withoutIndexesGoneAt(now);
        if (t.status != TableStatus.CREATING || t.statusUntil == null || now.isBefore(t.statusUntil)) return t;
        return t.activated();
    }

    /** This metadata without the DELETING GSIs whose delay has passed at {@code now}; this if there are none. */
    public TableMetadata withoutIndexesGoneAt(Instant now) {
        List<IndexMetadata> kept = null;
        for (int i = 0; i < globalIndexes.size(); i++) {
            IndexMetadata g = globalIndexes.get(i);
            boolean gone = g.status() == TableStatus.DELETING && (g.statusUntil() == null || !now.isBefore(g.statusUntil()));
            if (gone && kept == null) kept = new ArrayList<>(globalIndexes.subList(0, i));
            else if (!gone && kept != null) kept.add(g);
        }
        return kept == null ? this : toBuilder().globalIndexes(kept).build();
    }

    private TableMetadata activated() {
        List<IndexMetadata> gsis = new ArrayList<>();
        for (IndexMetadata g : globalIndexes) {
            gsis.add(g.status() == TableStatus.CREATING ? g.withStatus(TableStatus.ACTIVE) : g);
        }
        return toBuilder().status(TableStatus.ACTIVE).statusUntil(null).globalIndexes(gsis).build();
    }

    /** True when a DELETING table's delay has passed and it no longer exists. */
    public boolean goneAt(Instant now) {
        return status == TableStatus.DELETING && (statusUntil == null || !now.isBefore(statusUntil));
    }

    /** The namespace the table lives in, as its ARN names it. */
    public Namespace namespace() { return Namespace.ofArn(arn); }

    /**
     * This table moved to namespace {@code ns}: its ARN and its indexes' ARNs name {@code ns}
     * (a catalog record of format 1, which had no namespace, is read into the default one).
     */
    public TableMetadata inNamespace(Namespace ns) {
        String tableArn = ns.tableArn(name);
        if (tableArn.equals(arn)) return this;
        List<IndexMetadata> lsis = new ArrayList<>();
        for (IndexMetadata i : localIndexes) lsis.add(i.withArn(tableArn + "/index/" + i.name()));
        List<IndexMetadata> gsis = new ArrayList<>();
        for (IndexMetadata i : globalIndexes) gsis.add(i.withArn(tableArn + "/index/" + i.name()));
        return new TableMetadata(name, tableId, tableArn, keyspaceId, creationTime, status, keySchema, attributeDefinitions,
                billingMode, lastUpdateToPayPerRequest, throughput, onDemand, lsis, gsis, stream, sse, tableClass,
                deletionProtection, tags, statusUntil, payPerRequestSwitches, warmThroughput, insights, timeToLive);
    }

    public Builder toBuilder() { return new Builder(this); }

    /** A mutable copy used to derive changed metadata; not thread-safe. */
    public static final class Builder {
        private final TableMetadata t;
        private TableStatus status;
        private Map<String, ScalarType> attributeDefinitions;
        private BillingMode billingMode;
        private Instant lastUpdateToPayPerRequest;
        private ProvisionedThroughputState throughput;
        private OnDemandThroughput onDemand;
        private List<IndexMetadata> globalIndexes;
        private StreamSettings stream;
        private SseSettings sse;
        private String tableClass;
        private boolean deletionProtection;
        private Map<String, String> tags;
        private Instant statusUntil;
        private List<Instant> payPerRequestSwitches;
        private WarmThroughput warmThroughput;
        private TableInsights insights;
        private TimeToLiveState timeToLive;

        private Builder(TableMetadata t) {
            this.t = t;
            status = t.status;
            attributeDefinitions = t.attributeDefinitions;
            billingMode = t.billingMode;
            lastUpdateToPayPerRequest = t.lastUpdateToPayPerRequest;
            throughput = t.throughput;
            onDemand = t.onDemand;
            globalIndexes = t.globalIndexes;
            stream = t.stream;
            sse = t.sse;
            tableClass = t.tableClass;
            deletionProtection = t.deletionProtection;
            tags = t.tags;
            statusUntil = t.statusUntil;
            payPerRequestSwitches = t.payPerRequestSwitches;
            warmThroughput = t.warmThroughput;
            insights = t.insights;
            timeToLive = t.timeToLive;
        }

        public Builder status(TableStatus v) { status = v; return this; }
        public Builder attributeDefinitions(Map<String, ScalarType> v) { attributeDefinitions = v; return this; }
        public Builder billingMode(BillingMode v) { billingMode = v; return this; }
        public Builder lastUpdateToPayPerRequest(Instant v) { lastUpdateToPayPerRequest = v; return this; }
        public Builder throughput(ProvisionedThroughputState v) { throughput = v; return this; }
        public Builder onDemand(OnDemandThroughput v) { onDemand = v; return this; }
        public Builder globalIndexes(List<IndexMetadata> v) { globalIndexes = v; return this; }
        public Builder stream(StreamSettings v) { stream = v; return this; }
        public Builder sse(SseSettings v) { sse = v; return this; }
        public Builder tableClass(String v) { tableClass = v; return this; }
        public Builder deletionProtection(boolean v) { deletionProtection = v; return this; }
        public Builder tags(Map<String, String> v) { tags = v; return this; }
        public Builder statusUntil(Instant v) { statusUntil = v; return this; }
        public Builder payPerRequestSwitches(List<Instant> v) { payPerRequestSwitches = v; return this; }
        public Builder warmThroughput(WarmThroughput v) { warmThroughput = v; return this; }
        public Builder insights(TableInsights v) { insights = v; return this; }
        public Builder timeToLive(TimeToLiveState v) { timeToLive = v; return this; }

        public TableMetadata build() {
            return new TableMetadata(t.name, t.tableId, t.arn, t.keyspaceId, t.creationTime, status, t.keySchema,
                    attributeDefinitions, billingMode, lastUpdateToPayPerRequest, throughput, onDemand,
                    t.localIndexes, globalIndexes, stream, sse, tableClass, deletionProtection, tags, statusUntil,
                    payPerRequestSwitches, warmThroughput, insights, timeToLive);
        }
    }
}
