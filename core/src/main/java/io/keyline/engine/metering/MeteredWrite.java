package io.keyline.engine.metering;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.engine.api.Mutation;
import io.keyline.engine.store.ItemStore;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import java.util.Map;

/**
 * A single-item write (PutItem, UpdateItem, DeleteItem, a BatchWriteItem put or delete) metered
 * by the capacity model. Under the item's lock, the item store runs the pure change (the
 * condition checked, then the new item computed from the old one), then this class's admission
 * step charges the write on the table and every index it touches, or refuses it, before
 * anything is stored. A failed condition is still charged (docs/RULES.md#CAP-WRITE-FAILED-CONDITION), once the lock is released, and
 * may itself be throttled. Stateless apart from its collaborators; thread-safe.
 */
public final class MeteredWrite {
    /** The stored write (old and new images, either may be null) and the capacity it consumed. */
    public record Result(Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem, ConsumedCapacity consumed) {}

    private final ItemStore items;
    private final CapacityRegistry capacity;
    private final ItemCapacity itemCapacity;

    public MeteredWrite(ItemStore items, CapacityRegistry capacity, ItemCapacity itemCapacity) {
        this.items = items;
        this.capacity = capacity;
        this.itemCapacity = itemCapacity;
    }

    /**
     * @param condition          must hold on the old item, or the write fails with
     *                           ConditionalCheckFailedException; null for none
     * @param returnOldOnFailure ReturnValuesOnConditionCheckFailure=ALL_OLD: the old item rides
     *                           along in that error
     * @param failurePricedItem  the item a failed condition is priced on when the old item exists
     *                           (PutItem's new item); null prices it on the old item
     * @param change             computes the new item from the old one, once the condition holds;
     *                           a pure function, which may throw to refuse the write
     */
    public Result write(TableMetadata table, PrimaryKey key, Condition condition, boolean returnOldOnFailure,
                        Map<String, AttributeValue> failurePricedItem, Mutation change) {
        TableBinding binding = capacity.binding(table);
        ConsumedCapacity[] consumed = new ConsumedCapacity[1];
        ItemStore.WriteResult result;
        try {
            result = items.write(table, key, old -> {
                if (condition != null && !condition.test(old)) throw new ConditionFailed(old);
                return change.apply(old);
            }, (old, next) -> consumed[0] = itemCapacity.admitWrite(binding, key, old, next, false));
        } catch (ConditionFailed f) {
            itemCapacity.admitFailedCondition(binding, key, f.oldItem, failurePricedItem, false);
            throw returnOldOnFailure ? Errors.conditionalCheckFailed(f.oldItem) : Errors.conditionalCheckFailed();
        }
        return new Result(result.oldItem(), result.newItem(), consumed[0]);
    }

    /** The condition did not hold on {@code oldItem}: carried out of the item's lock to be charged. */
    private static final class ConditionFailed extends RuntimeException {
        final transient Map<String, AttributeValue> oldItem;

        ConditionFailed(Map<String, AttributeValue> oldItem) {
            super("condition failed", null, false, false);
            this.oldItem = oldItem;
        }
    }
}
