package io.keyline.op.control;

import io.keyline.error.Errors;

/**
 * The TableName checks DynamoDB makes before its member constraints (wording observed by
 * dynalite against DynamoDB, validations/index.js), shared by every table operation. Stateless.
 */
public final class TableNames {
    private TableNames() {}

    /** Presence and length, which DynamoDB reports alone; the pattern goes to {@code c}. */
    public static void check(String name, Constraints c) {
        if (name == null) {
            throw Errors.validation("The paramater 'tableName' is required but was not present in the request");
        }
        if (name.length() < SchemaInput.MIN_NAME || name.length() > SchemaInput.MAX_NAME) {
            throw Errors.validation("TableName must be at least 3 characters long and at most 255 characters long");
        }
        c.namePattern("tableName", name);
    }

    /** "Requested resource not found: Table: X not found", as DescribeTable and DeleteTable say it. */
    public static RuntimeException notFound(String name) {
        return Errors.resourceNotFound("Requested resource not found: Table: " + name + " not found");
    }
}
