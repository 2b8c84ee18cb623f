package io.keyline.op.response;

import io.keyline.op.request.ItemTables;
import io.keyline.capacity.ConsumedCapacity;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/** ReturnConsumedCapacity: reading the level and adding {@code ConsumedCapacity} to a response. Stateless. */
public final class CapacityResponses {
    private CapacityResponses() {}

    /** The request's level; the value was already checked against {@link ItemTables#RETURN_CONSUMED_CAPACITY}. */
    public static ConsumedCapacity.Level level(JsonObject request) {
        ConsumedCapacity.Level level = ConsumedCapacity.Level.parse(request.string("ReturnConsumedCapacity"));
        return level == null ? ConsumedCapacity.Level.NONE : level;
    }

    /** Adds the ConsumedCapacity field in DynamoDB's shape for the level (nothing for NONE). */
    public static void add(Map<String, Object> response, ConsumedCapacity.Level level, ConsumedCapacity consumed) {
        if (level == ConsumedCapacity.Level.NONE || consumed == null) return;
        response.put("ConsumedCapacity", consumed.render(level));
    }
}
