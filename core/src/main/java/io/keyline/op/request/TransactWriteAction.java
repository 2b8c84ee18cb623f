package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.List;
import java.util.Map;

/**
 * One element of TransactWriteItems (API_TransactWriteItem), decoded: its one action,
 * ConditionCheck, Put, Delete or Update, with the action's members. The Item (Put) or Key
 * (the others) keeps an invalid attribute value for where the operation first uses it
 * ({@link Deferred}). Immutable.
 *
 * @param kind the action's wire name, or null when the element names no action or more than one
 */
public record TransactWriteAction(String kind, String tableName, boolean targetPresent, Deferred<Map<String, AttributeValue>> target,
                                  String updateExpression, String returnValuesOnConditionCheckFailure, ExpressionMembers expressions) {
    /** The action kinds in wire name order. */
    public static final List<String> KINDS = List.of("ConditionCheck", "Put", "Delete", "Update");

    private static final TransactWriteAction NOT_ONE = new TransactWriteAction(null, null, false, Deferred.absent(), null, null, null);

    /** @param element the TransactItems element, or null */
    public static TransactWriteAction decode(JsonObject element) {
        String kind = null;
        int present = 0;
        for (String k : KINDS) {
            if (element != null && element.object(k) != null) {
                kind = k;
                present++;
            }
        }
        if (present != 1) return NOT_ONE;
        JsonObject a = element.object(kind);
        String tableName = a.string("TableName");
        String targetField = kind.equals("Put") ? "Item" : "Key";
        boolean targetPresent = a.object(targetField) != null;
        ExpressionMembers expressions = kind.equals("Update") ? ExpressionMembers.forUpdate(a) : ExpressionMembers.forWrite(a);
        return new TransactWriteAction(kind, tableName, targetPresent, Deferred.decode(() -> a.item(targetField)),
                a.string("UpdateExpression"), a.string("ReturnValuesOnConditionCheckFailure"), expressions);
    }

    public boolean isUpdate() { return "Update".equals(kind); }
}
