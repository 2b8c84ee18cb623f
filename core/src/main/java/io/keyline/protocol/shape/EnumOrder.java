package io.keyline.protocol.shape;

import java.util.List;
import java.util.Map;

/**
 * The order in which DynamoDB lists an enum's values in "Member must satisfy enum value set:
 * [...]", where it differs from the service model's order. DynamoDB's own model is not the
 * published one, and its messages follow its own declaration order; each entry below was
 * recorded from DynamoDB's answers (the source beside it). Every other enum is listed in the
 * published model's order, which matches every recording we have (BillingMode, KeyType,
 * ReturnConsumedCapacity, ReturnItemCollectionMetrics, ReturnValuesOnConditionCheckFailure,
 * StreamViewType, SSEType, TableClass, ConditionalOperator, AttributeAction). Constant.
 */
final class EnumOrder {
    private static final Map<String, List<String>> RECORDED = Map.of(
            // dynalite validations/createTable.js; Keyline CreateTableTest (attributeType).
            "ScalarAttributeType", List.of("B", "N", "S"),
            // dynalite validations/query.js and scan.js; Keyline QueryTest (select).
            "Select", List.of("SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"),
            // dynalite validations/createTable.js and updateTable.js (projectionType).
            "ProjectionType", List.of("ALL", "INCLUDE", "KEYS_ONLY"),
            // dynalite validations/putItem.js, updateItem.js, deleteItem.js; Keyline UpdateItemTest.
            "ReturnValue", List.of("ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"),
            // dynalite validations/query.js (keyConditions); Keyline LegacyTest (comparisonOperator).
            "ComparisonOperator", List.of("IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT", "NOT_NULL",
                    "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS"));

    private EnumOrder() {}

    /**
     * The values of {@code shape}'s enum in message order: the recorded order if there is one
     * and it holds exactly the model's values, otherwise the model's order (a value the model
     * added since the recording must not be dropped from the message).
     */
    static List<String> of(String shape, List<String> modelOrder) {
        List<String> recorded = RECORDED.get(shape);
        if (recorded == null || modelOrder == null) return modelOrder;
        boolean same = recorded.size() == modelOrder.size() && recorded.containsAll(modelOrder);
        return same ? recorded : modelOrder;
    }
}
