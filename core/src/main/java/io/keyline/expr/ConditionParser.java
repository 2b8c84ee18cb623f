package io.keyline.expr;

import io.keyline.expr.ConditionNode.Comparator;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for ConditionExpression and FilterExpression, with DynamoDB's
 * precedence (comparators, IN, BETWEEN, functions, then NOT, AND, OR):
 * <pre>
 * or       := and (OR and)*
 * and      := not (AND not)*
 * not      := NOT not | '(' or ')' | simple
 * simple   := operand comparator operand | operand BETWEEN operand AND operand
 *           | operand IN '(' operand (',' operand)* ')' | function
 * operand  := '(' operand ')' | function | :value | path
 * function := name '(' operand (',' operand)* ')'
 * </pre>
 * A '(' starts an operand when the token after its matching ')' is a comparator, BETWEEN, IN, or
 * a path step ('.' or '[': a grouped path such as {@code (a.b).c} goes on).
 * Syntax only: names, functions and types are checked later. Single use, not thread-safe.
 */
final class ConditionParser extends OperandParser {

    /** What the parser produced: the tree and whether some parentheses were redundant. */
    record Result(ConditionNode root, boolean redundantParentheses) {}

    private ConditionParser(String text, String parameter) { super(text, parameter); }

    static Result parse(String text, String parameter) {
        ConditionParser p = new ConditionParser(text, parameter);
        ConditionNode root = p.parseOr();
        p.expectEnd();
        return new Result(root, p.redundantParentheses);
    }

    @Override protected boolean isKeyword(Token t) {
        return t.isKeyword("AND") || t.isKeyword("OR") || t.isKeyword("NOT") || t.isKeyword("BETWEEN") || t.isKeyword("IN");
    }

    private ConditionNode parseOr() {
        ConditionNode left = parseAnd();
        while (peek().isKeyword("OR")) {
            pos++;
            countOperator();
            left = new ConditionNode.Or(left, parseAnd());
        }
        return left;
    }

    private ConditionNode parseAnd() {
        ConditionNode left = parseNot();
        while (peek().isKeyword("AND")) {
            pos++;
            countOperator();
            left = new ConditionNode.And(left, parseNot());
        }
        return left;
    }

    private ConditionNode parseNot() {
        enter();
        try {
            Token t = peek();
            if (t.isKeyword("NOT")) {
                pos++;
                countOperator();
                return new ConditionNode.Not(parseNot());
            }
            if (t.is("(") && !startsOperandGroup()) {
                pos++;
                ConditionNode inner = parseOr();
                expect(")");
                return wrapped(inner);
            }
            return parseSimple();
        } finally {
            leave();
        }
    }

    private boolean startsOperandGroup() {
        Token after = afterMatchingParen();
        return after != null && (comparator(after) != null || after.isKeyword("BETWEEN") || after.isKeyword("IN")
                || after.is(".") || after.is("["));
    }

    private ConditionNode parseSimple() {
        Operand left = parseOperand();
        Token t = peek();
        Comparator c = comparator(t);
        if (c != null) {
            pos++;
            countOperator();
            return new ConditionNode.Comparison(c, left, parseOperand());
        }
        if (t.isKeyword("BETWEEN")) {
            pos++;
            countOperator();
            Operand low = parseOperand();
            if (!peek().isKeyword("AND")) throw syntaxError();
            pos++;
            return new ConditionNode.Between(left, low, parseOperand());
        }
        if (t.isKeyword("IN")) {
            pos++;
            countOperator();
            expect("(");
            List<Operand> candidates = new ArrayList<>();
            candidates.add(parseOperand());
            while (peek().is(",")) {
                pos++;
                candidates.add(parseOperand());
            }
            expect(")");
            return new ConditionNode.In(left, candidates);
        }
        if (left instanceof Operand.FunctionCall f && !parenthesized.contains(f)) {
            return new ConditionNode.FunctionCondition(f);
        }
        throw syntaxError();
    }

    private static Comparator comparator(Token t) {
        if (t.kind() != Token.Kind.SYMBOL) return null;
        switch (t.text()) {
            case "=": return Comparator.EQ;
            case "<>": return Comparator.NE;
            case "<": return Comparator.LT;
            case "<=": return Comparator.LE;
            case ">": return Comparator.GT;
            case ">=": return Comparator.GE;
            default: return null;
        }
    }

    @Override protected Operand parseOperand() {
        enter();
        try {
            Token t = peek();
            if (t.is("(")) {
                pos++;
                Operand inner = parseOperand();
                expect(")");
                wrapped(inner);
                if (inner instanceof Operand.PathOperand p && (peek().is(".") || peek().is("["))) {
                    // A grouped path may go on: (a.b).c is the path a.b.c.
                    return new Operand.PathOperand(parsePathTail(new ArrayList<>(p.path().steps())));
                }
                return inner;
            }
            return parsePrimary();
        } finally {
            leave();
        }
    }
}
