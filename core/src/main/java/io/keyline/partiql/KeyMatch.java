package io.keyline.partiql;

import io.keyline.error.Errors;
import io.keyline.expr.DocumentPath;
import io.keyline.expr.KeyConditions;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads off a WHERE clause the key a statement addresses (docs/RULES.md#PARTIQL-SELECT-PLAN,
 * docs/RULES.md#PARTIQL-SINGLE-ITEM). Only top-level conjuncts count: {@code pk = v},
 * {@code v = pk}, {@code pk IN [...]} or an OR of {@code pk = v} terms pin the partition key; an
 * equality, a comparison, BETWEEN or begins_with on the sort key narrows it. Anything else is
 * left to the filter, which always receives the whole clause, so what a key match misses is
 * still applied. Stateless.
 */
public final class KeyMatch {
    /** DynamoDB's message when an UPDATE, DELETE or single-item read does not pin the whole primary key. */
    public static final String KEY_REQUIRED = "Where clause does not contain a mandatory equality on all key attributes";

    private KeyMatch() {}

    /**
     * The partitions a SELECT reads as Queries, or null when it is a Scan: one list of key
     * condition terms per partition key value (an IN list or an OR gives several, in the order
     * written, duplicates dropped), each with the same sort key terms.
     */
    public static List<List<KeyConditions.Term>> query(Expr where, KeySchema schema) {
        if (where == null) return null;
        List<Expr> conjuncts = conjuncts(where);
        List<List<AttributeValue>> partitions;
        if (schema.hash().size() == 1) {
            List<AttributeValue> values = partitionValues(conjuncts, schema.partitionKey());
            if (values == null) return null;
            partitions = new ArrayList<>();
            for (AttributeValue v : values) partitions.add(List.of(v));
        } else {
            List<AttributeValue> tuple = new ArrayList<>();
            for (KeyAttribute a : schema.hash()) {
                AttributeValue v = equality(conjuncts, a, true);
                if (v == null) return null;
                tuple.add(v);
            }
            partitions = List.of(tuple);
        }
        List<KeyConditions.Term> sortTerms = sortTerms(conjuncts, schema);
        List<List<KeyConditions.Term>> out = new ArrayList<>();
        for (List<AttributeValue> partition : partitions) {
            List<KeyConditions.Term> terms = new ArrayList<>();
            for (int i = 0; i < partition.size(); i++) {
                terms.add(new KeyConditions.Term(schema.hash().get(i).name(), "EQ", List.of(partition.get(i))));
            }
            terms.addAll(sortTerms);
            out.add(terms);
        }
        return out;
    }

    /** The one item an UPDATE, DELETE, EXISTS or a batch or transaction SELECT addresses, and the rest of its clause. */
    public record ItemKey(Map<String, AttributeValue> key, Expr rest) {}

    /** Every key attribute needs an equality conjunct; the other conjuncts, in order, are {@code rest} (null when none). */
    public static ItemKey item(Expr where, KeySchema schema) {
        if (where == null) throw Errors.validation(KEY_REQUIRED);
        List<Expr> conjuncts = new ArrayList<>(conjuncts(where));
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (KeyAttribute a : schema.all()) {
            Expr found = null;
            for (Expr c : conjuncts) {
                if (equalityValue(c, a.name()) != null) { found = c; break; }
            }
            if (found == null) throw Errors.validation(KEY_REQUIRED);
            key.put(a.name(), equalityValue(found, a.name()));
            conjuncts.remove(found);
        }
        Expr rest = null;
        for (Expr c : conjuncts) rest = rest == null ? c : new Expr.And(rest, c);
        return new ItemKey(key, rest);
    }

    /** The top-level AND terms of a clause, in order. */
    static List<Expr> conjuncts(Expr e) {
        List<Expr> out = new ArrayList<>();
        collect(e, out);
        return out;
    }

    private static void collect(Expr e, List<Expr> out) {
        if (e instanceof Expr.And a) {
            collect(a.left(), out);
            collect(a.right(), out);
        } else {
            out.add(e);
        }
    }

    private static List<AttributeValue> partitionValues(List<Expr> conjuncts, KeyAttribute key) {
        for (Expr c : conjuncts) {
            AttributeValue v = typedEquality(c, key);
            if (v != null) return List.of(v);
            if (c instanceof Expr.In in && isAttribute(in.value(), key.name()) && !in.options().isEmpty()) {
                Set<AttributeValue> values = new LinkedHashSet<>();
                boolean all = true;
                for (Expr option : in.options()) {
                    if (option instanceof Expr.Literal l && key.type().matches(l.value())) values.add(l.value());
                    else all = false;
                }
                if (all) return new ArrayList<>(values);
            }
            if (c instanceof Expr.Or) {
                Set<AttributeValue> values = new LinkedHashSet<>();
                if (orOfEqualities(c, key, values)) return new ArrayList<>(values);
            }
        }
        return null;
    }

    private static boolean orOfEqualities(Expr e, KeyAttribute key, Set<AttributeValue> values) {
        if (e instanceof Expr.Or o) return orOfEqualities(o.left(), key, values) && orOfEqualities(o.right(), key, values);
        AttributeValue v = typedEquality(e, key);
        if (v == null) return false;
        values.add(v);
        return true;
    }

    private static List<KeyConditions.Term> sortTerms(List<Expr> conjuncts, KeySchema schema) {
        List<KeyConditions.Term> terms = new ArrayList<>();
        for (KeyAttribute a : schema.range()) {
            AttributeValue eq = equality(conjuncts, a, true);
            if (eq != null) {
                terms.add(new KeyConditions.Term(a.name(), "EQ", List.of(eq)));
                continue;
            }
            KeyConditions.Term range = rangeTerm(conjuncts, a);
            if (range != null) terms.add(range);
            break;
        }
        return terms;
    }

    private static KeyConditions.Term rangeTerm(List<Expr> conjuncts, KeyAttribute a) {
        for (Expr c : conjuncts) {
            if (c instanceof Expr.Compare cmp && !cmp.op().equals("=") && !cmp.op().equals("<>")) {
                boolean forward = isAttribute(cmp.left(), a.name()) && typedLiteral(cmp.right(), a) != null;
                boolean backward = isAttribute(cmp.right(), a.name()) && typedLiteral(cmp.left(), a) != null;
                if (!forward && !backward) continue;
                String op = forward ? cmp.op() : flipped(cmp.op());
                AttributeValue v = forward ? typedLiteral(cmp.right(), a) : typedLiteral(cmp.left(), a);
                String name = switch (op) {
                    case "<" -> "LT";
                    case "<=" -> "LE";
                    case ">" -> "GT";
                    default -> "GE";
                };
                return new KeyConditions.Term(a.name(), name, List.of(v));
            }
            if (c instanceof Expr.Between b && isAttribute(b.value(), a.name())) {
                AttributeValue low = typedLiteral(b.low(), a);
                AttributeValue high = typedLiteral(b.high(), a);
                if (low != null && high != null) return new KeyConditions.Term(a.name(), "BETWEEN", List.of(low, high));
            }
            if (c instanceof Expr.Call call && call.name().equals("begins_with") && call.args().size() == 2
                    && isAttribute(call.args().get(0), a.name())) {
                AttributeValue prefix = typedLiteral(call.args().get(1), a);
                if (prefix != null) return new KeyConditions.Term(a.name(), "BEGINS_WITH", List.of(prefix));
            }
        }
        return null;
    }

    private static String flipped(String op) {
        return switch (op) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            default -> "<=";
        };
    }

    private static AttributeValue equality(List<Expr> conjuncts, KeyAttribute a, boolean typed) {
        for (Expr c : conjuncts) {
            AttributeValue v = typed ? typedEquality(c, a) : equalityValue(c, a.name());
            if (v != null) return v;
        }
        return null;
    }

    /** The value of {@code name = v} or {@code v = name} when v has the key's type (a mismatched one matches no item: a filter). */
    private static AttributeValue typedEquality(Expr c, KeyAttribute key) {
        AttributeValue v = equalityValue(c, key.name());
        return v != null && key.type().matches(v) ? v : null;
    }

    private static AttributeValue equalityValue(Expr c, String name) {
        if (!(c instanceof Expr.Compare cmp) || !cmp.op().equals("=")) return null;
        if (isAttribute(cmp.left(), name) && cmp.right() instanceof Expr.Literal l) return l.value();
        if (isAttribute(cmp.right(), name) && cmp.left() instanceof Expr.Literal l) return l.value();
        return null;
    }

    private static AttributeValue typedLiteral(Expr e, KeyAttribute a) {
        return e instanceof Expr.Literal l && a.type().matches(l.value()) ? l.value() : null;
    }

    private static boolean isAttribute(Expr e, String name) {
        if (!(e instanceof Expr.Path p)) return false;
        DocumentPath path = p.path();
        return path.isTopLevel() && path.head().equals(name);
    }
}
