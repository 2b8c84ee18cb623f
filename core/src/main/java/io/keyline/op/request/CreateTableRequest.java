package io.keyline.op.request;

import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.WarmThroughput;
import java.util.List;

/**
 * A CreateTable request after deserialization: members of the right JSON type, not yet
 * validated. Lists are null when absent, and their elements may be null (a JSON null member,
 * which the constraints report).
 */
public record CreateTableRequest(List<AttributeDefinition> attributeDefinitions, String tableName, String billingMode,
                                 ProvisionedThroughput provisionedThroughput, List<KeySchemaElement> keySchema,
                                 List<SecondaryIndex> localSecondaryIndexes, List<SecondaryIndex> globalSecondaryIndexes,
                                 StreamSpecification streamSpecification, SseSpecification sseSpecification,
                                 String tableClass, List<Tag> tags, OnDemandThroughput onDemandThroughput,
                                 Boolean deletionProtectionEnabled, WarmThroughput warmThroughput) {

    public CreateTableRequest(List<AttributeDefinition> attributeDefinitions, String tableName, String billingMode,
                              ProvisionedThroughput provisionedThroughput, List<KeySchemaElement> keySchema,
                              List<SecondaryIndex> localSecondaryIndexes, List<SecondaryIndex> globalSecondaryIndexes,
                              StreamSpecification streamSpecification, SseSpecification sseSpecification,
                              String tableClass, List<Tag> tags, OnDemandThroughput onDemandThroughput,
                              Boolean deletionProtectionEnabled) {
        this(attributeDefinitions, tableName, billingMode, provisionedThroughput, keySchema, localSecondaryIndexes,
                globalSecondaryIndexes, streamSpecification, sseSpecification, tableClass, tags, onDemandThroughput,
                deletionProtectionEnabled, null);
    }
}
