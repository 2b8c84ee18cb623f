package io.keyline.op.request;

import io.keyline.error.Errors;
import java.util.List;

/** The ReturnValues parameter of PutItem, UpdateItem and DeleteItem. */
public enum ReturnValues {
    NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW;

    /** DynamoDB lists the enum in this order in its constraint message. */
    private static final List<String> WIRE_ORDER = List.of("ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW");

    /** Records a violation on {@code c} for a value outside the enum; absent (or invalid) is NONE. */
    public static ReturnValues check(String wire, Constraints c) {
        c.oneOf("returnValues", wire, WIRE_ORDER);
        return wire == null || !WIRE_ORDER.contains(wire) ? NONE : valueOf(wire);
    }

    /** PutItem and DeleteItem take only NONE and ALL_OLD. */
    public ReturnValues noneOrAllOld() {
        if (this != NONE && this != ALL_OLD) throw Errors.validation("ReturnValues can only be ALL_OLD or NONE");
        return this;
    }
}
