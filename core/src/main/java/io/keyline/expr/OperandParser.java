package io.keyline.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * The part of the grammar condition and update expressions share: operands, of which function
 * calls are one. Like {@link ParserBase}, one instance parses one expression on one thread.
 */
abstract class OperandParser extends ParserBase {
    OperandParser(String text, String parameter) { super(text, parameter); }

    /** The operand grammar of the concrete parser; function arguments are operands. */
    protected abstract Operand parseOperand();

    /** Called once per function call; the update parser counts calls toward its operator limit. */
    protected void onFunctionCall() {}

    /** Parses {@code name(operand, ...)} with {@code pos} at the function's name. */
    protected Operand.FunctionCall parseFunctionCall(Token name) {
        pos += 2;
        onFunctionCall();
        List<Operand> args = new ArrayList<>();
        args.add(parseOperand());
        while (peek().is(",")) {
            pos++;
            args.add(parseOperand());
        }
        expect(")");
        return new Operand.FunctionCall(name.text(), args);
    }

    /** A value reference, a function call or a document path, at {@code pos}; else a syntax error. */
    protected Operand parsePrimary() {
        Token t = peek();
        if (t.kind() == Token.Kind.VALUE_REF) {
            pos++;
            return new Operand.ValueRef(t.text());
        }
        if (t.kind() == Token.Kind.IDENTIFIER && !isKeyword(t) && peek(1).is("(")) return parseFunctionCall(t);
        if (startsPath(t)) return new Operand.PathOperand(parsePath());
        throw syntaxError();
    }
}
