package io.keyline.op.control;

import io.keyline.engine.Tables;
import io.keyline.error.Errors;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.request.Names;

/**
 * What the three Contributor Insights operations share: finding their table and GSI, with
 * DynamoDB's ResourceNotFoundException texts for a missing table and a missing index
 * (docs/RULES.md#INSIGHTS-ERRORS). TableName and IndexName are checked by the request's shape
 * (docs/RULES.md#VALIDATION-TABLE-NAME: names only; a table ARN in TableName, which DynamoDB
 * accepts, is not served by any Keyline operation yet). Stateless.
 */
public final class InsightsTargets {
    private InsightsTargets() {}

    /** The table, or ResourceNotFoundException "Requested resource not found: Table: X not found". */
    public static TableMetadata table(Tables tables, String name) {
        TableMetadata t = tables.get(name);
        if (t == null) throw tableNotFound(name);
        return t;
    }

    public static RuntimeException tableNotFound(String name) { return Names.notFound(name); }

    /**
     * The GSI, or ResourceNotFoundException "Requested resource not found: Index: X not found for
     * table: T" (an LSI too: insights are per table and per GSI).
     */
    public static IndexMetadata globalIndex(TableMetadata table, String indexName) {
        IndexMetadata i = table.index(indexName);
        if (i == null || !i.isGlobal()) {
            throw Errors.resourceNotFound("Requested resource not found: Index: " + indexName + " not found for table: " + table.name());
        }
        return i;
    }
}
