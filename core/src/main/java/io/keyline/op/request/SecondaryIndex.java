package io.keyline.op.request;

import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.WarmThroughput;
import java.util.List;

/**
 * A LocalSecondaryIndex, GlobalSecondaryIndex or CreateGlobalSecondaryIndexAction as sent. An
 * LSI has no throughput members (DynamoDB ignores them there), so both are null for it; the
 * key schema and its elements may be null until the constraints are checked.
 */
public record SecondaryIndex(String indexName, List<KeySchemaElement> keySchema, IndexProjection projection,
                             ProvisionedThroughput provisionedThroughput, OnDemandThroughput onDemandThroughput,
                             WarmThroughput warmThroughput) {

    public SecondaryIndex(String indexName, List<KeySchemaElement> keySchema, IndexProjection projection,
                          ProvisionedThroughput provisionedThroughput, OnDemandThroughput onDemandThroughput) {
        this(indexName, keySchema, projection, provisionedThroughput, onDemandThroughput, null);
    }
}
