package io.keyline.op.request;

import io.keyline.error.Errors;
import java.util.regex.Pattern;

/**
 * Table and index names: DynamoDB's length and pattern rules (checked with the request's shape,
 * protocol.shape.RecordedConstraints), and the TableName checks DynamoDB's control plane makes
 * before the member constraints. Stateless.
 */
public final class Names {
    /** Source: API_CreateTable: TableName and IndexName pattern. */
    public static final Pattern NAME_PATTERN = Pattern.compile("[a-zA-Z0-9_.-]+");

    /** Source: API_CreateTable: table and index names are 3 to 255 characters. */
    public static final int MIN_NAME = 3;
    public static final int MAX_NAME = 255;

    private Names() {}

    /**
     * Whether {@code name} matches {@link #NAME_PATTERN}. Every item request checks its table
     * name, so this is a loop rather than a regex Matcher (an allocation per request).
     */
    public static boolean isName(String name) {
        int n = name.length();
        if (n == 0) return false;
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
            if (!ok) return false;
        }
        return true;
    }

    /**
     * CreateTable, DescribeTable, UpdateTable and DeleteTable: a missing TableName, and one of the
     * wrong length, are reported alone and before the aggregated member constraints, in words of
     * their own (docs/RULES.md#VALIDATION-TABLE-NAME: dynalite test/createTable.js,
     * describeTable.js, updateTable.js, deleteTable.js against DynamoDB; aws/aws-sdk-java#977 for
     * the missing name). The pattern is the shape's, in the aggregate. The data plane reports all
     * three in the aggregate.
     */
    public static void checkControlPlaneName(String name) {
        if (name == null) {
            throw Errors.validation("The parameter 'TableName' is required but was not present in the request");
        }
        if (name.length() < MIN_NAME || name.length() > MAX_NAME) {
            throw Errors.validation("TableName must be at least 3 characters long and at most 255 characters long");
        }
    }

    /** "Requested resource not found: Table: X not found", as DescribeTable and DeleteTable say it. */
    public static RuntimeException notFound(String name) {
        return Errors.resourceNotFound("Requested resource not found: Table: " + name + " not found");
    }
}
