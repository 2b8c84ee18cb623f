package io.keyline.expr;

import static io.keyline.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.model.AttributeValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ProjectionExpressionTest {

    static Projection projection(String text, Map<String, String> names) {
        ExpressionContext ctx = new ExpressionContext(names, null);
        Projection p = ctx.projection(text);
        ctx.checkAllUsed();
        return p;
    }

    static Map<String, AttributeValue> project(String text, Map<String, AttributeValue> item) {
        return projection(text, null).apply(item);
    }

    static final Map<String, AttributeValue> ITEM = item("p", s("k"),
            "a", m("b", l(n(2), n(4), m("x", s("hi"), "y", s("yo"))), "c", n(5)), "b", s("hello"));

    @Nested
    class Syntax {
        @Test void separatorsAndWhitespace() {
            assertThat(project(" a  ,   b  ", ITEM)).isEqualTo(item("a", ITEM.get("a"), "b", s("hello")));
        }

        @Test void syntaxErrors() {
            for (String text : List.of("a,", ",a", "a,,b", "a[-1]", "a[]", "a.", "a b", "#", ":v")) {
                assertValidationMatching(() -> projection(text, null), "Invalid ProjectionExpression: Syntax error; token: .*");
            }
            assertValidation(() -> projection("a,", null), "Invalid ProjectionExpression: Syntax error; token: \"<EOF>\", near: \",\"");
        }

        @Test void empty() {
            assertValidation(() -> projection("", null), "Invalid ProjectionExpression: The expression can not be empty;");
        }

        @Test void indexOutOfIntegerRange() {
            assertValidation(() -> projection("a[99999999999999]", null),
                    "Invalid ProjectionExpression: List index is not within the allowable range; index: [99999999999999]");
            assertThat(project("a[999]", item("a", l(n(7))))).isEmpty();
        }

        @Test void nestingLevels() {
            projection("a" + ".b".repeat(31), null);
            assertValidation(() -> projection("a" + ".b".repeat(32), null),
                    "Invalid ProjectionExpression: The document path has too many nesting levels; nesting levels: 33");
        }

        @Test void lengthLimit() {
            String ok = "a".repeat(4096);
            projection(ok, null);
            assertValidation(() -> projection(ok + "a", null),
                    "Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097");
        }
    }

    @Nested
    class Validation {
        @Test void overlap() {
            for (String text : List.of("a, a", "a.b, a.b", "a[1], a[1]", "a, a.b", "a.b, a", "a.b, a.b[2]", "a.b, a.b.c",
                    "a, a.b[2].c", "a.b.d, a.b", "a.b.d.e, a.b", "a.b, a.b.d", "a.b, a.b.d.e")) {
                assertValidationMatching(() -> projection(text, null), "Invalid ProjectionExpression: Two document paths overlap .*");
            }
            assertValidation(() -> projection("a.b[0],a.b[0]", null),
                    "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; "
                            + "path one: [a, b, [0]], path two: [a, b, [0]]");
            for (String text : List.of("a, b", "a.b, a.c", "a.b.d, a.b.e", "a[1], a[2]", "a.b, a.c[2]")) {
                projection(text, null);
            }
        }

        @Test void conflict() {
            for (String text : List.of("a.b, a[1]", "a[1], a.b", "a.b[1], a.b.c", "a.b.c, a.b[1]")) {
                assertValidationMatching(() -> projection(text, null), "Invalid ProjectionExpression: Two document paths conflict .*");
            }
            assertValidation(() -> projection("a.b, a[1]", null),
                    "Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; "
                            + "path one: [a, b], path two: [a, [1]]");
        }

        @Test void overlapWinsOverAnEarlierConflict() {
            assertValidation(() -> projection("b[1], b.a, #a.b, a", Fixtures.names("#a", "a")),
                    "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; "
                            + "path one: [a, b], path two: [a]");
            assertValidation(() -> projection("a[3].b, #a.#b.b", Fixtures.names("#a", "a", "#b", "[3]")),
                    "Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; "
                            + "path one: [a, [3], b], path two: [a, [3], b]");
        }

        @Test void syntaxBeforeEverythingElse() {
            for (String text : List.of("whatever(stuff)", "abort,", "a..b", "a[b]", "(a.b).c", "(a)", "(a,b)", "a-b")) {
                assertValidationMatching(() -> projection(text, null), "Invalid ProjectionExpression: Syntax error; .*");
            }
            assertValidation(() -> projection("a,b,a,#a", null),
                    "Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #a");
        }

        @Test void names() {
            assertValidation(() -> projection("#name", Fixtures.names("#wrong", "a")),
                    "Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #name");
            assertValidation(() -> projection("#name", Fixtures.names("#name", "a", "#unused", "b")),
                    "Value provided in ExpressionAttributeNames unused in expressions: keys: {#unused}");
        }

        @Test void reservedWord() {
            assertValidation(() -> projection("a, Year", null),
                    "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: Year");
        }
    }

    @Nested
    class Behaviour {
        @Test void topLevel() {
            Map<String, AttributeValue> it = item("p", s("p"), "c", s("c"), "a", s("hello"), "b", s("hi"));
            assertThat(project("a", it)).isEqualTo(item("a", s("hello")));
            assertThat(project("c,a", it)).isEqualTo(item("c", s("c"), "a", s("hello")));
            assertThat(project("nonexistent", it)).isEmpty();
            assertThat(projection("#name", Fixtures.names("#name", "a")).apply(it)).isEqualTo(item("a", s("hello")));
        }

        @Test void nestedPathsGiveNestedDocuments() {
            assertThat(project("a.b", ITEM)).isEqualTo(item("a", m("b", ((AttributeValue.M) ITEM.get("a")).values().get("b"))));
            assertThat(project("a.b[0]", ITEM)).isEqualTo(item("a", m("b", l(n(2)))));
            assertThat(project("a.b[2]", ITEM)).isEqualTo(item("a", m("b", l(m("x", s("hi"), "y", s("yo"))))));
            assertThat(project("a.b[2].y", ITEM)).isEqualTo(item("a", m("b", l(m("y", s("yo"))))));
            assertThat(project("a.b[0],a.b[1]", ITEM)).isEqualTo(item("a", m("b", l(n(2), n(4)))));
            assertThat(project("a.b[1],a.b[0]", ITEM)).isEqualTo(item("a", m("b", l(n(2), n(4)))));
            assertThat(project("a.b[0],a.c", ITEM)).isEqualTo(item("a", m("b", l(n(2)), "c", n(5))));
            assertThat(project("a.c,b", ITEM)).isEqualTo(item("a", m("c", n(5)), "b", s("hello")));
            assertThat(project("a.x, a.b[0], x, a.b[3].x", ITEM)).isEqualTo(item("a", m("b", l(n(2)))));
        }

        @Test void missingOrMistypedPathsAreSkipped() {
            for (String text : List.of("x", "a.b[3]", "a.x", "a.x.y", "a.b[3].x", "a.b.x", "a[0]", "a.b[0].x", "a.b[0][0]")) {
                assertThat(project(text, ITEM)).as(text).isEmpty();
            }
        }

        @Test void referencesAreSinglePathSteps() {
            Map<String, AttributeValue> it = item("a.b", s("hi"), "a", m("b", s("yo"), "c", s("jo")));
            assertThat(project("a.b", it)).isEqualTo(item("a", m("b", s("yo"))));
            assertThat(projection("#name", Fixtures.names("#name", "a.b")).apply(it)).isEqualTo(item("a.b", s("hi")));
            assertThat(projection("#n1.#n2", Fixtures.names("#n1", "a", "#n2", "b")).apply(it)).isEqualTo(item("a", m("b", s("yo"))));
        }

        @Test void ofArbitraryPathsWiderWins() {
            Projection p = Projection.of(List.of(DocumentPath.attribute("a"), new DocumentPath(List.of(PathStep.Field.of("a"), PathStep.Field.of("c")))));
            assertThat(p.apply(ITEM)).isEqualTo(item("a", ITEM.get("a")));
        }
    }
}
