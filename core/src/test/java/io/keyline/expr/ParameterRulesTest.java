package io.keyline.expr;

import static io.keyline.expr.Fixtures.assertValidation;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ParameterRulesTest {
    static final List<String> UPDATE_ITEM = List.of("UpdateExpression", "ConditionExpression");

    @Test void mixingIsRejected() {
        assertValidation(() -> ParameterRules.check(Set.of("AttributeUpdates", "ConditionExpression", "ExpressionAttributeValues"), UPDATE_ITEM),
                "Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {AttributeUpdates} Expression parameters: {ConditionExpression}");
        assertValidation(() -> ParameterRules.check(Set.of("AttributesToGet", "FilterExpression", "KeyConditionExpression"), List.of()),
                "Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {AttributesToGet} Expression parameters: {FilterExpression, KeyConditionExpression}");
        assertValidation(() -> ParameterRules.check(Set.of("Expected", "UpdateExpression"), UPDATE_ITEM),
                "Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {Expected} Expression parameters: {UpdateExpression}");
    }

    @Test void keyConditionsAloneMayAccompanyExpressions() {
        ParameterRules.check(Set.of("KeyConditions", "ProjectionExpression"), List.of("KeyConditionExpression", "FilterExpression"));
        assertValidation(() -> ParameterRules.check(Set.of("KeyConditions", "KeyConditionExpression"), List.of("KeyConditionExpression")),
                "Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}");
    }

    @Test void namesAndValuesNeedExpressions() {
        assertValidation(() -> ParameterRules.check(Set.of("AttributeUpdates", "ExpressionAttributeNames"), UPDATE_ITEM),
                "ExpressionAttributeNames can only be specified when using expressions");
        assertValidation(() -> ParameterRules.check(Set.of("ExpressionAttributeValues"), UPDATE_ITEM),
                "ExpressionAttributeValues can only be specified when using expressions: UpdateExpression and ConditionExpression are null");
        assertValidation(() -> ParameterRules.check(Set.of("ExpressionAttributeValues"), List.of("ConditionExpression")),
                "ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null");
        assertValidation(() -> ParameterRules.check(Set.of("ProjectionExpression", "ExpressionAttributeValues"), List.of()),
                "ExpressionAttributeValues can only be specified when using expressions");
        ParameterRules.check(Set.of("ProjectionExpression", "ExpressionAttributeNames"), List.of());
        ParameterRules.check(Set.of("UpdateExpression", "ExpressionAttributeNames", "ExpressionAttributeValues"), UPDATE_ITEM);
    }
}
