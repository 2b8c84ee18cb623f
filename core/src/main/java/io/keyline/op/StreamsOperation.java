package io.keyline.op;

/**
 * An operation of the DynamoDB Streams API: it is called on its own target prefix,
 * {@code X-Amz-Target: DynamoDBStreams_20120810.<name>}, on the same endpoint as DynamoDB's
 * (docs/RULES.md#STREAM-API), and consumes no capacity.
 */
public interface StreamsOperation<R> extends Operation<R> {
    /** The target prefix the SDKs send for the Streams API. */
    String TARGET_PREFIX = "DynamoDBStreams_20120810.";

    @Override default String targetPrefix() { return TARGET_PREFIX; }

    /** A read of stored records, bounded by the API's limits. */
    @Override default boolean quick(io.keyline.protocol.JsonObject request) { return true; }
}
