package io.keyline.expr;

/** DynamoDB's documented limits on expressions, one constant each (docs/RULES.md). */
final class ExprLimits {
    private ExprLimits() {}

    /** docs/RULES.md#EXPR-SIZE: 4 KB per expression. */
    static final int MAX_EXPRESSION_BYTES = 4096;
    /** docs/RULES.md#EXPR-OPERATORS: 300 operators or functions. */
    static final int MAX_OPERATORS = 300;
    /** docs/RULES.md#LIMIT-NESTING: 32 levels. */
    static final int MAX_PATH_DEPTH = 32;
    /** docs/RULES.md#LIMIT-ATTRIBUTE-NAME: an attribute name is below 64 KB. */
    static final int MAX_ATTRIBUTE_NAME_BYTES = 65535;
    /** Recursion guard for the parser; well above anything the operator limit lets through. */
    static final int MAX_PARSE_DEPTH = 400;
}
