package io.keyline.expr;

import static io.keyline.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.model.AttributeValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConditionExpressionTest {

    static Condition cond(String text, Map<String, String> names, Map<String, AttributeValue> values) {
        ExpressionContext ctx = new ExpressionContext(names, values);
        Condition c = ctx.condition(text, "ConditionExpression");
        ctx.checkAllUsed();
        return c;
    }

    static Condition cond(String text, Map<String, AttributeValue> values) { return cond(text, null, values); }

    static Condition cond(String text) { return cond(text, null, null); }

    static final Map<String, AttributeValue> ITEM = item(
            "a", n(1), "b", n(2), "c", n(3), "s", s("cat"), "bin", b("cat"),
            "lst", l(n(2), n(4), n(7)), "nset", ns("2", "4", "7"), "mp", m("x", n(1), "y", l(n(-1), n(2), n(0))),
            "t", bool(true), "z", nul());

    @Nested
    class Syntax {
        @Test void syntaxErrorQuotesTokenAndNeighbours() {
            assertValidation(() -> cond("i != :i", values(":i", n(1))),
                    "Invalid ConditionExpression: Syntax error; token: \"!\", near: \"i !=\"");
        }

        @Test void syntaxErrorAtEndOfInput() {
            assertValidation(() -> cond("a = "), "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"=\"");
        }

        @Test void syntaxErrorAtStart() {
            assertValidation(() -> cond("_a = b"), "Invalid ConditionExpression: Syntax error; token: \"_\", near: \"_a\"");
        }

        @ParameterizedTest
        @ValueSource(strings = {"a", ":v", "NOT a", "a AND :v", "a OR NOT :v", "a = :v OR NOT :v", "a IN ()", "a > between",
                "a in b", "a in (b,c,)", "attribute_exists(Pictures-RearView)", "attribute_exists(asdf[a])", "b[:v] > a",
                "b[#n] > a", "size(a).b > a", "size(a)[0] > a", "a[-1] = a", "a[] = :v", "ü > a", "a.:v < b", "(((", "a = b)"})
        void syntaxErrors(String text) {
            assertValidationMatching(() -> new ExpressionContext(names("#n", "x"), values(":v", n(1))).condition(text, "ConditionExpression"),
                    "Invalid ConditionExpression: Syntax error; token: .*");
        }

        @Test void emptyExpression() {
            assertValidation(() -> cond(""), "Invalid ConditionExpression: The expression can not be empty;");
        }

        @Test void filterExpressionPrefix() {
            assertValidation(() -> new ExpressionContext(null, null).condition("", "FilterExpression"),
                    "Invalid FilterExpression: The expression can not be empty;");
        }

        @Test void expressionSizeLimitIsCheckedBeforeParsing() {
            String text = "(".repeat(4097);
            assertValidation(() -> cond(text),
                    "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097");
            String ok = "a" + " ".repeat(4085) + " = :v";
            assertThat(ok.length()).isLessThanOrEqualTo(4096);
            assertThat(cond(ok, values(":v", n(1))).test(ITEM)).isTrue();
        }

        @Test void operatorLimit() {
            StringBuilder sb = new StringBuilder("a < b");
            for (int i = 0; i < 149; i++) sb.append(" or a < b");
            assertThat(cond(sb.toString()).test(ITEM)).isTrue(); // 299 operators
            sb.append(" or a < b");
            assertValidation(() -> cond(sb.toString()),
                    "Invalid ConditionExpression: The expression contains too many operators; operator count: 301");
        }

        @Test void deepNestingIsRejectedCleanly() {
            assertValidationMatching(() -> cond("(".repeat(4000)), "Invalid ConditionExpression: .*");
            assertValidationMatching(() -> cond("NOT ".repeat(1000) + "a < b"), "Invalid ConditionExpression: .*too many operators.*");
            StringBuilder f = new StringBuilder("a < ");
            for (int i = 0; i < 600; i++) f.append("f(");
            f.append("b").append(")".repeat(600));
            assertValidationMatching(() -> cond(f.toString()), "Invalid ConditionExpression: .*");
        }

        @Test void keywordsAreCaseInsensitive() {
            assertThat(cond("a < b aNd b < c oR nOt a < b").test(ITEM)).isTrue();
            assertThat(cond("b between a and c").test(ITEM)).isTrue();
            assertThat(cond("b BetWEeN a AnD c").test(ITEM)).isTrue();
            assertThat(cond("b In (a, b)").test(ITEM)).isTrue();
        }

        @Test void whitespaceIsIgnored() {
            assertThat(cond("   a   =\t:v\n", values(":v", n(1))).test(ITEM)).isTrue();
            assertThat(cond("size(s)<>:v", values(":v", n(4))).test(ITEM)).isTrue();
        }

        @Test void redundantParentheses() {
            for (String text : List.of("((a = :v))", "a = :v and ((a = :v))", "a > ((b))", "(a)between(((b)))and(c)",
                    "a=:v AND ((a=:v AND a=:v)) AND a=:v")) {
                assertValidation(() -> cond(text, values(":v", n(1))), "Invalid ConditionExpression: The expression has redundant parentheses;");
            }
            assertThat(cond("(a = :v)", values(":v", n(1))).test(ITEM)).isTrue();
            assertThat(cond("((a = :v) and b = :w)", values(":v", n(1), ":w", n(2))).test(ITEM)).isTrue();
            assertThat(cond("((a=:v) OR (a=:w))", values(":v", n(1), ":w", n(2))).test(ITEM)).isTrue();
        }

        @Test void groupedPathsContinue() {
            assertThat(cond("(mp.y)[1] = :v", values(":v", n(2))).test(ITEM)).isTrue();
            assertThat(cond("(mp).x = :v", values(":v", n(1))).test(ITEM)).isTrue();
            assertValidation(() -> cond("(a)between(((b.c)).d)and(c)"), "Invalid ConditionExpression: The expression has redundant parentheses;");
        }

        @Test void parenthesizedOperands() {
            assertThat(cond("(a) < (b)").test(ITEM)).isTrue();
            assertThat(cond("(b)between(a)and(c)").test(ITEM)).isTrue();
            assertThat(cond("(size(s)) = :v", values(":v", n(3))).test(ITEM)).isTrue();
            assertThat(cond("(a) IN (b, a)").test(ITEM)).isTrue();
        }

        @Test void nameAndValueReferenceTokens() {
            assertThat(cond("#1a = :_", names("#1a", "a"), values(":_", n(1))).test(ITEM)).isTrue();
        }

        @Test void pathNestingLimit() {
            cond("attribute_exists(a" + ".b".repeat(31) + ")");
            assertValidation(() -> cond("attribute_exists(a" + ".b".repeat(32) + ")"),
                    "Invalid ConditionExpression: The document path has too many nesting levels; nesting levels: 33");
        }
    }

    @Nested
    class Validation {
        @Test void unknownFunction() {
            assertValidation(() -> cond("dog(a) = :v", values(":v", n(1))), "Invalid ConditionExpression: Invalid function name; function: dog");
            assertValidation(() -> cond("ATTRIBUTE_EXISTS(a)"), "Invalid ConditionExpression: Invalid function name; function: ATTRIBUTE_EXISTS");
        }

        @Test void updateFunctionsAreNotAllowed() {
            assertValidation(() -> cond("if_not_exists(a, a) = :v", values(":v", n(1))),
                    "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: if_not_exists");
            assertValidation(() -> cond("list_append(a, a) = :v", values(":v", n(1))),
                    "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: list_append");
        }

        @Test void sizeAloneIsNotACondition() {
            assertValidation(() -> cond("size(a)"),
                    "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: size");
        }

        @Test void booleanFunctionInComparison() {
            assertValidation(() -> cond("attribute_exists(a) < :v", values(":v", n(1))),
                    "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: attribute_exists");
            assertValidation(() -> cond("size(contains(a, b)) > a"),
                    "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: contains");
            assertValidation(() -> cond("a in (b, attribute_exists(c))"),
                    "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: attribute_exists");
        }

        @Test void reservedWord() {
            assertValidation(() -> cond(":v < abOrT", values(":v", n(1))),
                    "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: abOrT");
            assertValidation(() -> cond("attribute_exists(a.size)"),
                    "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: size");
            assertThat(cond("attribute_exists(#n)", names("#n", "and"), null).test(item("and", n(1)))).isTrue();
        }

        @Test void undefinedReferences() {
            assertValidation(() -> cond("#name = :v", names("#other", "a"), values(":v", n(1))),
                    "Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #name");
            assertValidation(() -> cond("a = :v"),
                    "Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :v");
            assertValidation(() -> cond(":a < #b", names("#x", "x"), values(":x", n(1))),
                    "Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :a");
        }

        @Test void operandCounts() {
            assertValidation(() -> cond("size(a, a) = :v", values(":v", n(1))),
                    "Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or function: size, number of operands: 2");
            assertValidation(() -> cond("begins_with(a)"),
                    "Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or function: begins_with, number of operands: 1");
        }

        @Test void identicalOperands() {
            assertValidation(() -> cond("a = a"),
                    "Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]");
            assertValidation(() -> cond("contains(a.b[1], #n.b[1])", names("#n", "a"), null),
                    "Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a, b, [1]]");
            assertThat(cond("contains(s, s1)").test(item("s", s("abc"), "s1", s("b")))).isTrue();
        }

        @Test void documentPathRequired() {
            assertValidation(() -> cond("attribute_exists(:v)", values(":v", n(1))),
                    "Invalid ConditionExpression: Operator or function requires a document path; operator or function: attribute_exists");
        }

        @Test void beginsWithOperandType() {
            assertValidation(() -> cond("begins_with(a, :v)", values(":v", n(2))),
                    "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N");
        }

        @Test void attributeTypeArguments() {
            assertValidation(() -> cond("attribute_type(a, :t)", values(":t", s("DOG"))),
                    "Invalid ConditionExpression: Invalid attribute type name found; type: DOG, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
            assertValidationMatching(() -> cond("attribute_type(a, b)"),
                    "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: .*");
            assertValidation(() -> cond("attribute_type(a, :t)", values(":t", n(1))),
                    "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N");
        }

        @Test void sizeOperandType() {
            assertValidation(() -> cond("size(:x) >= :v", values(":x", n(123), ":v", n(2))),
                    "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N");
            assertValidation(() -> cond("size(size(a)) >= :v", values(":v", n(2))),
                    "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N");
            assertThat(cond("size(:x) >= :v", values(":x", s("abc"), ":v", n(2))).test(null)).isTrue();
        }

        @Test void orderingNeedsScalarLiterals() {
            assertValidation(() -> cond("a < :v", values(":v", l(n(1), n(2)))),
                    "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: <, operand type: L");
            assertValidation(() -> cond(":v >= a", values(":v", m())),
                    "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: >=, operand type: M");
            assertValidation(() -> cond("a BETWEEN :x AND :y", values(":x", l(), ":y", l())),
                    "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: L");
        }

        @Test void betweenBounds() {
            assertValidation(() -> cond("a BETWEEN :x AND :y", values(":x", n(2), ":y", n(1))),
                    "Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
                            + "lower bound operand: AttributeValue: {N:2}, upper bound operand: AttributeValue: {N:1}");
            assertValidation(() -> cond("a BETWEEN :x AND :y", values(":x", n(2), ":y", s("dog"))),
                    "Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; "
                            + "lower bound operand: AttributeValue: {N:2}, upper bound operand: AttributeValue: {S:dog}");
        }

        @Test void firstFaultyPrimitiveConditionWins() {
            assertValidation(() -> cond("attribute_type(a, size(a)) and a=a and a=:v", values(":v", n(1))),
                    "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N");
            assertValidation(() -> cond("a = a AND #x = b", names("#y", "y"), null),
                    "Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]");
            assertValidation(() -> cond("attribute_exists(things, a) and a=a"),
                    "Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 2");
            assertValidation(() -> cond("attribute_type(ab.bc[1].#a, ab.bc[1].a)", names("#a", "a"), null),
                    "Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: attribute_type, first operand: [ab, bc, [1], a]");
        }

        @Test void innerFunctionsAreCheckedFirst() {
            assertValidation(() -> cond("attribute_not_exists(size(:v))", values(":v", n(1))),
                    "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N");
            assertValidation(() -> cond("attribute_not_exists(size(:v))", values(":v", s("1"))),
                    "Invalid ConditionExpression: Operator or function requires a document path; operator or function: attribute_not_exists");
        }

        @Test void errorCategoriesComeInDynamoDbOrder() {
            // redundant parentheses, then unknown functions, misuse, reserved words, then per-condition checks
            assertValidation(() -> cond("a=a and whatever(b) > ((views))"), "Invalid ConditionExpression: The expression has redundant parentheses;");
            assertValidation(() -> cond("a=a and whatever((:x)) > views"), "Invalid ConditionExpression: Invalid function name; function: whatever");
            assertValidation(() -> cond("a=a and attribute_exists(views) > b"),
                    "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: attribute_exists");
            assertValidation(() -> cond("a=a and views > :x"), "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: views");
        }

        @Test void unusedNamesAndValues() {
            assertValidation(() -> cond("#a = :v", names("#a", "a", "#name3", "c"), values(":v", n(1))),
                    "Value provided in ExpressionAttributeNames unused in expressions: keys: {#name3}");
            assertValidation(() -> cond("a = :v", values(":v", n(1), ":val3", n(3), ":val4", n(4))),
                    "Value provided in ExpressionAttributeValues unused in expressions: keys: {:val3, :val4}");
        }

        @Test void shortCircuitDoesNotHideUsedReferences() {
            Condition c = cond("#n1 = :v1 OR #n2 = :v2", names("#n1", "a", "#n2", "b"), values(":v1", n(1), ":v2", n(2)));
            assertThat(c.test(ITEM)).isTrue();
        }

        @Test void inAcceptsMixedTypes() {
            assertThat(cond("a IN (:x, :y)", values(":x", s("dog"), ":y", n(1))).test(ITEM)).isTrue();
        }
    }

    @Nested
    class Behaviour {
        private boolean eval(String text, Map<String, AttributeValue> values, Map<String, AttributeValue> item) {
            return cond(text, values).test(item);
        }

        private boolean eval(String text, AttributeValue v) { return eval(text, values(":v", v), ITEM); }

        @Test void equalityOnAllTypes() {
            List<AttributeValue> all = List.of(n(1), s("hello"), bool(true), b("xyz"), nul(), l(s("hello"), n(42)),
                    m("hello", s("world")), ss("hello", "world"), ns("1", "2", "3"), bs("xyz", "hi"));
            for (AttributeValue x : all) {
                for (AttributeValue y : all) {
                    assertThat(eval("a = :v", values(":v", y), item("a", x))).as(x + " = " + y).isEqualTo(x.equals(y));
                    assertThat(eval("a <> :v", values(":v", y), item("a", x))).as(x + " <> " + y).isEqualTo(!x.equals(y));
                }
                assertThat(eval("a = b", null, item("a", x, "b", x))).isTrue();
            }
        }

        @Test void setsAndNestedSetsCompareAsSets() {
            assertThat(eval("a = :v", values(":v", ss("mouse", "cat", "dog")), item("a", ss("dog", "cat", "mouse")))).isTrue();
            assertThat(eval("a = :v", values(":v", ns("1.0", "2")), item("a", ns("2", "1")))).isTrue();
            AttributeValue nested = m("b", s("c"), "d", l(s("e"), ss("g", "h")));
            assertThat(eval("a = :v", values(":v", m("b", s("c"), "d", l(s("e"), ss("h", "g")))), item("a", nested))).isTrue();
            assertThat(eval("a <> :v", values(":v", m("b", s("c"), "d", l(s("e"), ss("h", "x")))), item("a", nested))).isTrue();
        }

        @Test void missingAttributes() {
            assertThat(eval("q = :v", n(1))).isFalse();
            assertThat(eval("q <> :v", n(1))).isTrue();
            assertThat(cond("q = z").test(ITEM)).isFalse();
            assertThat(cond("q <> z").test(ITEM)).isTrue();
            for (String op : List.of("<", "<=", ">", ">=")) {
                assertThat(cond("q " + op + " zz").test(ITEM)).isFalse();
                assertThat(eval("q " + op + " :v", n(1))).isFalse();
                assertThat(eval(":v " + op + " q", n(1))).isFalse();
            }
            assertThat(cond("q between zz and x").test(ITEM)).isFalse();
            assertThat(cond("p <> :p", values(":p", s("k"))).test(null)).isTrue();
            assertThat(cond("attribute_not_exists(p)").test(null)).isTrue();
        }

        @Test void ordering() {
            assertThat(eval("a < :v", n(2))).isTrue();
            assertThat(eval("a < :v", n(1))).isFalse();
            assertThat(eval("a <= :v", n(1))).isTrue();
            assertThat(eval("s < :v", s("dog"))).isTrue();
            assertThat(eval("s > :v", s("aardvark"))).isTrue();
            assertThat(eval("s >= :v", s("cat"))).isTrue();
            assertThat(eval("bin < :v", b("dog"))).isTrue();
            assertThat(eval("bin > :v", b("aardvark"))).isTrue();
            assertThat(eval("a < :v", s("17"))).isFalse();
            assertThat(eval("lst < :v", n(1))).isFalse();
            assertThat(eval(":v < lst", n(1))).isFalse();
            assertThat(eval("a > :v", n("0.5"))).isTrue();
            assertThat(eval("a < :v", n("1e1"))).isTrue();
        }

        @Test void binariesCompareUnsigned() {
            Map<String, AttributeValue> it = item("b", b(127));
            assertThat(eval("b < :v", values(":v", b(128)), it)).isTrue();
            assertThat(eval("b between :x and :y", values(":x", b(126), ":y", b(128)), it)).isTrue();
            assertThat(eval("b > :v", values(":v", b(127)), item("b", b(128)))).isTrue();
        }

        @Test void stringsCompareByUtf8Bytes() {
            // U+FFFD sorts before U+10000 in UTF-8 and code points, after it in UTF-16.
            assertThat(eval("s < :v", values(":v", s("\uD800\uDC00")), item("s", s("\uFFFD")))).isTrue();
        }

        @Test void between() {
            assertThat(eval("a between :x and :y", values(":x", n(0), ":y", n(2)), ITEM)).isTrue();
            assertThat(eval("a between :x and :y", values(":x", n(1), ":y", n(1)), ITEM)).isTrue();
            assertThat(eval("a between :x and :y", values(":x", n(2), ":y", n(7)), ITEM)).isFalse();
            assertThat(eval("a between :x and :y", values(":x", s("0"), ":y", s("2")), ITEM)).isFalse();
            assertThat(cond("b BETWEEN a AND c").test(ITEM)).isTrue();
            assertThat(cond("a BETWEEN c AND b").test(ITEM)).isFalse();
            assertThat(cond("s between :x and lst", values(":x", s("a"))).test(ITEM)).isFalse();
        }

        @Test void in() {
            Map<String, AttributeValue> vals = new LinkedHashMap<>();
            StringBuilder sb = new StringBuilder("a IN (");
            for (int i = 0; i < 99; i++) {
                vals.put(":v" + i, n(i));
                sb.append(i == 0 ? "" : ",").append(":v").append(i);
            }
            sb.append(")");
            assertThat(cond(sb.toString(), vals).test(item("a", n(74)))).isTrue();
            assertThat(cond(sb.toString(), vals).test(item("a", n(174)))).isFalse();
            assertThat(cond(sb.toString(), vals).test(item())).isFalse();
            assertThat(cond("a IN (b)").test(item("a", ss("x"), "b", ss("x")))).isTrue();
        }

        @Test void logic() {
            assertThat(cond("a < b AND b < c").test(ITEM)).isTrue();
            assertThat(cond("a < b AND c < b").test(ITEM)).isFalse();
            assertThat(cond("b < a OR b < c").test(ITEM)).isTrue();
            assertThat(cond("b < a OR c < b").test(ITEM)).isFalse();
            assertThat(cond("NOT b < a").test(ITEM)).isTrue();
            assertThat(cond("NOT NOT NOT NOT a < b").test(ITEM)).isTrue();
            assertThat(cond("(a < b OR b < a) AND (b < c AND (a < b OR b < c))").test(ITEM)).isTrue();
        }

        @Test void precedence() {
            assertThat(cond("a < b OR c < b AND b < c").test(ITEM)).isTrue();   // AND binds tighter
            assertThat(cond("NOT a < b AND c < b").test(ITEM)).isFalse();       // NOT binds tighter than AND
            assertThat(cond("b BETWEEN a AND c AND a < b").test(ITEM)).isTrue();
        }

        @Test void attributeExistsAndType() {
            assertThat(cond("attribute_exists (a)").test(ITEM)).isTrue();
            assertThat(cond("attribute_exists (q)").test(ITEM)).isFalse();
            assertThat(cond("attribute_not_exists (q)").test(ITEM)).isTrue();
            assertThat(cond("attribute_exists (mp.x)").test(ITEM)).isTrue();
            String[][] types = {{"N", "a"}, {"S", "s"}, {"B", "bin"}, {"L", "lst"}, {"NS", "nset"}, {"M", "mp"}, {"BOOL", "t"}, {"NULL", "z"}};
            for (String[] t : types) {
                assertThat(eval("attribute_type(" + t[1] + ", :v)", s(t[0]))).as(t[1]).isTrue();
                assertThat(eval("attribute_type(" + t[1] + ", :v)", s(t[0].equals("S") ? "N" : "S"))).isFalse();
            }
            assertThat(cond("attribute_type(:x, :t)", values(":x", n(0), ":t", s("N"))).test(null)).isTrue();
        }

        @Test void beginsWith() {
            Map<String, AttributeValue> it = item("a", s("hello"), "b", b("hi there"), "c", n(3));
            assertThat(eval("begins_with(a, :v)", values(":v", s("hell")), it)).isTrue();
            assertThat(eval("begins_with(b, :v)", values(":v", b("hi")), it)).isTrue();
            assertThat(eval("begins_with(a, :v)", values(":v", s("dog")), it)).isFalse();
            assertThat(eval("begins_with(c, :v)", values(":v", s("dog")), it)).isFalse();
            assertThat(cond("begins_with(c, a)").test(it)).isFalse();
            assertThat(eval("begins_with(:v, a)", values(":v", s("hellohi")), it)).isTrue();
        }

        @Test void contains() {
            Map<String, AttributeValue> it = item("a", s("hello"), "b", ns("2", "4", "7"), "c", l(n(2), n(4), n(7)),
                    "d", b("hi there"), "e", l(s("hi"), ns("1", "2"), l(n(3), n(4))), "m", m("x", n(1)));
            assertThat(eval("contains(a, :v)", values(":v", s("ell")), it)).isTrue();
            assertThat(eval("contains(b, :v)", values(":v", n(4)), it)).isTrue();
            assertThat(eval("contains(c, :v)", values(":v", n(4)), it)).isTrue();
            assertThat(eval("contains(d, :v)", values(":v", b("here")), it)).isTrue();
            assertThat(eval("contains(d, :v)", values(":v", b("dog")), it)).isFalse();
            assertThat(eval("contains(d, :v)", values(":v", ns("1", "2")), it)).isFalse();
            assertThat(eval("contains(e, :v)", values(":v", ns("1", "2")), it)).isTrue();
            assertThat(eval("contains(e, :v)", values(":v", l(n(3), n(4))), it)).isTrue();
            assertThat(eval("contains(b, :v)", values(":v", ns("2", "4", "7")), it)).isFalse();
            assertThat(eval("contains(m, :v)", values(":v", s("x")), it)).isFalse();
            assertThat(eval("contains(a, :v)", values(":v", n(1)), it)).isFalse();
            assertThat(eval("NOT contains(q, :v)", values(":v", n(1)), it)).isTrue();
        }

        @Test void size() {
            Map<String, AttributeValue> it = item("a", s("hello"), "b", ns("2", "4", "7"), "c", l(n(2), s("dog"), n(7)),
                    "d", b("hi there"), "e", m("x", n(2), "y", m("m", n(3), "n", n(4))), "f", n(5), "g", bool(true), "h", nul(),
                    "u", s("\u00fc"));
            assertThat(eval("size(a) = :v", values(":v", n(5)), it)).isTrue();
            assertThat(eval("size(b) = :v", values(":v", n(3)), it)).isTrue();
            assertThat(eval("size(c) = :v", values(":v", n(3)), it)).isTrue();
            assertThat(eval("size(d) = :v", values(":v", n(8)), it)).isTrue();
            assertThat(eval("size(e) = :v", values(":v", n(2)), it)).isTrue();
            assertThat(eval("size(u) = :v", values(":v", n(2)), it)).isTrue();
            for (String x : List.of("f", "g", "h", "q")) {
                assertThat(eval("size(" + x + ") = :v", values(":v", n(1)), it)).isFalse();
                assertThat(eval("size(" + x + ") < :v", values(":v", n(100)), it)).isFalse();
                assertThat(eval("size(" + x + ") >= :v", values(":v", n(0)), it)).isFalse();
            }
            assertThat(eval("size(a) = :v", values(":v", s("dog")), it)).isFalse();
            assertThat(cond("size(a) = f").test(it)).isTrue();
            assertThat(eval("size(a) between :x and :y", values(":x", n(4), ":y", n(6)), it)).isTrue();
            assertThat(eval("size(a) in (:x, :y)", values(":x", n(4), ":y", n(5)), it)).isTrue();
        }

        @Test void nestedPathsAndReferences() {
            assertThat(cond("mp.x < mp.y[1]").test(ITEM)).isTrue();
            assertThat(cond("mp.x < mp.y[0]").test(ITEM)).isFalse();
            assertThat(cond("mp.z < mp.y[100]").test(ITEM)).isFalse();
            assertThat(cond("#n1.#n2 = :two", names("#n1", "and", "#n2", "or"), values(":two", n(2)))
                    .test(item("and", m("or", n(2))))).isTrue();
            assertThat(cond("#n = :v", names("#n", "a.b"), values(":v", n(3))).test(item("a.b", n(3), "a", m("b", n(4))))).isTrue();
            assertThat(cond("lst[0] = :v", values(":v", n(2))).test(ITEM)).isTrue();
            assertThat(cond("mp[0] = :v", values(":v", n(2))).test(ITEM)).isFalse();
            assertThat(cond("lst.x = :v", values(":v", n(2))).test(ITEM)).isFalse();
        }

        @Test void pathsAreExposedForKeyChecks() {
            Condition c = cond("a.b = :v AND size(#c) > :v", names("#c", "c"), values(":v", n(1)));
            assertThat(c.paths()).extracting(DocumentPath::head).containsExactly("a", "c");
        }
    }
}
