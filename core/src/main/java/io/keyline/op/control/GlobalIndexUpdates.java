package io.keyline.op.control;

import io.keyline.op.request.Constraints;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.NewIndex;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.error.Errors;
import io.keyline.model.KeyAttribute;
import io.keyline.model.ScalarType;
import io.keyline.engine.Tables;
import io.keyline.op.request.AttributeDefinition;
import io.keyline.op.request.GlobalSecondaryIndexUpdate;
import io.keyline.op.request.ProvisionedThroughput;
import io.keyline.op.request.SecondaryIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * UpdateTable's GlobalSecondaryIndexUpdates: checking the Update / Create / Delete actions,
 * DynamoDB's rules on their combination (one action per entry, one entry per index, one online
 * create or delete per request), and applying them to a table's GSIs. Stateless.
 */
public final class GlobalIndexUpdates {
    /** docs/RULES.md#INDEX-COUNTS: 20 GSIs per table (default quota). */
    public static final int MAX_GLOBAL_INDEXES = 20;

    private GlobalIndexUpdates() {}

    /**
     * Checks what the model cannot state of each entry: a GSI's key schema length and warm
     * throughput (recorded in {@code c}), and that it holds exactly one action (which DynamoDB
     * reports at once, before the constraints of the entries after it). Index names, throughput
     * and projections are the shape's. Returns the non-null entries.
     */
    public static List<GlobalSecondaryIndexUpdate> check(List<GlobalSecondaryIndexUpdate> raw, Constraints c) {
        List<GlobalSecondaryIndexUpdate> out = new ArrayList<>();
        if (raw == null) return out;
        for (int i = 0; i < raw.size(); i++) {
            String p = "globalSecondaryIndexUpdates." + (i + 1) + ".member";
            GlobalSecondaryIndexUpdate u = raw.get(i);
            if (u == null) continue;
            if (u.update() != null) {
                WarmThroughputs.constrain(u.update().warmThroughput(), p + ".update.warmThroughput", c);
            }
            if (u.create() != null) {
                SchemaInput.index(u.create(), p + ".create", true, c);
                WarmThroughputs.constrain(u.create().warmThroughput(), p + ".create.warmThroughput", c);
            }
            int actions = u.actions();
            if (actions != 1) {
                throw Errors.validation("One or more parameter values were invalid: " + (actions == 0 ? "One" : "Only one")
                        + " of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
                        + "GlobalSecondaryIndexUpdate.Delete " + (actions == 0 ? "must not be null" : "can be specified"));
            }
            out.add(u);
        }
        return out;
    }

    public static void checkShape(List<GlobalSecondaryIndexUpdate> updates) {
        Set<String> names = new HashSet<>();
        int onlineChanges = 0;
        for (GlobalSecondaryIndexUpdate u : updates) {
            if (!names.add(u.indexName())) {
                throw Errors.validation("One or more parameter values were invalid: Only one global secondary index update "
                        + "per index is allowed simultaneously. Index: " + u.indexName());
            }
            if (u.update() == null) onlineChanges++;
        }
        if (onlineChanges > 1) {
            throw Errors.limitExceeded("Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
        }
    }

    /** A GSI after a billing-mode switch: 0/0 when on-demand; a switch to provisioned needs units. */
    public static IndexMetadata switched(IndexMetadata g, BillingMode mode, boolean switching,
                                         List<GlobalSecondaryIndexUpdate> updates) {
        if (!switching) return g;
        if (mode == BillingMode.PAY_PER_REQUEST) return g.withThroughput(ProvisionedThroughputState.ON_DEMAND);
        for (GlobalSecondaryIndexUpdate u : updates) {
            ProvisionedThroughput pt = u.update() == null ? null : u.update().provisionedThroughput();
            if (pt != null && g.name().equals(u.update().indexName())) {
                Throughputs.checkBounds(pt);
                return g.withThroughput(ProvisionedThroughputState.of(pt.readCapacityUnits(), pt.writeCapacityUnits()));
            }
        }
        throw Errors.validation("One or more parameter values were invalid: ProvisionedThroughput must be specified for index: " + g.name());
    }

    static void update(TableMetadata table, List<IndexMetadata> gsis, GlobalSecondaryIndexUpdate.Update u, BillingMode mode,
                       Instant now) {
        int at = position(table, gsis, u.indexName());
        IndexMetadata g = gsis.get(at);
        if (u.provisionedThroughput() != null) {
            if (mode == BillingMode.PAY_PER_REQUEST) {
                throw Errors.validation("One or more parameter values were invalid: ProvisionedThroughput should not be "
                        + "specified for index: " + g.name() + " when BillingMode is PAY_PER_REQUEST");
            }
            // after a switch to PROVISIONED, switchedIndex has already applied these units
            if (table.billingMode() == mode) {
                g = g.withThroughput(Throughputs.change("index " + g.name(), g.throughput(), u.provisionedThroughput(), false, now));
            }
        }
        if (u.onDemandThroughput() != null) {
            Throughputs.checkOnDemand(u.onDemandThroughput(), mode);
            g = g.withOnDemand(u.onDemandThroughput());
        }
        // UpdateTable checked the increase against the capacity model before taking the lock
        if (u.warmThroughput() != null) g = g.withWarmThroughput(u.warmThroughput().over(g.warmThroughput()));
        gsis.set(at, g);
    }

    static IndexMetadata create(Tables tables, TableMetadata table, List<IndexMetadata> gsis, SecondaryIndex raw,
                                List<AttributeDefinition> rawDefs, Map<String, ScalarType> defs, BillingMode mode) {
        if (table.index(raw.indexName()) != null) {
            throw Errors.validation("One or more parameter values were invalid: Attempting to create an index which already exists: "
                    + raw.indexName());
        }
        if (gsis.size() >= MAX_GLOBAL_INDEXES) {
            throw Errors.limitExceeded("Subscriber limit exceeded: The number of global secondary indexes of table "
                    + table.name() + " would exceed the per-table limit of " + MAX_GLOBAL_INDEXES);
        }
        Map<String, ScalarType> given = SchemaRules.definitions(rawDefs);
        NewIndex spec = SchemaRules.globalIndex(raw, given, mode);
        for (KeyAttribute a : spec.keySchema().all()) {
            ScalarType existing = defs.get(a.name());
            if (existing != null && existing != a.type()) {
                throw Errors.validation("One or more parameter values were invalid: Attributes cannot be redefined. Please "
                        + "check that your attribute has the same type as previously defined. Existing schema: "
                        + "Schema:[SchemaElement: key{" + a.name() + ":" + existing + "}] New schema: Schema:[SchemaElement: key{"
                        + a.name() + ":" + a.type() + "}]");
            }
            defs.put(a.name(), a.type());
        }
        for (IndexMetadata g : gsis) {
            if (g.status() == TableStatus.CREATING || g.status() == TableStatus.DELETING) {
                throw Errors.limitExceeded("Subscriber limit exceeded: Only 1 online index can be created or deleted "
                        + "simultaneously per table");
            }
        }
        // CREATING until the backfill UpdateTable starts has indexed the existing items
        return tables.newGlobalIndex(spec, table.arn(), TableStatus.CREATING);
    }

    /**
     * Delete: the GSI stays DELETING for the delete delay (its entries go at once, and it no
     * longer serves reads or takes writes), then it is gone; with no delay it is gone at once
     * (docs/RULES.md#GSI-DELETING).
     */
    static void delete(Tables tables, TableMetadata table, List<IndexMetadata> gsis, String indexName, Instant now) {
        int at = position(table, gsis, indexName);
        IndexMetadata g = gsis.get(at);
        if (!g.isLive()) return; // already being deleted
        java.time.Duration delay = tables.deleteDelay();
        if (delay.isZero() || delay.isNegative()) gsis.remove(at);
        else gsis.set(at, g.deletingUntil(now.plus(delay)));
    }

    /** Where the named GSI is; an LSI is a ValidationException, no index a ResourceNotFoundException. */
    private static int position(TableMetadata table, List<IndexMetadata> gsis, String indexName) {
        for (int i = 0; i < gsis.size(); i++) if (gsis.get(i).name().equals(indexName)) return i;
        IndexMetadata lsi = table.index(indexName);
        if (lsi != null && !lsi.isGlobal()) {
            throw Errors.validation("One or more parameter values were invalid: Index " + indexName + " of table "
                    + table.name() + " is a local secondary index; only global secondary indexes can be updated or deleted");
        }
        throw Errors.resourceNotFound("Requested resource not found: Index: " + indexName + " not found for table: " + table.name());
    }

    /** The definitions still used by a key of the table or of an index, in their original order. */
    public static Map<String, ScalarType> usedDefinitions(TableMetadata table, List<IndexMetadata> gsis, Map<String, ScalarType> defs) {
        Set<String> used = new HashSet<>();
        table.keySchema().all().forEach(a -> used.add(a.name()));
        for (IndexMetadata i : table.localIndexes()) i.keySchema().all().forEach(a -> used.add(a.name()));
        for (IndexMetadata i : gsis) i.keySchema().all().forEach(a -> used.add(a.name()));
        Map<String, ScalarType> out = new LinkedHashMap<>();
        defs.forEach((k, v) -> { if (used.contains(k)) out.put(k, v); });
        return out;
    }

    /**
     * Applies every update to {@code gsis} (the table's GSIs after any billing switch): Update
     * changes throughput or on-demand maxima, Create adds an ACTIVE index with a new keyspace and
     * records its key types in {@code defs}, Delete removes the index (after the delete delay).
     */
    public static void apply(Tables tables, TableMetadata table, List<IndexMetadata> gsis, List<GlobalSecondaryIndexUpdate> updates,
                             List<AttributeDefinition> rawDefs, Map<String, ScalarType> defs, BillingMode mode, Instant now) {
        for (GlobalSecondaryIndexUpdate u : updates) {
            if (u.update() != null) update(table, gsis, u.update(), mode, now);
            else if (u.create() != null) gsis.add(create(tables, table, gsis, u.create(), rawDefs, defs, mode));
            else delete(tables, table, gsis, u.delete().indexName(), now);
        }
    }
}
