package io.keyline.expr;

import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Reading and rewriting values at document paths. Items are a mutable top-level map owned by
 * the caller; nested maps and lists are immutable {@link AttributeValue}s, rebuilt along the
 * path on change (copy on write). Stateless.
 */
final class Documents {
    private Documents() {}

    /** The value at {@code path}, or null if any step is missing or has the wrong type. */
    static AttributeValue get(Map<String, AttributeValue> item, DocumentPath path) {
        if (item == null) return null;
        AttributeValue v = item.get(path.head());
        for (int i = 1; i < path.size() && v != null; i++) {
            v = step(v, path.step(i));
        }
        return v;
    }

    static AttributeValue step(AttributeValue v, PathStep s) {
        if (s instanceof PathStep.Field f) {
            return v instanceof AttributeValue.M m ? m.values().get(f.name()) : null;
        }
        int ix = ((PathStep.Index) s).index();
        if (v instanceof AttributeValue.L l) return ix < l.values().size() ? l.values().get(ix) : null;
        return null;
    }

    /**
     * Replaces the value at {@code path} by {@code change(current)}; null current means absent,
     * a null result removes. Every step but the last must exist with the right type, otherwise
     * DynamoDB's "document path ... invalid for update". Setting a list index past the end
     * appends.
     */
    static void change(Map<String, AttributeValue> item, DocumentPath path, UnaryOperator<AttributeValue> change) {
        String head = path.head();
        if (path.isTopLevel()) {
            AttributeValue nv = change.apply(item.get(head));
            if (nv == null) item.remove(head);
            else item.put(head, nv);
            return;
        }
        AttributeValue root = item.get(head);
        if (root == null) throw ExprErrors.validation(ExprErrors.INVALID_PATH_FOR_UPDATE);
        item.put(head, rebuild(root, path, 1, change));
    }

    private static AttributeValue rebuild(AttributeValue container, DocumentPath path, int i, UnaryOperator<AttributeValue> change) {
        PathStep s = path.step(i);
        boolean last = i == path.size() - 1;
        if (s instanceof PathStep.Field f) {
            if (!(container instanceof AttributeValue.M m)) throw ExprErrors.validation(ExprErrors.INVALID_PATH_FOR_UPDATE);
            AttributeValue cur = m.values().get(f.name());
            AttributeValue nv;
            if (last) {
                nv = change.apply(cur);
            } else {
                if (cur == null) throw ExprErrors.validation(ExprErrors.INVALID_PATH_FOR_UPDATE);
                nv = rebuild(cur, path, i + 1, change);
            }
            Map<String, AttributeValue> copy = new LinkedHashMap<>(m.values());
            if (nv == null) copy.remove(f.name());
            else copy.put(f.name(), nv);
            return new AttributeValue.M(copy);
        }
        int ix = ((PathStep.Index) s).index();
        if (!(container instanceof AttributeValue.L l)) throw ExprErrors.validation(ExprErrors.INVALID_PATH_FOR_UPDATE);
        List<AttributeValue> copy = new ArrayList<>(l.values());
        boolean inRange = ix < copy.size();
        if (!last) {
            if (!inRange) throw ExprErrors.validation(ExprErrors.INVALID_PATH_FOR_UPDATE);
            copy.set(ix, rebuild(copy.get(ix), path, i + 1, change));
            return new AttributeValue.L(copy);
        }
        AttributeValue nv = change.apply(inRange ? copy.get(ix) : null);
        if (inRange) {
            if (nv == null) copy.remove(ix);
            else copy.set(ix, nv);
        } else if (nv != null) {
            copy.add(nv);
        }
        return new AttributeValue.L(copy);
    }

    /**
     * Path order used to apply several changes to one item: map keys by name, list indexes by
     * number. Writes go in ascending order (so appends past the end land in index order),
     * removals in descending order (so earlier removals do not shift later indexes).
     */
    static final Comparator<DocumentPath> ORDER = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            PathStep x = a.step(i);
            PathStep y = b.step(i);
            int c;
            if (x instanceof PathStep.Index xi && y instanceof PathStep.Index yi) c = Integer.compare(xi.index(), yi.index());
            else if (x instanceof PathStep.Field xf && y instanceof PathStep.Field yf) c = xf.name().compareTo(yf.name());
            else c = x instanceof PathStep.Field ? -1 : 1;
            if (c != 0) return c;
        }
        return Integer.compare(a.size(), b.size());
    };
}
