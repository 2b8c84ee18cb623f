package io.keyline.sdk;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Rewrites the requests an application builds so that the sharded attribute carries a shard
 * suffix: the application writes the logical value ({@code PENDING}), the request sent carries
 * the physical one ({@code PENDING#7}). Each method returns a new request and leaves the given one
 * unchanged; a request without the sharded attribute (an order that is not pending, in a sparse
 * status index) is returned as it is.
 *
 * <p>Where the attribute is a partition key of the table itself, its value is in the key of
 * UpdateItem, DeleteItem and GetItem. Where it is the key of a GSI, it is an ordinary attribute
 * of the item: PutItem and BatchWriteItem's puts carry it in the item, and an UpdateItem sets it
 * through a value placeholder ({@code SET pendingStatus = :s}), named to
 * {@link #update(UpdateItemRequest, String)}.
 *
 * <p>Random sharding cannot address an existing item (nobody knows its shard), so
 * {@link #get} and {@link #delete} with the attribute in the key, and BatchWriteItem deletes,
 * refuse it: take the key of such an item from a read. Calculated sharding hashes an attribute
 * that the item (PutItem) or the key (the others) must hold.
 *
 * <p>Immutable and thread-safe when its strategy is (both built-in strategies are).
 */
public final class WriteSharding {
    private final ShardedKey key;
    private final ShardStrategy strategy;

    public WriteSharding(ShardedKey key, ShardStrategy strategy) {
        this.key = Objects.requireNonNull(key, "key");
        this.strategy = Objects.requireNonNull(strategy, "strategy");
    }

    /** Random shards of {@code key} from a generator seeded with {@code seed}. */
    public static WriteSharding random(ShardedKey key, long seed) {
        return new WriteSharding(key, ShardStrategy.random(seed));
    }

    /** Shards of {@code key} calculated from {@code sourceAttribute} ({@link ShardHash}). */
    public static WriteSharding calculated(ShardedKey key, String sourceAttribute) {
        return new WriteSharding(key, ShardStrategy.calculated(sourceAttribute));
    }

    public ShardedKey key() { return key; }

    public ShardStrategy strategy() { return strategy; }

    /** The shard this strategy picks for an item (PutItem) or a key (the other requests). */
    public int shardFor(Map<String, AttributeValue> itemOrKey) {
        return strategy.shardFor(itemOrKey, key.shards());
    }

    /** The item with its sharded attribute suffixed; unchanged if it lacks the attribute. */
    public Map<String, AttributeValue> shardItem(Map<String, AttributeValue> item) {
        if (!item.containsKey(key.attribute())) return item;
        return withSuffix(item, key.attribute(), shardFor(item));
    }

    public PutItemRequest put(PutItemRequest request) {
        if (!request.item().containsKey(key.attribute())) return request;
        return request.toBuilder().item(shardItem(request.item())).build();
    }

    /**
     * An UpdateItem whose key holds the sharded attribute (a sharded table key). With random
     * sharding this only makes sense for an update that creates the item.
     */
    public UpdateItemRequest update(UpdateItemRequest request) {
        requireInKey(request.key(), "UpdateItem", "; if the update sets it, name the value placeholder: update(request, \":s\")");
        return request.toBuilder().key(withSuffix(request.key(), key.attribute(), shardFor(request.key()))).build();
    }

    /**
     * An UpdateItem that sets the sharded attribute from the value placeholder
     * {@code valuePlaceholder} ({@code SET pendingStatus = :s}): the placeholder's value gets the
     * suffix. Calculated sharding hashes its source attribute from the request's key.
     */
    public UpdateItemRequest update(UpdateItemRequest request, String valuePlaceholder) {
        Map<String, AttributeValue> values = request.expressionAttributeValues();
        if (!values.containsKey(valuePlaceholder)) {
            throw new IllegalArgumentException("UpdateItem has no expression attribute value " + valuePlaceholder
                    + " to shard; it has " + values.keySet());
        }
        return request.toBuilder()
                .expressionAttributeValues(withSuffix(values, valuePlaceholder, shardFor(request.key())))
                .build();
    }

    /**
     * A DeleteItem: the key's sharded attribute gets its (calculated) suffix; a key without the
     * attribute (a GSI key) is returned as it is.
     */
    public DeleteItemRequest delete(DeleteItemRequest request) {
        if (!request.key().containsKey(key.attribute())) return request;
        requireAddressable("DeleteItem");
        return request.toBuilder().key(withSuffix(request.key(), key.attribute(), shardFor(request.key()))).build();
    }

    /** A GetItem of a sharded table key: calculated sharding only (one shard, one read). */
    public GetItemRequest get(GetItemRequest request) {
        requireAddressable("GetItem");
        requireInKey(request.key(), "GetItem", "");
        return request.toBuilder().key(withSuffix(request.key(), key.attribute(), shardFor(request.key()))).build();
    }

    /** A BatchWriteItem on one table: {@link #batchWrite(BatchWriteItemRequest, String)} for it. */
    public BatchWriteItemRequest batchWrite(BatchWriteItemRequest request) {
        if (request.requestItems().size() != 1) {
            throw new IllegalArgumentException("BatchWriteItem names " + request.requestItems().size()
                    + " tables: name the sharded one with batchWrite(request, table)");
        }
        return batchWrite(request, request.requestItems().keySet().iterator().next());
    }

    /**
     * A BatchWriteItem whose puts and deletes on {@code table} are sharded as {@link #put} and
     * {@link #delete} shard them; other tables' requests are left alone.
     */
    public BatchWriteItemRequest batchWrite(BatchWriteItemRequest request, String table) {
        List<WriteRequest> writes = request.requestItems().get(table);
        if (writes == null) throw new IllegalArgumentException("BatchWriteItem has no requests for table " + table);
        List<WriteRequest> sharded = new ArrayList<>(writes.size());
        for (WriteRequest write : writes) sharded.add(shard(write));
        Map<String, List<WriteRequest>> items = new HashMap<>(request.requestItems());
        items.put(table, sharded);
        return request.toBuilder().requestItems(items).build();
    }

    private WriteRequest shard(WriteRequest write) {
        if (write.putRequest() != null) {
            return WriteRequest.builder().putRequest(PutRequest.builder().item(shardItem(write.putRequest().item())).build()).build();
        }
        Map<String, AttributeValue> deleteKey = write.deleteRequest().key();
        if (!deleteKey.containsKey(key.attribute())) return write;
        requireAddressable("BatchWriteItem's DeleteRequest");
        return WriteRequest.builder().deleteRequest(DeleteRequest.builder()
                .key(withSuffix(deleteKey, key.attribute(), shardFor(deleteKey))).build()).build();
    }

    private Map<String, AttributeValue> withSuffix(Map<String, AttributeValue> map, String name, int shard) {
        AttributeValue logical = map.get(name);
        if (logical.s() == null) {
            throw new IllegalArgumentException("the sharded attribute '" + name + "' must be a string (S), got " + logical.type());
        }
        Map<String, AttributeValue> copy = new HashMap<>(map);
        copy.put(name, AttributeValue.fromS(key.physicalValue(logical.s(), shard)));
        return copy;
    }

    private void requireInKey(Map<String, AttributeValue> requestKey, String operation, String hint) {
        if (!requestKey.containsKey(key.attribute())) {
            throw new IllegalArgumentException(operation + "'s key has no sharded attribute '" + key.attribute() + "'" + hint);
        }
    }

    private void requireAddressable(String operation) {
        if (!strategy.addressable()) {
            throw new IllegalStateException(operation + " cannot address an item of a randomly sharded key: its shard "
                    + "is unknown. Use the key of an item read back (it carries the suffix), or calculated sharding");
        }
    }
}
