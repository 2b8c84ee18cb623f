package io.keyline.expr;

import java.util.List;

/**
 * A boolean node of the AST. Immutable records; {@link Always} is the condition of an empty
 * legacy {@code Expected}.
 */
public sealed interface ConditionNode
        permits ConditionNode.Comparison, ConditionNode.Between, ConditionNode.In,
                ConditionNode.FunctionCondition, ConditionNode.And, ConditionNode.Or,
                ConditionNode.Not, ConditionNode.Always {

    enum Comparator {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");
        public final String symbol;
        Comparator(String symbol) { this.symbol = symbol; }
    }

    record Comparison(Comparator op, Operand left, Operand right) implements ConditionNode {}

    record Between(Operand value, Operand low, Operand high) implements ConditionNode {}

    record In(Operand value, List<Operand> candidates) implements ConditionNode {
        public In { candidates = List.copyOf(candidates); }
    }

    /** A boolean function used as a condition, e.g. {@code attribute_exists(a)}. */
    record FunctionCondition(Operand.FunctionCall call) implements ConditionNode {}

    record And(ConditionNode left, ConditionNode right) implements ConditionNode {}

    record Or(ConditionNode left, ConditionNode right) implements ConditionNode {}

    record Not(ConditionNode operand) implements ConditionNode {}

    record Always() implements ConditionNode {}
}
