package io.keyline.op.control;

import io.keyline.engine.Tables;
import io.keyline.error.Errors;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.request.Constraints;
import io.keyline.op.request.Names;

/**
 * What the three Contributor Insights operations share: their TableName (a name or the table's
 * ARN) and IndexName checks, and DynamoDB's ResourceNotFoundException texts for a missing table
 * and a missing index (docs/RULES.md#INSIGHTS-ERRORS). Stateless.
 */
public final class InsightsTargets {
    /** Source: API_DescribeContributorInsights: TableName (a name or an ARN) is 1 to 1024 characters. */
    public static final int MAX_TABLE_NAME_OR_ARN = 1024;

    private InsightsTargets() {}

    /** The shape's constraints on TableName ({@code required}) and IndexName, into {@code c}. */
    public static void constrain(String tableName, boolean required, String indexName, Constraints c) {
        if (required) c.notNull("tableName", tableName);
        c.length("tableName", tableName, 1, MAX_TABLE_NAME_OR_ARN);
        if (indexName != null) {
            c.length("indexName", indexName, Names.MIN_NAME, Names.MAX_NAME);
            c.namePattern("indexName", indexName);
        }
    }

    /** The table a TableName names: the name itself, or the name inside a table ARN. */
    public static String tableName(String nameOrArn) {
        if (!nameOrArn.startsWith("arn:")) return nameOrArn;
        int at = nameOrArn.indexOf(":table/");
        if (at < 0) return nameOrArn;
        String rest = nameOrArn.substring(at + ":table/".length());
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }

    /** The table, or ResourceNotFoundException "Requested resource not found: Table: X not found". */
    public static TableMetadata table(Tables tables, String nameOrArn) {
        String name = tableName(nameOrArn);
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
