package io.keyline.op.request;

/**
 * The ReturnValuesOnConditionCheckFailure parameter of the single-item writes and of each
 * transaction action: ALL_OLD puts the old item into the failed condition's error. Its enum is
 * checked with the request's shape (docs/RULES.md#VALIDATION-ORDER).
 */
public enum ReturnValuesOnConditionCheckFailure {
    ALL_OLD, NONE;

    /** From the checked wire value; absent is NONE. */
    public static ReturnValuesOnConditionCheckFailure of(String wire) {
        return wire == null ? NONE : valueOf(wire);
    }

    public boolean returnsOldItem() { return this == ALL_OLD; }
}
