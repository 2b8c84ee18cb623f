package io.keyline.expr;

import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Replaces {@code #name} and {@code :value} placeholders with the request's
 * ExpressionAttributeNames and ExpressionAttributeValues, remembering which were used (across all
 * expressions of one request) and the first undefined one of each kind. Placeholders that are
 * undefined stay in the tree; the caller reports them at DynamoDB's point in its check order.
 * One instance per request; not thread-safe.
 */
final class Resolver {
    private final Map<String, String> names;
    private final Map<String, AttributeValue> values;
    private final Set<String> usedNames = new LinkedHashSet<>();
    private final Set<String> usedValues = new LinkedHashSet<>();

    /** First undefined references met while resolving one expression, in text order. */
    static final class Missing {
        String name;
        String value;
        String first;
    }

    Resolver(Map<String, String> names, Map<String, AttributeValue> values) {
        this.names = names == null ? Map.of() : names;
        this.values = values == null ? Map.of() : values;
    }

    Set<String> usedNames() { return usedNames; }

    Set<String> usedValues() { return usedValues; }

    static String undefinedName(String name) {
        return "An expression attribute name used in the document path is not defined; attribute name: " + name;
    }

    static String undefinedValue(String name) {
        return "An expression attribute value used in expression is not defined; attribute value: " + name;
    }

    DocumentPath path(DocumentPath p, Missing m) {
        List<PathStep> steps = new ArrayList<>(p.size());
        for (PathStep s : p.steps()) {
            if (s instanceof PathStep.Field f) {
                if (!f.placeholder()) {
                    steps.add(PathStep.Field.of(f.name()));
                } else if (names.containsKey(f.name())) {
                    usedNames.add(f.name());
                    steps.add(PathStep.Field.of(names.get(f.name())));
                } else {
                    if (m.name == null) m.name = undefinedName(f.name());
                    if (m.first == null) m.first = m.name;
                    steps.add(f);
                }
            } else {
                steps.add(s);
            }
        }
        return new DocumentPath(steps);
    }

    Operand operand(Operand o, Missing m) {
        if (o instanceof Operand.PathOperand p) return new Operand.PathOperand(path(p.path(), m));
        if (o instanceof Operand.ValueRef v) {
            AttributeValue value = values.get(v.name());
            if (value != null) {
                usedValues.add(v.name());
                return new Operand.Literal(value);
            }
            if (m.value == null) m.value = undefinedValue(v.name());
            if (m.first == null) m.first = m.value;
            return v;
        }
        if (o instanceof Operand.FunctionCall f) {
            List<Operand> args = new ArrayList<>(f.args().size());
            for (Operand a : f.args()) args.add(operand(a, m));
            return new Operand.FunctionCall(f.name(), args);
        }
        if (o instanceof Operand.Arithmetic a) {
            Operand left = operand(a.left(), m);
            return new Operand.Arithmetic(a.op(), left, operand(a.right(), m));
        }
        return o;
    }

    ConditionNode condition(ConditionNode n, Missing m) {
        if (n instanceof ConditionNode.Comparison c) {
            Operand left = operand(c.left(), m);
            return new ConditionNode.Comparison(c.op(), left, operand(c.right(), m));
        }
        if (n instanceof ConditionNode.Between b) {
            Operand v = operand(b.value(), m);
            Operand lo = operand(b.low(), m);
            return new ConditionNode.Between(v, lo, operand(b.high(), m));
        }
        if (n instanceof ConditionNode.In in) {
            Operand v = operand(in.value(), m);
            List<Operand> c = new ArrayList<>();
            for (Operand o : in.candidates()) c.add(operand(o, m));
            return new ConditionNode.In(v, c);
        }
        if (n instanceof ConditionNode.FunctionCondition f) {
            return new ConditionNode.FunctionCondition((Operand.FunctionCall) operand(f.call(), m));
        }
        if (n instanceof ConditionNode.And a) {
            ConditionNode left = condition(a.left(), m);
            return new ConditionNode.And(left, condition(a.right(), m));
        }
        if (n instanceof ConditionNode.Or o) {
            ConditionNode left = condition(o.left(), m);
            return new ConditionNode.Or(left, condition(o.right(), m));
        }
        if (n instanceof ConditionNode.Not x) return new ConditionNode.Not(condition(x.operand(), m));
        return n;
    }

    UpdateAction action(UpdateAction a, Missing m) {
        DocumentPath p = path(a.path(), m);
        if (a instanceof UpdateAction.Set s) return new UpdateAction.Set(p, operand(s.value(), m));
        if (a instanceof UpdateAction.Remove) return new UpdateAction.Remove(p);
        if (a instanceof UpdateAction.Add add) return new UpdateAction.Add(p, operand(add.value(), m));
        if (a instanceof UpdateAction.Delete d) return new UpdateAction.Delete(p, operand(d.value(), m));
        return a;
    }
}
