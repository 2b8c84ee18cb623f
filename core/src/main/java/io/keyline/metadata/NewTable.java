package io.keyline.metadata;

import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A validated CreateTable request: everything the catalog needs to create a table, which adds
 * the identity (TableId, ARN, keyspace ids), times and status. Immutable.
 *
 * @param throughput provisioned units, {@link ProvisionedThroughputState#ON_DEMAND} for on-demand
 */
public record NewTable(
        String name,
        KeySchema keySchema,
        Map<String, ScalarType> attributeDefinitions,
        BillingMode billingMode,
        ProvisionedThroughputState throughput,
        OnDemandThroughput onDemand,
        List<NewIndex> localIndexes,
        List<NewIndex> globalIndexes,
        StreamSettings stream,
        SseSettings sse,
        String tableClass,
        boolean deletionProtection,
        Map<String, String> tags,
        WarmThroughput warmThroughput) {

    /** A table without a requested warm throughput. */
    public NewTable(String name, KeySchema keySchema, Map<String, ScalarType> attributeDefinitions, BillingMode billingMode,
                    ProvisionedThroughputState throughput, OnDemandThroughput onDemand, List<NewIndex> localIndexes,
                    List<NewIndex> globalIndexes, StreamSettings stream, SseSettings sse, String tableClass,
                    boolean deletionProtection, Map<String, String> tags) {
        this(name, keySchema, attributeDefinitions, billingMode, throughput, onDemand, localIndexes, globalIndexes, stream,
                sse, tableClass, deletionProtection, tags, null);
    }

    public NewTable {
        attributeDefinitions = Collections.unmodifiableMap(new LinkedHashMap<>(attributeDefinitions));
        tags = tags == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        localIndexes = List.copyOf(localIndexes);
        globalIndexes = List.copyOf(globalIndexes);
    }
}
