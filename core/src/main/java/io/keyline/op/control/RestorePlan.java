package io.keyline.op.control;

import io.keyline.error.Errors;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexKind;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.NewIndex;
import io.keyline.metadata.NewTable;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.SseSettings;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.KeyAttribute;
import io.keyline.model.ScalarType;
import io.keyline.op.request.ProvisionedThroughput;
import io.keyline.op.request.RestoreOverrides;
import io.keyline.op.request.SecondaryIndex;
import io.keyline.op.request.SseSpecification;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The table a restore creates (docs/RULES.md#BACKUP-RESTORE): the source's key schema, indexes,
 * billing mode, throughput, encryption and table class as they were when the backup (or the
 * point in time) was taken, with DynamoDB's overrides applied: BillingModeOverride,
 * ProvisionedThroughputOverride, GlobalSecondaryIndexOverride and LocalSecondaryIndexOverride
 * (each replaces the whole list: an index left out is not restored), SSESpecificationOverride.
 * What DynamoDB does not restore is left out: the stream, Time to Live, tags, point-in-time
 * recovery, deletion protection, Contributor Insights. The attribute definitions keep those the
 * restored keys use. Stateless.
 */
public final class RestorePlan {
    private RestorePlan() {}

    public static NewTable of(String target, TableMetadata source, RestoreOverrides o, long quotaRead, long quotaWrite) {
        BillingMode mode = o.billingMode() == null ? source.billingMode() : BillingMode.valueOf(o.billingMode());
        ProvisionedThroughputState throughput = throughput(mode, source, o.provisionedThroughput());
        Map<String, ScalarType> defs = source.attributeDefinitions();
        List<NewIndex> lsis = new ArrayList<>();
        if (o.localIndexes() == null) {
            for (IndexMetadata i : source.localIndexes()) lsis.add(new NewIndex(i.name(), IndexKind.LOCAL, i.keySchema(), i.projection(), null, null));
        } else {
            for (SecondaryIndex i : o.localIndexes()) lsis.add(SchemaRules.localIndex(i, source.keySchema(), defs));
        }
        List<NewIndex> gsis = new ArrayList<>();
        if (o.globalIndexes() == null) {
            for (IndexMetadata i : source.globalIndexes()) {
                if (!i.isLive()) continue;
                ProvisionedThroughputState t = mode == BillingMode.PAY_PER_REQUEST ? ProvisionedThroughputState.ON_DEMAND
                        : i.throughput() != null && i.throughput().readCapacityUnits() > 0
                        ? ProvisionedThroughputState.of(i.throughput().readCapacityUnits(), i.throughput().writeCapacityUnits())
                        : ProvisionedThroughputState.of(throughput.readCapacityUnits(), throughput.writeCapacityUnits());
                gsis.add(new NewIndex(i.name(), IndexKind.GLOBAL, i.keySchema(), i.projection(), t,
                        mode == BillingMode.PAY_PER_REQUEST ? i.onDemand() : null));
            }
        } else {
            for (SecondaryIndex i : o.globalIndexes()) gsis.add(SchemaRules.globalIndex(i, defs, mode));
        }
        long read = throughput.readCapacityUnits();
        long write = throughput.writeCapacityUnits();
        for (NewIndex g : gsis) {
            read += g.throughput().readCapacityUnits();
            write += g.throughput().writeCapacityUnits();
        }
        Throughputs.checkTableLimit(read, write, quotaRead, quotaWrite);
        return new NewTable(target, source.keySchema(), used(source, lsis, gsis), mode, throughput,
                mode == BillingMode.PAY_PER_REQUEST ? source.onDemand() : null, lsis, gsis, null, sse(source, o.sse()),
                source.tableClass(), false, Map.of());
    }

    private static ProvisionedThroughputState throughput(BillingMode mode, TableMetadata source, ProvisionedThroughput override) {
        if (mode == BillingMode.PAY_PER_REQUEST) {
            Throughputs.refuseWithPayPerRequest(override);
            return ProvisionedThroughputState.ON_DEMAND;
        }
        if (override != null) {
            Throughputs.checkBounds(override);
            return ProvisionedThroughputState.of(override.readCapacityUnits(), override.writeCapacityUnits());
        }
        if (source.billingMode() == BillingMode.PROVISIONED) {
            return ProvisionedThroughputState.of(source.throughput().readCapacityUnits(), source.throughput().writeCapacityUnits());
        }
        throw Errors.validation("One or more parameter values were invalid: ProvisionedThroughputOverride must be specified "
                + "when BillingModeOverride is PROVISIONED");
    }

    private static SseSettings sse(TableMetadata source, SseSpecification o) {
        if (o == null) return source.sse();
        if (!Boolean.TRUE.equals(o.enabled())) return null;
        return new SseSettings(o.sseType() == null ? "KMS" : o.sseType(), o.kmsMasterKeyId());
    }

    /** The source's attribute definitions that the restored table's keys use, in their order. */
    private static Map<String, ScalarType> used(TableMetadata source, List<NewIndex> lsis, List<NewIndex> gsis) {
        List<String> names = new ArrayList<>();
        for (KeyAttribute k : source.keySchema().all()) names.add(k.name());
        for (NewIndex i : lsis) for (KeyAttribute k : i.keySchema().all()) names.add(k.name());
        for (NewIndex i : gsis) for (KeyAttribute k : i.keySchema().all()) names.add(k.name());
        Map<String, ScalarType> out = new LinkedHashMap<>();
        source.attributeDefinitions().forEach((name, type) -> {
            if (names.contains(name)) out.put(name, type);
        });
        return out;
    }
}
