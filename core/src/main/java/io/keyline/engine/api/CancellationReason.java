package io.keyline.engine.api;

import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Why one action of a cancelled transaction failed, as DynamoDB reports it in
 * TransactionCanceledException's CancellationReasons: a code ({@code None} for the actions that
 * did not fail, which carry no message), a message, and the old item when the action asked for
 * it with ReturnValuesOnConditionCheckFailure=ALL_OLD. Plain data: the operations render it
 * ({@code io.keyline.op.response.CancellationReasons}). Immutable.
 */
public record CancellationReason(String code, String message, Map<String, AttributeValue> item) {
    public static final CancellationReason NONE = new CancellationReason("None", null, null);

    public static CancellationReason conditionalCheckFailed(Map<String, AttributeValue> oldItemOrNull) {
        return new CancellationReason("ConditionalCheckFailed", "The conditional request failed", oldItemOrNull);
    }

    public static CancellationReason validationError(String message) {
        return new CancellationReason("ValidationError", message, null);
    }

    /** API_CancellationReason "ThrottlingError": the table or an index had no capacity for the action (docs/RULES.md#TX-CANCELLATION). */
    public static CancellationReason throttled(String message) {
        return new CancellationReason("ThrottlingError", message, null);
    }

    /** @param message the engine's text for an item another writer holds */
    public static CancellationReason transactionConflict(String message) {
        return new CancellationReason("TransactionConflict", message, null);
    }

    /** One reason per action: {@code reason} at {@code position}, None elsewhere. */
    public static List<CancellationReason> only(int actions, int position, CancellationReason reason) {
        List<CancellationReason> out = new ArrayList<>(actions);
        for (int i = 0; i < actions; i++) out.add(i == position ? reason : NONE);
        return out;
    }
}
