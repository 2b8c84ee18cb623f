package io.keyline.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Visits AST nodes in text order, for the checks that look at every path or function call.
 * Stateless.
 */
final class Walk {
    private Walk() {}

    static void operands(ConditionNode n, Consumer<Operand> visit) {
        if (n instanceof ConditionNode.Comparison c) { operand(c.left(), visit); operand(c.right(), visit); }
        else if (n instanceof ConditionNode.Between b) { operand(b.value(), visit); operand(b.low(), visit); operand(b.high(), visit); }
        else if (n instanceof ConditionNode.In in) { operand(in.value(), visit); in.candidates().forEach(o -> operand(o, visit)); }
        else if (n instanceof ConditionNode.FunctionCondition f) operand(f.call(), visit);
        else if (n instanceof ConditionNode.And a) { operands(a.left(), visit); operands(a.right(), visit); }
        else if (n instanceof ConditionNode.Or o) { operands(o.left(), visit); operands(o.right(), visit); }
        else if (n instanceof ConditionNode.Not x) operands(x.operand(), visit);
    }

    /** Pre-order: the operand itself, then its arguments. */
    static void operand(Operand o, Consumer<Operand> visit) {
        visit.accept(o);
        if (o instanceof Operand.FunctionCall f) f.args().forEach(a -> operand(a, visit));
        else if (o instanceof Operand.Arithmetic a) { operand(a.left(), visit); operand(a.right(), visit); }
    }

    /** Post-order: arguments first, then the operand itself (the order DynamoDB reports function errors). */
    static void operandPostOrder(Operand o, Consumer<Operand> visit) {
        if (o instanceof Operand.FunctionCall f) f.args().forEach(a -> operandPostOrder(a, visit));
        else if (o instanceof Operand.Arithmetic a) { operandPostOrder(a.left(), visit); operandPostOrder(a.right(), visit); }
        visit.accept(o);
    }

    /** The operands of one primitive condition (not descending into AND/OR/NOT), in text order. */
    static List<Operand> topOperands(ConditionNode n) {
        if (n instanceof ConditionNode.Comparison c) return List.of(c.left(), c.right());
        if (n instanceof ConditionNode.Between b) return List.of(b.value(), b.low(), b.high());
        if (n instanceof ConditionNode.In in) {
            ArrayList<Operand> l = new ArrayList<>();
            l.add(in.value());
            l.addAll(in.candidates());
            return l;
        }
        if (n instanceof ConditionNode.FunctionCondition f) return List.of(f.call());
        return List.of();
    }

    static void paths(List<UpdateAction> actions, Consumer<DocumentPath> visit) {
        for (UpdateAction a : actions) {
            visit.accept(a.path());
            Operand value = null;
            if (a instanceof UpdateAction.Set s) value = s.value();
            else if (a instanceof UpdateAction.Add add) value = add.value();
            else if (a instanceof UpdateAction.Delete d) value = d.value();
            if (value != null) operand(value, o -> { if (o instanceof Operand.PathOperand p) visit.accept(p.path()); });
        }
    }

    /** The first bare attribute name that is a reserved word, or null. */
    static String reservedWord(DocumentPath p) {
        for (PathStep s : p.steps()) {
            if (s instanceof PathStep.Field f && f.bare() && ReservedWords.isReserved(f.name())) return f.name();
        }
        return null;
    }
}
