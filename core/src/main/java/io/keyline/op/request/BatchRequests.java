package io.keyline.op.request;

import io.keyline.engine.Batches;
import io.keyline.error.Errors;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.control.SchemaInput;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What BatchGetItem and BatchWriteItem share: the checks on the RequestItems map (present, not
 * empty, table names as map keys) and duplicate-key detection on the encoded key, which is
 * canonical (1000 and 1e3 are one number). Stateless, except {@link Seen}, one per request.
 */
public final class BatchRequests {
    /** DynamoDB's constraint text for the table names used as RequestItems keys (dynalite, validations). */
    public static final String TABLE_NAME_KEYS = "Map keys must satisfy constraint: [Member must have length less than or equal to "
            + Names.MAX_NAME + ", Member must have length greater than or equal to " + Names.MIN_NAME
            + ", Member must satisfy regular expression pattern: " + Names.NAME_PATTERN.pattern() + "]";
    public static final String DUPLICATES = "Provided list of item keys contains duplicates";

    private BatchRequests() {}

    /** Records violations on RequestItems (as sent, for the messages); returns whether it is present. */
    public static boolean checkRequestItems(Map<String, Object> requestItems, Constraints c) {
        if (!c.notNull("requestItems", requestItems)) return false;
        if (requestItems.isEmpty()) {
            c.fail("requestItems", requestItems, "Member must have length greater than or equal to 1");
        }
        for (String name : requestItems.keySet()) {
            if (name.length() < Names.MIN_NAME || name.length() > Names.MAX_NAME
                    || !Names.isName(name)) {
                c.fail("requestItems", requestItems, TABLE_NAME_KEYS);
                break;
            }
        }
        return true;
    }

    /** Records violations of a TableName nested in a request (transaction actions). */
    public static void checkTableName(String path, String name, Constraints c) {
        c.notNull(path, name);
        c.length(path, name, Names.MIN_NAME, Names.MAX_NAME);
        c.namePattern(path, name);
    }

    /** Remembers the items of one request; a second mention of an item is a ValidationException. */
    public static final class Seen {
        private final Set<ByteBuffer> keys = new HashSet<>();
        private final String message;

        public Seen() { this(DUPLICATES); }

        /** @param message the ValidationException text for a repeated item */
        public Seen(String message) { this.message = message; }

        public void add(TableMetadata table, PrimaryKey key) {
            byte[] k = Batches.itemKey(table, key);
            if (!keys.add(ByteBuffer.wrap(k))) throw Errors.validation(message);
        }
    }
}
