package io.keyline.expr;

import java.util.List;

/**
 * DynamoDB's rule that the paths an update writes (or a projection reads) may not overlap (one
 * is a prefix of, or equal to, another) or conflict (one goes through a map key where the
 * other goes through a list index). Overlap is reported before conflict; "path one" is the
 * earlier path. Stateless.
 */
final class PathOverlap {
    private PathOverlap() {}

    static void check(List<DocumentPath> paths, String parameter) {
        String conflict = null;
        for (int j = 1; j < paths.size(); j++) {
            for (int i = 0; i < j; i++) {
                DocumentPath one = paths.get(i);
                DocumentPath two = paths.get(j);
                Relation r = relation(one, two);
                if (r == Relation.OVERLAP) {
                    throw ExprErrors.invalid(parameter, "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: "
                            + one.render() + ", path two: " + two.render());
                }
                if (r == Relation.CONFLICT && conflict == null) {
                    conflict = "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: "
                            + one.render() + ", path two: " + two.render();
                }
            }
        }
        if (conflict != null) throw ExprErrors.invalid(parameter, conflict);
    }

    enum Relation { NONE, OVERLAP, CONFLICT }

    static Relation relation(DocumentPath a, DocumentPath b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            PathStep x = a.step(i);
            PathStep y = b.step(i);
            if (x instanceof PathStep.Field xf && y instanceof PathStep.Field yf) {
                if (!xf.name().equals(yf.name())) return Relation.NONE;
            } else if (x instanceof PathStep.Index xi && y instanceof PathStep.Index yi) {
                if (xi.index() != yi.index()) return Relation.NONE;
            } else {
                return Relation.CONFLICT;
            }
        }
        return Relation.OVERLAP;
    }
}
