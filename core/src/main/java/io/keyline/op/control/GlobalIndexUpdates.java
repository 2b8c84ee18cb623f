package io.keyline.op.control;

import io.keyline.metadata.BillingMode;
import io.keyline.engine.catalog.Catalog;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.NewIndex;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.error.Errors;
import io.keyline.model.KeyAttribute;
import io.keyline.model.ScalarType;
import io.keyline.op.control.SchemaInput.RawAttribute;
import io.keyline.op.control.SchemaInput.RawIndex;
import io.keyline.op.control.SchemaInput.RawThroughput;
import io.keyline.protocol.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * UpdateTable's GlobalSecondaryIndexUpdates: reading the Update / Create / Delete actions,
 * DynamoDB's rules on their combination (one action per entry, one entry per index, one online
 * create or delete per request), and applying them to a table's GSIs. Stateless.
 */
public final class GlobalIndexUpdates {
    /** Source: AWS-Q: 20 GSIs per table (default quota). */
    public static final int MAX_GLOBAL_INDEXES = 20;

    private GlobalIndexUpdates() {}

    /** One GlobalSecondaryIndexUpdates entry after its shape was checked. */
    public record IndexUpdate(String updateName, RawThroughput updateThroughput, OnDemandThroughput updateOnDemand,
                               RawIndex create, String deleteName) {
        public String indexName() { return updateName != null ? updateName : create != null ? create.name() : deleteName; }
    }

    public static List<IndexUpdate> read(List<JsonObject> raw, Constraints c) {
        List<IndexUpdate> out = new ArrayList<>();
        if (raw == null) return out;
        for (int i = 0; i < raw.size(); i++) {
            String p = "globalSecondaryIndexUpdates." + (i + 1) + ".member";
            JsonObject u = raw.get(i);
            if (!c.notNull(p, u)) continue;
            JsonObject update = u.object("Update");
            JsonObject create = u.object("Create");
            JsonObject delete = u.object("Delete");
            String updateName = null;
            RawThroughput updatePt = null;
            OnDemandThroughput updateOd = null;
            if (update != null) {
                updateName = update.string("IndexName");
                SchemaInput.indexName(updateName, p + ".update.indexName", c);
                updatePt = SchemaInput.throughput(update.object("ProvisionedThroughput"), p + ".update.provisionedThroughput", c);
                updateOd = SchemaInput.onDemand(update.object("OnDemandThroughput"));
            }
            RawIndex created = create == null ? null : SchemaInput.index(create, p + ".create", true, c);
            String deleteName = null;
            if (delete != null) {
                deleteName = delete.string("IndexName");
                SchemaInput.indexName(deleteName, p + ".delete.indexName", c);
            }
            int actions = (update != null ? 1 : 0) + (create != null ? 1 : 0) + (delete != null ? 1 : 0);
            if (actions != 1) {
                throw Errors.validation("One or more parameter values were invalid: " + (actions == 0 ? "One" : "Only one")
                        + " of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
                        + "GlobalSecondaryIndexUpdate.Delete " + (actions == 0 ? "must not be null" : "can be specified"));
            }
            out.add(new IndexUpdate(updateName, updatePt, updateOd, created, deleteName));
        }
        return out;
    }

    public static void checkShape(List<IndexUpdate> updates) {
        Set<String> names = new HashSet<>();
        int onlineChanges = 0;
        for (IndexUpdate u : updates) {
            if (!names.add(u.indexName())) {
                throw Errors.validation("One or more parameter values were invalid: Only one global secondary index update "
                        + "per index is allowed simultaneously. Index: " + u.indexName());
            }
            if (u.updateName() == null) onlineChanges++;
        }
        if (onlineChanges > 1) {
            throw Errors.limitExceeded("Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
        }
    }

    /** A GSI after a billing-mode switch: 0/0 when on-demand; a switch to provisioned needs units. */
    public static IndexMetadata switched(IndexMetadata g, BillingMode mode, boolean switching, List<IndexUpdate> updates) {
        if (!switching) return g;
        if (mode == BillingMode.PAY_PER_REQUEST) return g.withThroughput(ProvisionedThroughputState.ON_DEMAND);
        for (IndexUpdate u : updates) {
            if (g.name().equals(u.updateName()) && u.updateThroughput() != null) {
                Throughputs.checkBounds(u.updateThroughput());
                return g.withThroughput(ProvisionedThroughputState.of(u.updateThroughput().read(), u.updateThroughput().write()));
            }
        }
        throw Errors.validation("One or more parameter values were invalid: ProvisionedThroughput must be specified for index: " + g.name());
    }

    static void update(TableMetadata table, List<IndexMetadata> gsis, IndexUpdate u, BillingMode mode, Instant now) {
        int at = position(table, gsis, u.updateName());
        IndexMetadata g = gsis.get(at);
        if (u.updateThroughput() != null) {
            if (mode == BillingMode.PAY_PER_REQUEST) {
                throw Errors.validation("One or more parameter values were invalid: ProvisionedThroughput should not be "
                        + "specified for index: " + g.name() + " when BillingMode is PAY_PER_REQUEST");
            }
            // after a switch to PROVISIONED, switchedIndex has already applied these units
            if (table.billingMode() == mode) {
                g = g.withThroughput(Throughputs.change("index " + g.name(), g.throughput(), u.updateThroughput(), false, now));
            }
        }
        if (u.updateOnDemand() != null) {
            Throughputs.checkOnDemand(u.updateOnDemand(), mode);
            g = g.withOnDemand(u.updateOnDemand());
        }
        gsis.set(at, g);
    }

    static IndexMetadata create(Catalog catalog, TableMetadata table, List<IndexMetadata> gsis, RawIndex raw, List<RawAttribute> rawDefs,
                                      Map<String, ScalarType> defs, BillingMode mode) {
        if (table.index(raw.name()) != null) {
            throw Errors.validation("One or more parameter values were invalid: Attempting to create an index which already exists: "
                    + raw.name());
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
            if (g.status() == TableStatus.CREATING) {
                throw Errors.limitExceeded("Subscriber limit exceeded: Only 1 online index can be created or deleted "
                        + "simultaneously per table");
            }
        }
        // CREATING until the backfill UpdateTable starts has indexed the existing items
        return catalog.newGlobalIndex(spec, table.arn(), TableStatus.CREATING);
    }

    static void delete(TableMetadata table, List<IndexMetadata> gsis, String indexName) {
        gsis.remove(position(table, gsis, indexName));
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
     * records its key types in {@code defs}, Delete removes the index.
     */
    public static void apply(Catalog catalog, TableMetadata table, List<IndexMetadata> gsis, List<IndexUpdate> updates,
                             List<RawAttribute> rawDefs, Map<String, ScalarType> defs, BillingMode mode, Instant now) {
        for (IndexUpdate u : updates) {
            if (u.updateName() != null) update(table, gsis, u, mode, now);
            else if (u.create() != null) gsis.add(create(catalog, table, gsis, u.create(), rawDefs, defs, mode));
            else delete(table, gsis, u.deleteName());
        }
    }
}
