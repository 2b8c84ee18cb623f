package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.expr.Condition;
import io.keyline.expr.Projection;
import io.keyline.expr.Update;
import io.keyline.expr.UpdateAction;
import io.keyline.expr.UpdateResult;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeySchema;
import io.keyline.op.request.ItemChecks;
import io.keyline.op.request.KeyUpdates;
import io.keyline.op.request.RequestExpressions;
import io.keyline.op.request.ReturnValues;
import io.keyline.op.request.UpdateItemRequest;
import io.keyline.op.request.WriteRequest;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.op.response.ItemCollectionMetricsResponse;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * UpdateItem: a read-modify-write of one item by UpdateExpression or legacy AttributeUpdates,
 * under an optional condition. A missing item is created from its key, except when the update
 * only removes attributes (DynamoDB does not create an item for that).
 */
public final class UpdateItem implements Operation<UpdateItemRequest> {
    private static final List<String> VALUE_EXPRESSIONS = List.of("UpdateExpression", "ConditionExpression");
    private final Engine engine;

    public UpdateItem(Engine engine) { this.engine = engine; }

    @Override public String name() { return "UpdateItem"; }

    /** Quick unless the write will wait for its GSI changes to be applied. */
    @Override public boolean quick(JsonObject request) { return !engine.writesWait(request.get("TableName")); }

    @Override public UpdateItemRequest decode(JsonObject request) { return UpdateItemRequest.decode(request); }

    @Override public Object run(UpdateItemRequest request) {
        Map<String, AttributeValue> keyAttributes = request.key();
        WriteRequest common = WriteRequest.of(request.options());
        ReturnValues rv = common.returnValues();
        RequestExpressions expressions = RequestExpressions.of(request.expressions(), VALUE_EXPRESSIONS);
        Update update = expressions.update();
        Condition condition = expressions.condition();
        expressions.checkAllUsed();
        TableMetadata table = engine.table(common.tableName());
        KeySchema schema = table.keySchema();
        PrimaryKey key = PrimaryKeys.fromKey(schema, keyAttributes);
        boolean returnOldOnFailure = common.returnOldOnFailure();
        UpdateResult[] applied = new UpdateResult[1];

        KeyUpdates.check(schema, update);
        boolean createsItem = update == null || update.actions().isEmpty()
                || !update.actions().stream().allMatch(UpdateAction::removesOnly);

        Engine.ItemWrite result = engine.write(table, key, condition, returnOldOnFailure, null, old -> {
            if (old == null && !createsItem) return null;
            Map<String, AttributeValue> base = old != null ? old : key.toItem(schema);
            if (update == null) return base;
            UpdateResult r = update.apply(base);
            applied[0] = r;
            ItemChecks.checkItem(r.item(), "Item size to update has exceeded the maximum allowed size");
            return r.item();
        });

        Map<String, Object> response = new LinkedHashMap<>();
        Map<String, AttributeValue> attributes = switch (rv) {
            case NONE -> null;
            case ALL_OLD -> result.oldItem();
            case ALL_NEW -> result.newItem();
            case UPDATED_OLD -> applied[0] == null || result.oldItem() == null ? null
                    : Projection.of(applied[0].modifiedPaths()).apply(result.oldItem());
            case UPDATED_NEW -> applied[0] == null || result.newItem() == null ? null
                    : Projection.of(applied[0].modifiedPaths()).apply(result.newItem());
        };
        if (attributes != null && !attributes.isEmpty()) response.put("Attributes", attributes);
        ConsumedCapacityResponse.add(response, common.returnConsumedCapacity(), result.consumed());
        ItemCollectionMetricsResponse.add(response, engine, common.returnItemCollectionMetrics(), table, key);
        return response;
    }
}
