package io.keyline.op;

import io.keyline.op.request.ExpressionMembers;
import io.keyline.op.request.RequestExpressions;
import io.keyline.op.request.BatchRequests;
import io.keyline.op.request.ItemChecks;
import io.keyline.op.request.KeyUpdates;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.request.ReturnItemCollectionMetrics;
import io.keyline.op.request.ReturnValuesOnConditionCheckFailure;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.op.response.ItemCollectionMetricsResponse;
import io.keyline.engine.Engine;
import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.transaction.CancellationReason;
import io.keyline.engine.transaction.TransactionCancelled;
import io.keyline.op.response.CancellationReasons;
import io.keyline.engine.transaction.WriteAction;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.expr.Update;
import io.keyline.expr.UpdateAction;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.model.KeySchema;
import io.keyline.op.control.Constraints;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TransactWriteItems: up to 100 Put, Update, Delete and ConditionCheck actions, all applied or
 * none (execution in {@link io.keyline.engine.transaction.Transactions}). Validation follows
 * DynamoDB's split: malformed shapes, expressions (missing, unused, syntax), unknown tables and
 * the 4 MB payload limit fail the whole request with a ValidationException (or
 * ResourceNotFoundException); a bad key or an oversize item cancels the transaction with a
 * ValidationError reason on the first such action and None on the others. A ClientRequestToken
 * makes the request idempotent for ten minutes.
 */
public final class TransactWriteItems implements Operation<JsonObject> {
    /** Source: API_TransactWriteItems: up to 100 action requests (since September 2022). */
    static final int MAX_ACTIONS = 100;
    /** Source: API_TransactWriteItems: "The aggregate size of the items in the transaction cannot exceed 4 MB". */
    static final long MAX_PAYLOAD_BYTES = 4L * 1024 * 1024;
    /** Source: API_TransactWriteItems "ClientRequestToken": length 1 to 36. */
    static final int MAX_TOKEN_LENGTH = 36;
    /** Wording [inf]; the oracle checks only "size cannot exceed" (the payload, not the items touched). */
    static final String PAYLOAD_TOO_LARGE = "Transaction payload size cannot exceed 4 MB";
    static final String MULTIPLE_OPERATIONS = "Transaction request cannot include multiple operations on one item";
    /** Wording [inf] for an element with no action or more than one. */
    static final String NOT_ONE_ACTION = "TransactItems can only contain one of Check, Put, Update or Delete";
    /** The action kinds in wire name order; the constraint path uses the lower-camel name. */
    private static final List<String> KINDS = List.of("ConditionCheck", "Put", "Delete", "Update");
    /** Request fields that do not make two requests with one token different. */
    private static final List<String> NOT_FINGERPRINTED = List.of("ClientRequestToken", "ReturnConsumedCapacity", "ReturnItemCollectionMetrics");

    private final Engine engine;

    public TransactWriteItems(Engine engine) { this.engine = engine; }

    @Override public String name() { return "TransactWriteItems"; }

    /** Not yet decoded into a record: the handler reads the wire object itself. */
    @Override public JsonObject decode(JsonObject request) { return request; }

    @Override public Object run(JsonObject request) {
        List<JsonObject> items = request.objects("TransactItems");
        String token = request.string("ClientRequestToken");
        Constraints c = new Constraints();
        ReturnConsumedCapacity level = ReturnConsumedCapacity.check(request.string("ReturnConsumedCapacity"), c);
        boolean metrics = ReturnItemCollectionMetrics.check(request.string("ReturnItemCollectionMetrics"), c) == ReturnItemCollectionMetrics.SIZE;
        c.length("clientRequestToken", token, 1, MAX_TOKEN_LENGTH);
        if (c.notNull("transactItems", items)) c.size("transactItems", items, 1, MAX_ACTIONS);
        List<String> kinds = new ArrayList<>();
        List<JsonObject> actions = new ArrayList<>();
        for (int j = 0; items != null && j < items.size(); j++) {
            JsonObject item = items.get(j);
            String kind = null;
            int present = 0;
            for (String k : KINDS) {
                if (item != null && item.object(k) != null) {
                    kind = k;
                    present++;
                }
            }
            if (present != 1) throw Errors.validation(NOT_ONE_ACTION);
            JsonObject a = item.object(kind);
            checkShape("transactItems." + (j + 1) + ".member." + Character.toLowerCase(kind.charAt(0)) + kind.substring(1), kind, a, c);
            kinds.add(kind);
            actions.add(a);
        }
        c.throwIfAny();
        checkPayload(kinds, actions);

        List<Condition> conditions = new ArrayList<>();
        List<Update> updates = new ArrayList<>();
        for (int j = 0; j < actions.size(); j++) {
            boolean isUpdate = kinds.get(j).equals("Update");
            RequestExpressions expressions = RequestExpressions.of(
                    isUpdate ? ExpressionMembers.forUpdate(actions.get(j)) : ExpressionMembers.forWrite(actions.get(j)),
                    isUpdate ? List.of("UpdateExpression", "ConditionExpression") : List.of("ConditionExpression"));
            updates.add(isUpdate ? expressions.update() : null);
            conditions.add(expressions.condition());
            expressions.checkAllUsed();
        }
        List<TableMetadata> tables = new ArrayList<>();
        for (JsonObject a : actions) tables.add(engine.table(a.string("TableName")));

        List<WriteAction> plan = new ArrayList<>();
        BatchRequests.Seen seen = new BatchRequests.Seen(MULTIPLE_OPERATIONS);
        for (int j = 0; j < actions.size(); j++) {
            WriteAction action;
            try {
                action = action(kinds.get(j), actions.get(j), tables.get(j), conditions.get(j), updates.get(j));
            } catch (ApiException e) {
                if (!"ValidationException".equals(e.name())) throw e;
                throw CancellationReasons.error(CancellationReason.only(actions.size(), j, CancellationReason.validationError(e.getMessage())));
            }
            seen.add(action.table(), action.key());
            plan.add(action);
        }

        if (token == null) return execute(plan, kinds, metrics, level);
        Map<String, Object> fingerprint = new LinkedHashMap<>(request.raw());
        NOT_FINGERPRINTED.forEach(fingerprint::remove);
        return engine.transactions().tokens().run(token, fingerprint, () -> execute(plan, kinds, metrics, level));
    }

    private Object execute(List<WriteAction> plan, List<String> kinds, boolean metrics, ReturnConsumedCapacity level) {
        List<ItemStore.WriteResult> results;
        try {
            results = engine.transactions().write(plan);
        } catch (TransactionCancelled e) {
            throw CancellationReasons.error(e.reasons());
        }
        Map<String, Object> response = new LinkedHashMap<>();
        if (level != ReturnConsumedCapacity.NONE) {
            List<Map<String, AttributeValue>> oldItems = new ArrayList<>(results.size());
            List<Map<String, AttributeValue>> newItems = new ArrayList<>(results.size());
            for (ItemStore.WriteResult r : results) {
                oldItems.add(r.oldItem());
                newItems.add(r.newItem());
            }
            ConsumedCapacityResponse.addList(response, level, engine.transactionCapacity().consumed(plan, oldItems, newItems));
        }
        if (metrics) {
            List<TableMetadata> tables = new ArrayList<>(plan.size());
            List<PrimaryKey> keys = new ArrayList<>(plan.size());
            for (int j = 0; j < plan.size(); j++) {
                if (kinds.get(j).equals("ConditionCheck")) continue;
                tables.add(plan.get(j).table());
                keys.add(plan.get(j).key());
            }
            Map<String, List<Object>> byTable = ItemCollectionMetricsResponse.byTable(engine, tables, keys);
            if (byTable != null) response.put("ItemCollectionMetrics", byTable);
        }
        return response;
    }

    private static void checkShape(String path, String kind, JsonObject a, Constraints c) {
        BatchRequests.checkTableName(path + ".tableName", a.string("TableName"), c);
        if (kind.equals("Put")) c.notNull(path + ".item", a.object("Item"));
        else c.notNull(path + ".key", a.object("Key"));
        if (kind.equals("ConditionCheck")) c.notNull(path + ".conditionExpression", a.string("ConditionExpression"));
        if (kind.equals("Update")) c.notNull(path + ".updateExpression", a.string("UpdateExpression"));
        ReturnValuesOnConditionCheckFailure.check(path + ".returnValuesOnConditionCheckFailure",
                a.string("ReturnValuesOnConditionCheckFailure"), c);
    }

    /** The request's own size: items and keys, expressions, names and values. */
    private static void checkPayload(List<String> kinds, List<JsonObject> actions) {
        long total = 0;
        for (int j = 0; j < actions.size(); j++) {
            JsonObject a = actions.get(j);
            total += ItemSize.of(a.item(kinds.get(j).equals("Put") ? "Item" : "Key"));
            total += ItemSize.of(a.item("ExpressionAttributeValues"));
            for (String field : List.of("ConditionExpression", "UpdateExpression")) {
                String text = a.string(field);
                if (text != null) total += ItemSize.utf8Length(text);
            }
            Map<String, String> names = a.stringMap("ExpressionAttributeNames");
            if (names != null) {
                for (Map.Entry<String, String> e : names.entrySet()) {
                    total += ItemSize.utf8Length(e.getKey()) + (e.getValue() == null ? 0 : ItemSize.utf8Length(e.getValue()));
                }
            }
        }
        if (total > MAX_PAYLOAD_BYTES) throw Errors.validation(PAYLOAD_TOO_LARGE);
    }

    private static WriteAction action(String kind, JsonObject a, TableMetadata table, Condition condition, Update update) {
        KeySchema schema = table.keySchema();
        boolean returnOld = "ALL_OLD".equals(a.string("ReturnValuesOnConditionCheckFailure"));
        switch (kind) {
            case "Put": {
                Map<String, AttributeValue> item = a.item("Item");
                PrimaryKey key = PrimaryKeys.fromItem(schema, item);
                ItemChecks.checkItem(item, "Item size has exceeded the maximum allowed size");
                io.keyline.engine.index.IndexKeys.check(table, item);
                return new WriteAction(table, key, condition, returnOld, old -> item);
            }
            case "Delete":
                return new WriteAction(table, PrimaryKeys.fromKey(schema, a.item("Key")), condition, returnOld, old -> null);
            case "Update": {
                PrimaryKey key = PrimaryKeys.fromKey(schema, a.item("Key"));
                KeyUpdates.check(schema, update);
                return new WriteAction(table, key, condition, returnOld, updateMutation(schema, key, update));
            }
            default:
                return new WriteAction(table, PrimaryKeys.fromKey(schema, a.item("Key")), condition, returnOld, null);
        }
    }

    /** UpdateItem's rule: a missing item is created from its key unless the update only removes. */
    private static ItemStore.Mutation updateMutation(KeySchema schema, PrimaryKey key, Update update) {
        boolean createsItem = update.actions().isEmpty() || !update.actions().stream().allMatch(UpdateAction::removesOnly);
        return old -> {
            if (old == null && !createsItem) return null;
            Map<String, AttributeValue> next = update.apply(old != null ? old : key.toItem(schema)).item();
            ItemChecks.checkItem(next, "Item size to update has exceeded the maximum allowed size");
            return next;
        };
    }
}
