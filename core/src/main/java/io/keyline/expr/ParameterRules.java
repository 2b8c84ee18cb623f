package io.keyline.expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * DynamoDB's rules on which expression-related parameters may appear together in one request:
 * expression and legacy parameters may not be mixed (KeyConditions alone excepted), and
 * ExpressionAttributeNames/Values need an expression that can use them. Stateless.
 */
public final class ParameterRules {
    private ParameterRules() {}

    public static final List<String> EXPRESSIONS = List.of(
            "ConditionExpression", "FilterExpression", "KeyConditionExpression", "ProjectionExpression", "UpdateExpression");
    public static final List<String> LEGACY = List.of(
            "AttributeUpdates", "AttributesToGet", "ConditionalOperator", "Expected", "KeyConditions", "QueryFilter", "ScanFilter");

    /**
     * Checks the parameters present in a request.
     *
     * @param present names of the top-level request fields that are set (non-null)
     * @param valueExpressions the operation's expression parameters that can use
     *        ExpressionAttributeValues, in DynamoDB's order (e.g. UpdateExpression, ConditionExpression
     *        for UpdateItem; KeyConditionExpression, FilterExpression for Query)
     */
    public static void check(Set<String> present, List<String> valueExpressions) {
        List<String> expressions = new ArrayList<>();
        for (String e : EXPRESSIONS) if (present.contains(e)) expressions.add(e);
        if (!expressions.isEmpty()) {
            List<String> legacy = new ArrayList<>();
            for (String l : LEGACY) {
                if (!present.contains(l)) continue;
                if (l.equals("KeyConditions") && !present.contains("KeyConditionExpression")) continue;
                legacy.add(l);
            }
            if (!legacy.isEmpty()) {
                Collections.sort(legacy);
                throw ExprErrors.validation("Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {" + String.join(", ", legacy) + "} "
                        + "Expression parameters: {" + String.join(", ", expressions) + "}");
            }
        }
        if (present.contains("ExpressionAttributeNames") && expressions.isEmpty()) {
            throw ExprErrors.validation("ExpressionAttributeNames can only be specified when using expressions");
        }
        if (present.contains("ExpressionAttributeValues")) {
            boolean any = false;
            for (String e : valueExpressions) any |= present.contains(e);
            if (!any) {
                if (valueExpressions.isEmpty()) {
                    throw ExprErrors.validation("ExpressionAttributeValues can only be specified when using expressions");
                }
                throw ExprErrors.validation("ExpressionAttributeValues can only be specified when using expressions: "
                        + String.join(" and ", valueExpressions) + (valueExpressions.size() > 1 ? " are" : " is") + " null");
            }
        }
    }
}
