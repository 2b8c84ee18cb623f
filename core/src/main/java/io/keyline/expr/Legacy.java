package io.keyline.expr;

import io.keyline.expr.ConditionNode.Comparator;
import io.keyline.model.AttributeValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Translates the legacy (pre-expression) parameters into the expression AST, with DynamoDB's
 * validation texts: {@code Expected} + {@code ConditionalOperator} (reusable for QueryFilter,
 * ScanFilter and KeyConditions through the parameter name), {@code AttributeUpdates} and
 * {@code AttributesToGet}. Attribute names are taken literally (a dot is part of the name).
 * Stateless.
 */
public final class Legacy {
    private Legacy() {}

    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final List<String> OPERATORS = List.of(
            "IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT", "NOT_NULL", "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS");

    /**
     * The condition of a legacy Expected (or QueryFilter/ScanFilter/KeyConditions) map.
     * {@code parameterName} is the request field, e.g. "Expected" or "QueryFilter"; it appears in
     * DynamoDB's enum-constraint messages. A null or empty map is the always-true condition.
     */
    public static Condition expected(Map<String, LegacyCondition> expected, String conditionalOperator, String parameterName) {
        if (conditionalOperator != null && !conditionalOperator.equals("AND") && !conditionalOperator.equals("OR")) {
            throw ExprErrors.validation("1 validation error detected: Value '" + conditionalOperator
                    + "' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [AND, OR]");
        }
        if (expected == null || expected.isEmpty()) {
            if (conditionalOperator != null) {
                throw ExprErrors.validation("ConditionalOperator can only be used when Filter or Expected has two or more elements");
            }
            return Condition.always();
        }
        boolean or = "OR".equals(conditionalOperator);
        ConditionNode root = null;
        for (Map.Entry<String, LegacyCondition> e : expected.entrySet()) {
            String name = e.getKey();
            LegacyCondition c = e.getValue() == null ? LegacyCondition.EMPTY : e.getValue();
            ConditionNode node = attributeCondition(name, c, parameterName);
            root = root == null ? node : or ? new ConditionNode.Or(root, node) : new ConditionNode.And(root, node);
        }
        return new Condition(root);
    }

    private static ConditionNode attributeCondition(String name, LegacyCondition c, String parameterName) {
        Operand path = new Operand.PathOperand(DocumentPath.attribute(name));
        AttributeValue value = c.value();
        Boolean exists = c.exists();
        String op = c.comparisonOperator();
        List<AttributeValue> list = c.attributeValueList();
        if (list != null && value != null) {
            throw ExprErrors.validation(INVALID + "Value and AttributeValueList cannot be used together for Attribute: " + name);
        }
        if (op == null && !parameterName.equals("Expected")) {
            throw ExprErrors.validation("1 validation error detected: Value null at '" + lowerFirst(parameterName) + "." + name
                    + ".member.comparisonOperator' failed to satisfy constraint: Member must not be null");
        }
        if (op == null) {
            if (list != null) {
                throw ExprErrors.validation(INVALID + "AttributeValueList can only be used with a ComparisonOperator for Attribute: " + name);
            }
            boolean mustExist = exists == null || exists;
            if (mustExist && value == null) {
                throw ExprErrors.validation(INVALID + "Value must be provided when Exists is " + (exists == null ? "null" : "true") + " for Attribute: " + name);
            }
            if (!mustExist && value != null) {
                throw ExprErrors.validation(INVALID + "Value cannot be used when Exists is false for Attribute: " + name);
            }
            if (!mustExist) return function("attribute_not_exists", path);
            return new ConditionNode.Comparison(Comparator.EQ, path, new Operand.Literal(value));
        }
        if (!OPERATORS.contains(op)) {
            throw ExprErrors.validation("1 validation error detected: Value '" + op + "' at '" + lowerFirst(parameterName) + "." + name
                    + ".member.comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: " + OPERATORS);
        }
        if (exists != null) {
            throw ExprErrors.validation(INVALID + "Exists and ComparisonOperator cannot be used together for Attribute: " + name);
        }
        List<AttributeValue> args = list != null ? list : value != null ? List.of(value) : List.of();
        return comparison(name, op, path, args);
    }

    /** One legacy comparison on one attribute, validated as DynamoDB does. Reused for KeyConditions. */
    static ConditionNode comparison(String name, String op, Operand path, List<AttributeValue> args) {
        if (!countAllowed(op, args.size())) {
            throw ExprErrors.validation(INVALID + "Invalid number of argument(s) for the " + op + " ComparisonOperator");
        }
        Set<String> types = new HashSet<>();
        for (AttributeValue a : args) types.add(a.type());
        if (types.size() > 1) {
            throw ExprErrors.validation(INVALID + "AttributeValues inside AttributeValueList must be of same type");
        }
        for (AttributeValue a : args) {
            if (!allowedTypes(op).contains(a.type())) {
                throw ExprErrors.validation(INVALID + "ComparisonOperator " + op + " is not valid for " + a.type() + " AttributeValue type");
            }
        }
        if (op.equals("BETWEEN") && Values.compare(args.get(0), args.get(1)) > 0) {
            throw ExprErrors.validation("The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
        }
        List<Operand> lits = new ArrayList<>();
        for (AttributeValue a : args) lits.add(new Operand.Literal(a));
        switch (op) {
            case "EQ": return new ConditionNode.Comparison(Comparator.EQ, path, lits.get(0));
            case "NE": return new ConditionNode.Comparison(Comparator.NE, path, lits.get(0));
            case "LT": return new ConditionNode.Comparison(Comparator.LT, path, lits.get(0));
            case "LE": return new ConditionNode.Comparison(Comparator.LE, path, lits.get(0));
            case "GT": return new ConditionNode.Comparison(Comparator.GT, path, lits.get(0));
            case "GE": return new ConditionNode.Comparison(Comparator.GE, path, lits.get(0));
            case "NULL": return function("attribute_not_exists", path);
            case "NOT_NULL": return function("attribute_exists", path);
            case "CONTAINS": return function("contains", path, lits.get(0));
            case "NOT_CONTAINS":
                // Unlike NOT contains(), a missing attribute fails NOT_CONTAINS (observed on DynamoDB).
                return new ConditionNode.And(function("attribute_exists", path),
                        new ConditionNode.Not(function("contains", path, lits.get(0))));
            case "BEGINS_WITH": return function("begins_with", path, lits.get(0));
            case "IN": return new ConditionNode.In(path, lits);
            default: return new ConditionNode.Between(path, lits.get(0), lits.get(1));
        }
    }

    private static boolean countAllowed(String op, int n) {
        switch (op) {
            case "NULL": case "NOT_NULL": return n == 0;
            case "IN": return n >= 1;
            case "BETWEEN": return n == 2;
            default: return n == 1;
        }
    }

    private static Set<String> allowedTypes(String op) {
        switch (op) {
            // Observed on DynamoDB (test_query_filter.py): EQ and NE take values of every type.
            case "EQ": case "NE": return ConditionCompiler.TYPES;
            case "BEGINS_WITH": return Set.of("S", "B");
            default: return Set.of("S", "N", "B");
        }
    }

    private static ConditionNode function(String name, Operand... args) {
        return new ConditionNode.FunctionCondition(new Operand.FunctionCall(name, List.of(args)));
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
    }

    /** The update of a legacy AttributeUpdates map; an empty map is an update with no actions. */
    public static Update attributeUpdates(Map<String, LegacyAttributeUpdate> attributeUpdates) {
        List<UpdateAction> actions = new ArrayList<>();
        for (Map.Entry<String, LegacyAttributeUpdate> e : attributeUpdates.entrySet()) {
            String name = e.getKey();
            LegacyAttributeUpdate u = e.getValue() == null ? LegacyAttributeUpdate.EMPTY : e.getValue();
            String action = u.action();
            if (action == null) action = "PUT";
            if (!action.equals("PUT") && !action.equals("ADD") && !action.equals("DELETE")) {
                throw ExprErrors.validation("1 validation error detected: Value '" + action + "' at 'attributeUpdates." + name
                        + ".member.action' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]");
            }
            checkName(name);
            AttributeValue value = u.value();
            DocumentPath path = DocumentPath.attribute(name);
            if (value == null && !action.equals("DELETE")) {
                throw ExprErrors.validation(INVALID + "Only DELETE action is allowed when no attribute value is specified");
            }
            switch (action) {
                case "PUT":
                    actions.add(new UpdateAction.LegacyPut(path, value));
                    break;
                case "ADD":
                    if (!(value instanceof AttributeValue.N || value instanceof AttributeValue.L || Values.isSet(value))) {
                        throw ExprErrors.validation(INVALID + "ADD action is not supported for the type " + value.type());
                    }
                    actions.add(new UpdateAction.LegacyAdd(path, value));
                    break;
                default:
                    if (value != null && !Values.isSet(value)) {
                        throw ExprErrors.validation(INVALID + "DELETE action with value is not supported for the type " + value.type());
                    }
                    actions.add(new UpdateAction.LegacyDelete(path, value));
            }
        }
        return new Update(actions);
    }

    /** Attribute names in legacy parameters: not empty, at most 65535 bytes (as for item attributes). */
    private static void checkName(String name) {
        if (name.isEmpty()) {
            throw ExprErrors.validation(INVALID + "An AttributeValue may not contain an empty attribute name. Empty attribute name");
        }
        if (name.getBytes(StandardCharsets.UTF_8).length > ExprLimits.MAX_ATTRIBUTE_NAME_BYTES) {
            throw ExprErrors.validation("1 validation error detected: Attribute name is too large, must be less than "
                    + (ExprLimits.MAX_ATTRIBUTE_NAME_BYTES + 1) + " bytes");
        }
    }

    /** The projection of a legacy AttributesToGet list: top-level names, taken literally. */
    public static Projection attributesToGet(List<String> names) {
        if (names.isEmpty()) {
            throw ExprErrors.validation("1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: "
                    + "Member must have length greater than or equal to 1");
        }
        Set<String> seen = new HashSet<>();
        List<DocumentPath> paths = new ArrayList<>();
        for (String n : names) {
            checkName(n == null ? "" : n);
            if (!seen.add(n)) throw ExprErrors.validation(INVALID + "Duplicate value in attribute name: " + n);
            paths.add(DocumentPath.attribute(n));
        }
        return Projection.of(paths);
    }
}
