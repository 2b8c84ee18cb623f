package io.keyline.op.request;

import io.keyline.expr.LegacyAttributeUpdate;
import io.keyline.expr.LegacyCondition;
import io.keyline.protocol.JsonObject;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The expression-related members of one request (or one transaction action), decoded: the
 * expression texts, ExpressionAttributeNames/Values, and the legacy parameters. Only the
 * members the operation has are read, so an unknown member of the wrong type is ignored, as
 * DynamoDB's deserializer ignores it; {@link #present} still names every member sent, for
 * DynamoDB's rules on which may appear together. Legacy maps keep an invalid value for later
 * ({@link Deferred}). Immutable; {@link RequestExpressions} parses and validates them.
 */
public record ExpressionMembers(Set<String> present, ExpressionAttributes attributes, String conditionExpression,
                                String updateExpression, String projectionExpression, String filterExpression,
                                String keyConditionExpression, Deferred<Map<String, LegacyCondition>> expected,
                                Deferred<Map<String, LegacyAttributeUpdate>> attributeUpdates,
                                Deferred<Map<String, LegacyCondition>> legacyFilter,
                                Deferred<Map<String, LegacyCondition>> keyConditions, String conditionalOperator,
                                List<String> attributesToGet) {

    /** GetItem, BatchGetItem's KeysAndAttributes, TransactGetItems' Get: a projection. */
    public static ExpressionMembers forGet(JsonObject request) {
        return new ExpressionMembers(present(request), ExpressionAttributes.decode(request), null, null,
                request.string("ProjectionExpression"), null, null, Deferred.absent(), Deferred.absent(), Deferred.absent(),
                Deferred.absent(), null, request.strings("AttributesToGet"));
    }

    /** PutItem, DeleteItem and transaction Put, Delete, ConditionCheck: a condition. */
    public static ExpressionMembers forWrite(JsonObject request) {
        return new ExpressionMembers(present(request), ExpressionAttributes.decode(request), request.string("ConditionExpression"),
                null, null, null, null, conditions(request, "Expected"), Deferred.absent(), Deferred.absent(), Deferred.absent(),
                request.string("ConditionalOperator"), null);
    }

    /** UpdateItem and transaction Update: an update and a condition. */
    public static ExpressionMembers forUpdate(JsonObject request) {
        return new ExpressionMembers(present(request), ExpressionAttributes.decode(request), request.string("ConditionExpression"),
                request.string("UpdateExpression"), null, null, null, conditions(request, "Expected"),
                Deferred.decode(() -> LegacyParameters.attributeUpdates(request)), Deferred.absent(), Deferred.absent(),
                request.string("ConditionalOperator"), null);
    }

    /** Query: key condition, filter (QueryFilter) and projection. */
    public static ExpressionMembers forQuery(JsonObject request) {
        return new ExpressionMembers(present(request), ExpressionAttributes.decode(request), null, null,
                request.string("ProjectionExpression"), request.string("FilterExpression"), request.string("KeyConditionExpression"),
                Deferred.absent(), Deferred.absent(), conditions(request, "QueryFilter"), conditions(request, "KeyConditions"),
                request.string("ConditionalOperator"), request.strings("AttributesToGet"));
    }

    /** Scan: filter (ScanFilter) and projection. */
    public static ExpressionMembers forScan(JsonObject request) {
        return new ExpressionMembers(present(request), ExpressionAttributes.decode(request), null, null,
                request.string("ProjectionExpression"), request.string("FilterExpression"), null,
                Deferred.absent(), Deferred.absent(), conditions(request, "ScanFilter"), Deferred.absent(),
                request.string("ConditionalOperator"), request.strings("AttributesToGet"));
    }

    private static Deferred<Map<String, LegacyCondition>> conditions(JsonObject request, String field) {
        return Deferred.decode(() -> LegacyParameters.conditions(request, field));
    }

    /** Names of the members set (not null). */
    private static Set<String> present(JsonObject request) {
        Set<String> present = new HashSet<>();
        for (Map.Entry<String, Object> e : request.raw().entrySet()) {
            if (e.getValue() != null) present.add(e.getKey());
        }
        return present;
    }
}
