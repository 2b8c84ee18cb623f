package io.keyline.op.request;

import io.keyline.error.Errors;
import java.util.List;

/** The ReturnValues parameter of PutItem, UpdateItem and DeleteItem. */
public enum ReturnValues {
    NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW;

    /** DynamoDB lists the enum in this order in its constraint message. */
    public static final List<String> WIRE_ORDER = List.of("ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW");

    /** Parses a value already checked by {@link Constraints#oneOf} against {@link #WIRE_ORDER}. */
    public static ReturnValues parse(String value) {
        return value == null ? NONE : valueOf(value);
    }

    /** PutItem and DeleteItem take only NONE and ALL_OLD. */
    public static ReturnValues noneOrAllOld(String value) {
        ReturnValues rv = parse(value);
        if (rv != NONE && rv != ALL_OLD) throw Errors.validation("ReturnValues can only be ALL_OLD or NONE");
        return rv;
    }
}
