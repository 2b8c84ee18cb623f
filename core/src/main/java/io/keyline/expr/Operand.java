package io.keyline.expr;

import io.keyline.model.AttributeValue;
import java.util.List;

/**
 * A value-producing node of the AST: a document path, a {@code :value} reference (unresolved) or
 * its literal (resolved), a function call, or {@code +}/{@code -} arithmetic (UpdateExpression
 * only). Immutable records.
 */
public sealed interface Operand
        permits Operand.PathOperand, Operand.ValueRef, Operand.Literal, Operand.FunctionCall, Operand.Arithmetic {

    record PathOperand(DocumentPath path) implements Operand {}

    /** An unresolved {@code :name} reference. */
    record ValueRef(String name) implements Operand {}

    /** A value from ExpressionAttributeValues (or a legacy parameter). */
    record Literal(AttributeValue value) implements Operand {}

    record FunctionCall(String name, List<Operand> args) implements Operand {
        public FunctionCall { args = List.copyOf(args); }
    }

    /** {@code left + right} or {@code left - right}; {@code op} is '+' or '-'. */
    record Arithmetic(char op, Operand left, Operand right) implements Operand {}
}
