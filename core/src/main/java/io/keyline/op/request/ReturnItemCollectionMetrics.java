package io.keyline.op.request;

/**
 * The ReturnItemCollectionMetrics parameter of the write operations: SIZE asks for
 * ItemCollectionMetrics. Its enum is checked with the request's shape
 * (docs/RULES.md#VALIDATION-ORDER).
 */
public enum ReturnItemCollectionMetrics {
    SIZE, NONE;

    /** From the checked wire value; absent is NONE. */
    public static ReturnItemCollectionMetrics of(String wire) {
        return wire == null ? NONE : valueOf(wire);
    }
}
