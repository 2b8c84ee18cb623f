package io.keyline.op.request;

import io.keyline.engine.Engine;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.error.Errors;
import java.util.List;

/** Finds the table an item operation names; a missing or not yet ACTIVE table is ResourceNotFoundException. */
public final class ItemTables {
    public static final List<String> RETURN_CONSUMED_CAPACITY = List.of("INDEXES", "TOTAL", "NONE");
    public static final List<String> RETURN_ITEM_COLLECTION_METRICS = List.of("SIZE", "NONE");
    public static final List<String> RETURN_VALUES_ON_CONDITION_CHECK_FAILURE = List.of("ALL_OLD", "NONE");

    private ItemTables() {}

    public static TableMetadata require(Engine engine, String tableName) {
        TableMetadata table = engine.catalog().get(tableName);
        if (table == null || table.status() == TableStatus.CREATING || table.status() == TableStatus.DELETING) {
            throw Errors.tableNotFound();
        }
        return table;
    }
}
