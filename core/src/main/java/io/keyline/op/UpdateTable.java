package io.keyline.op;

import io.keyline.engine.BillingMode;
import io.keyline.engine.Engine;
import io.keyline.engine.IndexMetadata;
import io.keyline.engine.NewIndex;
import io.keyline.engine.OnDemandThroughput;
import io.keyline.engine.ProvisionedThroughputState;
import io.keyline.engine.TableMetadata;
import io.keyline.engine.TableStatus;
import io.keyline.error.Errors;
import io.keyline.model.KeyAttribute;
import io.keyline.model.ScalarType;
import io.keyline.op.control.Constraints;
import io.keyline.op.control.SchemaInput;
import io.keyline.op.control.SchemaInput.RawAttribute;
import io.keyline.op.control.SchemaInput.RawIndex;
import io.keyline.op.control.SchemaInput.RawThroughput;
import io.keyline.op.control.SchemaRules;
import io.keyline.op.control.TableDescriptions;
import io.keyline.op.control.TableNames;
import io.keyline.op.control.Throughputs;
import io.keyline.protocol.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * UpdateTable: billing mode, provisioned throughput (with DynamoDB's daily decrease budget),
 * GSI throughput updates, GSI creation and deletion (one per request; a created GSI is CREATING
 * while {@link io.keyline.engine.index.Backfill} fills it from the existing items, then ACTIVE), streams, encryption, table class, deletion protection and on-demand maxima. The
 * request's shape is checked first; the rest runs against the current metadata under the
 * catalog lock. Stateless.
 */
public final class UpdateTable implements Operation {
    private final Engine engine;

    public UpdateTable(Engine engine) { this.engine = engine; }

    @Override public String name() { return "UpdateTable"; }

    /** One GlobalSecondaryIndexUpdates entry after its shape was checked. */
    private record IndexUpdate(String updateName, RawThroughput updateThroughput, OnDemandThroughput updateOnDemand,
                               RawIndex create, String deleteName) {
        String indexName() { return updateName != null ? updateName : create != null ? create.name() : deleteName; }
    }

    @Override public Object handle(JsonObject request) {
        Constraints c = new Constraints();
        List<RawAttribute> rawDefs = SchemaInput.attributeDefinitions(request.objects("AttributeDefinitions"), "attributeDefinitions", c);
        String name = request.string("TableName");
        TableNames.check(name, c);
        String billing = request.string("BillingMode");
        c.oneOf("billingMode", billing, CreateTable.BILLING_MODES);
        RawThroughput pt = SchemaInput.throughput(request.object("ProvisionedThroughput"), "provisionedThroughput", c);
        List<JsonObject> rawUpdates = request.objects("GlobalSecondaryIndexUpdates");
        List<IndexUpdate> updates = indexUpdates(rawUpdates, c);
        JsonObject streamSpec = request.object("StreamSpecification");
        if (streamSpec != null) {
            c.notNull("streamSpecification.streamEnabled", streamSpec.bool("StreamEnabled"));
            c.oneOf("streamSpecification.streamViewType", streamSpec.string("StreamViewType"), CreateTable.STREAM_VIEW_TYPES);
        }
        JsonObject sseSpec = request.object("SSESpecification");
        if (sseSpec != null) c.oneOf("sSESpecification.sSEType", sseSpec.string("SSEType"), CreateTable.SSE_TYPES);
        String tableClass = request.string("TableClass");
        c.oneOf("tableClass", tableClass, CreateTable.TABLE_CLASSES);
        Boolean deletionProtection = request.bool("DeletionProtectionEnabled");
        OnDemandThroughput onDemand = SchemaInput.onDemand(request.object("OnDemandThroughput"));
        c.throwIfAny();

        boolean otherChanges = billing != null || !updates.isEmpty() || streamSpec != null || sseSpec != null
                || tableClass != null || deletionProtection != null || onDemand != null
                || request.has("ReplicaUpdates") || request.has("WarmThroughput");
        if (pt == null && !otherChanges) {
            throw Errors.validation("At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
                    + "GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required for UpdateTable");
        }
        checkIndexUpdateShape(updates);
        Instant now = engine.clock().now();
        TableMetadata updated = engine.catalog().update(name, current -> {
            if (current.status() != TableStatus.ACTIVE) throw DeleteTable.inUse(current);
            TableMetadata.Builder b = current.toBuilder();
            BillingMode mode = billing == null ? current.billingMode() : BillingMode.valueOf(billing);
            boolean switching = mode != current.billingMode();
            b.billingMode(mode);
            if (switching && mode == BillingMode.PAY_PER_REQUEST) b.lastUpdateToPayPerRequest(now);
            b.throughput(tableThroughput(current, mode, switching, pt, otherChanges, now));
            List<IndexMetadata> gsis = new ArrayList<>();
            for (IndexMetadata g : current.globalIndexes()) gsis.add(switchedIndex(g, mode, switching, updates));
            Map<String, ScalarType> defs = new LinkedHashMap<>(current.attributeDefinitions());
            for (IndexUpdate u : updates) {
                if (u.updateName() != null) updateIndex(current, gsis, u, mode, now);
                else if (u.create() != null) gsis.add(createIndex(current, gsis, u.create(), rawDefs, defs, mode));
                else deleteIndex(current, gsis, u.deleteName());
            }
            b.globalIndexes(gsis).attributeDefinitions(usedDefinitions(current, gsis, defs));
            if (streamSpec != null) b.stream(CreateTable.stream(streamSpec, now));
            if (sseSpec != null) b.sse(CreateTable.sse(sseSpec));
            if (tableClass != null) b.tableClass(tableClass);
            if (deletionProtection != null) b.deletionProtection(deletionProtection);
            if (onDemand != null) {
                Throughputs.checkOnDemand(onDemand, mode);
                b.onDemand(onDemand);
            }
            TableMetadata next = b.build();
            Throughputs.checkTableLimit(next.throughput(), next.globalIndexes());
            return next;
        });
        if (updated == null) throw TableNames.notFound(name);
        for (IndexMetadata g : updated.globalIndexes()) {
            if (g.status() == TableStatus.CREATING && updated.status() == TableStatus.ACTIVE) engine.indexes().startBackfill(name, g);
        }
        return Map.of("TableDescription", TableDescriptions.full(updated, engine.catalog(), now,
                engine.settings().region(), engine.settings().accountId()));
    }

    private static List<IndexUpdate> indexUpdates(List<JsonObject> raw, Constraints c) {
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

    private static void checkIndexUpdateShape(List<IndexUpdate> updates) {
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

    private static ProvisionedThroughputState tableThroughput(TableMetadata current, BillingMode mode, boolean switching,
                                                              RawThroughput pt, boolean otherChanges, Instant now) {
        if (mode == BillingMode.PAY_PER_REQUEST) {
            if (pt != null) {
                throw Errors.validation("One or more parameter values were invalid: Neither ReadCapacityUnits nor "
                        + "WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
            }
            return switching ? ProvisionedThroughputState.ON_DEMAND : current.throughput();
        }
        if (pt == null) {
            if (switching) {
                throw Errors.validation("One or more parameter values were invalid: ProvisionedThroughput must be "
                        + "specified when BillingMode is PROVISIONED");
            }
            return current.throughput();
        }
        if (switching) {
            Throughputs.checkBounds(pt);
            return ProvisionedThroughputState.of(pt.read(), pt.write());
        }
        return changed("table", current.throughput(), pt, otherChanges, now);
    }

    /** A throughput change of the table or a GSI, with DynamoDB's no-op and decrease rules. */
    private static ProvisionedThroughputState changed(String what, ProvisionedThroughputState state, RawThroughput pt,
                                                      boolean otherChanges, Instant now) {
        Throughputs.checkBounds(pt);
        if (pt.read() == state.readCapacityUnits() && pt.write() == state.writeCapacityUnits()) {
            if (otherChanges) return state;
            throw Errors.validation("The provisioned throughput for the " + what + " will not change. The requested value "
                    + "equals the current value. Current ReadCapacityUnits provisioned for the " + what + ": "
                    + state.readCapacityUnits() + ". Requested ReadCapacityUnits: " + pt.read() + ". Current "
                    + "WriteCapacityUnits provisioned for the " + what + ": " + state.writeCapacityUnits()
                    + ". Requested WriteCapacityUnits: " + pt.write() + ". Refer to the Amazon DynamoDB Developer Guide "
                    + "for current limits and how to request higher limits.");
        }
        if (state.isDecrease(pt.read(), pt.write()) && !state.decreaseAllowed(now)) {
            throw Errors.limitExceeded("Subscriber limit exceeded: Provisioned throughput decreases are limited within a "
                    + "given UTC day. After the first " + ProvisionedThroughputState.FREE_DECREASES_PER_DAY + " decreases, "
                    + "each subsequent decrease in the same UTC day can be performed at most once every 3600 seconds. "
                    + "Number of decreases today: " + state.decreasesToday(now) + ". Last decrease at "
                    + state.lastDecrease() + ". Next decrease can be made at " + state.nextDecreaseAllowed(now));
        }
        return state.changedTo(pt.read(), pt.write(), now);
    }

    /** A GSI after a billing-mode switch: 0/0 when on-demand; a switch to provisioned needs units. */
    private static IndexMetadata switchedIndex(IndexMetadata g, BillingMode mode, boolean switching, List<IndexUpdate> updates) {
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

    private static void updateIndex(TableMetadata table, List<IndexMetadata> gsis, IndexUpdate u, BillingMode mode, Instant now) {
        int at = position(table, gsis, u.updateName());
        IndexMetadata g = gsis.get(at);
        if (u.updateThroughput() != null) {
            if (mode == BillingMode.PAY_PER_REQUEST) {
                throw Errors.validation("One or more parameter values were invalid: ProvisionedThroughput should not be "
                        + "specified for index: " + g.name() + " when BillingMode is PAY_PER_REQUEST");
            }
            // after a switch to PROVISIONED, switchedIndex has already applied these units
            if (table.billingMode() == mode) {
                g = g.withThroughput(changed("index " + g.name(), g.throughput(), u.updateThroughput(), false, now));
            }
        }
        if (u.updateOnDemand() != null) {
            Throughputs.checkOnDemand(u.updateOnDemand(), mode);
            g = g.withOnDemand(u.updateOnDemand());
        }
        gsis.set(at, g);
    }

    private IndexMetadata createIndex(TableMetadata table, List<IndexMetadata> gsis, RawIndex raw, List<RawAttribute> rawDefs,
                                      Map<String, ScalarType> defs, BillingMode mode) {
        if (table.index(raw.name()) != null) {
            throw Errors.validation("One or more parameter values were invalid: Attempting to create an index which already exists: "
                    + raw.name());
        }
        for (IndexMetadata g : gsis) {
            if (g.status() == TableStatus.CREATING) {
                throw Errors.limitExceeded("Subscriber limit exceeded: Only 1 online index can be created or deleted "
                        + "simultaneously per table");
            }
        }
        if (gsis.size() >= CreateTable.MAX_GLOBAL_INDEXES) {
            throw Errors.limitExceeded("Subscriber limit exceeded: The number of global secondary indexes of table "
                    + table.name() + " would exceed the per-table limit of " + CreateTable.MAX_GLOBAL_INDEXES);
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
        return engine.catalog().newGlobalIndex(spec, table.arn(), TableStatus.CREATING);
    }

    private static void deleteIndex(TableMetadata table, List<IndexMetadata> gsis, String indexName) {
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
    private static Map<String, ScalarType> usedDefinitions(TableMetadata table, List<IndexMetadata> gsis, Map<String, ScalarType> defs) {
        Set<String> used = new HashSet<>();
        table.keySchema().all().forEach(a -> used.add(a.name()));
        for (IndexMetadata i : table.localIndexes()) i.keySchema().all().forEach(a -> used.add(a.name()));
        for (IndexMetadata i : gsis) i.keySchema().all().forEach(a -> used.add(a.name()));
        Map<String, ScalarType> out = new LinkedHashMap<>();
        defs.forEach((k, v) -> { if (used.contains(k)) out.put(k, v); });
        return out;
    }
}
