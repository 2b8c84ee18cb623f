package io.keyline.op;

import io.keyline.error.Errors;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The DynamoDB operations Keyline does not serve (docs/RULES.md#NOT-SERVED): each answers a
 * ValidationException that names the operation and what it belongs to, so that a client or a
 * tool sees what is missing instead of the UnknownOperationException DynamoDB gives a name it
 * does not know (which stays the answer to any other name). One instance per operation name;
 * stateless.
 */
public final class NotServed implements Operation<JsonObject> {
    /** Operation → the feature it belongs to, in README.md's order. */
    static final Map<String, String> OPERATIONS = new LinkedHashMap<>();

    static {
        for (String op : List.of("CreateGlobalTable", "UpdateGlobalTable", "DescribeGlobalTable", "ListGlobalTables",
                "DescribeGlobalTableSettings", "UpdateGlobalTableSettings", "DescribeTableReplicaAutoScaling",
                "UpdateTableReplicaAutoScaling")) {
            OPERATIONS.put(op, "global tables (replicas in other regions)");
        }
        for (String op : List.of("ExportTableToPointInTime", "DescribeExport", "ListExports", "ImportTable", "DescribeImport",
                "ListImports")) {
            OPERATIONS.put(op, "exports to and imports from Amazon S3");
        }
        for (String op : List.of("EnableKinesisStreamingDestination", "DisableKinesisStreamingDestination",
                "DescribeKinesisStreamingDestination", "UpdateKinesisStreamingDestination")) {
            OPERATIONS.put(op, "Kinesis Data Streams destinations");
        }
        for (String op : List.of("PutResourcePolicy", "GetResourcePolicy", "DeleteResourcePolicy")) {
            OPERATIONS.put(op, "resource-based policies");
        }
    }

    private final String name;
    private final String feature;

    private NotServed(String name, String feature) {
        this.name = name;
        this.feature = feature;
    }

    /** {@code served}, then a stand-in for every operation of {@link #OPERATIONS} it does not serve itself. */
    static List<Operation<?>> around(List<Operation<?>> served) {
        Set<String> names = new HashSet<>();
        for (Operation<?> op : served) names.add(op.name());
        List<Operation<?>> out = new ArrayList<>(served);
        OPERATIONS.forEach((op, feature) -> {
            if (!names.contains(op)) out.add(new NotServed(op, feature));
        });
        return List.copyOf(out);
    }

    @Override public String name() { return name; }

    @Override public boolean quick(JsonObject request) { return true; }

    @Override public JsonObject decode(JsonObject request) { return request; }

    @Override public Object run(JsonObject request) { throw Errors.notServed(name, feature); }
}
