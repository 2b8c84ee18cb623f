package io.keyline.expr;

/**
 * One lexical token with its position in the expression text ({@code [start, end)}).
 * {@code text} is what DynamoDB quotes as {@code token: "..."} in syntax errors.
 */
record Token(Kind kind, String text, int start, int end) {
    enum Kind {
        IDENTIFIER,   // letter, then letters, digits, underscores
        NAME_REF,     // #name
        VALUE_REF,    // :name
        NUMBER,       // digits (list indexes)
        SYMBOL,       // = <> < <= > >= ( ) [ ] , . + -
        UNKNOWN,      // any other character, alone
        EOF
    }

    static final String EOF_TEXT = "<EOF>";

    boolean is(String symbol) {
        return kind == Kind.SYMBOL && text.equals(symbol);
    }

    /** An identifier spelling the given keyword, in any case. */
    boolean isKeyword(String keyword) {
        return kind == Kind.IDENTIFIER && text.equalsIgnoreCase(keyword);
    }
}
