package io.keyline.expr;

import io.keyline.expr.ConditionNode.Comparator;
import io.keyline.model.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * Evaluates resolved, validated condition trees against an item, with DynamoDB's semantics: a
 * missing attribute makes a comparison false ({@code <>} true), values of different types are
 * unequal and unordered, and only S, N and B have an order. Never throws for item contents.
 * Stateless.
 */
final class Evaluator {
    private Evaluator() {}

    static boolean test(ConditionNode n, Map<String, AttributeValue> item) {
        if (n instanceof ConditionNode.Comparison c) return compare(c.op(), value(c.left(), item), value(c.right(), item));
        if (n instanceof ConditionNode.And a) return test(a.left(), item) && test(a.right(), item);
        if (n instanceof ConditionNode.Or o) return test(o.left(), item) || test(o.right(), item);
        if (n instanceof ConditionNode.Not x) return !test(x.operand(), item);
        if (n instanceof ConditionNode.Between b) {
            AttributeValue v = value(b.value(), item);
            AttributeValue lo = value(b.low(), item);
            AttributeValue hi = value(b.high(), item);
            return Values.comparable(v, lo) && Values.comparable(v, hi)
                    && Values.compare(lo, v) <= 0 && Values.compare(v, hi) <= 0;
        }
        if (n instanceof ConditionNode.In in) {
            AttributeValue v = value(in.value(), item);
            if (v == null) return false;
            for (Operand o : in.candidates()) {
                if (v.equals(value(o, item))) return true;
            }
            return false;
        }
        if (n instanceof ConditionNode.FunctionCondition f) return function(f.call(), item);
        if (n instanceof ConditionNode.Always) return true;
        throw new IllegalStateException("unknown condition node " + n);
    }

    static boolean compare(Comparator op, AttributeValue a, AttributeValue b) {
        switch (op) {
            case EQ: return a != null && a.equals(b);
            case NE: return a == null || !a.equals(b);
            default:
                if (!Values.comparable(a, b)) return false;
                int c = Values.compare(a, b);
                switch (op) {
                    case LT: return c < 0;
                    case LE: return c <= 0;
                    case GT: return c > 0;
                    default: return c >= 0;
                }
        }
    }

    private static boolean function(Operand.FunctionCall f, Map<String, AttributeValue> item) {
        List<Operand> args = f.args();
        switch (f.name()) {
            case "attribute_exists":
                return value(args.get(0), item) != null;
            case "attribute_not_exists":
                return value(args.get(0), item) == null;
            case "attribute_type": {
                AttributeValue v = value(args.get(0), item);
                AttributeValue t = value(args.get(1), item);
                return v != null && t instanceof AttributeValue.S s && v.type().equals(s.value());
            }
            case "begins_with":
                return Values.beginsWith(value(args.get(0), item), value(args.get(1), item));
            case "contains":
                return Values.contains(value(args.get(0), item), value(args.get(1), item));
            default:
                throw new IllegalStateException("not a condition function: " + f.name());
        }
    }

    /** The value of an operand in a condition, or null when absent. */
    static AttributeValue value(Operand o, Map<String, AttributeValue> item) {
        if (o instanceof Operand.Literal l) return l.value();
        if (o instanceof Operand.PathOperand p) return Documents.get(item, p.path());
        if (o instanceof Operand.FunctionCall f && f.name().equals("size")) {
            AttributeValue v = value(f.args().get(0), item);
            return v == null ? null : Values.size(v);
        }
        throw new IllegalStateException("operand not allowed in a condition: " + o);
    }
}
