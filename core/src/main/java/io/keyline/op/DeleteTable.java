package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.catalog.TableStatistics;
import io.keyline.metadata.TableStatus;
import io.keyline.error.Errors;
import io.keyline.op.control.Constraints;
import io.keyline.op.control.TableDescriptions;
import io.keyline.op.control.TableNames;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/**
 * DeleteTable: removes the table, its items and its index entries, and returns the reduced
 * TableDescription with status DELETING. Refused while the table is being created, updated or
 * deleted, or while deletion protection is on. Stateless.
 */
public final class DeleteTable implements Operation<JsonObject> {
    private final Engine engine;

    public DeleteTable(Engine engine) { this.engine = engine; }

    @Override public String name() { return "DeleteTable"; }

    /** Not yet decoded into a record: the handler reads the wire object itself. */
    @Override public JsonObject decode(JsonObject request) { return request; }

    @Override public Object run(JsonObject request) {
        Constraints c = new Constraints();
        String name = request.string("TableName");
        TableNames.check(name, c);
        c.throwIfAny();
        TableStatistics before = new TableStatistics();
        TableMetadata deleted = engine.catalog().delete(name, current -> {
            if (current.status() != TableStatus.ACTIVE) throw inUse(current);
            // as in DynamoDB (B.12): the table cannot be deleted while a new GSI is backfilled
            if (engine.indexes().backfilling(current)) throw inUse(current.toBuilder().status(TableStatus.UPDATING).build());
            if (current.deletionProtection()) {
                throw Errors.validation("Resource cannot be deleted as it is currently protected against deletion. "
                        + "Disable deletion protection first.");
            }
            TableStatistics s = engine.catalog().statistics(current.keyspaceId());
            before.record(s.itemCount(), s.itemBytes());
        });
        if (deleted == null) throw TableNames.notFound(name);
        engine.capacity().unregister(name);
        return Map.of("TableDescription", TableDescriptions.deleted(deleted, before, engine.clock().now()));
    }

    /** ResourceInUseException for a table in a transient status, worded by that status. */
    static RuntimeException inUse(TableMetadata t) {
        String what = switch (t.status()) {
            case CREATING -> "being created";
            case UPDATING -> "being updated";
            case DELETING -> "being deleted";
            default -> "in use";
        };
        return Errors.resourceInUse("Attempt to change a resource which is still in use: Table is " + what + ": " + t.name());
    }
}
