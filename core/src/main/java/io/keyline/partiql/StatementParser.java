package io.keyline.partiql;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.expr.DocumentPath;
import io.keyline.expr.PathStep;
import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for DynamoDB's PartiQL subset (docs/RULES.md#PARTIQL-DIALECT): one
 * statement, its {@code ?} placeholders bound left to right to the request's Parameters. A
 * statement that does not parse is a ValidationException "Statement wasn't well formed, can't be
 * processed: ..." (docs/RULES.md#PARTIQL-ERRORS). Precedence, loosest first: OR, AND, NOT,
 * predicates (comparison, BETWEEN, IN, IS), + and -, primaries; values are
 * {@link LiteralParser}'s, and {@link TokenCursor} bounds the nesting. One instance per
 * statement; not thread-safe.
 */
public final class StatementParser {
    static final String MALFORMED = "Statement wasn't well formed, can't be processed: ";
    /** Inferred wording (docs/RULES.md#PARTIQL-ERRORS). */
    static final String PARAMETER_COUNT = "Number of parameters in request and statement don't match.";
    private final TokenCursor in;

    private StatementParser(String text, List<AttributeValue> parameters) {
        this.in = new TokenCursor(PartiqlLexer.tokenize(text), parameters == null ? List.of() : parameters);
    }

    /** Parses one statement, binding {@code parameters} (null for none) to its placeholders. */
    public static Statement parse(String text, List<AttributeValue> parameters) {
        StatementParser p = new StatementParser(text, parameters);
        Statement statement = p.statement();
        p.in.acceptSymbol(";");
        if (p.in.peek().kind() != PartiqlToken.Kind.END) throw p.in.unexpected();
        if (!p.in.allParametersUsed()) throw Errors.validation(PARAMETER_COUNT);
        return statement;
    }

    static ApiException malformed(String detail) { return Errors.validation(MALFORMED + detail); }

    private Statement statement() {
        PartiqlToken t = in.peek();
        if (t.is("SELECT")) return select();
        if (t.is("INSERT")) return insert();
        if (t.is("UPDATE")) return update();
        if (t.is("DELETE")) return delete();
        if (t.is("EXISTS")) {
            in.skip();
            in.expectSymbol("(");
            if (!in.peek().is("SELECT")) throw in.unexpected();
            Statement.Select select = select();
            in.expectSymbol(")");
            return new Statement.Exists(select);
        }
        throw malformed("Expected data manipulation");
    }

    private Statement.Select select() {
        in.expectWord("SELECT");
        List<DocumentPath> projection = null;
        if (in.peek().isSymbol("*")) {
            in.skip();
        } else {
            projection = new ArrayList<>();
            do projection.add(path()); while (in.acceptSymbol(","));
        }
        in.expectWord("FROM");
        String table = name();
        String index = null;
        if (in.acceptSymbol(".")) index = name();
        Expr where = null;
        if (in.acceptWord("WHERE")) where = condition();
        List<Statement.Order> order = new ArrayList<>();
        if (in.acceptWord("ORDER")) {
            in.expectWord("BY");
            do {
                DocumentPath key = path();
                boolean descending = false;
                if (in.acceptWord("DESC")) descending = true;
                else in.acceptWord("ASC");
                order.add(new Statement.Order(key, descending));
            } while (in.acceptSymbol(","));
        }
        return new Statement.Select(projection, table, index, where, order);
    }

    private Statement.Insert insert() {
        in.expectWord("INSERT");
        in.expectWord("INTO");
        String table = name();
        if (!in.acceptWord("VALUE")) throw in.unexpected();
        AttributeValue item = LiteralParser.value(in);
        if (!(item instanceof AttributeValue.M m)) throw malformed("The item of an INSERT must be a tuple ({...})");
        return new Statement.Insert(table, m.values());
    }

    private Statement.Update update() {
        in.expectWord("UPDATE");
        String table = name();
        List<Statement.Assignment> assignments = new ArrayList<>();
        while (true) {
            if (in.acceptWord("SET")) {
                do {
                    DocumentPath target = path();
                    in.expectSymbol("=");
                    assignments.add(new Statement.Assignment.Set(target, additive()));
                } while (in.acceptSymbol(","));
            } else if (in.acceptWord("REMOVE")) {
                do assignments.add(new Statement.Assignment.Remove(path())); while (in.acceptSymbol(","));
            } else {
                break;
            }
        }
        if (assignments.isEmpty()) throw in.unexpected();
        in.expectWord("WHERE");
        Expr where = condition();
        return new Statement.Update(table, assignments, where, returning());
    }

    private Statement.Delete delete() {
        in.expectWord("DELETE");
        in.expectWord("FROM");
        String table = name();
        in.expectWord("WHERE");
        Expr where = condition();
        return new Statement.Delete(table, where, returning());
    }

    private Statement.Returning returning() {
        if (!in.acceptWord("RETURNING")) return Statement.Returning.NONE;
        boolean all;
        if (in.acceptWord("ALL")) all = true;
        else if (in.acceptWord("MODIFIED")) all = false;
        else throw in.unexpected();
        boolean old;
        if (in.acceptWord("OLD")) old = true;
        else if (in.acceptWord("NEW")) old = false;
        else throw in.unexpected();
        in.expectSymbol("*");
        if (all) return old ? Statement.Returning.ALL_OLD : Statement.Returning.ALL_NEW;
        return old ? Statement.Returning.MODIFIED_OLD : Statement.Returning.MODIFIED_NEW;
    }

    // ---- conditions

    private Expr condition() {
        in.enter();
        Expr left = conjunction();
        while (in.acceptWord("OR")) left = new Expr.Or(left, conjunction());
        in.leave();
        return left;
    }

    private Expr conjunction() {
        Expr left = negation();
        while (in.acceptWord("AND")) left = new Expr.And(left, negation());
        return left;
    }

    private Expr negation() {
        if (in.acceptWord("NOT")) {
            in.enter();
            Expr operand = negation();
            in.leave();
            return new Expr.Not(operand);
        }
        return predicate();
    }

    private Expr predicate() {
        Expr left = additive();
        PartiqlToken t = in.peek();
        if (t.kind() == PartiqlToken.Kind.SYMBOL && List.of("=", "<>", "<", "<=", ">", ">=").contains(t.text())) {
            in.skip();
            return new Expr.Compare(t.text(), left, additive());
        }
        boolean negated = false;
        if (t.is("NOT") && (in.peek(1).is("BETWEEN") || in.peek(1).is("IN"))) {
            in.skip();
            negated = true;
        }
        if (in.acceptWord("BETWEEN")) {
            Expr low = additive();
            in.expectWord("AND");
            Expr between = new Expr.Between(left, low, additive());
            return negated ? new Expr.Not(between) : between;
        }
        if (in.acceptWord("IN")) {
            Expr in = new Expr.In(left, inList());
            return negated ? new Expr.Not(in) : in;
        }
        if (in.acceptWord("IS")) {
            boolean not = in.acceptWord("NOT");
            if (!(left instanceof Expr.Path p)) throw malformed("IS needs an attribute path on its left");
            if (in.acceptWord("MISSING")) return new Expr.IsMissing(p.path(), not);
            if (in.acceptWord("NULL")) return new Expr.IsNull(p.path(), not);
            throw in.unexpected();
        }
        return left;
    }

    private List<Expr> inList() {
        String close;
        if (in.acceptSymbol("[")) close = "]";
        else if (in.acceptSymbol("(")) close = ")";
        else throw in.unexpected();
        List<Expr> options = new ArrayList<>();
        if (!in.peek().isSymbol(close)) {
            do options.add(additive()); while (in.acceptSymbol(","));
        }
        in.expectSymbol(close);
        return options;
    }

    private Expr additive() {
        Expr left = primary();
        while (in.peek().isSymbol("+") || in.peek().isSymbol("-")) {
            char op = in.peek().text().charAt(0);
            in.skip();
            left = new Expr.Arithmetic(op, left, primary());
        }
        return left;
    }

    private Expr primary() {
        PartiqlToken t = in.peek();
        if (t.isSymbol("(")) {
            in.skip();
            Expr inner = condition();
            in.expectSymbol(")");
            return inner;
        }
        if ((t.kind() == PartiqlToken.Kind.WORD || t.kind() == PartiqlToken.Kind.QUOTED_NAME) && in.peek(1).isSymbol("(")
                && t.kind() == PartiqlToken.Kind.WORD && !isLiteralWord(t)) {
            in.skip(2);
            List<Expr> args = new ArrayList<>();
            if (!in.peek().isSymbol(")")) {
                in.enter();
                do args.add(additive()); while (in.acceptSymbol(","));
                in.leave();
            }
            in.expectSymbol(")");
            return new Expr.Call(t.text().toLowerCase(java.util.Locale.ROOT), args);
        }
        if (t.kind() == PartiqlToken.Kind.QUOTED_NAME || (t.kind() == PartiqlToken.Kind.WORD && !isLiteralWord(t))) {
            return new Expr.Path(path());
        }
        return new Expr.Literal(LiteralParser.value(in));
    }

    private static boolean isLiteralWord(PartiqlToken t) {
        return t.is("TRUE") || t.is("FALSE") || t.is("NULL") || t.is("MISSING");
    }

    // ---- names and paths

    /** A table or index name: a bare word or a quoted name. */
    private String name() {
        PartiqlToken t = in.peek();
        if (t.kind() == PartiqlToken.Kind.WORD || t.kind() == PartiqlToken.Kind.QUOTED_NAME) {
            in.skip();
            return t.text();
        }
        throw in.unexpected();
    }

    /** {@code name ( . name | [index] | ['key'] )*}. */
    private DocumentPath path() {
        List<PathStep> steps = new ArrayList<>();
        steps.add(PathStep.Field.of(name()));
        while (true) {
            if (in.peek().isSymbol(".") && (in.peek(1).kind() == PartiqlToken.Kind.WORD || in.peek(1).kind() == PartiqlToken.Kind.QUOTED_NAME)) {
                in.skip();
                steps.add(PathStep.Field.of(name()));
            } else if (in.peek().isSymbol("[")) {
                in.skip();
                PartiqlToken t = in.peek();
                if (t.kind() == PartiqlToken.Kind.NUMBER) {
                    in.skip();
                    try {
                        steps.add(new PathStep.Index(Integer.parseInt(t.text())));
                    } catch (NumberFormatException e) {
                        throw malformed("Invalid list index: " + t.text());
                    }
                } else if (t.kind() == PartiqlToken.Kind.STRING) {
                    in.skip();
                    steps.add(PathStep.Field.of(t.text()));
                } else {
                    throw in.unexpected();
                }
                in.expectSymbol("]");
            } else {
                return new DocumentPath(steps);
            }
        }
    }
}
