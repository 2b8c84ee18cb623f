package io.keyline.op.request;

import io.keyline.engine.Engine;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.error.Errors;

/** Finds the table an item operation names; a missing or not yet ACTIVE table is ResourceNotFoundException. */
public final class ItemTables {
    private ItemTables() {}

    public static TableMetadata require(Engine engine, String tableName) {
        TableMetadata table = engine.catalog().get(tableName);
        if (table == null || table.status() == TableStatus.CREATING || table.status() == TableStatus.DELETING) {
            throw Errors.tableNotFound();
        }
        return table;
    }
}
