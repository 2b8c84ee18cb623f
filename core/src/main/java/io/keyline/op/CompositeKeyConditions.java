package io.keyline.op;

import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.codec.KeyRange;
import io.keyline.engine.codec.SortKeyCondition;
import io.keyline.error.Errors;
import io.keyline.expr.KeyConditions;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Key conditions of a Query on a GSI with a multi-attribute key (dynamodb-rules.md B.11):
 * equality on every HASH attribute; RANGE attributes conditioned left to right with no gap,
 * all by equality except possibly the last one given, which may be a range condition.
 * Stateless.
 */
final class CompositeKeyConditions {
    private CompositeKeyConditions() {}

    /** The ranges a composite-key Query reads: the whole partition, and the part matching the condition. */
    record Ranges(KeyRange partition, KeyRange queried) {}

    static boolean applies(KeySchema schema) { return schema.hash().size() > 1 || schema.range().size() > 1; }

    static Ranges plan(long keyspaceId, String indexName, KeySchema schema, List<KeyConditions.Term> terms) {
        Map<String, KeyConditions.Term> byName = new LinkedHashMap<>();
        for (KeyConditions.Term t : terms) byName.put(t.attribute(), t);
        List<AttributeValue> hash = new ArrayList<>();
        for (KeyAttribute a : schema.hash()) {
            KeyConditions.Term t = byName.remove(a.name());
            if (t == null || !t.operator().equals("EQ")) {
                throw Errors.validation("Query key condition not supported: every HASH key attribute of index " + indexName
                        + " needs an equality condition; " + (t == null ? "missing" : "not an equality") + ": " + a.name());
            }
            hash.add(typed(a, t.values().get(0)));
        }
        List<AttributeValue> leading = new ArrayList<>();
        SortKeyCondition condition = null;
        AttributeValue low = null;
        AttributeValue high = null;
        for (KeyAttribute a : schema.range()) {
            KeyConditions.Term t = byName.remove(a.name());
            if (t == null) break;
            if (condition != null) throw rangeOrder(indexName, a.name());
            for (AttributeValue v : t.values()) typed(a, v);
            if (t.operator().equals("EQ")) {
                leading.add(t.values().get(0));
                continue;
            }
            if (t.operator().equals("BEGINS_WITH") && a.type() == ScalarType.N) {
                throw Errors.validation("Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
                        + "operator or function: begins_with, operand type: N");
            }
            condition = sortCondition(t.operator());
            low = t.values().get(0);
            high = t.values().size() > 1 ? t.values().get(1) : null;
        }
        if (!byName.isEmpty()) {
            String name = byName.keySet().iterator().next();
            if (schema.isKeyAttribute(name)) throw rangeOrder(indexName, name);
            throw Errors.validation("Query condition missed key schema element: " + name);
        }
        KeyRange partition = KeyCodec.indexRange(keyspaceId, hash, List.of(), null, null, null);
        KeyRange queried = condition == null && leading.isEmpty() ? partition
                : KeyCodec.indexRange(keyspaceId, hash, leading.subList(0, condition == null ? leading.size() - 1 : leading.size()),
                        condition == null ? SortKeyCondition.EQ : condition,
                        condition == null ? leading.get(leading.size() - 1) : low, high);
        return new Ranges(partition, queried);
    }

    private static AttributeValue typed(KeyAttribute a, AttributeValue v) {
        if (!a.type().matches(v)) {
            throw Errors.validation("One or more parameter values were invalid: Condition parameter type does not match schema type");
        }
        return v;
    }

    private static SortKeyCondition sortCondition(String operator) {
        return switch (operator) {
            case "LT", "LE", "GT", "GE", "BETWEEN", "BEGINS_WITH" -> SortKeyCondition.valueOf(operator);
            default -> throw Errors.validation("Attempted conditional constraint is not an indexable operation");
        };
    }

    private static RuntimeException rangeOrder(String indexName, String attribute) {
        return Errors.validation("Query key condition not supported: the RANGE key attributes of index " + indexName
                + " must be conditioned left to right without gaps, each by equality except the last one: " + attribute);
    }
}
