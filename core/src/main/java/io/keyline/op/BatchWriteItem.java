package io.keyline.op;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.engine.Engine;
import io.keyline.engine.api.BatchAdmission;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.op.request.BatchRequests;
import io.keyline.op.request.BatchWrite;
import io.keyline.op.request.BatchWriteItemRequest;
import io.keyline.op.request.ItemChecks;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.request.ReturnItemCollectionMetrics;
import io.keyline.op.request.WriteRequest;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.op.response.ItemCollectionMetricsResponse;
import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.Violations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BatchWriteItem: up to 25 unconditional puts and deletes over several tables. The whole
 * request is validated before anything is written (shape, item checks as PutItem, tables,
 * keys, no item twice), so a bad request writes nothing. Each item is then written on its
 * own, like a PutItem or DeleteItem without a condition; the batch as a whole is not atomic,
 * as in DynamoDB. A write the admission hook refuses, or one that meets a transaction holding
 * its item, goes back in UnprocessedItems, which is always present (empty when all were done).
 * DynamoDB's 16 MB request limit is the server's body limit: 25 items of at most 400 KB stay
 * well under it.
 */
public final class BatchWriteItem implements Operation<BatchWriteItemRequest> {
    /** Source: API_BatchWriteItem: "as many as 25 put or delete requests". */
    static final int MAX_WRITES = 25;
    /** Wording of dynalite (validations/batchWriteItem.js) for a WriteRequest without exactly one request. */
    static final String NOT_ONE_REQUEST = "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes";

    private final Engine engine;
    private final BatchAdmission admission;

    public BatchWriteItem(Engine engine) { this(engine, engine.batches().admission()); }

    /** With its own admission decision (tests; the capacity model goes through the engine). */
    public BatchWriteItem(Engine engine, BatchAdmission admission) {
        this.engine = engine;
        this.admission = admission;
    }

    @Override public String name() { return "BatchWriteItem"; }

    /** Quick unless a write to one of its tables will wait for GSI changes to be applied. */
    @Override public boolean quick(JsonObject request) {
        if (!(request.get("RequestItems") instanceof Map<?, ?> tables)) return true;
        for (Object table : tables.keySet()) if (engine.writesWait(table)) return false;
        return true;
    }

    /** One validated write: the item for a put, null for a delete; raw is echoed in UnprocessedItems. */
    private record Write(String tableName, TableMetadata table, PrimaryKey key, Map<String, AttributeValue> item, Object raw) {}

    @Override public BatchWriteItemRequest decode(JsonObject request) { return BatchWriteItemRequest.decode(request); }

    /**
     * A table whose list of requests is JSON null breaks the list's length like an empty one, with
     * the shape's violations: the shape walk reads a null map value as absent, and Alternator's
     * test_manual_requests.py (test_batch_write_item_invalid_payload, against DynamoDB) wants an
     * error for it. The text is the one DynamoDB gives for an empty list (dynalite
     * test/batchWriteItem.js).
     */
    @Override public void constraints(JsonObject request, Violations violations) {
        JsonObject items = request.object("RequestItems");
        if (items == null || !items.raw().containsValue(null)) return;
        for (Object writes : items.raw().values()) {
            // the shape reports the map's values once: an empty or long list has said it already
            if (writes instanceof List<?> l && (l.isEmpty() || l.size() > MAX_WRITES)) return;
        }
        violations.add("requestItems", items.raw(), "Map value must satisfy constraint: [Member must have length less than or equal to "
                + MAX_WRITES + ", Member must have length greater than or equal to 1]");
    }

    @Override public Object run(BatchWriteItemRequest request) {
        // The shape checked RequestItems: present, table names as keys, 1 to 25 requests a table, each
        // PutRequest's Item and DeleteRequest's Key, under DynamoDB's paths with list positions.
        ReturnConsumedCapacity level = ReturnConsumedCapacity.of(request.returnConsumedCapacity());
        ReturnItemCollectionMetrics metrics = ReturnItemCollectionMetrics.of(request.returnItemCollectionMetrics());
        Map<String, List<BatchWrite>> parts = request.requestItems();
        int total = 0;
        for (List<BatchWrite> writes : parts.values()) total += writes.size();
        if (total > MAX_WRITES) throw Errors.validation("Too many items requested for the BatchWriteItem call");

        List<Map<String, AttributeValue>> decoded = new ArrayList<>();
        for (List<BatchWrite> writes : parts.values()) {
            for (BatchWrite w : writes) {
                if (w == null || w.isPut() == w.isDelete()) throw Errors.validation(NOT_ONE_REQUEST);
                if (w.isPut()) {
                    Map<String, AttributeValue> item = w.item().get();
                    ItemChecks.checkItem(item, "Item size has exceeded the maximum allowed size");
                    decoded.add(item);
                } else {
                    w.key().get();
                    decoded.add(null);
                }
            }
        }

        List<Write> plan = new ArrayList<>();
        BatchRequests.Seen seen = new BatchRequests.Seen();
        int i = 0;
        for (Map.Entry<String, List<BatchWrite>> e : parts.entrySet()) {
            TableMetadata table = engine.table(e.getKey());
            for (BatchWrite w : e.getValue()) {
                Map<String, AttributeValue> item = decoded.get(i++);
                PrimaryKey key = item != null ? PrimaryKeys.fromItem(table.keySchema(), item)
                        : PrimaryKeys.fromKey(table.keySchema(), w.key().get());
                seen.add(table, key);
                // a put that breaks an index key rule refuses the whole batch, before anything is written
                Engine.checkIndexKeys(table, item);
                plan.add(new Write(e.getKey(), table, key, item, w.wire()));
            }
        }
        // cluster mode: decided by the node that owns its items (docs/CLUSTER.md, "Ownership of partitions")
        Map<String, Object> response = engine.decideTogether(plan.stream().map(Write::key).toList(), () -> write(plan, level));
        if (metrics == ReturnItemCollectionMetrics.SIZE) {
            List<TableMetadata> tables = new ArrayList<>(plan.size());
            List<PrimaryKey> keys = new ArrayList<>(plan.size());
            for (Write w : plan) {
                tables.add(w.table());
                keys.add(w.key());
            }
            Map<String, List<Object>> byTable = ItemCollectionMetricsResponse.byTable(engine, tables, keys);
            if (byTable != null) response.put("ItemCollectionMetrics", byTable);
        }
        return response;
    }

    private Map<String, Object> write(List<Write> plan, ReturnConsumedCapacity level) {
        Map<String, List<Object>> unprocessed = new LinkedHashMap<>();
        Map<String, ConsumedCapacity> consumed = new LinkedHashMap<>();
        for (Write w : plan) consumed.putIfAbsent(w.tableName(), ConsumedCapacity.builder(w.tableName()).table(0, 0).build());
        ApiException throttled = null;
        int done = 0;
        for (Write w : plan) {
            boolean admitted = admission.admitWrite(w.table(), w.key());
            if (admitted) {
                try {
                    // docs/RULES.md#CAP-WRITE-BATCH: each put or delete priced on its own, like a PutItem or DeleteItem
                    Engine.ItemWrite r = engine.write(w.table(), w.key(), null, false, null, old -> w.item());
                    consumed.merge(w.tableName(), r.consumed(), ConsumedCapacity::plus);
                } catch (ApiException e) {
                    if (Engine.isThrottling(e)) {
                        if (throttled == null) throttled = e;
                    } else if (!"TransactionConflictException".equals(e.name())) {
                        throw e;
                    }
                    admitted = false;
                }
            }
            if (admitted) done++;
            else unprocessed.computeIfAbsent(w.tableName(), n -> new ArrayList<>()).add(w.raw());
        }
        // API_BatchWriteItem: throttled only when none of the items could be processed
        if (done == 0 && throttled != null) throw throttled;
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("UnprocessedItems", unprocessed);
        ConsumedCapacityResponse.addList(response, level, List.copyOf(consumed.values()));
        return response;
    }
}
