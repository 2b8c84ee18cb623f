package io.keyline.expr;

import static io.keyline.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * jqwik properties of the expression parsers, beside RobustnessTest's seeded token soup:
 * any text (any characters, any length up to past the size limit, pathological nesting and
 * lists) gives DynamoDB's ValidationException or a working expression, never another exception;
 * and a valid expression generated from the grammar parses to the same tree however it is
 * spaced or parenthesised (once: twice is DynamoDB's "redundant parentheses"), and an update's clauses in any order give the same item. There is no
 * printer of the tree, so "round trip" is text to tree to equal tree.
 */
class ExpressionPropertyTest {
    private static final Map<String, AttributeValue> ITEM = item("a", l(n(1), m("b", s("x"))), "b", n(3), "x", ss("q"), "s", s("xyz"));

    private static ExpressionContext context() {
        return new ExpressionContext(names("#n", "x", "#m", "b"),
                values(":v", n(1), ":w", n(5), ":s", s("x"), ":t", s("N"), ":l", l(n(2)), ":q", ss("q")));
    }

    /** Runs the parse (and the use) of one expression: a ValidationException is an answer; anything else is a crash. */
    private static <T> T onlyValidationErrors(String text, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (ApiException e) {
            assertThat(e.name()).as(text).isEqualTo("ValidationException");
            return null;
        } catch (RuntimeException | StackOverflowError e) {
            fail("'" + abbreviate(text) + "' threw " + e);
            return null;
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "... (" + text.length() + " chars)";
    }

    @Property(tries = 1500)
    void anyTextGivesAnExpressionOrAValidationException(@ForAll("hostileText") String text) {
        onlyValidationErrors(text, () -> {
            Condition c = context().condition(text, "ConditionExpression");
            c.test(ITEM);
            return c.test(Map.of());
        });
        onlyValidationErrors(text, () -> context().update(text).apply(ITEM));
        onlyValidationErrors(text, () -> context().projection(text).apply(ITEM));
    }

    @Provide
    Arbitrary<String> hostileText() {
        Arbitrary<String> anyChars = Arbitraries.strings().all().ofMaxLength(80);
        Arbitrary<String> soup = Arbitraries.of("a", "b", "#n", "#x", ":v", ":zz", "(", ")", "[", "]", "0", "99999999999999999999",
                        "-1", ".", ",", "=", "<>", "<", ">=", "+", "-", "AND", "OR", "NOT", "BETWEEN", "IN", "SET", "REMOVE", "ADD",
                        "DELETE", "size", "contains", "begins_with", "attribute_exists", "attribute_type", "if_not_exists",
                        "list_append", "\u0000", "\uD800", "é", " ", "\t")
                .list().ofMaxSize(30).map(tokens -> String.join(" ", tokens));
        Arbitrary<String> deep = Combinators.combine(Arbitraries.integers().between(1, 3000), Arbitraries.of("(", "NOT ", "size(", "a["))
                .as((n, open) -> open.repeat(n) + "a = :v");
        Arbitrary<String> long_ = Combinators.combine(Arbitraries.integers().between(1, 1500),
                        Arbitraries.of(" AND a = :v", " OR #n < :w", ", :v", ".b", "[0]", ", #n", " + :v"))
                .as((n, piece) -> "a = :v" + piece.repeat(n));
        Arbitrary<String> sizeLimit = Arbitraries.integers().between(4000, 4200).map(n -> "a".repeat(n) + " = :v");
        return Arbitraries.oneOf(anyChars, soup, deep, long_, sizeLimit);
    }

    // ---- valid expressions from the grammar ----

    @Provide
    Arbitrary<String> condition() {
        return condition(3);
    }

    private Arbitrary<String> condition(int depth) {
        Arbitrary<String> path = Arbitraries.of("a", "b", "x", "s", "#n", "#m", "a[0]", "a[1].b", "missing", "a[7]");
        Arbitrary<String> operand = Arbitraries.oneOf(path, Arbitraries.of(":v", ":w", ":s"), path.map(p -> "size(" + p + ")"));
        Arbitrary<String> comparison = Combinators.combine(operand, Arbitraries.of("=", "<>", "<", "<=", ">", ">="), operand)
                .as((l, op, r) -> l + " " + op + " " + r);
        Arbitrary<String> function = Combinators.combine(Arbitraries.of("attribute_exists(%s)", "attribute_not_exists(%s)",
                "begins_with(%s, :s)", "contains(%s, :s)", "attribute_type(%s, :t)", "contains(%s, :v)"), path).as(String::formatted);
        Arbitrary<String> between = operand.map(o -> o + " BETWEEN :v AND :w");
        Arbitrary<String> in = operand.map(o -> o + " IN (:v, :s, :w)");
        Arbitrary<String> leaf = Arbitraries.oneOf(comparison, function, between, in);
        if (depth == 0) return leaf;
        Arbitrary<String> sub = condition(depth - 1);
        return Arbitraries.oneOf(leaf, leaf,
                Combinators.combine(sub, Arbitraries.of("AND", "OR"), sub).as((l, op, r) -> "(" + l + ") " + op + " (" + r + ")"),
                sub.map(c -> "NOT (" + c + ")"));
    }

    @Property(tries = 800)
    void aValidConditionParsesToTheSameTreeHoweverWritten(@ForAll("condition") String text) {
        Condition plain = onlyValidationErrors(text, () -> context().condition(text, "ConditionExpression"));
        if (plain == null) return; // a valid shape with a type rule DynamoDB refuses (e.g. size of a value)
        for (String variant : List.of("(" + text + ")", "  " + text.replace(" ", "   ") + " ")) {
            Condition other = context().condition(variant, "ConditionExpression");
            assertThat(other.root()).as(variant).isEqualTo(plain.root());
        }
        // Parentheses around parentheses are DynamoDB's "redundant parentheses" error, not a crash.
        assertThat(outcome(() -> context().condition("((" + text + "))", "ConditionExpression"))).isEqualTo("ValidationException");
        Condition doubled = context().condition("NOT (NOT (" + text + "))", "ConditionExpression");
        for (Map<String, AttributeValue> item : List.of(ITEM, Map.<String, AttributeValue>of(), item("a", s("q"), "x", n(1)))) {
            assertThat(outcome(() -> doubled.test(item))).as(text).isEqualTo(outcome(() -> plain.test(item)));
        }
    }

    @Provide
    Arbitrary<List<String>> updateClauses() {
        Arbitrary<String> set = Arbitraries.of("SET b = :v", "SET b = b + :v", "SET b = if_not_exists(b, :w) - :v",
                "SET a = list_append(a, :l)", "SET a[0] = :s", "SET #n = :q", "SET fresh = :s");
        Arbitrary<String> remove = Arbitraries.of("REMOVE s", "REMOVE a[1].b", "REMOVE gone");
        Arbitrary<String> add = Arbitraries.of("ADD counter :v", "ADD #n :q");
        Arbitrary<String> delete = Arbitraries.of("DELETE #n :q");
        // One clause of each kind at most, as DynamoDB requires; which ones and in what order is random.
        return Combinators.combine(set.injectNull(0.3), remove.injectNull(0.3), add.injectNull(0.5), delete.injectNull(0.7))
                .as((a, b, c, d) -> java.util.stream.Stream.of(a, b, c, d).filter(java.util.Objects::nonNull).toList())
                .filter(l -> !l.isEmpty());
    }

    @Property(tries = 800)
    void anUpdatesClausesInAnyOrderGiveTheSameItem(@ForAll("updateClauses") List<String> clauses) {
        String forward = String.join(" ", clauses);
        List<String> reversed = new java.util.ArrayList<>(clauses);
        java.util.Collections.reverse(reversed);
        String backward = String.join(" ", reversed);
        Object one = outcome(() -> context().update(forward).apply(ITEM).item());
        Object two = outcome(() -> context().update(backward).apply(ITEM).item());
        assertThat(two).as(forward + " | " + backward).isEqualTo(one);
    }

    /** The value, or the name of the ValidationException (any other exception fails the property). */
    private static Object outcome(Supplier<Object> run) {
        try {
            return run.get();
        } catch (ApiException e) {
            assertThat(e.name()).isEqualTo("ValidationException");
            return e.name();
        }
    }
}
