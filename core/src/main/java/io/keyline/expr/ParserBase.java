package io.keyline.expr;

import io.keyline.error.ApiException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Shared machinery of the three recursive-descent parsers: a token cursor, document paths,
 * DynamoDB's syntax-error text ({@code Syntax error; token: "x", near: "prev x next"}), the
 * recursion guard and the operator count. One instance parses one expression on one thread.
 */
abstract class ParserBase {
    protected final String text;
    protected final String parameter;
    protected final List<Token> tokens;
    /** For each '(' token index, the index of its matching ')' (or -1). */
    private final int[] matching;
    protected int pos;
    private int depth;
    private int operators;
    /** Nodes that were written inside their own parentheses, to find redundant ones. */
    protected final Set<Object> parenthesized = Collections.newSetFromMap(new IdentityHashMap<>());
    protected boolean redundantParentheses;

    ParserBase(String text, String parameter) {
        this.text = text;
        this.parameter = parameter;
        this.tokens = Lexer.tokenize(text);
        this.matching = matchParentheses(tokens);
    }

    private static int[] matchParentheses(List<Token> tokens) {
        int[] m = new int[tokens.size()];
        Arrays.fill(m, -1);
        Deque<Integer> open = new ArrayDeque<>();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.is("(")) open.push(i);
            else if (t.is(")") && !open.isEmpty()) m[open.pop()] = i;
        }
        return m;
    }

    /** True if the word is a keyword of this grammar, so it cannot name an attribute. */
    protected abstract boolean isKeyword(Token t);

    protected Token peek() { return tokens.get(pos); }

    protected Token peek(int ahead) { return tokens.get(Math.min(pos + ahead, tokens.size() - 1)); }

    protected Token next() { return tokens.get(pos++); }

    protected void expect(String symbol) {
        if (!peek().is(symbol)) throw syntaxError();
        pos++;
    }

    /** The token after the ')' matching the '(' at the cursor, or null if unmatched. */
    protected Token afterMatchingParen() {
        int close = matching[pos];
        return close < 0 ? null : tokens.get(close + 1);
    }

    protected void enter() {
        if (++depth > ExprLimits.MAX_PARSE_DEPTH) throw syntaxError();
    }

    protected void leave() { depth--; }

    protected void countOperator() {
        if (++operators > ExprLimits.MAX_OPERATORS) {
            throw ExprErrors.invalid(parameter, "The expression contains too many operators; operator count: " + operators);
        }
    }

    protected void expectEnd() {
        if (peek().kind() != Token.Kind.EOF) throw syntaxError();
    }

    /** DynamoDB's syntax error at the current token: it quotes the token and its neighbours. */
    protected ApiException syntaxError() {
        Token t = peek();
        int from = pos > 0 ? tokens.get(pos - 1).start() : t.start();
        int to;
        if (t.kind() == Token.Kind.EOF) to = pos > 0 ? tokens.get(pos - 1).end() : t.end();
        else to = tokens.get(pos + 1).kind() == Token.Kind.EOF ? t.end() : tokens.get(pos + 1).end();
        return ExprErrors.invalid(parameter, "Syntax error; token: \"" + t.text() + "\", near: \"" + text.substring(from, to) + "\"");
    }

    protected boolean startsPath(Token t) {
        return (t.kind() == Token.Kind.IDENTIFIER && !isKeyword(t)) || t.kind() == Token.Kind.NAME_REF;
    }

    /** path := name ('.' name | '[' digits ']')* where name is an attribute name or #ref. */
    protected DocumentPath parsePath() {
        List<PathStep> steps = new ArrayList<>();
        steps.add(parseName());
        return parsePathTail(steps);
    }

    /** Continues a path with '.name' and '[n]' steps, then checks its nesting depth. */
    protected DocumentPath parsePathTail(List<PathStep> steps) {
        while (true) {
            Token t = peek();
            if (t.is(".")) {
                pos++;
                steps.add(parseName());
            } else if (t.is("[")) {
                pos++;
                Token n = peek();
                if (n.kind() != Token.Kind.NUMBER) throw syntaxError();
                pos++;
                steps.add(new PathStep.Index(parseIndex(n.text())));
                expect("]");
            } else {
                break;
            }
        }
        if (steps.size() > ExprLimits.MAX_PATH_DEPTH) {
            throw ExprErrors.invalid(parameter, "The document path has too many nesting levels; nesting levels: " + steps.size());
        }
        return new DocumentPath(steps);
    }

    private PathStep.Field parseName() {
        Token t = peek();
        if (!startsPath(t)) throw syntaxError();
        pos++;
        return t.kind() == Token.Kind.NAME_REF
                ? new PathStep.Field(t.text(), true, false)
                : new PathStep.Field(t.text(), false, true);
    }

    private int parseIndex(String digits) {
        String trimmed = digits.replaceFirst("^0+(?=.)", "");
        if (trimmed.length() > 10 || Long.parseLong(trimmed) > Integer.MAX_VALUE) {
            throw ExprErrors.invalid(parameter, "List index is not within the allowable range; index: [" + digits + "]");
        }
        return Integer.parseInt(trimmed);
    }

    /** Marks {@code node} as written inside its own parentheses; twice is redundant. */
    protected <T> T wrapped(T node) {
        if (!parenthesized.add(node)) redundantParentheses = true;
        return node;
    }
}
