package io.keyline.expr;

import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Query's key condition, from a KeyConditionExpression or the legacy KeyConditions map, checked
 * against a key schema with DynamoDB's messages (wording as dynalite recorded it against the
 * service, validations/index.js and actions/query.js). Both forms become the same list of
 * {@link Term}s (one per key attribute; operator names as in the legacy API), and {@link #plan}
 * turns the terms into a {@link KeyCondition} or fails. Stateless.
 */
public final class KeyConditions {
    private static final String PARAMETER = "KeyConditionExpression";
    private static final List<String> OPERATORS = List.of(
            "IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT", "NOT_NULL", "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS");
    private static final List<String> NOT_INDEXABLE = List.of("NULL", "NOT_NULL", "NE", "CONTAINS", "NOT_CONTAINS", "IN");

    private KeyConditions() {}

    /** One condition on one key attribute: {@code attribute operator values}. */
    public record Term(String attribute, String operator, List<AttributeValue> values) {
        public Term { values = List.copyOf(values); }
    }

    /**
     * The key condition a Query reads: equality on every partition key attribute, equality on
     * the leading sort key attributes, and at most one condition on the next one
     * ({@code sortOperator} null when there is none; {@code high} only for BETWEEN). A table or
     * LSI has one attribute of each; a GSI may have up to four of each (multi-attribute keys).
     */
    public record KeyCondition(List<AttributeValue> partitionKey, List<AttributeValue> sortEqualities,
                               String sortOperator, AttributeValue low, AttributeValue high) {
        public KeyCondition {
            partitionKey = List.copyOf(partitionKey);
            sortEqualities = List.copyOf(sortEqualities);
        }

        public boolean hasSortCondition() { return sortOperator != null; }
    }

    /** The terms of a KeyConditionExpression, parsed through the request's shared context. */
    public static List<Term> fromExpression(ExpressionContext context, String text) {
        Condition condition = context.condition(text, PARAMETER);
        Map<String, Term> terms = new LinkedHashMap<>();
        collect(condition.root(), terms);
        return new ArrayList<>(terms.values());
    }

    private static void collect(ConditionNode node, Map<String, Term> terms) {
        if (node instanceof ConditionNode.And and) {
            collect(and.left(), terms);
            collect(and.right(), terms);
            return;
        }
        if (node instanceof ConditionNode.Or) throw invalidOperator("OR");
        if (node instanceof ConditionNode.Not) throw invalidOperator("NOT");
        if (node instanceof ConditionNode.In) throw invalidOperator("IN");
        List<Operand> operands;
        String operator;
        boolean keyMustComeFirst = false;
        if (node instanceof ConditionNode.Comparison c) {
            if (c.op() == ConditionNode.Comparator.NE) throw invalidOperator("<>");
            operands = List.of(c.left(), c.right());
            operator = c.op().name();
        } else if (node instanceof ConditionNode.Between b) {
            operands = List.of(b.value(), b.low(), b.high());
            operator = "BETWEEN";
            keyMustComeFirst = true;
        } else if (node instanceof ConditionNode.FunctionCondition f) {
            String name = f.call().name();
            if (!name.equals("begins_with")) throw invalidOperator(name);
            operands = f.call().args();
            operator = "BEGINS_WITH";
            keyMustComeFirst = true;
        } else {
            throw ExprErrors.validation("Invalid condition in KeyConditionExpression: No key attribute specified");
        }
        if (keyMustComeFirst && !(operands.get(0) instanceof Operand.PathOperand)) {
            throw ExprErrors.validation("Invalid condition in KeyConditionExpression: "
                    + (operator.equals("BETWEEN") ? "BETWEEN" : "begins_with") + " operator must have the key attribute as its first operand");
        }
        String attribute = null;
        int keyPosition = 0;
        List<AttributeValue> values = new ArrayList<>();
        for (int i = 0; i < operands.size(); i++) {
            Operand o = operands.get(i);
            if (o instanceof Operand.PathOperand p) {
                if (attribute != null) {
                    throw ExprErrors.validation("Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition");
                }
                if (!p.path().isTopLevel()) {
                    throw ExprErrors.validation("KeyConditionExpressions cannot have conditions on nested attributes");
                }
                attribute = p.path().head();
                keyPosition = i;
            } else if (o instanceof Operand.Literal l) {
                values.add(l.value());
            } else {
                throw ExprErrors.validation("KeyConditionExpressions cannot contain nested operations");
            }
        }
        if (attribute == null) {
            throw ExprErrors.validation("Invalid condition in KeyConditionExpression: No key attribute specified");
        }
        if (terms.containsKey(attribute)) {
            throw ExprErrors.validation("KeyConditionExpressions must only contain one condition per key");
        }
        if (keyPosition != 0) operator = mirrored(operator);
        terms.put(attribute, new Term(attribute, operator, values));
    }

    /** {@code :v < k} is {@code k > :v}. */
    private static String mirrored(String comparator) {
        switch (comparator) {
            case "LT": return "GT";
            case "LE": return "GE";
            case "GT": return "LT";
            case "GE": return "LE";
            default: return comparator;
        }
    }

    private static RuntimeException invalidOperator(String operator) {
        return ExprErrors.validation("Invalid operator used in KeyConditionExpression: " + operator);
    }

    /** The terms of a legacy KeyConditions map, each validated as a legacy comparison. */
    public static List<Term> fromLegacy(Map<String, LegacyCondition> keyConditions) {
        List<Term> terms = new ArrayList<>();
        for (Map.Entry<String, LegacyCondition> e : keyConditions.entrySet()) {
            String name = e.getKey();
            LegacyCondition c = e.getValue() == null ? LegacyCondition.EMPTY : e.getValue();
            String op = c.comparisonOperator();
            String path = "keyConditions." + name + ".member.comparisonOperator";
            if (op == null) {
                throw ExprErrors.validation("1 validation error detected: Value null at '" + path + "' failed to satisfy constraint: Member must not be null");
            }
            if (!OPERATORS.contains(op)) {
                throw ExprErrors.validation("1 validation error detected: Value '" + op + "' at '" + path
                        + "' failed to satisfy constraint: Member must satisfy enum value set: " + OPERATORS);
            }
            List<AttributeValue> values = c.attributeValueList() == null ? List.of() : c.attributeValueList();
            Legacy.comparison(name, op, new Operand.PathOperand(DocumentPath.attribute(name)), values);
            terms.add(new Term(name, op, values));
        }
        return terms;
    }

    /** Checks the terms against the key schema (partition key first, then sort key) and plans the read. */
    public static KeyCondition plan(KeySchema schema, List<Term> terms) {
        Map<String, Term> byName = new LinkedHashMap<>();
        for (Term t : terms) byName.put(t.attribute(), t);
        if (schema.hash().size() > 1 || schema.range().size() > 1) return planMultiAttribute(schema, byName);
        if (terms.size() != 1 && terms.size() != 2) throw ExprErrors.validation("Conditions can be of length 1 or 2 only");
        KeyAttribute partition = schema.partitionKey();
        KeyAttribute sort = schema.sortKey();
        if (sort == null && terms.size() > 1) throw ExprErrors.validation("Query key condition not supported");
        Term hash = check(partition, byName.get(partition.name()), true, terms.size());
        Term range = sort == null ? null : check(sort, byName.get(sort.name()), false, terms.size());
        if (range == null) return new KeyCondition(hash.values(), List.of(), null, null, null);
        return new KeyCondition(hash.values(), List.of(), range.operator(), range.values().get(0),
                range.values().size() > 1 ? range.values().get(1) : null);
    }

    private static Term check(KeyAttribute key, Term term, boolean isPartition, int termCount) {
        if (term == null) {
            if (isPartition || termCount > 1) {
                throw ExprErrors.validation("Query condition missed key schema element: " + key.name());
            }
            return null;
        }
        checkIndexable(key, term);
        if (isPartition && !term.operator().equals("EQ")) throw ExprErrors.validation("Query key condition not supported");
        return term;
    }

    private static void checkIndexable(KeyAttribute key, Term term) {
        if (NOT_INDEXABLE.contains(term.operator())) {
            throw ExprErrors.validation("Attempted conditional constraint is not an indexable operation");
        }
        for (AttributeValue v : term.values()) {
            if (!key.type().matches(v)) {
                throw ExprErrors.validation("One or more parameter values were invalid: Condition parameter type does not match schema type");
            }
        }
    }

    /**
     * A GSI with multi-attribute keys (docs/RULES.md#EXPR-MULTI-ATTRIBUTE-KEY): equality on every HASH attribute;
     * RANGE attributes left to right with no gap, only the last one used not an equality. The
     * wording of these refusals is ours: DynamoDB's has not been recorded.
     */
    private static KeyCondition planMultiAttribute(KeySchema schema, Map<String, Term> byName) {
        for (String name : byName.keySet()) {
            if (!schema.isKeyAttribute(name)) throw ExprErrors.validation("Query key condition not supported: " + name + " is not a key attribute");
        }
        List<AttributeValue> hash = new ArrayList<>();
        for (KeyAttribute a : schema.hash()) {
            Term t = byName.get(a.name());
            if (t == null) {
                throw ExprErrors.validation("Query key condition not supported: every HASH key attribute needs an equality condition; missing: " + a.name());
            }
            checkIndexable(a, t);
            if (!t.operator().equals("EQ")) {
                throw ExprErrors.validation("Query key condition not supported: every HASH key attribute needs an equality condition; "
                        + a.name() + " has " + t.operator());
            }
            hash.add(t.values().get(0));
        }
        List<AttributeValue> equalities = new ArrayList<>();
        Term last = null;
        String gap = null;
        for (KeyAttribute a : schema.range()) {
            Term t = byName.get(a.name());
            if (t == null) {
                if (gap == null) gap = a.name();
                continue;
            }
            if (gap != null) {
                throw ExprErrors.validation("Query key condition not supported: RANGE key attribute " + a.name()
                        + " is used without an equality condition on " + gap);
            }
            checkIndexable(a, t);
            if (last != null) {
                if (!last.operator().equals("EQ")) {
                    throw ExprErrors.validation("Query key condition not supported: RANGE key attribute " + last.attribute()
                            + " needs an equality condition because a later RANGE key attribute is used");
                }
                equalities.add(last.values().get(0));
            }
            last = t;
        }
        if (last == null) return new KeyCondition(hash, List.of(), null, null, null);
        return new KeyCondition(hash, equalities, last.operator(), last.values().get(0),
                last.values().size() > 1 ? last.values().get(1) : null);
    }
}
