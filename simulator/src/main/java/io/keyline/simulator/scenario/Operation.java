package io.keyline.simulator.scenario;

/** The operations a pattern can send: the scenario's name for each and DynamoDB's. */
enum Operation {
    PUT("put", "PutItem"),
    UPDATE("update", "UpdateItem"),
    DELETE("delete", "DeleteItem"),
    GET("get", "GetItem"),
    QUERY("query", "Query"),
    SCAN("scan", "Scan"),
    BATCH_WRITE("batchWrite", "BatchWriteItem"),
    TRANSACT_WRITE("transactWrite", "TransactWriteItems"),
    BATCH_GET("batchGet", "BatchGetItem"),
    TRANSACT_GET("transactGet", "TransactGetItems");

    final String scenarioName;
    final String dynamoDbName;

    Operation(String scenarioName, String dynamoDbName) {
        this.scenarioName = scenarioName;
        this.dynamoDbName = dynamoDbName;
    }

    static Operation named(String scenarioName) {
        for (Operation o : values()) if (o.scenarioName.equals(scenarioName)) return o;
        throw new IllegalArgumentException(scenarioName);
    }

    /** Writes whole items from a template, so other patterns may reuse their keys. */
    boolean writesItems() {
        return this == PUT || this == BATCH_WRITE || this == TRANSACT_WRITE;
    }

    /** Addresses items by their full primary key: one, or several for the batch and transaction gets. */
    boolean needsItemKey() {
        return this == GET || this == DELETE || this == UPDATE || this == BATCH_GET || this == TRANSACT_GET;
    }

    /** Sends several items or keys a request ({@code batchSize}). */
    boolean batches() {
        return this == BATCH_WRITE || this == TRANSACT_WRITE || this == BATCH_GET || this == TRANSACT_GET;
    }

    boolean reads() {
        return this == QUERY || this == SCAN;
    }
}
