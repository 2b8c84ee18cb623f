package io.keyline.simulator.report;

import java.util.List;

/**
 * A table as the scenario declared it, in the terms the advice and the cost need.
 *
 * @param name        table name
 * @param billingMode PROVISIONED or PAY_PER_REQUEST
 * @param readCapacityUnits  provisioned RCU (0 on demand)
 * @param writeCapacityUnits provisioned WCU (0 on demand)
 * @param partitionKey the partition key attribute
 * @param sortKey     the sort key attribute, or null
 * @param gsis        global secondary indexes
 * @param lsis        local secondary indexes
 */
public record TableDesign(String name, String billingMode, long readCapacityUnits, long writeCapacityUnits,
        String partitionKey, String sortKey, List<IndexDesign> gsis, List<IndexDesign> lsis) {

    /**
     * @param name            index name
     * @param partitionKey    its partition key attribute
     * @param sortKey         its sort key attribute, or null
     * @param projectionType  ALL, KEYS_ONLY or INCLUDE
     * @param nonKeyAttributes INCLUDE's attributes (empty otherwise)
     * @param readCapacityUnits  provisioned RCU of a GSI (0 on demand or for an LSI)
     * @param writeCapacityUnits provisioned WCU of a GSI (0 on demand or for an LSI)
     */
    public record IndexDesign(String name, String partitionKey, String sortKey, String projectionType,
            List<String> nonKeyAttributes, long readCapacityUnits, long writeCapacityUnits) {}
}
