package io.keyline.engine.stream;

import io.keyline.capacity.PartitionMap;
import io.keyline.capacity.SortPosition;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The write hook that records every change of an item of a table with an enabled stream, in the
 * item's own storage batch (docs/RULES.md#STREAM-ATOMIC): the record exists if and only if the
 * write happened, so a crash loses neither or both. INSERT, MODIFY or REMOVE with the images the
 * stream's view type keeps; a write that changed nothing (same image, or a delete of an absent
 * item) records nothing (docs/RULES.md#STREAM-NOOP). Batches and transactions reach it once per
 * item they change. Runs on the writing thread under the item's lock; thread-safe.
 */
public final class StreamWriter implements ItemStore.WriteHook {
    private final StreamRegistry registry;
    private final Clock clock;
    private final Function<TableMetadata, PartitionMap> partitions;
    private final Runnable afterCommit;

    /**
     * @param partitions the table's partition map, where a record's shard is found
     * @param afterCommit run after a batch with a record is committed (the trim check)
     */
    public StreamWriter(StreamRegistry registry, Clock clock, Function<TableMetadata, PartitionMap> partitions, Runnable afterCommit) {
        this.registry = registry;
        this.clock = clock;
        this.partitions = partitions;
        this.afterCommit = afterCommit;
    }

    @Override public Runnable beforeCommit(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem,
                                           WriteBatch batch) {
        return beforeCommit(table, oldItem, newItem, oldItem == null ? null : ItemCodec.encode(oldItem),
                newItem == null ? null : ItemCodec.encode(newItem), batch);
    }

    /** The images' stored encodings go into the record as they are (a record costs no second encoding). */
    @Override public Runnable beforeCommit(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem,
                                           byte[] oldEncoded, byte[] newEncoded, WriteBatch batch) {
        StreamState stream = registry.enabledStream(table);
        if (stream == null || oldItem == null && newItem == null) return null;
        if (oldItem != null && oldItem.equals(newItem)) return null;
        Map<String, AttributeValue> any = newItem != null ? newItem : oldItem;
        KeyAttribute pk = table.keySchema().partitionKey();
        KeyAttribute sk = table.keySchema().sortKey();
        AttributeValue pkValue = any.get(pk.name());
        AttributeValue skValue = sk == null ? null : any.get(sk.name());
        long token = KeyCodec.token(pkValue);
        long sort = skValue == null ? SortPosition.NONE : SortPosition.of(skValue);
        long[] placed;
        if (registry.shared()) {
            placed = registry.placeInRange(stream, token, batch); // several nodes: a shard per writer and token range
        } else {
            PartitionMap map = partitions.apply(table);
            placed = registry.place(stream, map.partitionCount(), map.partitionOf(token, sort), map::partitionStarts, batch);
        }
        if (placed == null) return null;
        Map<String, AttributeValue> keys = new LinkedHashMap<>(4);
        keys.put(pk.name(), pkValue);
        if (sk != null) keys.put(sk.name(), skValue);
        StreamLayout.EventName event = oldItem == null ? StreamLayout.EventName.INSERT
                : newItem == null ? StreamLayout.EventName.REMOVE : StreamLayout.EventName.MODIFY;
        boolean keepOld = stream.viewType.equals("OLD_IMAGE") || stream.viewType.equals("NEW_AND_OLD_IMAGES");
        boolean keepNew = stream.viewType.equals("NEW_IMAGE") || stream.viewType.equals("NEW_AND_OLD_IMAGES");
        batch.put(StreamLayout.recordKey(stream.number, placed[0], placed[1]),
                StreamLayout.encode(event, ServiceIdentity.active(), clock.millis(), keys, keepOld ? oldEncoded : null,
                        keepNew ? newEncoded : null));
        return afterCommit;
    }

    @Override public void settled(WriteBatch batch) { registry.settle(batch); }
}
