package io.keyline.server;

import io.keyline.error.Errors;
import io.keyline.error.InternalFailure;
import io.keyline.model.AttributeValue;
import io.keyline.op.Operation;
import io.keyline.op.Operations;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Stand-in operations that exercise each wire path without a real engine. */
final class FakeOperations {
    private FakeOperations() {}

    static Operations create() {
        return new Operations(List.of(
                // Echo: hands the request back, typed through JsonObject like a real handler.
                op("Echo", r -> {
                    Map<String, Object> out = new LinkedHashMap<>(r.raw());
                    Long limit = r.longValue("Limit");
                    if (limit != null) out.put("Limit", limit);
                    return out;
                }),
                op("ListTables", r -> Map.of("TableNames", List.of("alpha", "beta"))),
                op("DescribeTable", r -> {
                    throw Errors.resourceNotFound("Requested resource not found: Table: " + r.string("TableName") + " not found");
                }),
                op("PutItem", r -> {
                    throw Errors.conditionalCheckFailed(Map.of("p", new AttributeValue.S("old")));
                }),
                op("Validate", r -> {
                    throw Errors.validation("1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null");
                }),
                op("Crash", r -> {
                    throw new IllegalStateException("a bug");
                }),
                op("Corrupt", r -> {
                    throw new InternalFailure("decoding a catalog record", "record.Name is missing");
                }),
                op("TagResource", r -> null),
                // Errors DynamoDB renders with "Message", for the SDK to read (see Reply.CAPITAL_MESSAGE_KEY).
                op("DescribeTimeToLive", r -> {
                    throw Errors.serialization("NUMBER_VALUE cannot be converted to String");
                }),
                op("UntagResource", r -> {
                    throw Errors.accessDenied("User: arn:aws:iam::000000000000:user/keyline is not authorized to perform: "
                            + "dynamodb:UntagResource on resource: arn:aws:dynamodb:us-east-1:000000000000:table/t");
                })));
    }

    private static Operation<JsonObject> op(String name, Function<JsonObject, Object> body) {
        return new Operation<JsonObject>() {
            @Override public String name() { return name; }

            @Override public JsonObject decode(JsonObject request) { return request; }

            @Override public Object run(JsonObject request) { return body.apply(request); }
        };
    }
}
