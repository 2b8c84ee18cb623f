package io.keyline.op.request;

import io.keyline.engine.Engine;
import io.keyline.engine.api.KeyRange;
import io.keyline.engine.api.ReadTarget;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns an ExclusiveStartKey into the stored key a page resumes after, refusing a key of the wrong
 * shape or types, or one outside what the request reads (the query's partition and sort-key
 * predicate, the scan's segment), with DynamoDB's messages (as dynalite recorded them, and the
 * wording quoted in ScyllaDB's DynamoDB-validated tests). Stateless.
 */
public final class StartKeys {
    private static final String INVALID = "The provided starting key is invalid";

    private StartKeys() {}

    /** A Query's start key: inside the partition queried and matching the sort-key condition. */
    public static byte[] forQuery(Engine engine, ReadTarget target, Map<String, AttributeValue> startKey, KeyRange partition, KeyRange queried) {
        if (startKey.size() != target.keyNames().size() || !startKey.keySet().containsAll(target.keyNames())) {
            throw Errors.validation(INVALID);
        }
        checkTypes(target, startKey, "");
        if (!target.isIndex() && !target.keySchema().hasSortKey()) {
            throw Errors.validation("The provided exclusive start key is invalid: ExclusiveStartKey: " + render(startKey));
        }
        byte[] key = engine.storageKey(target, startKey);
        if (!within(key, partition)) {
            throw Errors.validation("The provided starting key is outside query boundaries based on provided conditions");
        }
        if (!within(key, queried)) throw Errors.validation("The provided starting key does not match the range key predicate");
        return key;
    }

    /** A Scan's start key: the table's key (and the index's), inside the segment scanned. */
    public static byte[] forScan(Engine engine, ReadTarget target, Map<String, AttributeValue> startKey, KeyRange segment, Integer segmentNumber, Integer totalSegments) {
        if (startKey.size() != target.keyNames().size() || !startKey.keySet().containsAll(target.keyNames())) {
            throw Errors.validation(target.isIndex() ? INVALID : INVALID + ": The provided key element does not match the schema");
        }
        checkTypes(target, startKey, INVALID + ": ");
        byte[] key = engine.storageKey(target, startKey);
        if (totalSegments != null && totalSegments > 1 && !within(key, segment)) {
            throw Errors.validation(INVALID + ": Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: "
                    + totalSegments + " Segment: " + segmentNumber);
        }
        return key;
    }

    /** The table's key through PrimaryKeys (its messages, with {@code prefix}); index key attributes by type. */
    private static void checkTypes(ReadTarget target, Map<String, AttributeValue> startKey, String prefix) {
        KeySchema table = target.tableKeySchema();
        Map<String, AttributeValue> tableKey = new LinkedHashMap<>();
        for (KeyAttribute a : table.all()) tableKey.put(a.name(), startKey.get(a.name()));
        try {
            PrimaryKeys.fromKey(table, tableKey);
        } catch (ApiException e) {
            throw Errors.validation(prefix + e.getMessage());
        }
        for (KeyAttribute a : target.keySchema().all()) {
            if (!a.type().matches(startKey.get(a.name()))) throw Errors.validation(prefix + "The provided key element does not match the schema");
        }
    }

    private static boolean within(byte[] key, KeyRange range) {
        return Arrays.compareUnsigned(key, range.start()) >= 0 && (range.end() == null || Arrays.compareUnsigned(key, range.end()) < 0);
    }

    /** DynamoDB's Java rendering of a key, e.g. {@code {p=AttributeValue: {S:abc}}}. */
    private static String render(Map<String, AttributeValue> key) {
        StringBuilder sb = new StringBuilder("{");
        for (Map.Entry<String, AttributeValue> e : key.entrySet()) {
            if (sb.length() > 1) sb.append(", ");
            sb.append(e.getKey()).append("=AttributeValue: {").append(e.getValue().type()).append(':').append(scalarText(e.getValue())).append('}');
        }
        return sb.append('}').toString();
    }

    private static String scalarText(AttributeValue v) {
        if (v instanceof AttributeValue.S s) return s.value();
        if (v instanceof AttributeValue.N n) return n.text();
        return String.valueOf(v);
    }
}
