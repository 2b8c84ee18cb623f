package io.keyline.expr;

/** DynamoDB's documented limits on expressions, one constant each. */
final class ExprLimits {
    private ExprLimits() {}

    /** Source: DynamoDB developer guide, "Service quotas: Expression parameters" (4 KB per expression). */
    static final int MAX_EXPRESSION_BYTES = 4096;
    /** Source: DynamoDB developer guide, "Service quotas: Expression parameters" (300 operators or functions). */
    static final int MAX_OPERATORS = 300;
    /** Source: DynamoDB developer guide, "Service quotas: Nested attribute depth" (32 levels). */
    static final int MAX_PATH_DEPTH = 32;
    /** Source: DynamoDB developer guide, "Service quotas: Attribute names" (an attribute name is below 64 KB). */
    static final int MAX_ATTRIBUTE_NAME_BYTES = 65535;
    /** Recursion guard for the parser; well above anything the operator limit lets through. */
    static final int MAX_PARSE_DEPTH = 400;
}
