package io.keyline.op.request;

import io.keyline.expr.Condition;
import io.keyline.expr.ExpressionContext;
import io.keyline.expr.KeyConditions;
import io.keyline.expr.Legacy;
import io.keyline.expr.LegacyAttributeUpdate;
import io.keyline.expr.LegacyCondition;
import io.keyline.expr.ParameterRules;
import io.keyline.expr.Projection;
import io.keyline.expr.Update;
import java.util.List;
import java.util.Map;

/**
 * The expressions of one request, expression or legacy form, parsed against one shared
 * {@link ExpressionContext} so that unused names and values are caught across all of them.
 * One instance per request; not thread-safe.
 */
public final class RequestExpressions {
    private final ExpressionMembers members;
    private final ExpressionContext context;

    private RequestExpressions(ExpressionMembers members, ExpressionContext context) {
        this.members = members;
        this.context = context;
    }

    /**
     * Checks which parameters may appear together, then validates the name and value maps.
     *
     * @param valueExpressions the expression parameters of this operation that can use
     *        ExpressionAttributeValues, in DynamoDB's order
     */
    public static RequestExpressions of(ExpressionMembers members, List<String> valueExpressions) {
        ParameterRules.check(members.present(), valueExpressions);
        return new RequestExpressions(members, members.attributes().context());
    }

    /** ConditionExpression, or legacy Expected with ConditionalOperator, or null. */
    public Condition condition() {
        String text = members.conditionExpression();
        if (text != null) return context.condition(text, "ConditionExpression");
        Map<String, LegacyCondition> expected = members.expected().get();
        String operator = members.conditionalOperator();
        if (expected != null || operator != null) {
            return Legacy.expected(expected, operator, "Expected");
        }
        return null;
    }

    /** UpdateExpression, or legacy AttributeUpdates, or null. */
    public Update update() {
        String text = members.updateExpression();
        if (text != null) return context.update(text);
        Map<String, LegacyAttributeUpdate> attributeUpdates = members.attributeUpdates().get();
        return attributeUpdates == null ? null : Legacy.attributeUpdates(attributeUpdates);
    }

    /** ProjectionExpression, or legacy AttributesToGet, or null. */
    public Projection projection() {
        String text = members.projectionExpression();
        if (text != null) return context.projection(text);
        List<String> names = members.attributesToGet();
        return names == null ? null : Legacy.attributesToGet(names);
    }

    /** FilterExpression (Query, Scan) or null; legacy filters are the caller's. */
    public Condition filter() {
        String text = members.filterExpression();
        return text == null ? null : context.condition(text, "FilterExpression");
    }

    /**
     * Legacy QueryFilter or ScanFilter (named by {@code parameter}) with ConditionalOperator, or
     * null when neither is present.
     */
    public Condition legacyFilter(String parameter) {
        Map<String, LegacyCondition> filter = members.legacyFilter().get();
        String operator = members.conditionalOperator();
        if (filter == null && operator == null) return null;
        return Legacy.expected(filter, operator, parameter);
    }

    /** The terms of KeyConditionExpression or legacy KeyConditions (Query), or null when neither is present. */
    public List<KeyConditions.Term> keyConditionTerms() {
        String text = members.keyConditionExpression();
        if (text != null) return KeyConditions.fromExpression(context, text);
        Map<String, LegacyCondition> legacy = members.keyConditions().get();
        return legacy == null ? null : KeyConditions.fromLegacy(legacy);
    }

    public void checkAllUsed() { context.checkAllUsed(); }
}
