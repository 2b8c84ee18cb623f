package io.keyline.op.request;

import io.keyline.metadata.OnDemandThroughput;
import java.util.List;

/**
 * An UpdateTable request after deserialization, not yet validated. ReplicaUpdates and
 * WarmThroughput are not served; only their presence counts (as a change, so that a request
 * holding only them is not "empty").
 */
public record UpdateTableRequest(List<AttributeDefinition> attributeDefinitions, String tableName, String billingMode,
                                 ProvisionedThroughput provisionedThroughput,
                                 List<GlobalSecondaryIndexUpdate> globalSecondaryIndexUpdates,
                                 StreamSpecification streamSpecification, SseSpecification sseSpecification,
                                 String tableClass, Boolean deletionProtectionEnabled, OnDemandThroughput onDemandThroughput,
                                 boolean hasReplicaUpdates, boolean hasWarmThroughput) {}
