package io.keyline.expr;

import static io.keyline.expr.Fixtures.assertValidation;
import static io.keyline.expr.Fixtures.n;
import static io.keyline.expr.Fixtures.s;
import static io.keyline.expr.Fixtures.values;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyConditionsTest {
    private static final KeySchema SCHEMA = KeySchema.of(new KeyAttribute("p", ScalarType.S), new KeyAttribute("c", ScalarType.N));

    private static List<KeyConditions.Term> terms(String expression, Object... values) {
        return KeyConditions.fromExpression(new ExpressionContext(null, values(values)), expression);
    }

    @Test
    void aValueOnTheLeftMirrorsTheComparison() {
        List<KeyConditions.Term> t = terms(":c < c AND :p = p", ":p", s("a"), ":c", n(3));
        assertThat(t).containsExactly(new KeyConditions.Term("c", "GT", List.of(n(3))), new KeyConditions.Term("p", "EQ", List.of(s("a"))));
        KeyConditions.KeyCondition k = KeyConditions.plan(SCHEMA, t);
        assertThat(k).isEqualTo(new KeyConditions.KeyCondition(List.of(s("a")), List.of(), "GT", n(3), null));
    }

    @Test
    void betweenAndBeginsWithBecomeTheirLegacyOperators() {
        assertThat(terms("p = :p AND c BETWEEN :a AND :b", ":p", s("a"), ":a", n(1), ":b", n(2)).get(1))
                .isEqualTo(new KeyConditions.Term("c", "BETWEEN", List.of(n(1), n(2))));
        assertThat(terms("begins_with(c, :a) AND p = :p", ":p", s("a"), ":a", s("x")).get(0))
                .isEqualTo(new KeyConditions.Term("c", "BEGINS_WITH", List.of(s("x"))));
    }

    @Test
    void structuralErrors() {
        assertValidation(() -> terms(":p BETWEEN p AND :p", ":p", s("a")),
                "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand");
        assertValidation(() -> terms("size(p) = :p", ":p", n(1)), "KeyConditionExpressions cannot contain nested operations");
        assertValidation(() -> terms(":p = :q", ":p", s("a"), ":q", s("b")), "Invalid condition in KeyConditionExpression: No key attribute specified");
        assertValidation(() -> terms("NOT p = :p", ":p", s("a")), "Invalid operator used in KeyConditionExpression: NOT");
        assertValidation(() -> terms("p IN (:p)", ":p", s("a")), "Invalid operator used in KeyConditionExpression: IN");
        assertValidation(() -> terms("p = :p AND contains(c, :p)", ":p", s("a")), "Invalid operator used in KeyConditionExpression: contains");
    }

    @Test
    void planningAgainstTheSchema() {
        assertValidation(() -> KeyConditions.plan(SCHEMA, terms("c = :c", ":c", n(1))), "Query condition missed key schema element: p");
        assertValidation(() -> KeyConditions.plan(SCHEMA, terms("p = :p AND x = :c", ":p", s("a"), ":c", n(1))),
                "Query condition missed key schema element: c");
        assertValidation(() -> KeyConditions.plan(KeySchema.of(new KeyAttribute("p", ScalarType.S), null), terms("p = :p AND c = :c", ":p", s("a"), ":c", n(1))),
                "Query key condition not supported");
        assertValidation(() -> KeyConditions.plan(SCHEMA, terms("p = :p AND c = :c", ":p", s("a"), ":c", s("x"))),
                "One or more parameter values were invalid: Condition parameter type does not match schema type");
        assertThat(KeyConditions.plan(SCHEMA, terms("p = :p", ":p", s("a")))).isEqualTo(new KeyConditions.KeyCondition(List.of(s("a")), List.of(), null, null, null));
    }

    @Test
    void multiAttributeKeysNeedEveryHashAttributeAndRangeAttributesLeftToRight() {
        KeySchema gsi = new KeySchema(List.of(new KeyAttribute("h1", ScalarType.S), new KeyAttribute("h2", ScalarType.N)),
                List.of(new KeyAttribute("r1", ScalarType.S), new KeyAttribute("r2", ScalarType.N), new KeyAttribute("r3", ScalarType.S)));
        assertThat(KeyConditions.plan(gsi, terms("h2 = :b AND h1 = :a AND r1 = :r AND r2 > :n", ":a", s("a"), ":b", n(1), ":r", s("r"), ":n", n(5))))
                .isEqualTo(new KeyConditions.KeyCondition(List.of(s("a"), n(1)), List.of(s("r")), "GT", n(5), null));
        assertThat(KeyConditions.plan(gsi, terms("h1 = :a AND h2 = :b", ":a", s("a"), ":b", n(1))))
                .isEqualTo(new KeyConditions.KeyCondition(List.of(s("a"), n(1)), List.of(), null, null, null));
        assertValidation(() -> KeyConditions.plan(gsi, terms("h1 = :a", ":a", s("a"))),
                "Query key condition not supported: every HASH key attribute needs an equality condition; missing: h2");
        assertValidation(() -> KeyConditions.plan(gsi, terms("h1 = :a AND h2 > :b", ":a", s("a"), ":b", n(1))),
                "Query key condition not supported: every HASH key attribute needs an equality condition; h2 has GT");
        assertValidation(() -> KeyConditions.plan(gsi, terms("h1 = :a AND h2 = :b AND r2 = :b", ":a", s("a"), ":b", n(1))),
                "Query key condition not supported: RANGE key attribute r2 is used without an equality condition on r1");
        assertValidation(() -> KeyConditions.plan(gsi, terms("h1 = :a AND h2 = :b AND r1 > :a AND r2 = :b", ":a", s("a"), ":b", n(1))),
                "Query key condition not supported: RANGE key attribute r1 needs an equality condition because a later RANGE key attribute is used");
    }

    @Test
    void legacyKeyConditionsAreValidatedLikeLegacyComparisons() {
        assertValidation(() -> KeyConditions.fromLegacy(Fixtures.conditions("{'p':{'AttributeValueList':[{'S':'a'}]}}")),
                "1 validation error detected: Value null at 'keyConditions.p.member.comparisonOperator' failed to satisfy constraint: Member must not be null");
        assertValidation(() -> KeyConditions.fromLegacy(Fixtures.conditions("{'c':{'ComparisonOperator':'BETWEEN','AttributeValueList':[{'N':'5'},{'N':'1'}]}}")),
                "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
        assertThat(KeyConditions.fromLegacy(Fixtures.conditions("{'p':{'ComparisonOperator':'EQ','AttributeValueList':[{'S':'a'}]}}")))
                .containsExactly(new KeyConditions.Term("p", "EQ", List.of(s("a"))));
    }
}
