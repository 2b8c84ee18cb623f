package io.keyline.expr;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Recursive-descent parser for UpdateExpression:
 * <pre>
 * update   := clause+
 * clause   := SET path '=' setvalue (',' ...)* | REMOVE path (',' path)*
 *           | ADD path :value (',' ...)* | DELETE path :value (',' ...)*
 * setvalue := '(' value ')' | value
 * value    := operand (('+' | '-') operand)?
 * operand  := '(' term ')' | term
 * term     := function | :value | path
 * function := name '(' operand (',' operand)* ')'
 * </pre>
 * Clause keywords are case-insensitive. A clause given twice is remembered (DynamoDB reports it
 * after some other checks), not rejected here. Single use, not thread-safe.
 */
final class UpdateParser extends OperandParser {

    /** The actions in written order, and the first clause name that appeared twice (or null). */
    record Result(List<UpdateAction> actions, String repeatedClause) {}

    private static final List<String> CLAUSES = List.of("SET", "REMOVE", "ADD", "DELETE");

    private UpdateParser(String text, String parameter) { super(text, parameter); }

    static Result parse(String text, String parameter) {
        UpdateParser p = new UpdateParser(text, parameter);
        return p.parseUpdate();
    }

    @Override protected boolean isKeyword(Token t) {
        if (t.kind() != Token.Kind.IDENTIFIER) return false;
        return CLAUSES.contains(t.text().toUpperCase(Locale.ROOT));
    }

    private Result parseUpdate() {
        List<UpdateAction> actions = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        String repeated = null;
        do {
            Token t = peek();
            if (!isKeyword(t)) throw syntaxError();
            pos++;
            String clause = t.text().toUpperCase(Locale.ROOT);
            if (!seen.add(clause) && repeated == null) repeated = clause;
            actions.add(parseAction(clause));
            while (peek().is(",")) {
                pos++;
                actions.add(parseAction(clause));
            }
        } while (peek().kind() != Token.Kind.EOF);
        return new Result(actions, repeated);
    }

    private UpdateAction parseAction(String clause) {
        DocumentPath path = parsePath();
        switch (clause) {
            case "SET":
                expect("=");
                return new UpdateAction.Set(path, parseSetValue());
            case "REMOVE":
                return new UpdateAction.Remove(path);
            case "ADD":
                return new UpdateAction.Add(path, parseValueRef());
            default:
                return new UpdateAction.Delete(path, parseValueRef());
        }
    }

    private Operand parseValueRef() {
        Token t = peek();
        if (t.kind() != Token.Kind.VALUE_REF) throw syntaxError();
        pos++;
        return new Operand.ValueRef(t.text());
    }

    private Operand parseSetValue() {
        if (peek().is("(")) {
            Token after = afterMatchingParen();
            if (after == null || !(after.is("+") || after.is("-"))) {
                pos++;
                Operand v = parseValue();
                expect(")");
                return v;
            }
        }
        return parseValue();
    }

    private Operand parseValue() {
        Operand left = parseOperand();
        Token t = peek();
        if (t.is("+") || t.is("-")) {
            pos++;
            countOperator();
            return new Operand.Arithmetic(t.text().charAt(0), left, parseOperand());
        }
        return left;
    }

    @Override protected void onFunctionCall() { countOperator(); }

    @Override protected Operand parseOperand() {
        if (peek().is("(")) {
            pos++;
            Operand inner = parseTerm();
            expect(")");
            return inner;
        }
        return parseTerm();
    }

    private Operand parseTerm() {
        enter();
        try {
            return parsePrimary();
        } finally {
            leave();
        }
    }
}
