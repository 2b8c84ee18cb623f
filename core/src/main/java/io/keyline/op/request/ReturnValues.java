package io.keyline.op.request;

import io.keyline.error.Errors;

/**
 * The ReturnValues parameter of PutItem, UpdateItem and DeleteItem. Its enum is checked with
 * the request's shape (docs/RULES.md#VALIDATION-ORDER).
 */
public enum ReturnValues {
    NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW;

    /** From the checked wire value; absent is NONE. */
    public static ReturnValues of(String wire) {
        return wire == null ? NONE : valueOf(wire);
    }

    /** PutItem and DeleteItem take only NONE and ALL_OLD. */
    public ReturnValues noneOrAllOld() {
        if (this != NONE && this != ALL_OLD) throw Errors.validation("ReturnValues can only be ALL_OLD or NONE");
        return this;
    }
}
