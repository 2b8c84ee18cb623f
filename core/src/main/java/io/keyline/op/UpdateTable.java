package io.keyline.op;

import io.keyline.metadata.BillingMode;
import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.StreamSettings;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.metadata.WarmThroughput;
import io.keyline.metadata.KeyspaceUsage;
import io.keyline.error.Errors;
import io.keyline.model.ScalarType;
import io.keyline.op.request.Constraints;
import io.keyline.op.control.GlobalIndexUpdates;
import io.keyline.op.control.SchemaDecoder;
import io.keyline.op.control.SchemaInput;
import io.keyline.op.request.Names;
import io.keyline.op.control.Throughputs;
import io.keyline.op.control.WarmThroughputs;
import io.keyline.op.request.AttributeDefinition;
import io.keyline.op.request.GlobalSecondaryIndexUpdate;
import io.keyline.op.request.ProvisionedThroughput;
import io.keyline.op.request.SseSpecification;
import io.keyline.op.request.StreamSpecification;
import io.keyline.op.request.UpdateTableRequest;
import io.keyline.op.response.TableDescriptions;
import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.Violations;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * UpdateTable: billing mode, provisioned throughput (with DynamoDB's daily decrease budget),
 * GSI throughput updates, GSI creation and deletion (one per request; a created GSI is CREATING
 * while the engine backfills it with the existing items, then ACTIVE), streams, encryption,
 * table class, deletion protection, on-demand maxima and warm throughput (pre-warming). The
 * request's shape is checked first; the rest runs against the current metadata under the
 * catalog lock. Stateless.
 */
public final class UpdateTable implements Operation<UpdateTableRequest> {
    /** Source: developer guide "Considerations when switching capacity modes": 4 switches to on-demand ... */
    public static final int MAX_SWITCHES_TO_PAY_PER_REQUEST = 4;
    /** ... in a 24-hour rolling window; switching back to provisioned is allowed any time. */
    public static final Duration SWITCH_WINDOW = Duration.ofHours(24);

    private final Tables tables;

    public UpdateTable(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "UpdateTable"; }

    @Override public UpdateTableRequest decode(JsonObject request) {
        return new UpdateTableRequest(SchemaDecoder.attributeDefinitions(request), request.string("TableName"),
                request.string("BillingMode"), SchemaDecoder.throughput(request.object("ProvisionedThroughput")),
                SchemaDecoder.indexUpdates(request), SchemaDecoder.stream(request), SchemaDecoder.sse(request),
                request.string("TableClass"), request.bool("DeletionProtectionEnabled"),
                SchemaDecoder.onDemand(request.object("OnDemandThroughput")),
                request.has("ReplicaUpdates"), SchemaDecoder.warm(request.object("WarmThroughput")));
    }

    /**
     * docs/RULES.md#VALIDATION-TABLE-NAME: a missing or wrong-length TableName first; then the
     * checks the model cannot state, with its violations: warm throughput's minimum and one action
     * per GSI update.
     */
    @Override public void constraints(JsonObject request, Violations violations) {
        Names.checkControlPlaneName(request.string("TableName"));
        memberChecks(decode(request), new Constraints(violations));
    }

    private static List<GlobalSecondaryIndexUpdate> memberChecks(UpdateTableRequest request, Constraints c) {
        WarmThroughputs.constrain(request.warmThroughput(), "warmThroughput", c);
        return GlobalIndexUpdates.check(request.globalSecondaryIndexUpdates(), c);
    }

    @Override public Object run(UpdateTableRequest request) {
        List<AttributeDefinition> rawDefs = SchemaInput.attributeDefinitions(request.attributeDefinitions());
        String name = request.tableName();
        String billing = request.billingMode();
        ProvisionedThroughput pt = request.provisionedThroughput();
        List<GlobalSecondaryIndexUpdate> updates = memberChecks(request, new Constraints(new Violations()));
        StreamSpecification streamSpec = request.streamSpecification();
        SseSpecification sseSpec = request.sseSpecification();
        String tableClass = request.tableClass();
        Boolean deletionProtection = request.deletionProtectionEnabled();
        OnDemandThroughput onDemand = request.onDemandThroughput();
        WarmThroughput warm = request.warmThroughput();

        boolean otherChanges = billing != null || !updates.isEmpty() || streamSpec != null || sseSpec != null
                || tableClass != null || deletionProtection != null || onDemand != null
                || request.hasReplicaUpdates() || request.hasWarmThroughput();
        if (pt == null && !otherChanges) {
            throw Errors.validation("At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
                    + "GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required for UpdateTable");
        }
        if (request.hasReplicaUpdates()) throw Errors.notServed("UpdateTable's ReplicaUpdates", "global tables (replicas in other regions)");
        GlobalIndexUpdates.checkShape(updates);
        checkWarmIncreases(name, warm, updates);
        Instant now = tables.now();
        TableMetadata updated = tables.update(name, current -> {
            if (current.status() != TableStatus.ACTIVE) throw DeleteTable.inUse(current);
            TableMetadata.Builder b = current.toBuilder();
            BillingMode mode = billing == null ? current.billingMode() : BillingMode.valueOf(billing);
            boolean switching = mode != current.billingMode();
            b.billingMode(mode);
            if (switching && mode == BillingMode.PAY_PER_REQUEST) {
                b.lastUpdateToPayPerRequest(now).payPerRequestSwitches(recordSwitch(current, now));
            }
            b.throughput(tableThroughput(current, mode, switching, pt, otherChanges, now));
            List<IndexMetadata> gsis = new ArrayList<>();
            for (IndexMetadata g : current.globalIndexes()) gsis.add(GlobalIndexUpdates.switched(g, mode, switching, updates));
            Map<String, ScalarType> defs = new LinkedHashMap<>(current.attributeDefinitions());
            GlobalIndexUpdates.apply(tables, current, gsis, updates, rawDefs, defs, mode, now);
            b.globalIndexes(gsis).attributeDefinitions(GlobalIndexUpdates.usedDefinitions(current, gsis, defs));
            if (streamSpec != null) b.stream(streamChange(current, streamSpec, now));
            if (sseSpec != null) b.sse(CreateTable.sse(sseSpec));
            if (tableClass != null) b.tableClass(tableClass);
            if (deletionProtection != null) b.deletionProtection(deletionProtection);
            if (warm != null) b.warmThroughput(warm.over(current.warmThroughput()));
            if (onDemand != null) {
                Throughputs.checkOnDemand(onDemand, mode);
                b.onDemand(onDemand);
            }
            TableMetadata next = b.build();
            Throughputs.checkTableLimit(next.throughput(), next.globalIndexes(), tables.tableQuotaRead(), tables.tableQuotaWrite());
            return next;
        });
        if (updated == null) throw Names.notFound(name);
        return Map.of("TableDescription", TableDescriptions.full(tables.shown(updated), tables.usageOf(updated), now, tables.region(), tables.accountId()));
    }

    private static ProvisionedThroughputState tableThroughput(TableMetadata current, BillingMode mode, boolean switching,
                                                              ProvisionedThroughput pt, boolean otherChanges, Instant now) {
        if (mode == BillingMode.PAY_PER_REQUEST) {
            Throughputs.refuseWithPayPerRequest(pt);
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
            return ProvisionedThroughputState.of(pt.readCapacityUnits(), pt.writeCapacityUnits());
        }
        return Throughputs.change("table", current.throughput(), pt, otherChanges, now);
    }

    /**
     * Refuses a WarmThroughput below what the table, or a GSI named in an Update action, is warm
     * for now (docs/RULES.md#CAP-WARM-THROUGHPUT). Read from the capacity model before the
     * catalog lock is taken, so the model is never consulted under it.
     */
    private void checkWarmIncreases(String name, WarmThroughput warm, List<GlobalSecondaryIndexUpdate> updates) {
        TableMetadata table = tables.get(name);
        if (table == null) return;
        LongFunction<KeyspaceUsage> usage = null;
        if (warm != null) {
            usage = tables.usageOf(table);
            WarmThroughputs.checkNotBelow(warm, current(usage.apply(table.keyspaceId())), "table");
        }
        for (GlobalSecondaryIndexUpdate u : updates) {
            if (u.update() == null || u.update().warmThroughput() == null) continue;
            IndexMetadata g = table.index(u.update().indexName());
            if (g == null || !g.isGlobal()) continue; // the update itself names the missing index
            if (usage == null) usage = tables.usageOf(table);
            WarmThroughputs.checkNotBelow(u.update().warmThroughput(), current(usage.apply(g.keyspaceId())), "index " + g.name());
        }
    }

    private static long[] current(KeyspaceUsage u) { return new long[] {u.warmRead(), u.warmWrite()}; }

    /** The recent switches to on-demand including this one; refused beyond DynamoDB's daily allowance. */
    private static List<Instant> recordSwitch(TableMetadata table, Instant now) {
        List<Instant> recent = new ArrayList<>();
        for (Instant t : table.payPerRequestSwitches()) if (t.plus(SWITCH_WINDOW).isAfter(now)) recent.add(t);
        if (recent.size() >= MAX_SWITCHES_TO_PAY_PER_REQUEST) {
            throw Errors.limitExceeded("Subscriber limit exceeded: Updates from PROVISIONED to PAY_PER_REQUEST billing mode "
                    + "are limited to " + MAX_SWITCHES_TO_PAY_PER_REQUEST + " in a 24-hour rolling window. Next update can be "
                    + "made at " + recent.get(0).plus(SWITCH_WINDOW));
        }
        recent.add(now);
        return recent;
    }

    /**
     * Enabling needs a table without an enabled stream (the view type cannot be changed in
     * place); disabling needs an enabled one. A disabled stream keeps its ARN and label.
     */
    private static StreamSettings streamChange(TableMetadata table, StreamSpecification spec, Instant now) {
        StreamSettings current = table.stream();
        boolean enabled = current != null && current.enabled();
        if (Boolean.TRUE.equals(spec.streamEnabled())) {
            if (enabled) throw Errors.validation("Table already has an enabled stream: TableName: " + table.name());
            // a new stream, a new label and ARN, even within the millisecond (docs/RULES.md#STREAM-ENABLE)
            Instant at = current != null && current.enabledAt() != null && !now.isAfter(current.enabledAt())
                    ? current.enabledAt().plusMillis(1) : now;
            return CreateTable.stream(spec, at);
        }
        if (!enabled) {
            throw Errors.validation("Table " + table.name() + " does not have an enabled stream to disable");
        }
        return new StreamSettings(false, current.viewType(), current.label(), current.enabledAt());
    }

}
