package io.keyline.op;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.capacity.ReadConsistency;
import io.keyline.capacity.Throttle;
import io.keyline.engine.Engine;
import io.keyline.engine.api.BatchAdmission;
import io.keyline.engine.api.ItemRef;
import io.keyline.error.Errors;
import io.keyline.expr.Projection;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.op.request.Constraints;
import io.keyline.protocol.shape.Violations;
import io.keyline.op.request.BatchGetItemRequest;
import io.keyline.op.request.BatchRequests;
import io.keyline.op.request.Deferred;
import io.keyline.op.request.KeysAndAttributes;
import io.keyline.op.request.RequestExpressions;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BatchGetItem: up to 100 items from several tables, each table with its own projection and
 * read consistency. Every request is validated whole before anything is read (shape, then
 * expressions, then tables and keys, duplicates included). Items are read from one storage
 * snapshot. A key the admission hook refuses, or one whose item would take the response past
 * 16 MB, goes back in UnprocessedKeys with its table's parameters; Responses lists every
 * requested table, empty when nothing was found.
 */
public final class BatchGetItem implements Operation<BatchGetItemRequest> {
    /** Source: API_BatchGetItem: "as many as 100 items" per call. */
    static final int MAX_KEYS = 100;
    /** Source: API_BatchGetItem: "up to 16 MB of data" per response. */
    static final long MAX_RESPONSE_BYTES = 16L * 1024 * 1024;
    /** Source: dynalite validations/batchGetItem.js (AttributesToGet list length). */
    static final int MAX_ATTRIBUTES_TO_GET = 255;
    private static final List<String> VALUE_EXPRESSIONS = List.of();

    private final Engine engine;
    private final BatchAdmission admission;

    public BatchGetItem(Engine engine) { this(engine, engine.batches().admission()); }

    /** With its own admission decision (tests; the capacity model goes through the engine). */
    public BatchGetItem(Engine engine, BatchAdmission admission) {
        this.engine = engine;
        this.admission = admission;
    }

    @Override public String name() { return "BatchGetItem"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    /** One table's part of the request, validated. */
    private record TableRequest(String name, KeysAndAttributes part, TableMetadata table, Projection projection, boolean consistent,
                                List<Map<String, AttributeValue>> keyMaps, List<PrimaryKey> keys) {}

    @Override public BatchGetItemRequest decode(JsonObject request) { return BatchGetItemRequest.decode(request); }

    /**
     * With the shape's violations, what the model cannot state: AttributesToGet at most 255 names
     * a table (dynalite validations/batchGetItem.js, against DynamoDB; the published model gives
     * no upper bound), and a table whose part is JSON null has no Keys (the shape walk reads a
     * null map value as absent).
     */
    @Override public void constraints(JsonObject request, Violations violations) {
        JsonObject items = request.object("RequestItems");
        if (items == null) return;
        Constraints c = new Constraints(violations);
        for (Map.Entry<String, Object> e : items.raw().entrySet()) {
            String path = "requestItems." + e.getKey() + ".member";
            if (e.getValue() == null) {
                c.notNull(path + ".keys", null);
                continue;
            }
            c.size(path + ".attributesToGet", items.object(e.getKey()).list("AttributesToGet"), 1, MAX_ATTRIBUTES_TO_GET);
        }
    }

    @Override public Object run(BatchGetItemRequest request) {
        // The shape checked RequestItems (table names as keys, each part's Keys 1 to 100) and the enums.
        ReturnConsumedCapacity level = ReturnConsumedCapacity.of(request.returnConsumedCapacity());
        Map<String, KeysAndAttributes> parts = request.requestItems();
        int total = 0;
        for (KeysAndAttributes part : parts.values()) total += part.keysWire().size();
        if (total > MAX_KEYS) throw Errors.validation("Too many items requested for the BatchGetItem call");

        List<TableRequest> tables = new ArrayList<>();
        List<Projection> projections = new ArrayList<>();
        for (KeysAndAttributes part : parts.values()) {
            RequestExpressions expressions = RequestExpressions.of(part.expressions(), VALUE_EXPRESSIONS);
            projections.add(expressions.projection());
            expressions.checkAllUsed();
        }
        // docs/RULES.md#VALIDATION-ORDER: every key's attribute values before any table is looked up
        for (KeysAndAttributes part : parts.values()) {
            for (Deferred<Map<String, AttributeValue>> k : part.keys()) if (k != null) k.get();
        }
        BatchRequests.Seen seen = new BatchRequests.Seen();
        int i = 0;
        for (Map.Entry<String, KeysAndAttributes> e : parts.entrySet()) {
            TableMetadata table = engine.table(e.getKey());
            List<Map<String, AttributeValue>> keyMaps = new ArrayList<>();
            List<PrimaryKey> keys = new ArrayList<>();
            for (Deferred<Map<String, AttributeValue>> k : e.getValue().keys()) {
                Map<String, AttributeValue> keyMap = k == null ? null : k.get();
                PrimaryKey key = PrimaryKeys.fromKey(table.keySchema(), keyMap);
                seen.add(table, key);
                keyMaps.add(keyMap);
                keys.add(key);
            }
            tables.add(new TableRequest(e.getKey(), e.getValue(), table, projections.get(i++), e.getValue().consistent(), keyMaps, keys));
        }
        // cluster mode: decided by the node that owns its items (docs/CLUSTER.md, "Ownership of partitions")
        return engine.decideTogether(tables.stream().flatMap(t -> t.keys().stream()).toList(), () -> read(tables, level));
    }

    private Map<String, Object> read(List<TableRequest> tables, ReturnConsumedCapacity level) {
        List<ItemRef> refs = new ArrayList<>();
        List<int[]> positions = new ArrayList<>();
        Map<String, List<Map<String, AttributeValue>>> unprocessed = new LinkedHashMap<>();
        Throttle throttled = null;
        for (int t = 0; t < tables.size(); t++) {
            TableRequest tr = tables.get(t);
            for (int k = 0; k < tr.keys().size(); k++) {
                // docs/RULES.md#BATCH-GET: a key the capacity model refuses goes back unprocessed
                boolean hookAdmits = admission.admitRead(tr.table(), tr.keys().get(k), tr.consistent());
                Throttle refused = hookAdmits ? engine.tryAdmitRead(tr.table(), tr.keys().get(k)) : null;
                if (refused != null && throttled == null) throttled = refused;
                if (hookAdmits && refused == null) {
                    refs.add(new ItemRef(tr.table(), tr.keys().get(k)));
                    positions.add(new int[] {t, k});
                } else {
                    unprocessed.computeIfAbsent(tr.name(), n -> new ArrayList<>()).add(tr.keyMaps().get(k));
                }
            }
        }
        // The request fails only when nothing could be done (API_BatchGetItem).
        if (refs.isEmpty() && throttled != null) throw Engine.throttled(throttled);
        List<Map<String, AttributeValue>> found = engine.batches().readAll(refs);
        Map<String, ConsumedCapacity> consumed = new LinkedHashMap<>();
        Map<String, List<Object>> responses = new LinkedHashMap<>();
        for (TableRequest tr : tables) responses.put(tr.name(), new ArrayList<>());
        long bytes = 0;
        for (int r = 0; r < refs.size(); r++) {
            Map<String, AttributeValue> item = found.get(r);
            TableRequest tr = tables.get(positions.get(r)[0]);
            // docs/RULES.md#CAP-READ-BATCH: each item rounded up on its own, a missing key as GetItem's
            ConsumedCapacity cc = engine.chargeRead(tr.table(), tr.keys().get(positions.get(r)[1]), item,
                    ReadConsistency.of(tr.consistent()));
            consumed.merge(tr.name(), cc, ConsumedCapacity::plus);
            if (item == null) continue;
            Map<String, AttributeValue> shown = tr.projection() == null ? item : tr.projection().apply(item);
            long size = ItemSize.of(shown);
            if (bytes + size > MAX_RESPONSE_BYTES) {
                unprocessed.computeIfAbsent(tr.name(), n -> new ArrayList<>()).add(tr.keyMaps().get(positions.get(r)[1]));
                continue;
            }
            bytes += size;
            responses.get(tr.name()).add(shown);
        }
        Map<String, Object> unprocessedKeys = new LinkedHashMap<>();
        for (TableRequest tr : tables) {
            List<Map<String, AttributeValue>> keys = unprocessed.get(tr.name());
            if (keys == null) continue;
            Map<String, Object> part = new LinkedHashMap<>(tr.part().wire());
            part.put("Keys", keys);
            unprocessedKeys.put(tr.name(), part);
        }
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("Responses", responses);
        response.put("UnprocessedKeys", unprocessedKeys);
        if (level != ReturnConsumedCapacity.NONE) {
            List<ConsumedCapacity> perTable = new ArrayList<>();
            for (TableRequest tr : tables) {
                perTable.add(consumed.getOrDefault(tr.name(), ConsumedCapacity.builder(tr.name()).table(0, 0).build()));
            }
            ConsumedCapacityResponse.addList(response, level, perTable);
        }
        return response;
    }
}
