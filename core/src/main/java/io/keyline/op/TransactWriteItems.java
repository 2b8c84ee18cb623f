package io.keyline.op;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.capacity.ReadConsistency;
import io.keyline.engine.Engine;
import io.keyline.engine.api.CancellationReason;
import io.keyline.engine.api.ItemRef;
import io.keyline.engine.api.Mutation;
import io.keyline.engine.api.TransactionCancelled;
import io.keyline.engine.api.WriteAction;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.expr.Update;
import io.keyline.expr.UpdateAction;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.model.KeySchema;
import io.keyline.op.request.BatchRequests;
import io.keyline.op.request.ItemChecks;
import io.keyline.op.request.KeyUpdates;
import io.keyline.op.request.RequestExpressions;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.request.ReturnItemCollectionMetrics;
import io.keyline.op.request.TransactWriteAction;
import io.keyline.op.request.TransactWriteItemsRequest;
import io.keyline.op.response.CancellationReasons;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.op.response.ItemCollectionMetricsResponse;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TransactWriteItems: up to 100 Put, Update, Delete and ConditionCheck actions, all applied or
 * none (executed by {@link io.keyline.engine.Batches#write}). Validation follows
 * DynamoDB's split: malformed shapes, expressions (missing, unused, syntax), unknown tables and
 * the 4 MB payload limit fail the whole request with a ValidationException (or
 * ResourceNotFoundException); a bad key or an oversize item cancels the transaction with a
 * ValidationError reason on the first such action and None on the others. A ClientRequestToken
 * makes the request idempotent for ten minutes.
 */
public final class TransactWriteItems implements Operation<TransactWriteItemsRequest> {
    /** Source: API_TransactWriteItems: "The aggregate size of the items in the transaction cannot exceed 4 MB". */
    static final long MAX_PAYLOAD_BYTES = 4L * 1024 * 1024;
    /** Wording [inf]; the oracle checks only "size cannot exceed" (the payload, not the items touched). */
    static final String PAYLOAD_TOO_LARGE = "Transaction payload size cannot exceed 4 MB";
    static final String MULTIPLE_OPERATIONS = "Transaction request cannot include multiple operations on one item";
    /** Wording [inf] for an element with no action or more than one. */
    static final String NOT_ONE_ACTION = "TransactItems can only contain one of Check, Put, Update or Delete";
    /** Request fields that do not make two requests with one token different. */
    /**
     * How a retry after a restart prices the read of its items: DynamoDB reports "the number of
     * read capacity units consumed in reading the item" without saying how it reads (inferred,
     * docs/RULES.md#TX-IDEMPOTENCY-DURABLE).
     */
    static final ReadConsistency RETRY_READ = ReadConsistency.STRONG;
    private static final List<String> NOT_FINGERPRINTED = List.of("ClientRequestToken", "ReturnConsumedCapacity", "ReturnItemCollectionMetrics");

    private final Engine engine;

    public TransactWriteItems(Engine engine) { this.engine = engine; }

    @Override public String name() { return "TransactWriteItems"; }

    @Override public TransactWriteItemsRequest decode(JsonObject request) { return TransactWriteItemsRequest.decode(request); }

    @Override public Object run(TransactWriteItemsRequest request) {
        List<Object> items = request.transactItemsWire();
        String token = request.clientRequestToken();
        // The shape checked TransactItems (1 to 100), each action's required members and enums, and the token.
        ReturnConsumedCapacity level = ReturnConsumedCapacity.of(request.returnConsumedCapacity());
        boolean metrics = ReturnItemCollectionMetrics.of(request.returnItemCollectionMetrics()) == ReturnItemCollectionMetrics.SIZE;
        List<String> kinds = new ArrayList<>();
        List<TransactWriteAction> actions = new ArrayList<>();
        for (int j = 0; j < items.size(); j++) {
            TransactWriteAction a = request.actions().get(j);
            String kind = a.kind();
            if (kind == null) throw Errors.validation(NOT_ONE_ACTION);
            kinds.add(kind);
            actions.add(a);
        }
        checkPayload(actions);

        List<Condition> conditions = new ArrayList<>();
        List<Update> updates = new ArrayList<>();
        for (TransactWriteAction a : actions) {
            boolean isUpdate = a.isUpdate();
            RequestExpressions expressions = RequestExpressions.of(a.expressions(),
                    isUpdate ? List.of("UpdateExpression", "ConditionExpression") : List.of("ConditionExpression"));
            updates.add(isUpdate ? expressions.update() : null);
            conditions.add(expressions.condition());
            expressions.checkAllUsed();
        }
        List<TableMetadata> tables = new ArrayList<>();
        for (TransactWriteAction a : actions) tables.add(engine.table(a.tableName()));

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

        boolean priced = level != ReturnConsumedCapacity.NONE;
        // cluster mode: decided by the owner of its first item, which borrows the others (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS)
        try {
            return engine.decideTransaction(plan.stream().map(WriteAction::ref).toList(), () -> {
                if (token == null) return respond(plan, kinds, metrics, level, engine.batches().write(plan, priced));
                Map<String, Object> fingerprint = new LinkedHashMap<>(request.wire());
                NOT_FINGERPRINTED.forEach(fingerprint::remove);
                return engine.batches().writeIdempotent(token, fingerprint, plan, priced,
                        consumed -> respond(plan, kinds, metrics, level, consumed), () -> replay(plan, kinds, metrics, level));
            });
        } catch (TransactionCancelled e) {
            throw CancellationReasons.error(e.reasons());
        }
    }

    /**
     * The answer to a retry whose first answer was lost with the process (docs/RULES.md#TX-IDEMPOTENCY-DURABLE):
     * nothing is applied again; the retry reads its items and reports that read's capacity.
     */
    private Object replay(List<WriteAction> plan, List<String> kinds, boolean metrics, ReturnConsumedCapacity level) {
        List<ItemRef> refs = new ArrayList<>(plan.size());
        for (WriteAction a : plan) refs.add(a.ref());
        List<Map<String, AttributeValue>> found = engine.batches().readAll(refs);
        Map<String, ConsumedCapacity> byTable = new LinkedHashMap<>();
        for (int j = 0; j < plan.size(); j++) {
            WriteAction a = plan.get(j);
            byTable.merge(a.table().name(), engine.chargeRead(a.table(), a.key(), found.get(j), RETRY_READ), ConsumedCapacity::plus);
        }
        return respond(plan, kinds, metrics, level, List.copyOf(byTable.values()));
    }

    private Object respond(List<WriteAction> plan, List<String> kinds, boolean metrics, ReturnConsumedCapacity level,
                           List<ConsumedCapacity> consumed) {
        Map<String, Object> response = new LinkedHashMap<>();
        if (level != ReturnConsumedCapacity.NONE) ConsumedCapacityResponse.addList(response, level, consumed);
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

    /** The request's own size: items and keys, expressions, names and values. */
    private static void checkPayload(List<TransactWriteAction> actions) {
        long total = 0;
        for (TransactWriteAction a : actions) {
            total += ItemSize.of(a.target().get());
            total += ItemSize.of(a.expressions().attributes().valuesOrThrow());
            for (String text : new String[] {a.expressions().conditionExpression(), a.updateExpression()}) {
                if (text != null) total += ItemSize.utf8Length(text);
            }
            Map<String, String> names = a.expressions().attributes().names();
            if (names != null) {
                for (Map.Entry<String, String> e : names.entrySet()) {
                    total += ItemSize.utf8Length(e.getKey()) + (e.getValue() == null ? 0 : ItemSize.utf8Length(e.getValue()));
                }
            }
        }
        if (total > MAX_PAYLOAD_BYTES) throw Errors.validation(PAYLOAD_TOO_LARGE);
    }

    private static WriteAction action(String kind, TransactWriteAction a, TableMetadata table, Condition condition, Update update) {
        KeySchema schema = table.keySchema();
        boolean returnOld = "ALL_OLD".equals(a.returnValuesOnConditionCheckFailure());
        switch (kind) {
            case "Put": {
                Map<String, AttributeValue> item = a.target().get();
                PrimaryKey key = PrimaryKeys.fromItem(schema, item);
                ItemChecks.checkItem(item, "Item size has exceeded the maximum allowed size");
                Engine.checkIndexKeys(table, item);
                return new WriteAction(table, key, condition, returnOld, old -> item);
            }
            case "Delete":
                return new WriteAction(table, PrimaryKeys.fromKey(schema, a.target().get()), condition, returnOld, old -> null);
            case "Update": {
                PrimaryKey key = PrimaryKeys.fromKey(schema, a.target().get());
                KeyUpdates.check(schema, update);
                return new WriteAction(table, key, condition, returnOld, updateMutation(schema, key, update));
            }
            default:
                return new WriteAction(table, PrimaryKeys.fromKey(schema, a.target().get()), condition, returnOld, null);
        }
    }

    /** UpdateItem's rule: a missing item is created from its key unless the update only removes. */
    private static Mutation updateMutation(KeySchema schema, PrimaryKey key, Update update) {
        boolean createsItem = update.actions().isEmpty() || !update.actions().stream().allMatch(UpdateAction::removesOnly);
        return old -> {
            if (old == null && !createsItem) return null;
            Map<String, AttributeValue> next = update.apply(old != null ? old : key.toItem(schema)).item();
            ItemChecks.checkItem(next, "Item size to update has exceeded the maximum allowed size");
            return next;
        };
    }
}
