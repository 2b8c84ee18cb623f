package io.keyline.op.request;

import io.keyline.protocol.JsonObject;

/**
 * The members Query and Scan share, decoded but not yet checked ({@link ReadRequests} checks
 * them). Immutable.
 *
 * @param projectionExpression whether ProjectionExpression was sent (Select's messages name it)
 */
public record ReadOptions(String indexName, String select, Long limit, String returnConsumedCapacity,
                          String conditionalOperator, Boolean consistentRead, boolean projectionExpression) {
    public static ReadOptions decode(JsonObject request) {
        return new ReadOptions(request.string("IndexName"), request.string("Select"), request.longValue("Limit"),
                request.string("ReturnConsumedCapacity"), request.string("ConditionalOperator"), request.bool("ConsistentRead"),
                request.has("ProjectionExpression"));
    }

    /** Limit as the page reader takes it: null for none. */
    public Integer pageLimit() { return limit == null ? null : (int) Math.min(limit, Integer.MAX_VALUE); }

    public boolean consistent() { return Boolean.TRUE.equals(consistentRead); }
}
