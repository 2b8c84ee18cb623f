package io.keyline.op.request;

import java.util.List;

/**
 * The ReturnConsumedCapacity parameter of every data-plane operation: which ConsumedCapacity
 * the response carries (none, the total, or the total split by table and index).
 */
public enum ReturnConsumedCapacity {
    INDEXES, TOTAL, NONE;

    /** DynamoDB lists the enum in this order in its constraint message. */
    private static final List<String> WIRE_ORDER = List.of("INDEXES", "TOTAL", "NONE");

    /**
     * Records a violation on {@code c} for a value outside the enum and returns the level the
     * request asks for: NONE when absent (and when invalid, which {@code c} then refuses).
     */
    public static ReturnConsumedCapacity check(String wire, Constraints c) {
        c.oneOf("returnConsumedCapacity", wire, WIRE_ORDER);
        return wire == null || !WIRE_ORDER.contains(wire) ? NONE : valueOf(wire);
    }
}
