package io.keyline.metadata;

import io.keyline.model.AttributeValue;
import io.keyline.model.KeySchema;
import java.util.LinkedHashMap;
import java.util.Map;

/** The primary key of one item: partition key value and optional sort key value. Immutable. */
public record PrimaryKey(AttributeValue partition, AttributeValue sort) {
    /** The key as an attribute map, named by the schema (partition first). */
    public Map<String, AttributeValue> toItem(KeySchema schema) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        m.put(schema.partitionKey().name(), partition);
        if (sort != null) m.put(schema.sortKey().name(), sort);
        return m;
    }
}
