package io.keyline.engine;

import io.keyline.engine.api.StreamDescription;
import io.keyline.engine.api.StreamRecords;
import io.keyline.engine.api.StreamSummary;
import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.stream.ServiceIdentity;
import io.keyline.engine.stream.StreamIds;
import io.keyline.engine.stream.StreamReader;
import io.keyline.error.Errors;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.TableMetadata;
import java.util.List;
import java.util.function.Supplier;

/**
 * The DynamoDB Streams verbs (ListStreams, DescribeStream, GetShardIterator, GetRecords) over the
 * streams of one namespace view of the engine, and the way a write says it is DynamoDB's own
 * ({@link #asService}). Stream reads consume no capacity (docs/RULES.md#STREAM-CAPACITY).
 * Thread-safe; one per engine view, like {@link Tables}.
 */
public final class Streams {
    /** One ListStreams page: the streams and, when more follow, the last ARN of the page. */
    public record Page(List<StreamSummary> streams, String lastEvaluatedStreamArn) {}

    private final StreamReader reader;
    private final Catalog catalog;
    private final Namespace namespace;
    private final String region;

    Streams(StreamReader reader, Catalog catalog, Namespace namespace, String region) {
        this.reader = reader;
        this.catalog = catalog;
        this.namespace = namespace;
        this.region = region;
    }

    /** The region stream records name as awsRegion. */
    public String region() { return region; }

    /** ListStreams: up to {@code limit} streams after {@code exclusiveStartArn}, of one table if {@code tableName} is given. */
    public Page list(String tableName, String exclusiveStartArn, int limit) {
        if (exclusiveStartArn != null && StreamIds.parseArn(exclusiveStartArn) == null) {
            throw Errors.validation("Invalid ExclusiveStartStreamArn");
        }
        List<StreamSummary> found = reader.list(namespace, tableName, exclusiveStartArn, limit);
        if (found.size() <= limit) return new Page(found, null);
        List<StreamSummary> page = found.subList(0, limit);
        return new Page(List.copyOf(page), page.get(limit - 1).streamArn());
    }

    /** DescribeStream: one page of shards, all or only the children of {@code childrenOf}. */
    public StreamDescription describe(String arn, int limit, String exclusiveStartShardId, String childrenOf) {
        String tableName = reader.tableOf(namespace, arn);
        TableMetadata table = catalog.get(namespace, tableName);
        if (table == null) throw Errors.resourceNotFound("Requested resource not found: Stream: " + arn + " not found");
        return reader.describe(namespace, arn, table.keySchema(), limit, exclusiveStartShardId, childrenOf);
    }

    /** GetShardIterator. */
    public String shardIterator(String arn, String shardId, String type, String sequenceNumber) {
        return reader.iterator(namespace, arn, shardId, type, sequenceNumber);
    }

    /** GetRecords. */
    public StreamRecords records(String shardIterator, int limit) { return reader.records(shardIterator, limit, region); }

    /**
     * Runs {@code write} as DynamoDB itself: the stream records of its changes carry the service's
     * userIdentity (Time to Live's deletes: docs/RULES.md#STREAM-RECORD).
     */
    public static <T> T asService(Supplier<T> write) { return ServiceIdentity.run(write); }
}
