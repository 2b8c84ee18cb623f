package io.keyline.op.request;

import io.keyline.error.Errors;
import io.keyline.protocol.shape.Shape;
import java.util.regex.Pattern;

/**
 * Table and index names: DynamoDB's length and pattern rules (checked with the request's shape,
 * protocol.shape.RecordedConstraints), and the TableName checks DynamoDB's control plane makes
 * before the member constraints. Stateless.
 */
public final class Names {
    /** Source: API_CreateTable: TableName and IndexName pattern. */
    public static final Pattern NAME_PATTERN = Pattern.compile(Shape.NAME_PATTERN);

    /** Source: API_CreateTable: table and index names are 3 to 255 characters. */
    public static final int MIN_NAME = 3;
    public static final int MAX_NAME = 255;

    private Names() {}

    /** Whether {@code name} matches {@link #NAME_PATTERN} (a loop, not a Matcher: Shape#isName). */
    public static boolean isName(String name) {
        return Shape.isName(name);
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
