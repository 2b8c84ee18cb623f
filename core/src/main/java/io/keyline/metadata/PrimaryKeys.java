package io.keyline.metadata;

import io.keyline.error.Errors;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import java.util.Map;

/**
 * Extracts and validates primary keys as DynamoDB does: from a {@code Key} parameter (exactly
 * the key attributes) or from an item (key attributes present, of the declared type), with
 * DynamoDB's limits on key sizes and its messages. Stateless.
 */
public final class PrimaryKeys {
    /** docs/RULES.md#LIMIT-KEY: partition key values up to 2048 bytes. */
    public static final int MAX_PARTITION_KEY_BYTES = 2048;
    /** docs/RULES.md#LIMIT-KEY: sort key values up to 1024 bytes. */
    public static final int MAX_SORT_KEY_BYTES = 1024;

    private PrimaryKeys() {}

    /** From a Key parameter of GetItem, UpdateItem, DeleteItem and friends. */
    public static PrimaryKey fromKey(KeySchema schema, Map<String, AttributeValue> key) {
        if (key == null) throw Errors.validation("The provided key element does not match the schema");
        int expected = schema.hasSortKey() ? 2 : 1;
        if (key.size() != expected) throw Errors.validation("The provided key element does not match the schema");
        AttributeValue pk = keyValue(schema.partitionKey(), key.get(schema.partitionKey().name()));
        AttributeValue sk = schema.hasSortKey() ? keyValue(schema.sortKey(), key.get(schema.sortKey().name())) : null;
        checkSizes(pk, sk);
        return new PrimaryKey(pk, sk);
    }

    private static AttributeValue keyValue(KeyAttribute attr, AttributeValue v) {
        if (v == null || !attr.type().matches(v)) {
            throw Errors.validation("The provided key element does not match the schema");
        }
        checkNotEmpty(attr, v);
        return v;
    }

    /** From a whole item (PutItem, BatchWriteItem put requests). */
    public static PrimaryKey fromItem(KeySchema schema, Map<String, AttributeValue> item) {
        AttributeValue pk = itemKeyValue(schema.partitionKey(), item);
        AttributeValue sk = schema.hasSortKey() ? itemKeyValue(schema.sortKey(), item) : null;
        checkSizes(pk, sk);
        return new PrimaryKey(pk, sk);
    }

    private static AttributeValue itemKeyValue(KeyAttribute attr, Map<String, AttributeValue> item) {
        AttributeValue v = item.get(attr.name());
        if (v == null) {
            throw Errors.validation("One or more parameter values were invalid: Missing the key " + attr.name() + " in the item");
        }
        if (!attr.type().matches(v)) {
            throw Errors.validation("One or more parameter values were invalid: Type mismatch for key "
                    + attr.name() + " expected: " + attr.type() + " actual: " + v.type());
        }
        checkNotEmpty(attr, v);
        return v;
    }

    private static void checkNotEmpty(KeyAttribute attr, AttributeValue v) {
        boolean empty = v instanceof AttributeValue.S s ? s.value().isEmpty()
                : v instanceof AttributeValue.B b && b.value().length() == 0;
        if (empty) {
            String kind = v instanceof AttributeValue.S ? "string" : "binary";
            throw Errors.validation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty "
                    + kind + " value. Key: " + attr.name());
        }
    }

    private static void checkSizes(AttributeValue pk, AttributeValue sk) {
        if (keyBytes(pk) > MAX_PARTITION_KEY_BYTES) {
            throw Errors.validation("One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of"
                    + MAX_PARTITION_KEY_BYTES + " bytes");
        }
        if (sk != null && keyBytes(sk) > MAX_SORT_KEY_BYTES) {
            throw Errors.validation("One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of "
                    + MAX_SORT_KEY_BYTES + " bytes");
        }
    }

    /** Numbers are always small enough (38 digits); strings and binaries count their bytes. */
    private static long keyBytes(AttributeValue v) {
        if (v instanceof AttributeValue.S s) return io.keyline.model.ItemSize.utf8Length(s.value());
        if (v instanceof AttributeValue.B b) return b.value().length();
        return 0;
    }
}
