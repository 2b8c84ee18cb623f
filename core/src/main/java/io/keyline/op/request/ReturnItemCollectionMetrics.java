package io.keyline.op.request;

import java.util.List;

/** The ReturnItemCollectionMetrics parameter of the write operations: SIZE asks for ItemCollectionMetrics. */
public enum ReturnItemCollectionMetrics {
    SIZE, NONE;

    /** DynamoDB lists the enum in this order in its constraint message. */
    private static final List<String> WIRE_ORDER = List.of("SIZE", "NONE");

    /** Records a violation on {@code c} for a value outside the enum; absent (or invalid) is NONE. */
    public static ReturnItemCollectionMetrics check(String wire, Constraints c) {
        c.oneOf("returnItemCollectionMetrics", wire, WIRE_ORDER);
        return wire == null || !WIRE_ORDER.contains(wire) ? NONE : valueOf(wire);
    }
}
