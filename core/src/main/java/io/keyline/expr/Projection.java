package io.keyline.expr;

import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A set of document paths to keep from an item (ProjectionExpression, AttributesToGet, or any
 * caller's list). Nested paths give nested partial documents, as DynamoDB returns them:
 * {@code a.b[2].y} of an item yields {@code {a: {b: [{y: ...}]}}}; list elements keep their
 * order; paths that do not exist in the item are skipped. Immutable and thread-safe.
 */
public final class Projection {
    private final List<DocumentPath> paths;
    private final Node root = new Node();

    private Projection(List<DocumentPath> paths) {
        this.paths = List.copyOf(paths);
        for (DocumentPath p : paths) {
            Node n = root;
            for (PathStep s : p.steps()) {
                if (n.whole) break;
                n = n.child(s);
            }
            n.whole = true;
            n.fields.clear();
            n.indexes.clear();
        }
    }

    /** Projects the given paths; overlapping paths are allowed here (the wider one wins). */
    public static Projection of(List<DocumentPath> paths) { return new Projection(paths); }

    public List<DocumentPath> paths() { return paths; }

    /** The projected item: a new map, possibly empty. */
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : root.fields.entrySet()) {
            AttributeValue v = project(item.get(e.getKey()), e.getValue());
            if (v != null) out.put(e.getKey(), v);
        }
        return out;
    }

    private static AttributeValue project(AttributeValue v, Node n) {
        if (v == null || n.whole) return v;
        if (!n.fields.isEmpty() && v instanceof AttributeValue.M m) {
            Map<String, AttributeValue> out = new LinkedHashMap<>();
            for (Map.Entry<String, Node> e : n.fields.entrySet()) {
                AttributeValue child = project(m.values().get(e.getKey()), e.getValue());
                if (child != null) out.put(e.getKey(), child);
            }
            return out.isEmpty() ? null : new AttributeValue.M(out);
        }
        if (!n.indexes.isEmpty() && v instanceof AttributeValue.L l) {
            List<AttributeValue> out = new ArrayList<>();
            for (Map.Entry<Integer, Node> e : n.indexes.entrySet()) {
                if (e.getKey() >= l.values().size()) break;
                AttributeValue child = project(l.values().get(e.getKey()), e.getValue());
                if (child != null) out.add(child);
            }
            return out.isEmpty() ? null : new AttributeValue.L(out);
        }
        return null;
    }

    /** A node of the selection tree: the whole value, or some map keys, or some list indexes. */
    private static final class Node {
        boolean whole;
        final Map<String, Node> fields = new LinkedHashMap<>();
        final TreeMap<Integer, Node> indexes = new TreeMap<>();

        Node child(PathStep s) {
            if (s instanceof PathStep.Field f) return fields.computeIfAbsent(f.name(), k -> new Node());
            return indexes.computeIfAbsent(((PathStep.Index) s).index(), k -> new Node());
        }
    }

    @Override public String toString() { return "Projection" + paths; }
}
