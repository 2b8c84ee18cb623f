package io.keyline.partiql;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.model.AttributeValue;
import java.util.List;

/**
 * The parser's position in a statement's tokens, its nesting depth (bounded, so a hostile
 * statement cannot exhaust the stack) and the parameters bound so far. One per statement; not
 * thread-safe.
 */
final class TokenCursor {
    private static final int MAX_DEPTH = 100;

    private final List<PartiqlToken> tokens;
    private final List<AttributeValue> parameters;
    private int pos;
    private int parametersUsed;
    private int depth;

    TokenCursor(List<PartiqlToken> tokens, List<AttributeValue> parameters) {
        this.tokens = tokens;
        this.parameters = parameters;
    }

    PartiqlToken peek() { return peek(0); }

    PartiqlToken peek(int ahead) {
        int i = Math.min(Math.max(pos + ahead, 0), tokens.size() - 1);
        return tokens.get(i);
    }

    void skip() { pos++; }

    void skip(int n) { pos += n; }

    boolean acceptWord(String keyword) {
        if (!peek().is(keyword)) return false;
        pos++;
        return true;
    }

    boolean acceptSymbol(String symbol) {
        if (!peek().isSymbol(symbol)) return false;
        pos++;
        return true;
    }

    void expectWord(String keyword) {
        if (!acceptWord(keyword)) throw unexpected();
    }

    void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) throw unexpected();
    }

    /** The next parameter, for a {@code ?}. */
    AttributeValue parameter() {
        if (parametersUsed >= parameters.size()) throw Errors.validation(StatementParser.PARAMETER_COUNT);
        return parameters.get(parametersUsed++);
    }

    boolean allParametersUsed() { return parametersUsed == parameters.size(); }

    void enter() {
        if (++depth > MAX_DEPTH) throw StatementParser.malformed("Statement is nested too deeply");
    }

    void leave() { depth--; }

    ApiException unexpected() {
        PartiqlToken t = peek();
        if (t.kind() == PartiqlToken.Kind.END) return StatementParser.malformed("Unexpected end of statement");
        return StatementParser.malformed("Unexpected token " + t.shown() + " at position " + (t.position() + 1));
    }
}
