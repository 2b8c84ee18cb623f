package io.keyline.op.request;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.model.AttributeValue;
import java.util.Map;

/** Evaluates a write's condition on the old item; failure is ConditionalCheckFailedException. */
public final class WriteConditions {
    private WriteConditions() {}

    /**
     * @param returnOldOnFailure ReturnValuesOnConditionCheckFailure=ALL_OLD: the old item rides
     *        along in the error (when there is one)
     */
    public static void check(Condition condition, Map<String, AttributeValue> oldItem, boolean returnOldOnFailure) {
        if (condition == null || condition.test(oldItem)) return;
        throw failed(oldItem, returnOldOnFailure);
    }

    /** The ConditionalCheckFailedException of a condition that did not hold on {@code oldItem}. */
    public static ApiException failed(Map<String, AttributeValue> oldItem, boolean returnOldOnFailure) {
        return returnOldOnFailure ? Errors.conditionalCheckFailed(oldItem) : Errors.conditionalCheckFailed();
    }
}
