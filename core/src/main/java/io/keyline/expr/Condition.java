package io.keyline.expr;

import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A resolved, validated condition (ConditionExpression, FilterExpression or a translated legacy
 * Expected/QueryFilter/ScanFilter). Immutable and thread-safe; evaluation never throws for
 * item contents: a missing or mistyped attribute just makes the comparison false.
 */
public final class Condition {
    private static final Condition ALWAYS = new Condition(new ConditionNode.Always());

    private final ConditionNode root;

    Condition(ConditionNode root) { this.root = root; }

    /** The condition that holds for every item (an empty legacy Expected). */
    public static Condition always() { return ALWAYS; }

    /** True if the item satisfies the condition; {@code item} null means there is no item. */
    public boolean test(Map<String, AttributeValue> item) {
        return Evaluator.test(root, item == null ? Map.of() : item);
    }

    /** The resolved tree, for callers that inspect it (for example key conditions). */
    public ConditionNode root() { return root; }

    /** Every document path the condition reads, in text order. */
    public List<DocumentPath> paths() {
        List<DocumentPath> out = new ArrayList<>();
        Walk.operands(root, o -> {
            if (o instanceof Operand.PathOperand p) out.add(p.path());
        });
        return out;
    }

    @Override public String toString() { return "Condition" + root; }
}
