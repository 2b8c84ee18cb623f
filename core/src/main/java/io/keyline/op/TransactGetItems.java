package io.keyline.op;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.capacity.ReadConsistency;
import io.keyline.capacity.Throttle;
import io.keyline.engine.Engine;
import io.keyline.engine.api.CancellationReason;
import io.keyline.engine.api.ItemRef;
import io.keyline.error.Errors;
import io.keyline.expr.Projection;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.op.request.BatchRequests;
import io.keyline.op.request.RequestExpressions;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.request.TransactGetItemsRequest;
import io.keyline.op.response.CancellationReasons;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TransactGetItems: up to 100 Get actions read at one point in time (one storage snapshot, so a
 * concurrent transaction is seen whole or not at all). Responses has one entry per action, in
 * order, with Item when the item exists. Any malformed action, expression problem, bad key or
 * repeated item fails the whole request.
 */
public final class TransactGetItems implements Operation<TransactGetItemsRequest> {
    /** Source: API_TransactGetItems: the aggregate size of the items cannot exceed 4 MB. */
    static final long MAX_RESPONSE_BYTES = 4L * 1024 * 1024;
    /** Wording [inf]. */
    static final String RESPONSE_TOO_LARGE = "Total size of the items in the transaction cannot exceed 4 MB";

    private final Engine engine;

    public TransactGetItems(Engine engine) { this.engine = engine; }

    @Override public String name() { return "TransactGetItems"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public TransactGetItemsRequest decode(JsonObject request) { return TransactGetItemsRequest.decode(request); }

    @Override public Object run(TransactGetItemsRequest request) {
        List<Object> items = request.transactItemsWire();
        // The shape checked TransactItems (1 to 100) and each Get's TableName and Key.
        ReturnConsumedCapacity level = ReturnConsumedCapacity.of(request.returnConsumedCapacity());
        List<TransactGetItemsRequest.Get> gets = request.gets();

        List<Projection> projections = new ArrayList<>();
        for (TransactGetItemsRequest.Get get : gets) {
            RequestExpressions expressions = RequestExpressions.of(get.expressions(), List.of());
            projections.add(expressions.projection());
            expressions.checkAllUsed();
        }
        // docs/RULES.md#VALIDATION-ORDER: every key's attribute values before any table is looked up
        for (TransactGetItemsRequest.Get get : gets) get.key().get();
        List<ItemRef> refs = new ArrayList<>();
        BatchRequests.Seen seen = new BatchRequests.Seen(TransactWriteItems.MULTIPLE_OPERATIONS);
        for (TransactGetItemsRequest.Get get : gets) {
            TableMetadata table = engine.table(get.tableName());
            PrimaryKey key = PrimaryKeys.fromKey(table.keySchema(), get.key().get());
            seen.add(table, key);
            refs.add(new ItemRef(table, key));
        }

        // cluster mode: decided by the node that owns its items (docs/CLUSTER.md, "Ownership of partitions")
        return engine.decideTogether(refs.stream().map(ItemRef::key).toList(), () -> decided(refs, projections, level));
    }

    private Object decided(List<ItemRef> refs, List<Projection> projections, ReturnConsumedCapacity level) {
        // docs/RULES.md#TX-CANCELLATION: a refused read cancels the transaction with ThrottlingError at its position
        for (int j = 0; j < refs.size(); j++) {
            Throttle refused = engine.tryAdmitRead(refs.get(j).table(), refs.get(j).key());
            if (refused != null) {
                throw CancellationReasons.error(CancellationReason.only(refs.size(), j,
                        CancellationReason.throttled(refused.message())));
            }
        }
        List<Map<String, AttributeValue>> found = engine.batches().readAll(refs);
        Map<String, ConsumedCapacity> consumed = new LinkedHashMap<>();
        for (int j = 0; j < found.size(); j++) {
            // docs/RULES.md#CAP-TRANSACTION: transactional reads cost twice a strong one
            ConsumedCapacity cc = engine.chargeRead(refs.get(j).table(), refs.get(j).key(), found.get(j),
                    ReadConsistency.TRANSACTIONAL);
            consumed.merge(refs.get(j).table().name(), cc, ConsumedCapacity::plus);
        }
        List<Object> responses = new ArrayList<>(found.size());
        long bytes = 0;
        for (int j = 0; j < found.size(); j++) {
            Map<String, Object> entry = new LinkedHashMap<>();
            Map<String, AttributeValue> item = found.get(j);
            if (item != null) {
                bytes += ItemSize.of(item);
                entry.put("Item", projections.get(j) == null ? item : projections.get(j).apply(item));
            }
            responses.add(entry);
        }
        if (bytes > MAX_RESPONSE_BYTES) throw Errors.validation(RESPONSE_TOO_LARGE);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("Responses", responses);
        ConsumedCapacityResponse.addList(response, level, List.copyOf(consumed.values()));
        return response;
    }
}
