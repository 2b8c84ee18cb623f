package io.keyline.partiql;

/**
 * One token of a statement. {@code text} is the token as written, except for a quoted
 * identifier or string, whose text is the unquoted content. Immutable.
 */
record PartiqlToken(Kind kind, String text, int position) {
    enum Kind { WORD, QUOTED_NAME, STRING, NUMBER, PARAMETER, SYMBOL, END }

    /** A bare word equal to {@code keyword}, ignoring case. */
    boolean is(String keyword) { return kind == Kind.WORD && text.equalsIgnoreCase(keyword); }

    boolean isSymbol(String symbol) { return kind == Kind.SYMBOL && text.equals(symbol); }

    /** How an error message shows the token. */
    String shown() {
        return switch (kind) {
            case END -> "end of statement";
            case STRING -> "'" + text + "'";
            case QUOTED_NAME -> "\"" + text + "\"";
            default -> text;
        };
    }
}
