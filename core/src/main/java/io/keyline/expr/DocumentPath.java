package io.keyline.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * A document path such as {@code a.b[3].c}: a top-level attribute name followed by map keys and
 * list indexes. Immutable; equality is step by step.
 */
public record DocumentPath(List<PathStep> steps) {
    public DocumentPath {
        steps = List.copyOf(steps);
        if (steps.isEmpty() || !(steps.get(0) instanceof PathStep.Field)) {
            throw new IllegalArgumentException("a document path starts with an attribute name");
        }
    }

    /** A path naming one top-level attribute, taken literally (dots are part of the name). */
    public static DocumentPath attribute(String name) {
        return new DocumentPath(List.of(PathStep.Field.of(name)));
    }

    /** The top-level attribute this path starts with. */
    public String head() { return ((PathStep.Field) steps.get(0)).name(); }

    public int size() { return steps.size(); }

    public PathStep step(int i) { return steps.get(i); }

    public PathStep last() { return steps.get(steps.size() - 1); }

    public boolean isTopLevel() { return steps.size() == 1; }

    public DocumentPath parent() { return new DocumentPath(steps.subList(0, steps.size() - 1)); }

    public DocumentPath child(PathStep step) {
        List<PathStep> l = new ArrayList<>(steps);
        l.add(step);
        return new DocumentPath(l);
    }

    /** DynamoDB's rendering in error messages: {@code [a, b, [3], c]}. */
    public String render() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < steps.size(); i++) {
            if (i > 0) sb.append(", ");
            sb.append(steps.get(i));
        }
        return sb.append(']').toString();
    }

    @Override public String toString() { return render(); }
}
