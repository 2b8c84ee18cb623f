package io.keyline.op.request;

import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.WarmThroughput;
import java.util.List;

/**
 * An UpdateTable request after deserialization, not yet validated. ReplicaUpdates are not
 * served; only their presence counts (as a change, so that a request holding only them is not
 * "empty"). WarmThroughput is null when absent.
 */
public record UpdateTableRequest(List<AttributeDefinition> attributeDefinitions, String tableName, String billingMode,
                                 ProvisionedThroughput provisionedThroughput,
                                 List<GlobalSecondaryIndexUpdate> globalSecondaryIndexUpdates,
                                 StreamSpecification streamSpecification, SseSpecification sseSpecification,
                                 String tableClass, Boolean deletionProtectionEnabled, OnDemandThroughput onDemandThroughput,
                                 boolean hasReplicaUpdates, WarmThroughput warmThroughput) {

    public UpdateTableRequest(List<AttributeDefinition> attributeDefinitions, String tableName, String billingMode,
                              ProvisionedThroughput provisionedThroughput,
                              List<GlobalSecondaryIndexUpdate> globalSecondaryIndexUpdates,
                              StreamSpecification streamSpecification, SseSpecification sseSpecification,
                              String tableClass, Boolean deletionProtectionEnabled, OnDemandThroughput onDemandThroughput,
                              boolean hasReplicaUpdates, boolean hasWarmThroughput) {
        this(attributeDefinitions, tableName, billingMode, provisionedThroughput, globalSecondaryIndexUpdates,
                streamSpecification, sseSpecification, tableClass, deletionProtectionEnabled, onDemandThroughput,
                hasReplicaUpdates, hasWarmThroughput ? new WarmThroughput(null, null) : null);
    }

    public boolean hasWarmThroughput() { return warmThroughput != null; }
}
