package io.keyline.engine;

import io.keyline.model.KeySchema;
import java.time.Instant;

/**
 * Everything the catalog knows of one table. Immutable: a change (UpdateTable, status change)
 * replaces the whole record in the catalog.
 *
 * @param keyspaceId storage prefix of the table's items, unique for the life of the store
 */
public record TableMetadata(
        String name,
        String tableId,
        String arn,
        long keyspaceId,
        Instant creationTime,
        TableStatus status,
        KeySchema keySchema) {
}
