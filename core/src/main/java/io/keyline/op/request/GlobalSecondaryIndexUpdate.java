package io.keyline.op.request;

import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.WarmThroughput;

/**
 * One GlobalSecondaryIndexUpdates entry as sent: DynamoDB requires exactly one of its three
 * actions, which UpdateTable checks (a rule, not a matter of shape).
 */
public record GlobalSecondaryIndexUpdate(Update update, SecondaryIndex create, Delete delete) {
    /** UpdateGlobalSecondaryIndexAction. */
    public record Update(String indexName, ProvisionedThroughput provisionedThroughput, OnDemandThroughput onDemandThroughput,
                         WarmThroughput warmThroughput) {
        public Update(String indexName, ProvisionedThroughput provisionedThroughput, OnDemandThroughput onDemandThroughput) {
            this(indexName, provisionedThroughput, onDemandThroughput, null);
        }
    }

    /** DeleteGlobalSecondaryIndexAction. */
    public record Delete(String indexName) {}

    /** How many of the three actions the entry holds. */
    public int actions() { return (update != null ? 1 : 0) + (create != null ? 1 : 0) + (delete != null ? 1 : 0); }

    /** The index the entry names, whichever its action. */
    public String indexName() {
        return update != null ? update.indexName() : create != null ? create.indexName() : delete != null ? delete.indexName() : null;
    }
}
