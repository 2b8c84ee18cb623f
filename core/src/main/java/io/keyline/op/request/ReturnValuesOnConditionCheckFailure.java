package io.keyline.op.request;

import java.util.List;

/**
 * The ReturnValuesOnConditionCheckFailure parameter of the single-item writes and of each
 * transaction action: ALL_OLD puts the old item into the failed condition's error.
 */
public enum ReturnValuesOnConditionCheckFailure {
    ALL_OLD, NONE;

    /** DynamoDB lists the enum in this order in its constraint message. */
    private static final List<String> WIRE_ORDER = List.of("ALL_OLD", "NONE");

    /**
     * Records a violation on {@code c} at {@code path} for a value outside the enum; absent (or
     * invalid) is NONE.
     */
    public static ReturnValuesOnConditionCheckFailure check(String path, String wire, Constraints c) {
        c.oneOf(path, wire, WIRE_ORDER);
        return wire == null || !WIRE_ORDER.contains(wire) ? NONE : valueOf(wire);
    }

    public boolean returnsOldItem() { return this == ALL_OLD; }
}
