package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.error.Errors;
import io.keyline.op.request.Constraints;
import io.keyline.op.request.Names;
import io.keyline.op.request.DeleteTableRequest;
import io.keyline.op.response.TableDescriptions;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/**
 * DeleteTable: removes the table, its items and its index entries, and returns the reduced
 * TableDescription with status DELETING. Refused while the table is being created, updated or
 * deleted, or while deletion protection is on. Stateless.
 */
public final class DeleteTable implements Operation<DeleteTableRequest> {
    private final Tables tables;

    public DeleteTable(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "DeleteTable"; }

    @Override public DeleteTableRequest decode(JsonObject request) { return new DeleteTableRequest(request.string("TableName")); }

    @Override public Object run(DeleteTableRequest request) {
        Constraints c = new Constraints();
        String name = request.tableName();
        Names.check(name, c);
        c.throwIfAny();
        Tables.Deleted deleted = tables.delete(name, current -> {
            if (current.status() != TableStatus.ACTIVE) throw inUse(current);
            // as in DynamoDB (docs/RULES.md#GSI-BACKFILL): the table cannot be deleted while a new GSI is backfilled
            if (tables.backfilling(current)) throw inUse(current.toBuilder().status(TableStatus.UPDATING).build());
            if (current.deletionProtection()) {
                throw Errors.validation("Resource cannot be deleted as it is currently protected against deletion. "
                        + "Disable deletion protection first.");
            }
        });
        if (deleted == null) throw Names.notFound(name);
        return Map.of("TableDescription", TableDescriptions.deleted(tables.shown(deleted.table()), deleted.before(), tables.now()));
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
