package io.keyline.op.request;

/**
 * The ReturnConsumedCapacity parameter of every data-plane operation: which ConsumedCapacity
 * the response carries (none, the total, or the total split by table and index). Its enum is
 * checked with the request's shape (docs/RULES.md#VALIDATION-ORDER).
 */
public enum ReturnConsumedCapacity {
    INDEXES, TOTAL, NONE;

    /** The level a request asks for, from its checked wire value: NONE when absent. */
    public static ReturnConsumedCapacity of(String wire) {
        return wire == null ? NONE : valueOf(wire);
    }
}
