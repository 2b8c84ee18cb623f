package io.keyline.expr;

import static io.keyline.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.model.AttributeValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UpdateExpressionTest {

    static Update update(String text, Map<String, String> names, Map<String, AttributeValue> values) {
        ExpressionContext ctx = new ExpressionContext(names, values);
        Update u = ctx.update(text);
        ctx.checkAllUsed();
        return u;
    }

    static Update update(String text, Map<String, AttributeValue> values) { return update(text, null, values); }

    static Update update(String text) { return update(text, null, null); }

    static Map<String, AttributeValue> apply(String text, Map<String, AttributeValue> values, Map<String, AttributeValue> old) {
        return update(text, values).apply(old).item();
    }

    @Nested
    class Syntax {
        @Test void clausesAreCaseInsensitiveAndWhitespaceIsIgnored() {
            assertThat(apply("sEt b = :v", values(":v", n(5)), item())).isEqualTo(item("b", n(5)));
            assertThat(apply("  set   b=:v  ", values(":v", n(5)), item())).isEqualTo(item("b", n(5)));
        }

        @Test void syntaxErrorText() {
            assertValidation(() -> update("SET _123 = :v", values(":v", n(1))),
                    "Invalid UpdateExpression: Syntax error; token: \"_\", near: \"SET _123\"");
            assertValidation(() -> update("ADD hits : incr", values(":incr", n(1))),
                    "Invalid UpdateExpression: Syntax error; token: \":\", near: \"hits : incr\"");
            assertValidation(() -> update("HELLO b = :v", values(":v", n(1))),
                    "Invalid UpdateExpression: Syntax error; token: \"HELLO\", near: \"HELLO b\"");
            assertValidation(() -> update("SET a"), "Invalid UpdateExpression: Syntax error; token: \"<EOF>\", near: \"a\"");
        }

        @ParameterizedTest
        @ValueSource(strings = {"SET _abc = :v", "SET 123a = :v", "SET 123 = :v", "SET hi-there = :v", "SET hi$there = :v",
                "SET \"hithere\" = :v", "SET !hithere = :v", "SET #hi-there = :v", "SET #!hi = :v", "SET # = :v", "SET a = :",
                "SET a = :hi!there", "SET :a = :v", "SET b = :v + :v + :v", "SET a = _f(b)", "SET a[:v] = :v", "SET a[#n] = :v",
                "SET c = if_not_exists(c, :v+:v)", "SET b = if_not_exists(non@sense, :v)", "whatever", "set a", "add a",
                "delete a", "set a=set", "remove a = b", "add a = b", "delete a b", "remove a b", "set a b", "remove :a",
                "set a = b / c", "set a[1] = 1", "SET if_not_exist(a, b) = a", "set (a = (b + c))", "set a = (b.c).d + e",
                "set a = b + c + d", "SET a = :v,", "SET a = :v, REMOVE b", ""})
        void syntaxErrors(String text) {
            if (text.isEmpty()) {
                assertValidation(() -> update(text), "Invalid UpdateExpression: The expression can not be empty;");
                return;
            }
            assertValidationMatching(() -> new ExpressionContext(names("#n", "x", "#hi", "x", "#a", "x"), values(":v", n(1), ":a", n(1)))
                    .update(text), "Invalid UpdateExpression: Syntax error; token: .*");
        }

        @Test void referenceTokensMayStartWithDigitsOrUnderscore() {
            String silly = "3can include any character!.#=";
            for (String ref : List.of("#Alpha_Numeric_123", "#123a", "#123", "#_")) {
                assertThat(update("SET " + ref + " = :v", names(ref, silly), values(":v", n(4))).apply(null).item())
                        .isEqualTo(item(silly, n(4)));
            }
            for (String ref : List.of(":Alpha_Numeric_123", ":123a", ":123", ":_")) {
                assertThat(update("SET a = " + ref, values(ref, n(8))).apply(null).item()).isEqualTo(item("a", n(8)));
            }
            assertThat(apply("SET Alpha_Numeric_123 = :v, A123_ = :v", values(":v", n(1)), item()))
                    .isEqualTo(item("Alpha_Numeric_123", n(1), "A123_", n(1)));
        }

        @Test void operatorLimitCountsArithmeticAndFunctions() {
            StringBuilder sb = new StringBuilder("SET a0=:v+:v");
            for (int i = 1; i < 300; i++) sb.append(",a").append(i).append("=:v+:v");
            update(sb.toString(), values(":v", n(1)));
            sb.append(",z=:v+:v");
            assertValidation(() -> update(sb.toString(), values(":v", n(1))),
                    "Invalid UpdateExpression: The expression contains too many operators; operator count: 301");
        }

        @Test void parenthesizedValues() {
            assertThat(apply("SET a = (:v)", values(":v", n(1)), item())).isEqualTo(item("a", n(1)));
            assertThat(apply("SET a = (:v + :v)", values(":v", n(1)), item())).isEqualTo(item("a", n(2)));
            assertThat(apply("SET a = (:v) + (:v)", values(":v", n(1)), item())).isEqualTo(item("a", n(2)));
        }
    }

    @Nested
    class Validation {
        @Test void repeatedClause() {
            assertValidation(() -> update("SET a = :v SET b = :v", values(":v", n(1))),
                    "Invalid UpdateExpression: The \"SET\" section can only be used once in an update expression;");
            assertValidation(() -> update("SET a = :v REMOVE a SET b = :v", values(":v", n(1))),
                    "Invalid UpdateExpression: The \"SET\" section can only be used once in an update expression;");
            assertValidation(() -> update("remove a set b = :v remove c", values(":v", n(1))),
                    "Invalid UpdateExpression: The \"REMOVE\" section can only be used once in an update expression;");
        }

        @Test void reservedWords() {
            assertValidation(() -> update(" remove Absolute "), "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: Absolute");
            assertValidation(() -> update("SET a = size"), "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: size");
        }

        @Test void unknownFunctions() {
            assertValidation(() -> update("SET a = f(b,c,d)"), "Invalid UpdateExpression: Invalid function name; function: f");
            assertValidation(() -> update("SET a = f123_hi(b,c,d)"), "Invalid UpdateExpression: Invalid function name; function: f123_hi");
            assertValidation(() -> update("SET a = LIST_APPEND(:v, :v)", values(":v", l())),
                    "Invalid UpdateExpression: Invalid function name; function: LIST_APPEND");
        }

        @Test void nestedListAppendIsNotAllowed() {
            assertValidation(() -> update("SET a = list_append(list_append(:a, :b), :c)", values(":a", l(), ":b", l(), ":c", l())),
                    "Invalid UpdateExpression: The function is not allowed to be used this way in an expression; function: list_append");
            assertThat(update("SET a = list_append(if_not_exists(a, :a), :b)", values(":a", l(s("a")), ":b", l(s("c"))))
                    .apply(null).item()).isEqualTo(item("a", l(s("a"), s("c"))));
        }

        @Test void undefinedNamesBeforeValues() {
            assertValidation(() -> update("SET #name = :val1", names("#wrongname", "hello"), values(":val2", n(4))),
                    "Invalid UpdateExpression: An expression attribute name used in the document path is not defined; attribute name: #name");
            assertValidation(() -> update("SET b = :val1", values(":val2", n(4))),
                    "Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :val1");
            assertValidation(() -> update("SET b = if_not_exists(:val2, :val1)", values(":val1", n(6))),
                    "Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :val2");
        }

        @Test void unusedReferences() {
            assertValidation(() -> update("SET a = :val1", values(":val1", n(3), ":val2", n(4))),
                    "Value provided in ExpressionAttributeValues unused in expressions: keys: {:val2}");
            assertValidation(() -> update("SET #one = #two", names("#one", "c", "#two", "a", "#three", "z"), null),
                    "Value provided in ExpressionAttributeNames unused in expressions: keys: {#three}");
        }

        @Test void overlappingPaths() {
            for (String text : List.of("SET a = :v, a.b = :w", "SET a.b = :v, a = :w", "SET a.b = :v, a.b = :w", "SET a.b = :v, a.b.c = :w",
                    "SET a.b.c.d.e = :v, a.b = :w", "SET a = :v, a[1] = :w", "SET a[1][1] = :v, a[1] = :w",
                    "SET a[1][1][1][1] = :v, a[1][1][1][1] = :w", "REMOVE a SET a = :v, b = :w", "SET a = :v, b = :w REMOVE a")) {
                assertValidationMatching(() -> update(text, values(":v", n(2), ":w", s("x"))),
                        "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: .*");
            }
            assertValidation(() -> update("SET a = :v REMOVE a", values(":v", n(1))),
                    "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]");
            assertValidation(() -> update("SET #a1 = :v, #a2 = :v", names("#a1", "a", "#a2", "a"), values(":v", n(1))),
                    "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]");
            assertValidation(() -> update("SET #c[3].#d = :v, #c[3] = :v", names("#c", "c", "#d", "[3]"), values(":v", n(1))),
                    "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c, [3], [3]], path two: [c, [3]]");
        }

        @Test void conflictingPaths() {
            assertValidation(() -> update("SET a.b = :v, a[1] = :w", values(":v", n(2), ":w", n(3))),
                    "Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]");
            assertValidationMatching(() -> update("SET a.b.c = :v, a.b[2] = :w", values(":v", n(2), ":w", n(3))),
                    "Invalid UpdateExpression: Two document paths conflict .*");
            // Overlap is reported even when a conflict comes first.
            assertValidationMatching(() -> update("SET d[1] = :v, d.b = :v, c[1].a = :v, c = :v", values(":v", n(1))),
                    ".*overlap.*path one: \\[c, \\[1\\], a\\], path two: \\[c\\]");
        }

        @Test void pathConflictComesBeforeFunctionErrors() {
            assertValidation(() -> update("set #c[3].#d = a, #c.#d[3] = if_not_exists(a)", names("#c", "c", "#d", "[3]"), null),
                    "Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; "
                            + "path one: [c, [3], [3]], path two: [c, [3], [3]]");
            assertValidation(() -> update("remove a.#c set a[1] = #d", names("#c", "c", "#d", "[3]"), null),
                    "Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; "
                            + "path one: [a, c], path two: [a, [1]]");
        }

        @Test void addAndDeleteOperandTypes() {
            assertValidation(() -> update("ADD a :v", values(":v", s("hello"))),
                    "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING");
            assertValidation(() -> update("ADD a :v", values(":v", l(n(3)))),
                    "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: LIST");
            assertValidation(() -> update("ADD a.b :v", values(":v", m())),
                    "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: MAP");
            assertValidation(() -> update("DELETE a :v", values(":v", n(1))),
                    "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER");
            assertValidation(() -> update("DELETE a :v", values(":v", bool(true))),
                    "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: BOOLEAN");
        }

        @Test void functionOperands() {
            assertValidation(() -> update("SET a = list_append(:v)", values(":v", l())),
                    "Invalid UpdateExpression: Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 1");
            assertValidation(() -> update("SET a = if_not_exists(c)"),
                    "Invalid UpdateExpression: Incorrect number of operands for operator or function; operator or function: if_not_exists, number of operands: 1");
            assertValidation(() -> update("SET a = if_not_exists(:v, c)", values(":v", n(1))),
                    "Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists");
            assertValidation(() -> update("SET a = if_not_exists(if_not_exists(a, b), c)"),
                    "Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists");
            assertValidation(() -> update("SET a = list_append(:v, a)", values(":v", s("a"))),
                    "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: S");
            assertValidation(() -> update("SET a = :v + a", values(":v", s("dog"))),
                    "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: S");
            assertValidation(() -> update("SET a = a - :v", values(":v", ss("x"))),
                    "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: -, operand type: SS");
        }

        @Test void conditionFunctionsAreUnknownInUpdates() {
            assertValidation(() -> update("SET a = size(b)"), "Invalid UpdateExpression: Invalid function name; function: size");
        }
    }

    @Nested
    class Behaviour {
        @Test void setMergesWithOldItem() {
            assertThat(apply("SET b = :v", values(":v", s("hello")), item("p", s("k"), "a", s("hi"))))
                    .isEqualTo(item("p", s("k"), "a", s("hi"), "b", s("hello")));
            assertThat(apply("SET x = :v, y = :v", values(":v", n(4)), null)).isEqualTo(item("x", n(4), "y", n(4)));
        }

        @Test void copyReadsOldValues() {
            Map<String, AttributeValue> old = item("a", s("hello"));
            assertThat(update("SET b = a").apply(old).item()).isEqualTo(item("a", s("hello"), "b", s("hello")));
            assertThat(update("SET a = a").apply(old).item()).isEqualTo(old);
            assertThat(update("REMOVE a SET b = a").apply(old).item()).isEqualTo(item("b", s("hello")));
            assertThat(update("SET c = a REMOVE a").apply(old).item()).isEqualTo(item("c", s("hello")));
            assertValidation(() -> update("SET c = z").apply(old), "The provided expression refers to an attribute that does not exist in the item");
            assertValidation(() -> update("SET c = z").apply(null), "The provided expression refers to an attribute that does not exist in the item");
            assertValidation(() -> update("SET x = :v, y = x", values(":v", n(4))).apply(old),
                    "The provided expression refers to an attribute that does not exist in the item");
        }

        @Test void arithmetic() {
            assertThat(apply("SET b = :a + :b", values(":a", n(4), ":b", n(3)), null)).isEqualTo(item("b", n(7)));
            assertThat(apply("SET b = :a - :b", values(":a", n(5), ":b", n(2)), null)).isEqualTo(item("b", n(3)));
            Map<String, AttributeValue> old = item("a", n(2));
            assertThat(apply("SET a = a + :v", values(":v", n(3)), old).get("a")).isEqualTo(n(5));
            assertThat(apply("SET b = :v - a", values(":v", n(7)), old).get("b")).isEqualTo(n(5));
            assertThat(update("SET a = a + a").apply(old).item().get("a")).isEqualTo(n(4));
            assertThat(apply("SET b = if_not_exists(b, :z) + :v", values(":z", n(0), ":v", n(5)), old).get("b")).isEqualTo(n(5));
            assertValidation(() -> update("SET b = b + :v", values(":v", n(1))).apply(old),
                    "The provided expression refers to an attribute that does not exist in the item");
            assertValidation(() -> update("SET b = a + :v", values(":v", n(1))).apply(item("a", s("x"))),
                    "An operand in the update expression has an incorrect data type");
        }

        @Test void arithmeticPrecisionAndRange() {
            assertThat(apply("SET b = :a + :b", values(":a", n("1"), ":b", n("10000000000000000000000")), null).get("b"))
                    .isEqualTo(n("10000000000000000000001"));
            assertThat(apply("SET b = :a + :b", values(":a", n("9e125"), ":b", n("9e124")), null).get("b")).isEqualTo(n("9.9e125"));
            assertValidation(() -> update("SET b = :a + :b", values(":a", n("9e125"), ":b", n("9e125"))).apply(null),
                    "Number overflow. Attempting to store a number with magnitude larger than supported range");
            assertValidation(() -> update("SET b = :a - :b", values(":a", n("9e125"), ":b", n("-9e125"))).apply(null),
                    "Number overflow. Attempting to store a number with magnitude larger than supported range");
            assertValidation(() -> update("SET b = :a + :b", values(":a", n("1e50"), ":b", n("1"))).apply(null),
                    "Number overflow. Attempting to store a number with magnitude larger than supported range");
            assertValidation(() -> update("SET b = :a - :b", values(":a", n("1e-130"), ":b", n("1.1e-130"))).apply(null),
                    "Number underflow. Attempting to store a number with magnitude smaller than supported range");
            assertThat(apply("SET b = :a - :a", values(":a", n("1e-130")), null).get("b")).isEqualTo(n(0));
        }

        @Test void listAppend() {
            Map<String, AttributeValue> old = item("a", l(s("hi"), n(2)));
            assertThat(apply("SET a = list_append(a, :v)", values(":v", l(n(4), s("hello"))), old).get("a"))
                    .isEqualTo(l(s("hi"), n(2), n(4), s("hello")));
            assertThat(apply("SET a = list_append(:v, a)", values(":v", l(s("dog"))), old).get("a")).isEqualTo(l(s("dog"), s("hi"), n(2)));
            for (AttributeValue notList : List.of(n(7), s("hello"), b("hi"), ns("1"), m("a", n(3)))) {
                assertValidation(() -> update("SET a = list_append(b, :v)", values(":v", l())).apply(item("b", notList)),
                        "An operand in the update expression has an incorrect data type");
            }
            assertValidation(() -> update("SET a = list_append(b, :v)", values(":v", l())).apply(item()),
                    "The provided expression refers to an attribute that does not exist in the item");
            assertThat(apply("SET a = list_append(b, :v)", values(":v", l(n(1))), item("b", l())).get("a")).isEqualTo(l(n(1)));
        }

        @Test void ifNotExists() {
            assertThat(apply("SET a = if_not_exists(a, :v)", values(":v", n(2)), item()).get("a")).isEqualTo(n(2));
            assertThat(apply("SET a = if_not_exists(a, :v)", values(":v", n(3)), item("a", n(2))).get("a")).isEqualTo(n(2));
            assertThat(apply("SET b = if_not_exists(a, :v)", values(":v", n(6)), item("a", n(2))).get("b")).isEqualTo(n(2));
            assertThat(apply("SET a = if_not_exists(b, if_not_exists(c, :v))", values(":v", n(3)), item()).get("a")).isEqualTo(n(3));
        }

        @Test void removeDoesNotCreateAnItem() {
            UpdateResult r = update("REMOVE a").apply(null);
            assertThat(r.item()).isNull();
            assertThat(update("REMOVE x.y").apply(null).item()).isNull();
            assertThat(update("REMOVE x[0]").apply(null).item()).isNull();
            assertThat(update("DELETE a :v", values(":v", ss("x"))).apply(null).item()).isNull();
            assertThat(update("SET a = :v REMOVE b", values(":v", n(1))).apply(null).item()).isEqualTo(item("a", n(1)));
            assertThat(update("SET a = :v REMOVE b.c[2]", values(":v", n(1))).apply(null).item()).isEqualTo(item("a", n(1)));
            assertThat(update("SET a = :v DELETE b.c :s", values(":v", n(1), ":s", ss("x"))).apply(null).item()).isEqualTo(item("a", n(1)));
        }

        @Test void addNumbersAndSets() {
            assertThat(apply("ADD a :v", values(":v", n(4)), item("a", n(3))).get("a")).isEqualTo(n(7));
            assertThat(apply("ADD b :v", values(":v", n(7)), item("a", s("x"))).get("b")).isEqualTo(n(7));
            assertThat(apply("ADD b :v", values(":v", n(8)), null)).isEqualTo(item("b", n(8)));
            assertThat(apply("ADD a :v", values(":v", ss("pig")), item("a", ss("dog", "cat"))).get("a")).isEqualTo(ss("dog", "cat", "pig"));
            assertThat(apply("ADD a :v", values(":v", ss("coati", "badger")), item("a", ss("coati", "lynx"))).get("a"))
                    .isEqualTo(ss("coati", "lynx", "badger"));
            assertThat(apply("ADD a :v", values(":v", ns("1.0")), item("a", ns("1", "2"))).get("a")).isEqualTo(ns("1", "2"));
            assertValidation(() -> update("ADD b :v", values(":v", n(1))).apply(item("b", s("hi"))),
                    "An operand in the update expression has an incorrect data type");
            assertValidation(() -> update("ADD a :v", values(":v", ns("3"))).apply(item("a", l(n(1)))),
                    "An operand in the update expression has an incorrect data type");
            assertValidation(() -> update("ADD a :v", values(":v", ss("3"))).apply(item("a", ns("1"))),
                    "An operand in the update expression has an incorrect data type");
        }

        @Test void deleteFromSets() {
            Map<String, AttributeValue> old = item("a", ss("dog", "cat", "mouse"), "b", s("hi"));
            assertThat(apply("DELETE a :v", values(":v", ss("cat", "mouse")), old).get("a")).isEqualTo(ss("dog"));
            assertThat(apply("DELETE a :v", values(":v", ss("pig")), old).get("a")).isEqualTo(old.get("a"));
            assertThat(apply("DELETE a :v", values(":v", ss("dog", "cat", "mouse")), old)).isEqualTo(item("b", s("hi")));
            assertThat(apply("DELETE q :v", values(":v", ss("dog")), old)).isEqualTo(old);
            assertThat(apply("DELETE ns :v", values(":v", ns("10.0", "2e1")), item("ns", ns("10", "20", "30"))).get("ns")).isEqualTo(ns("30"));
            assertValidation(() -> update("DELETE a :v", values(":v", ns("1"))).apply(old),
                    "An operand in the update expression has an incorrect data type");
        }

        @Test void nestedSetAndRemove() {
            Map<String, AttributeValue> old = item("a", m("x", n(3), "y", n(4), "c", m("y", n(3))), "b", m("x", n(1), "y", n(2)));
            assertThat(apply("SET a.b = :v1, a.c.d = :v2, b.x = :v3 REMOVE a.x, b.y", values(":v1", n(10), ":v2", s("dog"), ":v3", n(17)), old))
                    .isEqualTo(item("a", m("y", n(4), "c", m("y", n(3), "d", s("dog")), "b", n(10)), "b", m("x", n(17))));
            Map<String, AttributeValue> deep = item("a", m("b", n(3), "c", l(s("hi"), m("x", m("y", l(n(3), n(5), n(7)))))));
            assertThat(update("SET a.c[1].#n.y[1] = :v", names("#n", "x"), values(":v", n(9))).apply(deep).item().get("a"))
                    .isEqualTo(m("b", n(3), "c", l(s("hi"), m("x", m("y", l(n(3), n(9), n(7)))))));
            assertThat(update("SET a.z = a.c[1].#n.y[1]", names("#n", "x"), null).apply(deep).item().get("a"))
                    .isEqualTo(m("b", n(3), "c", l(s("hi"), m("x", m("y", l(n(3), n(5), n(7))))), "z", n(5)));
            assertThat(update("REMOVE a.c[1].x.y[1], a.b").apply(deep).item().get("a"))
                    .isEqualTo(m("c", l(s("hi"), m("x", m("y", l(n(3), n(7)))))));
        }

        @Test void nestedReplaceWithOtherType() {
            assertThat(apply("SET a.c = :v", values(":v", n(7)), item("a", m("b", n(3), "c", m("one", n(1))))))
                    .isEqualTo(item("a", m("b", n(3), "c", n(7))));
        }

        @Test void listIndexes() {
            Map<String, AttributeValue> abc = item("a", l(s("one"), s("two"), s("three")));
            assertThat(apply("SET a[1] = :v", values(":v", s("hello")), abc).get("a")).isEqualTo(l(s("one"), s("hello"), s("three")));
            Map<String, AttributeValue> appended = apply("SET a[7] = :v", values(":v", s("hello")), abc);
            assertThat(appended.get("a")).isEqualTo(l(s("one"), s("two"), s("three"), s("hello")));
            assertThat(apply("SET a[84] = :v1, a[37] = :v2, a[17] = :v3, a[50] = :v4",
                    values(":v1", s("a1"), ":v2", s("a2"), ":v3", s("a3"), ":v4", s("a4")), appended).get("a"))
                    .isEqualTo(l(s("one"), s("two"), s("three"), s("hello"), s("a3"), s("a2"), s("a4"), s("a1")));
            Map<String, AttributeValue> nums = item("a", l(n(2), n(3), n(4), n(5), n(6), n(7)));
            assertThat(apply("REMOVE a[1] SET a[3] = :v", values(":v", n(17)), nums).get("a")).isEqualTo(l(n(2), n(4), n(17), n(6), n(7)));
            assertThat(apply("SET a[3] = :v REMOVE a[1]", values(":v", n(17)), nums).get("a")).isEqualTo(l(n(2), n(4), n(17), n(6), n(7)));
            assertThat(update("REMOVE a[1], a[3]").apply(nums).item().get("a")).isEqualTo(l(n(2), n(4), n(6), n(7)));
            assertThat(update("REMOVE a[17]").apply(nums).item()).isEqualTo(nums);
            assertThat(update("REMOVE a[0]").apply(item("a", l(n(1)))).item()).isEqualTo(item("a", l()));
            assertThat(update("REMOVE a.b").apply(item("a", m("b", n(1)))).item()).isEqualTo(item("a", m()));
        }

        @Test void removingMissingLeavesIsSilent() {
            Map<String, AttributeValue> old = item("a", m("x", n(3)), "b", l(s("hi")));
            assertThat(update("REMOVE a.y").apply(old).item()).isEqualTo(old);
            assertThat(update("REMOVE b[7]").apply(old).item()).isEqualTo(old);
            assertThat(update("REMOVE c").apply(old).item()).isEqualTo(old);
        }

        @Test void invalidDocumentPaths() {
            Map<String, AttributeValue> old = item("a", s("hello"), "b", l(s("hi")));
            for (String text : List.of("SET a.c = :v", "SET b.c = :v", "SET c.c = :v", "SET a[0] = :v", "SET c[0] = :v")) {
                assertValidation(() -> update(text, values(":v", n(7))).apply(old),
                        "The document path provided in the update expression is invalid for update");
            }
            for (String text : List.of("REMOVE a.c", "REMOVE b.c", "REMOVE c.c", "REMOVE a[0]", "REMOVE c[0]")) {
                assertValidation(() -> update(text).apply(old), "The document path provided in the update expression is invalid for update");
            }
            assertValidation(() -> update("SET c.c = :v", values(":v", n(7))).apply(null),
                    "The document path provided in the update expression is invalid for update");
            assertValidation(() -> update("ADD c.d :v", values(":v", n(7))).apply(old),
                    "The document path provided in the update expression is invalid for update");
        }

        @Test void addToNestedSet() {
            Map<String, AttributeValue> old = item("a", m("d", l(s("e"), ss("g", "h")), "i", ss("j")));
            assertThat(update("ADD a.d[1] :x, a.i :y", null, values(":x", ss("l"), ":y", ss("n"))).apply(old).item())
                    .isEqualTo(item("a", m("d", l(s("e"), ss("g", "h", "l")), "i", ss("j", "n"))));
        }

        @Test void emptyValuesAreAllowed() {
            assertThat(apply("SET d = :v1, e = :v2, f = :v3, g = :v4", values(":v1", l(), ":v2", m(), ":v3", s(""), ":v4", b("")), null))
                    .isEqualTo(item("d", l(), "e", m(), "f", s(""), "g", b("")));
        }

        @Test void dotInReferencedNameIsLiteral() {
            assertThat(update("SET #a = :v", names("#a", "a.b"), values(":v", n(3))).apply(null).item()).isEqualTo(item("a.b", n(3)));
        }

        @Test void modifiedPaths() {
            Update u = update("SET a.b = :v, c = :v REMOVE d[1] ADD e :v", values(":v", n(1)));
            assertThat(u.targetPaths()).extracting(DocumentPath::render).containsExactly("[a, b]", "[c]", "[d, [1]]", "[e]");
            assertThat(u.apply(item("a", m(), "d", l(n(1), n(2)))).modifiedPaths()).isEqualTo(u.targetPaths());
        }

        @Test void applyIsPureAndRepeatable() {
            Map<String, AttributeValue> old = item("a", n(1));
            Update u = update("SET a = a + :v", values(":v", n(1)));
            assertThat(u.apply(old).item()).isEqualTo(item("a", n(2)));
            assertThat(u.apply(old).item()).isEqualTo(item("a", n(2)));
            assertThat(old).isEqualTo(item("a", n(1)));
        }
    }
}
