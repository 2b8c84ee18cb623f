package io.keyline.partiql;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.expr.DocumentPath;
import io.keyline.expr.PathStep;
import io.keyline.model.AttributeValue;
import io.keyline.model.Binary;
import io.keyline.model.NumberText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Recursive-descent parser for DynamoDB's PartiQL subset (docs/RULES.md#PARTIQL-DIALECT): one
 * statement, its {@code ?} placeholders bound left to right to the request's Parameters. A
 * statement that does not parse is a ValidationException "Statement wasn't well formed, can't be
 * processed: ..." (docs/RULES.md#PARTIQL-ERRORS). Precedence, loosest first: OR, AND, NOT,
 * predicates (comparison, BETWEEN, IN, IS), + and -, primaries. Nesting is bounded
 * ({@link #MAX_DEPTH}) so a hostile statement cannot exhaust the stack. One instance per
 * statement; not thread-safe.
 */
public final class StatementParser {
    static final String MALFORMED = "Statement wasn't well formed, can't be processed: ";
    /** Inferred wording (docs/RULES.md#PARTIQL-ERRORS). */
    static final String PARAMETER_COUNT = "Number of parameters in request and statement don't match.";
    private static final int MAX_DEPTH = 100;

    private final List<PartiqlToken> tokens;
    private final List<AttributeValue> parameters;
    private int pos;
    private int parametersUsed;
    private int depth;

    private StatementParser(String text, List<AttributeValue> parameters) {
        this.tokens = PartiqlLexer.tokenize(text);
        this.parameters = parameters == null ? List.of() : parameters;
    }

    /** Parses one statement, binding {@code parameters} (null for none) to its placeholders. */
    public static Statement parse(String text, List<AttributeValue> parameters) {
        StatementParser p = new StatementParser(text, parameters);
        Statement statement = p.statement();
        if (p.peek().isSymbol(";")) p.pos++;
        if (p.peek().kind() != PartiqlToken.Kind.END) throw p.unexpected();
        if (p.parametersUsed != p.parameters.size()) throw Errors.validation(PARAMETER_COUNT);
        return statement;
    }

    static ApiException malformed(String detail) { return Errors.validation(MALFORMED + detail); }

    private Statement statement() {
        PartiqlToken t = peek();
        if (t.is("SELECT")) return select();
        if (t.is("INSERT")) return insert();
        if (t.is("UPDATE")) return update();
        if (t.is("DELETE")) return delete();
        if (t.is("EXISTS")) {
            pos++;
            expectSymbol("(");
            if (!peek().is("SELECT")) throw unexpected();
            Statement.Select select = select();
            expectSymbol(")");
            return new Statement.Exists(select);
        }
        throw malformed("Expected data manipulation");
    }

    private Statement.Select select() {
        expectWord("SELECT");
        List<DocumentPath> projection = null;
        if (peek().isSymbol("*")) {
            pos++;
        } else {
            projection = new ArrayList<>();
            do projection.add(path()); while (acceptSymbol(","));
        }
        expectWord("FROM");
        String table = name();
        String index = null;
        if (acceptSymbol(".")) index = name();
        Expr where = null;
        if (acceptWord("WHERE")) where = condition();
        List<Statement.Order> order = new ArrayList<>();
        if (acceptWord("ORDER")) {
            expectWord("BY");
            do {
                DocumentPath key = path();
                boolean descending = false;
                if (acceptWord("DESC")) descending = true;
                else acceptWord("ASC");
                order.add(new Statement.Order(key, descending));
            } while (acceptSymbol(","));
        }
        return new Statement.Select(projection, table, index, where, order);
    }

    private Statement.Insert insert() {
        expectWord("INSERT");
        expectWord("INTO");
        String table = name();
        if (!acceptWord("VALUE")) throw unexpected();
        AttributeValue item = value();
        if (!(item instanceof AttributeValue.M m)) throw malformed("The item of an INSERT must be a tuple ({...})");
        return new Statement.Insert(table, m.values());
    }

    private Statement.Update update() {
        expectWord("UPDATE");
        String table = name();
        List<Statement.Assignment> assignments = new ArrayList<>();
        while (true) {
            if (acceptWord("SET")) {
                do {
                    DocumentPath target = path();
                    expectSymbol("=");
                    assignments.add(new Statement.Assignment.Set(target, additive()));
                } while (acceptSymbol(","));
            } else if (acceptWord("REMOVE")) {
                do assignments.add(new Statement.Assignment.Remove(path())); while (acceptSymbol(","));
            } else {
                break;
            }
        }
        if (assignments.isEmpty()) throw unexpected();
        expectWord("WHERE");
        Expr where = condition();
        return new Statement.Update(table, assignments, where, returning());
    }

    private Statement.Delete delete() {
        expectWord("DELETE");
        expectWord("FROM");
        String table = name();
        expectWord("WHERE");
        Expr where = condition();
        return new Statement.Delete(table, where, returning());
    }

    private Statement.Returning returning() {
        if (!acceptWord("RETURNING")) return Statement.Returning.NONE;
        boolean all;
        if (acceptWord("ALL")) all = true;
        else if (acceptWord("MODIFIED")) all = false;
        else throw unexpected();
        boolean old;
        if (acceptWord("OLD")) old = true;
        else if (acceptWord("NEW")) old = false;
        else throw unexpected();
        expectSymbol("*");
        if (all) return old ? Statement.Returning.ALL_OLD : Statement.Returning.ALL_NEW;
        return old ? Statement.Returning.MODIFIED_OLD : Statement.Returning.MODIFIED_NEW;
    }

    // ---- conditions

    private Expr condition() {
        enter();
        Expr left = conjunction();
        while (acceptWord("OR")) left = new Expr.Or(left, conjunction());
        depth--;
        return left;
    }

    private Expr conjunction() {
        Expr left = negation();
        while (acceptWord("AND")) left = new Expr.And(left, negation());
        return left;
    }

    private Expr negation() {
        if (acceptWord("NOT")) {
            enter();
            Expr operand = negation();
            depth--;
            return new Expr.Not(operand);
        }
        return predicate();
    }

    private Expr predicate() {
        Expr left = additive();
        PartiqlToken t = peek();
        if (t.kind() == PartiqlToken.Kind.SYMBOL && List.of("=", "<>", "<", "<=", ">", ">=").contains(t.text())) {
            pos++;
            return new Expr.Compare(t.text(), left, additive());
        }
        boolean negated = false;
        if (t.is("NOT") && (peek(1).is("BETWEEN") || peek(1).is("IN"))) {
            pos++;
            negated = true;
        }
        if (acceptWord("BETWEEN")) {
            Expr low = additive();
            expectWord("AND");
            Expr between = new Expr.Between(left, low, additive());
            return negated ? new Expr.Not(between) : between;
        }
        if (acceptWord("IN")) {
            Expr in = new Expr.In(left, inList());
            return negated ? new Expr.Not(in) : in;
        }
        if (acceptWord("IS")) {
            boolean not = acceptWord("NOT");
            if (!(left instanceof Expr.Path p)) throw malformed("IS needs an attribute path on its left");
            if (acceptWord("MISSING")) return new Expr.IsMissing(p.path(), not);
            if (acceptWord("NULL")) return new Expr.IsNull(p.path(), not);
            throw unexpected();
        }
        return left;
    }

    private List<Expr> inList() {
        String close;
        if (acceptSymbol("[")) close = "]";
        else if (acceptSymbol("(")) close = ")";
        else throw unexpected();
        List<Expr> options = new ArrayList<>();
        if (!peek().isSymbol(close)) {
            do options.add(additive()); while (acceptSymbol(","));
        }
        expectSymbol(close);
        return options;
    }

    private Expr additive() {
        Expr left = primary();
        while (peek().isSymbol("+") || peek().isSymbol("-")) {
            char op = peek().text().charAt(0);
            pos++;
            left = new Expr.Arithmetic(op, left, primary());
        }
        return left;
    }

    private Expr primary() {
        PartiqlToken t = peek();
        if (t.isSymbol("(")) {
            pos++;
            Expr inner = condition();
            expectSymbol(")");
            return inner;
        }
        if ((t.kind() == PartiqlToken.Kind.WORD || t.kind() == PartiqlToken.Kind.QUOTED_NAME) && peek(1).isSymbol("(")
                && t.kind() == PartiqlToken.Kind.WORD && !isLiteralWord(t)) {
            pos += 2;
            List<Expr> args = new ArrayList<>();
            if (!peek().isSymbol(")")) {
                enter();
                do args.add(additive()); while (acceptSymbol(","));
                depth--;
            }
            expectSymbol(")");
            return new Expr.Call(t.text().toLowerCase(java.util.Locale.ROOT), args);
        }
        if (t.kind() == PartiqlToken.Kind.QUOTED_NAME || (t.kind() == PartiqlToken.Kind.WORD && !isLiteralWord(t))) {
            return new Expr.Path(path());
        }
        return new Expr.Literal(value());
    }

    private static boolean isLiteralWord(PartiqlToken t) {
        return t.is("TRUE") || t.is("FALSE") || t.is("NULL") || t.is("MISSING");
    }

    // ---- names and paths

    /** A table or index name: a bare word or a quoted name. */
    private String name() {
        PartiqlToken t = peek();
        if (t.kind() == PartiqlToken.Kind.WORD || t.kind() == PartiqlToken.Kind.QUOTED_NAME) {
            pos++;
            return t.text();
        }
        throw unexpected();
    }

    /** {@code name ( . name | [index] | ['key'] )*}. */
    private DocumentPath path() {
        List<PathStep> steps = new ArrayList<>();
        steps.add(PathStep.Field.of(name()));
        while (true) {
            if (peek().isSymbol(".") && (peek(1).kind() == PartiqlToken.Kind.WORD || peek(1).kind() == PartiqlToken.Kind.QUOTED_NAME)) {
                pos++;
                steps.add(PathStep.Field.of(name()));
            } else if (peek().isSymbol("[")) {
                pos++;
                PartiqlToken t = peek();
                if (t.kind() == PartiqlToken.Kind.NUMBER) {
                    pos++;
                    try {
                        steps.add(new PathStep.Index(Integer.parseInt(t.text())));
                    } catch (NumberFormatException e) {
                        throw malformed("Invalid list index: " + t.text());
                    }
                } else if (t.kind() == PartiqlToken.Kind.STRING) {
                    pos++;
                    steps.add(PathStep.Field.of(t.text()));
                } else {
                    throw unexpected();
                }
                expectSymbol("]");
            } else {
                return new DocumentPath(steps);
            }
        }
    }

    // ---- values

    /** A literal: string, number, TRUE / FALSE / NULL, ?, [list], {tuple}, <<set>>. */
    private AttributeValue value() {
        PartiqlToken t = peek();
        switch (t.kind()) {
            case STRING -> { pos++; return new AttributeValue.S(t.text()); }
            case NUMBER -> { pos++; return number(t.text()); }
            case PARAMETER -> {
                pos++;
                if (parametersUsed >= parameters.size()) throw Errors.validation(PARAMETER_COUNT);
                return parameters.get(parametersUsed++);
            }
            case WORD -> {
                if (t.is("TRUE") || t.is("FALSE")) { pos++; return AttributeValue.bool(t.is("TRUE")); }
                if (t.is("NULL")) { pos++; return AttributeValue.Null.INSTANCE; }
                throw unexpected();
            }
            case SYMBOL -> {
                if (t.isSymbol("-") && peek(1).kind() == PartiqlToken.Kind.NUMBER) {
                    pos += 2;
                    return number("-" + peek(-1).text());
                }
                if (t.isSymbol("[")) return list();
                if (t.isSymbol("{")) return tuple();
                if (t.isSymbol("<<")) return set();
                throw unexpected();
            }
            default -> throw unexpected();
        }
    }

    private AttributeValue list() {
        enter();
        expectSymbol("[");
        List<AttributeValue> values = new ArrayList<>();
        if (!peek().isSymbol("]")) {
            do values.add(value()); while (acceptSymbol(","));
        }
        expectSymbol("]");
        depth--;
        return new AttributeValue.L(values);
    }

    private AttributeValue tuple() {
        enter();
        expectSymbol("{");
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        if (!peek().isSymbol("}")) {
            do {
                PartiqlToken key = peek();
                if (key.kind() != PartiqlToken.Kind.STRING && key.kind() != PartiqlToken.Kind.QUOTED_NAME) throw unexpected();
                pos++;
                expectSymbol(":");
                values.put(key.text(), value());
            } while (acceptSymbol(","));
        }
        expectSymbol("}");
        depth--;
        return new AttributeValue.M(values);
    }

    /** {@code <<a, b>>}: all strings (SS), all numbers (NS) or all binaries (BS), at least one. */
    private AttributeValue set() {
        expectSymbol("<<");
        List<AttributeValue> elements = new ArrayList<>();
        if (!peek().isSymbol(">>")) {
            do elements.add(value()); while (acceptSymbol(","));
        }
        expectSymbol(">>");
        if (elements.isEmpty()) throw malformed("Set literals cannot be empty");
        String type = elements.get(0).type();
        for (AttributeValue e : elements) {
            if (!e.type().equals(type)) throw malformed("A set literal holds elements of one type");
        }
        switch (type) {
            case "S": {
                Set<String> s = new LinkedHashSet<>();
                for (AttributeValue e : elements) s.add(((AttributeValue.S) e).value());
                return new AttributeValue.SS(s);
            }
            case "N": {
                Set<BigDecimal> s = new LinkedHashSet<>();
                for (AttributeValue e : elements) s.add(((AttributeValue.N) e).value());
                return new AttributeValue.NS(s);
            }
            case "B": {
                Set<Binary> s = new LinkedHashSet<>();
                for (AttributeValue e : elements) s.add(((AttributeValue.B) e).value());
                return new AttributeValue.BS(s);
            }
            default:
                throw malformed("A set literal holds strings, numbers or binaries");
        }
    }

    private static AttributeValue number(String text) {
        try {
            return new AttributeValue.N(NumberText.parse(text));
        } catch (NumberText.Invalid e) {
            throw malformed("Invalid number: " + text);
        }
    }

    // ---- tokens

    private PartiqlToken peek() { return peek(0); }

    private PartiqlToken peek(int ahead) {
        int i = Math.min(Math.max(pos + ahead, 0), tokens.size() - 1);
        return tokens.get(i);
    }

    private boolean acceptWord(String keyword) {
        if (!peek().is(keyword)) return false;
        pos++;
        return true;
    }

    private boolean acceptSymbol(String symbol) {
        if (!peek().isSymbol(symbol)) return false;
        pos++;
        return true;
    }

    private void expectWord(String keyword) {
        if (!acceptWord(keyword)) throw unexpected();
    }

    private void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) throw unexpected();
    }

    private void enter() {
        if (++depth > MAX_DEPTH) throw malformed("Statement is nested too deeply");
    }

    private ApiException unexpected() {
        PartiqlToken t = peek();
        if (t.kind() == PartiqlToken.Kind.END) return malformed("Unexpected end of statement");
        return malformed("Unexpected token " + t.shown() + " at position " + (t.position() + 1));
    }
}
