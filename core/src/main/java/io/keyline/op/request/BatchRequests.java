package io.keyline.op.request;

import io.keyline.engine.Batches;
import io.keyline.error.Errors;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.control.SchemaInput;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Set;

/**
 * What the batch and transaction operations share: duplicate-key detection on the encoded key,
 * which is canonical (1000 and 1e3 are one number). RequestItems' own constraints (present, not
 * empty, table names as map keys) are the request shape's. Stateless, except {@link Seen}, one
 * per request.
 */
public final class BatchRequests {
    public static final String DUPLICATES = "Provided list of item keys contains duplicates";

    private BatchRequests() {}

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
