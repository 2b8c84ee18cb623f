package io.keyline.engine.api;

import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.expr.Condition;

/**
 * One validated action of TransactWriteItems: the item it names, its condition (null for none),
 * whether a failed condition returns the old item, and what it writes: {@code mutation} maps the
 * old item to the new one (Put: the item; Delete: null; Update: the updated item), null for a
 * ConditionCheck, which writes nothing. A mutation may throw a ValidationException (an update
 * that makes the item too large), which cancels the transaction with a ValidationError.
 * Immutable.
 */
public record WriteAction(TableMetadata table, PrimaryKey key, Condition condition, boolean returnOldOnFailure,
                          Mutation mutation) {
    public ItemRef ref() { return new ItemRef(table, key); }
}
