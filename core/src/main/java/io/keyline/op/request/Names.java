package io.keyline.op.request;

import io.keyline.error.Errors;
import java.util.regex.Pattern;

/**
 * Table and index names: DynamoDB's length and pattern rules, and the TableName checks DynamoDB
 * makes before its member constraints (wording observed by dynalite against DynamoDB,
 * validations/index.js), shared by every operation that names a table or an index. Stateless.
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

    public static void indexName(String name, String path, Constraints c) {
        c.notNull(path, name);
        c.length(path, name, MIN_NAME, MAX_NAME);
        c.namePattern(path, name);
    }

    /** Presence and length, which DynamoDB reports alone; the pattern goes to {@code c}. */
    public static void check(String name, Constraints c) {
        if (name == null) {
            throw Errors.validation("The paramater 'tableName' is required but was not present in the request");
        }
        if (name.length() < MIN_NAME || name.length() > MAX_NAME) {
            throw Errors.validation("TableName must be at least 3 characters long and at most 255 characters long");
        }
        c.namePattern("tableName", name);
    }

    /** "Requested resource not found: Table: X not found", as DescribeTable and DeleteTable say it. */
    public static RuntimeException notFound(String name) {
        return Errors.resourceNotFound("Requested resource not found: Table: " + name + " not found");
    }
}
