package io.keyline.expr;

import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A resolved, validated update (UpdateExpression or translated AttributeUpdates). Applying it is
 * a pure function of the old item: every right-hand side is read from the old item first, then
 * writes are applied in path order (list indexes ascending, so SET past the end appends in index
 * order) and removals last in descending path order (so list indexes refer to the old list).
 * Immutable and thread-safe.
 */
public final class Update {
    private final List<UpdateAction> actions;
    private final List<DocumentPath> targets;

    Update(List<UpdateAction> actions) {
        this.actions = List.copyOf(actions);
        List<DocumentPath> t = new ArrayList<>();
        for (UpdateAction a : actions) t.add(a.path());
        this.targets = List.copyOf(t);
    }

    public List<UpdateAction> actions() { return actions; }

    /** The paths this update writes or removes, known before any item is read. */
    public List<DocumentPath> targetPaths() { return targets; }

    /** Applies the update to {@code oldItem} (null: no item). Throws ValidationException as DynamoDB does. */
    public UpdateResult apply(Map<String, AttributeValue> oldItem) {
        if (oldItem == null && !actions.isEmpty() && actions.stream().allMatch(UpdateAction::removesOnly)) {
            return new UpdateResult(null, targets);
        }
        Map<String, AttributeValue> old = oldItem == null ? Map.of() : oldItem;
        Map<UpdateAction, AttributeValue> values = new IdentityHashMap<>();
        for (UpdateAction a : actions) {
            if (a instanceof UpdateAction.Set s) values.put(a, value(s.value(), old));
        }
        List<UpdateAction> writes = new ArrayList<>();
        List<UpdateAction> removes = new ArrayList<>();
        for (UpdateAction a : actions) (a instanceof UpdateAction.Remove ? removes : writes).add(a);
        writes.sort((x, y) -> Documents.ORDER.compare(x.path(), y.path()));
        removes.sort((x, y) -> Documents.ORDER.compare(y.path(), x.path()));
        Map<String, AttributeValue> item = new LinkedHashMap<>(old);
        for (UpdateAction a : writes) {
            if (oldItem == null && a.removesOnly()) continue;
            write(item, a, values.get(a));
        }
        // With no old item there is nothing to remove or delete from: DynamoDB ignores REMOVE x.y then.
        if (oldItem != null) {
            for (UpdateAction a : removes) Documents.change(item, a.path(), current -> null);
        }
        return new UpdateResult(Collections.unmodifiableMap(item), targets);
    }

    private static void write(Map<String, AttributeValue> item, UpdateAction a, AttributeValue computed) {
        if (a instanceof UpdateAction.Set) {
            Documents.change(item, a.path(), current -> computed);
        } else if (a instanceof UpdateAction.Add add) {
            AttributeValue v = ((Operand.Literal) add.value()).value();
            Documents.change(item, a.path(), current -> add(current, v));
        } else if (a instanceof UpdateAction.Delete d) {
            AttributeValue v = ((Operand.Literal) d.value()).value();
            Documents.change(item, a.path(), current -> {
                if (current == null) return null;
                Values.Difference diff = Values.difference(current, v);
                if (diff == null) throw ExprErrors.validation(ExprErrors.INCORRECT_OPERAND_TYPE);
                return diff.remaining();
            });
        } else if (a instanceof UpdateAction.LegacyPut p) {
            Documents.change(item, a.path(), current -> p.value());
        } else if (a instanceof UpdateAction.LegacyAdd add) {
            Documents.change(item, a.path(), current -> LegacyUpdates.add(current, add.value()));
        } else if (a instanceof UpdateAction.LegacyDelete d) {
            Documents.change(item, a.path(), current -> LegacyUpdates.delete(current, d.value()));
        }
    }

    private static AttributeValue add(AttributeValue current, AttributeValue v) {
        if (current == null) return v;
        if (current instanceof AttributeValue.N x && v instanceof AttributeValue.N y) return Values.add(x, y);
        AttributeValue union = Values.union(current, v);
        if (union == null) throw ExprErrors.validation(ExprErrors.INCORRECT_OPERAND_TYPE);
        return union;
    }

    /** The value of a SET right-hand side, read from the old item. */
    static AttributeValue value(Operand o, Map<String, AttributeValue> item) {
        if (o instanceof Operand.Literal l) return l.value();
        if (o instanceof Operand.PathOperand p) {
            AttributeValue v = Documents.get(item, p.path());
            if (v == null) throw ExprErrors.validation(ExprErrors.MISSING_ATTRIBUTE);
            return v;
        }
        if (o instanceof Operand.Arithmetic a) {
            AttributeValue x = value(a.left(), item);
            AttributeValue y = value(a.right(), item);
            if (!(x instanceof AttributeValue.N xn) || !(y instanceof AttributeValue.N yn)) {
                throw ExprErrors.validation(ExprErrors.INCORRECT_OPERAND_TYPE);
            }
            return a.op() == '+' ? Values.add(xn, yn) : Values.subtract(xn, yn);
        }
        Operand.FunctionCall f = (Operand.FunctionCall) o;
        if (f.name().equals("if_not_exists")) {
            AttributeValue existing = Documents.get(item, ((Operand.PathOperand) f.args().get(0)).path());
            return existing != null ? existing : value(f.args().get(1), item);
        }
        AttributeValue x = value(f.args().get(0), item);
        AttributeValue y = value(f.args().get(1), item);
        if (!(x instanceof AttributeValue.L xl) || !(y instanceof AttributeValue.L yl)) {
            throw ExprErrors.validation(ExprErrors.INCORRECT_OPERAND_TYPE);
        }
        List<AttributeValue> joined = new ArrayList<>(xl.values());
        joined.addAll(yl.values());
        return new AttributeValue.L(joined);
    }

    @Override public String toString() { return "Update" + actions; }
}
