package io.keyline.partiql;

import io.keyline.error.Errors;
import io.keyline.expr.DocumentPath;
import io.keyline.expr.PathStep;
import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Writes parts of a statement as DynamoDB expression text (ConditionExpression,
 * UpdateExpression, ProjectionExpression) in which every attribute name is a {@code #n}
 * placeholder and every value a {@code :v} placeholder, collected in {@link #names()} and
 * {@link #values()}. Because nothing of the statement is pasted into the text, no name needs
 * quoting and no reserved word can clash; the {@code expr} package then parses, validates and
 * evaluates the text as it does any request's (docs/RULES.md#PARTIQL-TRANSLATION). One instance
 * per statement; not thread-safe.
 */
public final class ExpressionWriter {
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, String> placeholderOf = new LinkedHashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();

    /** The ExpressionAttributeNames written so far, or null when none. */
    public Map<String, String> names() { return names.isEmpty() ? null : names; }

    /** The ExpressionAttributeValues written so far, or null when none. */
    public Map<String, AttributeValue> values() { return values.isEmpty() ? null : values; }

    /** A condition as ConditionExpression / FilterExpression text. */
    public String condition(Expr e) {
        if (e instanceof Expr.And a) return "(" + condition(a.left()) + ") AND (" + condition(a.right()) + ")";
        if (e instanceof Expr.Or o) return "(" + condition(o.left()) + ") OR (" + condition(o.right()) + ")";
        if (e instanceof Expr.Not n) return "NOT (" + condition(n.operand()) + ")";
        if (e instanceof Expr.Compare c) return operand(c.left()) + " " + c.op() + " " + operand(c.right());
        if (e instanceof Expr.Between b) return operand(b.value()) + " BETWEEN " + operand(b.low()) + " AND " + operand(b.high());
        if (e instanceof Expr.In in) {
            StringJoiner options = new StringJoiner(", ", "(", ")");
            for (Expr option : in.options()) options.add(operand(option));
            return operand(in.value()) + " IN " + options;
        }
        if (e instanceof Expr.IsMissing m) return (m.negated() ? "attribute_exists(" : "attribute_not_exists(") + path(m.path()) + ")";
        if (e instanceof Expr.IsNull n) {
            String test = "attribute_type(" + path(n.path()) + ", " + value(new AttributeValue.S("NULL")) + ")";
            return n.negated() ? "NOT " + test : test;
        }
        if (e instanceof Expr.Call call) return call(call);
        throw StatementParser.malformed("Unsupported condition in WHERE clause");
    }

    /** One operand of a comparison: a path, a value, or size(path). */
    public String operand(Expr e) {
        if (e instanceof Expr.Path p) return path(p.path());
        if (e instanceof Expr.Literal l) return value(l.value());
        if (e instanceof Expr.Call c && c.name().equals("size")) return call(c);
        throw Errors.validation(StatementParser.MALFORMED + "Unsupported operand in WHERE clause");
    }

    /** The right-hand side of a SET: a value, a path, path ± value, list_append, if_not_exists. */
    public String setValue(Expr e) {
        if (e instanceof Expr.Arithmetic a) return setValue(a.left()) + " " + a.op() + " " + setValue(a.right());
        if (e instanceof Expr.Call c && (c.name().equals("list_append") || c.name().equals("if_not_exists"))) {
            StringJoiner args = new StringJoiner(", ", c.name() + "(", ")");
            for (Expr arg : c.args()) args.add(setValue(arg));
            return args.toString();
        }
        if (e instanceof Expr.Path p) return path(p.path());
        if (e instanceof Expr.Literal l) return value(l.value());
        throw StatementParser.malformed("Unsupported value in SET clause");
    }

    /** The UpdateExpression of an UPDATE's clauses: SET, REMOVE, and set_add / set_delete as ADD / DELETE. */
    public String update(List<Statement.Assignment> assignments) {
        List<String> set = new ArrayList<>();
        List<String> remove = new ArrayList<>();
        List<String> add = new ArrayList<>();
        List<String> delete = new ArrayList<>();
        for (Statement.Assignment a : assignments) {
            if (a instanceof Statement.Assignment.Remove r) {
                remove.add(path(r.path()));
                continue;
            }
            Statement.Assignment.Set s = (Statement.Assignment.Set) a;
            if (s.value() instanceof Expr.Call c && (c.name().equals("set_add") || c.name().equals("set_delete"))) {
                // DynamoDB's set_add(path, set) / set_delete(path, set) are UpdateExpression's ADD / DELETE on that path
                if (c.args().size() != 2 || !(c.args().get(1) instanceof Expr.Literal operand)) {
                    throw StatementParser.malformed(c.name() + " takes an attribute path and a set");
                }
                (c.name().equals("set_add") ? add : delete).add(path(s.path()) + " " + value(operand.value()));
                continue;
            }
            set.add(path(s.path()) + " = " + setValue(s.value()));
        }
        StringBuilder sb = new StringBuilder();
        clause(sb, "SET", set);
        clause(sb, "REMOVE", remove);
        clause(sb, "ADD", add);
        clause(sb, "DELETE", delete);
        return sb.toString();
    }

    private static void clause(StringBuilder sb, String keyword, List<String> parts) {
        if (parts.isEmpty()) return;
        if (sb.length() > 0) sb.append(' ');
        sb.append(keyword).append(' ').append(String.join(", ", parts));
    }

    /** A ProjectionExpression of the listed paths. */
    public String projection(List<DocumentPath> paths) {
        StringJoiner j = new StringJoiner(", ");
        for (DocumentPath p : paths) j.add(path(p));
        return j.toString();
    }

    /** A document path with each name a placeholder, e.g. {@code #n0.#n1[0]}. */
    public String path(DocumentPath p) {
        StringBuilder sb = new StringBuilder();
        for (PathStep step : p.steps()) {
            if (step instanceof PathStep.Index i) {
                sb.append('[').append(i.index()).append(']');
            } else {
                if (sb.length() > 0) sb.append('.');
                sb.append(name(((PathStep.Field) step).name()));
            }
        }
        return sb.toString();
    }

    /** The placeholder of a top-level attribute name. */
    public String name(String attribute) {
        return placeholderOf.computeIfAbsent(attribute, a -> {
            String key = "#n" + names.size();
            names.put(key, a);
            return key;
        });
    }

    /** A new value placeholder. */
    public String value(AttributeValue v) {
        String key = ":v" + values.size();
        values.put(key, v);
        return key;
    }

    private String call(Expr.Call c) {
        StringJoiner args = new StringJoiner(", ", c.name() + "(", ")");
        for (int i = 0; i < c.args().size(); i++) {
            Expr arg = c.args().get(i);
            args.add(i == 0 && arg instanceof Expr.Path p ? path(p.path()) : operand(arg));
        }
        return args.toString();
    }
}
