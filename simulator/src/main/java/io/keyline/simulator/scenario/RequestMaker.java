package io.keyline.simulator.scenario;

import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes the request bodies of one pattern, as maps {@link JsonObject} reads (no JSON text is ever
 * written): the operation's members from templates and key generators, then the pattern's static
 * request members and its generated expression values merged in. Every body is a fresh map, so a
 * runner may add ExclusiveStartKey to it for the next page. One instance per pass and pattern
 * (it owns its draws); not thread-safe.
 */
final class RequestMaker {
    private final PatternPlan plan;
    private final Draw draw;
    private final Draw writerDraw;

    /** Request members that BatchGetItem takes per table (inside RequestItems), not at the top. */
    private static final List<String> BATCH_GET_PER_TABLE = List.of("ConsistentRead", "ProjectionExpression",
            "ExpressionAttributeNames", "AttributesToGet");
    /** Request members that TransactGetItems takes per Get, not at the top. */
    private static final List<String> TRANSACT_GET_PER_ITEM = List.of("ProjectionExpression", "ExpressionAttributeNames");
    /**
     * Draws a batch or transaction get makes, per key it asks for, to find distinct keys (DynamoDB
     * refuses a request that names one item twice); a request whose draws repeat sends fewer keys.
     */
    private static final int DRAWS_PER_KEY = 4;

    RequestMaker(PatternPlan plan, long startEpochMillis) {
        this.plan = plan;
        this.draw = new Draw(plan.streamSeed(), startEpochMillis);
        this.writerDraw = plan.keyReuse() == null ? null : new Draw(plan.keyReuse().writerSeed(), startEpochMillis);
    }

    /** The body of the pattern's request number {@code ordinal}, sent at {@code atNanos}. */
    JsonObject make(long ordinal, long atNanos) {
        Map<String, Object> body = new LinkedHashMap<>(16);
        if (!plan.operation().batches()) body.put("TableName", plan.table());
        Map<String, Object> values = null;
        Map<String, Object> names = null;
        switch (plan.operation()) {
            case PUT -> body.put("Item", plan.template().item(draw.begin(ordinal, atNanos)));
            case GET, DELETE -> body.put("Key", key(ordinal, atNanos, null));
            case UPDATE -> {
                Map<String, Object> item = plan.template() == null ? null : plan.template().item(draw.begin(ordinal, atNanos));
                Map<String, Object> key = plan.key().isEmpty() && plan.keyReuse() == null ? pick(item, plan.tableKey()) : key(ordinal, atNanos, item);
                body.put("Key", key);
                if (item != null && !plan.request().containsKey("UpdateExpression")) {
                    values = new HashMap<>();
                    names = new HashMap<>();
                    body.put("UpdateExpression", setAndRemove(item, names, values));
                }
            }
            case QUERY -> {
                draw.begin(ordinal, atNanos);
                Map<String, Object> equal = new java.util.LinkedHashMap<>(4);
                if (plan.keyReuse() != null) plan.keyReuse().fill(draw, writerDraw, equal);
                else for (AttributeSpec a : plan.key()) equal.put(a.name(), a.make(draw));
                if (!equal.isEmpty()) {
                    values = new HashMap<>();
                    names = new HashMap<>();
                    StringBuilder condition = new StringBuilder();
                    int i = 0;
                    for (Map.Entry<String, Object> e : equal.entrySet()) {
                        if (i > 0) condition.append(" AND ");
                        condition.append("#k").append(i).append(" = :k").append(i);
                        names.put("#k" + i, e.getKey());
                        values.put(":k" + i, e.getValue());
                        i++;
                    }
                    body.put("KeyConditionExpression", condition.toString());
                }
                if (plan.indexName() != null) body.put("IndexName", plan.indexName());
            }
            case BATCH_GET -> {
                Map<String, Object> keysAndAttributes = new LinkedHashMap<>(4);
                keysAndAttributes.put("Keys", distinctKeys(ordinal, atNanos));
                for (String m : BATCH_GET_PER_TABLE) {
                    if (plan.request().containsKey(m)) keysAndAttributes.put(m, PlainJson.copyValue(plan.request().get(m)));
                }
                Map<String, Object> requestItems = new HashMap<>(2);
                requestItems.put(plan.table(), keysAndAttributes);
                body.put("RequestItems", requestItems);
            }
            case TRANSACT_GET -> {
                List<Object> gets = new ArrayList<>(plan.batchSize());
                for (Map<String, Object> key : distinctKeys(ordinal, atNanos)) {
                    Map<String, Object> get = new LinkedHashMap<>(4);
                    get.put("TableName", plan.table());
                    get.put("Key", key);
                    for (String m : TRANSACT_GET_PER_ITEM) {
                        if (plan.request().containsKey(m)) get.put(m, PlainJson.copyValue(plan.request().get(m)));
                    }
                    gets.add(Map.of("Get", get));
                }
                body.put("TransactItems", gets);
            }
            case SCAN -> {
                draw.begin(ordinal, atNanos);
                if (plan.indexName() != null) body.put("IndexName", plan.indexName());
            }
            case BATCH_WRITE -> {
                List<Object> writes = new ArrayList<>(plan.batchSize());
                for (int i = 0; i < plan.batchSize(); i++) {
                    Map<String, Object> item = plan.template().item(draw.begin(ordinal * plan.batchSize() + i, atNanos));
                    writes.add(Map.of("PutRequest", Map.of("Item", item)));
                }
                Map<String, Object> requestItems = new HashMap<>(2);
                requestItems.put(plan.table(), writes);
                body.put("RequestItems", requestItems);
            }
            case TRANSACT_WRITE -> {
                List<Object> writes = new ArrayList<>(plan.batchSize());
                for (int i = 0; i < plan.batchSize(); i++) {
                    Map<String, Object> item = plan.template().item(draw.begin(ordinal * plan.batchSize() + i, atNanos));
                    writes.add(Map.of("Put", Map.of("TableName", plan.table(), "Item", item)));
                }
                body.put("TransactItems", writes);
            }
        }
        if (!plan.values().isEmpty()) {
            if (values == null) values = new HashMap<>();
            for (AttributeSpec a : plan.values()) {
                if (a.present(draw)) values.put(a.name(), a.make(draw));
            }
        }
        merge(body, names, values);
        return new JsonObject(body);
    }

    /** The item's key from the pattern's key generators or a writer's items; {@code item} when the key comes from the template. */
    private Map<String, Object> key(long ordinal, long atNanos, Map<String, Object> item) {
        Map<String, Object> key = new HashMap<>(4);
        if (item == null) draw.begin(ordinal, atNanos);
        if (plan.keyReuse() != null) {
            plan.keyReuse().fill(draw, writerDraw, key);
        } else {
            for (AttributeSpec a : plan.key()) key.put(a.name(), a.make(draw));
        }
        return key;
    }

    /**
     * Up to {@code batchSize} distinct keys for request {@code ordinal}: key j is drawn as item
     * {@code ordinal × batchSize × DRAWS_PER_KEY + j} of the pattern's stream (so requests never
     * share draws), skipping a key drawn before, at most {@code DRAWS_PER_KEY × batchSize} draws.
     */
    private List<Map<String, Object>> distinctKeys(long ordinal, long atNanos) {
        int wanted = plan.batchSize();
        long first = ordinal * wanted * DRAWS_PER_KEY;
        java.util.LinkedHashSet<Map<String, Object>> keys = new java.util.LinkedHashSet<>();
        for (int j = 0; j < wanted * DRAWS_PER_KEY && keys.size() < wanted; j++) keys.add(key(first + j, atNanos, null));
        return new ArrayList<>(keys);
    }

    private static Map<String, Object> pick(Map<String, Object> item, List<String> attributes) {
        Map<String, Object> key = new HashMap<>(4);
        for (String a : attributes) key.put(a, item.get(a));
        return key;
    }

    /** SET of the template's present non-key attributes, REMOVE of its absent ones (how an item leaves a sparse index). */
    private String setAndRemove(Map<String, Object> item, Map<String, Object> names, Map<String, Object> values) {
        StringBuilder set = new StringBuilder();
        StringBuilder remove = new StringBuilder();
        int i = 0;
        for (AttributeSpec a : plan.template().attributes()) {
            if (plan.tableKey().contains(a.name())) continue;
            String n = "#u" + i;
            names.put(n, a.name());
            Object v = item.get(a.name());
            if (v != null) {
                set.append(set.isEmpty() ? "SET " : ", ").append(n).append(" = :u").append(i);
                values.put(":u" + i, v);
            } else {
                remove.append(remove.isEmpty() ? "REMOVE " : ", ").append(n);
            }
            i++;
        }
        if (!set.isEmpty() && !remove.isEmpty()) set.append(' ');
        return set.append(remove).toString();
    }

    /** The pattern's static members, then the made names and values merged with its static ones. */
    @SuppressWarnings("unchecked")
    private void merge(Map<String, Object> body, Map<String, Object> names, Map<String, Object> values) {
        // Copied per request: a handler may normalise its request in place, and a runner may add members.
        List<String> placed = switch (plan.operation()) {
            case BATCH_GET -> BATCH_GET_PER_TABLE;
            case TRANSACT_GET -> TRANSACT_GET_PER_ITEM;
            default -> List.of();
        };
        for (Map.Entry<String, Object> e : plan.request().entrySet()) {
            if (!placed.contains(e.getKey())) body.putIfAbsent(e.getKey(), PlainJson.copyValue(e.getValue()));
        }
        if (names != null && !names.isEmpty()) {
            Object fixed = plan.request().get("ExpressionAttributeNames");
            if (fixed instanceof Map<?, ?> m) names.putAll((Map<String, Object>) m);
            body.put("ExpressionAttributeNames", names);
        }
        if (values != null && !values.isEmpty()) {
            Object fixed = plan.request().get("ExpressionAttributeValues");
            if (fixed instanceof Map<?, ?> m) values.putAll((Map<String, Object>) m);
            body.put("ExpressionAttributeValues", values);
        }
    }
}
