package io.keyline.op.request;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.engine.Engine;
import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.metering.ItemCapacity;
import io.keyline.engine.metering.TableBinding;
import io.keyline.expr.Condition;
import io.keyline.model.AttributeValue;
import java.util.Map;

/**
 * A single-item write (PutItem, UpdateItem, DeleteItem) metered by the capacity model: under
 * the item's lock, the condition is checked, the new item computed, and the write admitted on
 * the table and every index it touches before anything is stored. A failed condition is still
 * charged (B.3) and may itself be throttled. Stateless.
 */
public final class MeteredWrite {
    /** The stored write and the capacity it consumed. */
    public record Result(ItemStore.WriteResult write, ConsumedCapacity consumed) {
        public Map<String, AttributeValue> oldItem() { return write.oldItem(); }

        public Map<String, AttributeValue> newItem() { return write.newItem(); }
    }

    private MeteredWrite() {}

    /**
     * @param failurePricedItem the item a failed condition is priced on when the old item exists
     *                          (PutItem's new item); null prices it on the old item
     * @param change            computes the new item from the old one, once the condition holds
     */
    public static Result run(Engine engine, TableMetadata table, PrimaryKey key, Condition condition, boolean returnOldOnFailure,
                      Map<String, AttributeValue> failurePricedItem, ItemStore.Mutation change) {
        TableBinding binding = engine.capacity().binding(table);
        ItemCapacity capacity = engine.itemCapacity();
        ConsumedCapacity[] consumed = new ConsumedCapacity[1];
        ItemStore.WriteResult result = engine.items().write(table, key, old -> {
            if (condition != null && !condition.test(old)) {
                capacity.admitFailedCondition(binding, key, old, failurePricedItem, false);
                throw WriteConditions.failed(old, returnOldOnFailure);
            }
            Map<String, AttributeValue> next = change.apply(old);
            consumed[0] = capacity.admitWrite(binding, key, old, next, false);
            return next;
        });
        return new Result(result, consumed[0]);
    }
}
