package io.keyline.expr;

import static io.keyline.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.model.AttributeValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class LegacyTest {

    static Condition expected(String json) { return Legacy.expected(conditions(json), null, "Expected"); }

    static Condition expected(String json, String op) { return Legacy.expected(conditions(json), op, "Expected"); }

    static final Map<String, AttributeValue> ITEM = item("a", n(1), "b", s("cat"), "c", b("cat"), "n", nul(),
            "set", ns("2", "4", "7"), "list", l(n(2), n(4), n(7)), "bin", b("hi there"), "str", s("hello"));

    @Nested
    class ExpectedValidation {
        @Test void valueAndExistsForms() {
            assertValidation(() -> expected("{'a': {}}"),
                    "One or more parameter values were invalid: Value must be provided when Exists is null for Attribute: a");
            assertValidation(() -> expected("{'a': {'Exists': true}}"),
                    "One or more parameter values were invalid: Value must be provided when Exists is true for Attribute: a");
            assertValidation(() -> expected("{'a': {'Exists': false, 'Value': {'N': '1'}}}"),
                    "One or more parameter values were invalid: Value cannot be used when Exists is false for Attribute: a");
        }

        @Test void operatorClashes() {
            assertValidation(() -> expected("{'a': {'Exists': false, 'ComparisonOperator': 'EQ', 'AttributeValueList': [{'N': '3'}]}}"),
                    "One or more parameter values were invalid: Exists and ComparisonOperator cannot be used together for Attribute: a");
            assertValidation(() -> expected("{'a': {'Value': {'N': '3'}, 'ComparisonOperator': 'EQ', 'AttributeValueList': [{'N': '3'}]}}"),
                    "One or more parameter values were invalid: Value and AttributeValueList cannot be used together for Attribute: a");
            assertValidation(() -> expected("{'a': {'AttributeValueList': [{'N': '3'}]}}"),
                    "One or more parameter values were invalid: AttributeValueList can only be used with a ComparisonOperator for Attribute: a");
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'XX', 'AttributeValueList': []}}"),
                    "1 validation error detected: Value 'XX' at 'expected.a.member.comparisonOperator' failed to satisfy constraint: "
                            + "Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]");
            assertValidationMatching(() -> Legacy.expected(conditions("{'a': {'ComparisonOperator': 'XX'}}"), null, "QueryFilter"),
                    ".*at 'queryFilter.a.member.comparisonOperator'.*");
        }

        @Test void filtersNeedAComparisonOperator() {
            assertValidation(() -> Legacy.expected(conditions("{'a': {'AttributeValueList': [{'N': '1'}]}}"), null, "QueryFilter"),
                    "1 validation error detected: Value null at 'queryFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null");
            assertThat(Legacy.expected(conditions("{'a': {'ComparisonOperator': 'GT', 'AttributeValueList': [{'N': '0'}]}}"), null, "ScanFilter")
                    .test(ITEM)).isTrue();
        }

        @Test void argumentCounts() {
            for (String op : List.of("EQ", "NE", "LE", "LT", "GE", "GT", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH")) {
                assertValidation(() -> expected("{'a': {'ComparisonOperator': '" + op + "', 'AttributeValueList': [{'S': 'a'}, {'S': 'b'}]}}"),
                        "One or more parameter values were invalid: Invalid number of argument(s) for the " + op + " ComparisonOperator");
            }
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'CONTAINS', 'AttributeValueList': []}}"),
                    "One or more parameter values were invalid: Invalid number of argument(s) for the CONTAINS ComparisonOperator");
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'NULL', 'AttributeValueList': [{'N': '2'}]}}"),
                    "One or more parameter values were invalid: Invalid number of argument(s) for the NULL ComparisonOperator");
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'IN', 'AttributeValueList': []}}"),
                    "One or more parameter values were invalid: Invalid number of argument(s) for the IN ComparisonOperator");
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'BETWEEN', 'AttributeValueList': [{'N': '2'}, {'N': '3'}, {'N': '4'}]}}"),
                    "One or more parameter values were invalid: Invalid number of argument(s) for the BETWEEN ComparisonOperator");
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'LT'}}"),
                    "One or more parameter values were invalid: Invalid number of argument(s) for the LT ComparisonOperator");
        }

        @Test void argumentTypes() {
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'LE', 'AttributeValueList': [{'L': [{'N': '1'}]}]}}"),
                    "One or more parameter values were invalid: ComparisonOperator LE is not valid for L AttributeValue type");
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'CONTAINS', 'AttributeValueList': [{'L': [{'N': '1'}]}]}}"),
                    "One or more parameter values were invalid: ComparisonOperator CONTAINS is not valid for L AttributeValue type");
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'BEGINS_WITH', 'AttributeValueList': [{'N': '3'}]}}"),
                    "One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type");
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'IN', 'AttributeValueList': [{'N': '3'}, {'S': 'dog'}]}}"),
                    "One or more parameter values were invalid: AttributeValues inside AttributeValueList must be of same type");
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'BETWEEN', 'AttributeValueList': [{'N': '4'}, {'N': '3'}]}}"),
                    "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
            assertValidation(() -> expected("{'a': {'ComparisonOperator': 'BETWEEN', 'AttributeValueList': [{'NS': ['1']}, {'NS': ['2']}]}}"),
                    "One or more parameter values were invalid: ComparisonOperator BETWEEN is not valid for NS AttributeValue type");
        }

        @Test void conditionalOperator() {
            assertValidation(() -> expected("{}", "OR"), "ConditionalOperator can only be used when Filter or Expected has two or more elements");
            assertValidation(() -> Legacy.expected(null, "AND", "Expected"),
                    "ConditionalOperator can only be used when Filter or Expected has two or more elements");
            assertValidation(() -> expected("{'a': {'Value': {'N': '1'}}}", "XOR"),
                    "1 validation error detected: Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [AND, OR]");
        }
    }

    @Nested
    class ExpectedBehaviour {
        private boolean holds(String op, String args, Map<String, AttributeValue> it, String attr) {
            return expected("{'" + attr + "': {'ComparisonOperator': '" + op + "', 'AttributeValueList': " + args + "}}").test(it);
        }

        @Test void comparisons() {
            assertThat(holds("EQ", "[{'N': '1'}]", ITEM, "a")).isTrue();
            assertThat(holds("EQ", "[{'S': 'dog'}]", ITEM, "a")).isFalse();
            assertThat(holds("NE", "[{'N': '2'}]", ITEM, "a")).isTrue();
            assertThat(holds("NE", "[{'S': '1'}]", ITEM, "a")).isTrue();
            assertThat(holds("NE", "[{'N': '1'}]", ITEM, "q")).isTrue();
            assertThat(holds("NE", "[{'N': '1'}]", ITEM, "a")).isFalse();
            assertThat(holds("LE", "[{'N': '1'}]", ITEM, "a")).isTrue();
            assertThat(holds("LT", "[{'N': '1'}]", ITEM, "a")).isFalse();
            assertThat(holds("GE", "[{'S': 'aardvark'}]", ITEM, "b")).isTrue();
            assertThat(holds("GT", "[{'B': 'ZG9n'}]", ITEM, "c")).isFalse();
            assertThat(holds("LT", "[{'B': 'ZG9n'}]", ITEM, "c")).isTrue();
            assertThat(holds("LE", "[{'S': '1'}]", ITEM, "a")).isFalse();
            assertThat(holds("LE", "[{'N': '3'}]", ITEM, "list")).isFalse();
            assertThat(holds("EQ", "[{'NS': ['7', '4', '2']}]", ITEM, "set")).isTrue();
            assertThat(holds("EQ", "[{'L': [{'N': '2'}, {'N': '4'}, {'N': '7'}]}]", ITEM, "list")).isTrue();
            assertThat(holds("NE", "[{'BOOL': true}]", ITEM, "list")).isTrue();
            assertThat(holds("EQ", "[{'M': {}}]", ITEM, "list")).isFalse();
        }

        @Test void nullAndNotNullTestExistence() {
            assertThat(expected("{'n': {'ComparisonOperator': 'NOT_NULL', 'AttributeValueList': []}}").test(ITEM)).isTrue();
            assertThat(expected("{'q': {'ComparisonOperator': 'NOT_NULL'}}").test(ITEM)).isFalse();
            assertThat(expected("{'q': {'ComparisonOperator': 'NULL'}}").test(ITEM)).isTrue();
            assertThat(expected("{'n': {'ComparisonOperator': 'NULL', 'AttributeValueList': []}}").test(ITEM)).isFalse();
        }

        @Test void containsAndNotContains() {
            assertThat(holds("CONTAINS", "[{'S': 'ell'}]", ITEM, "str")).isTrue();
            assertThat(holds("CONTAINS", "[{'N': '4'}]", ITEM, "set")).isTrue();
            assertThat(holds("CONTAINS", "[{'N': '4'}]", ITEM, "list")).isTrue();
            assertThat(holds("CONTAINS", "[{'B': 'aGVyZQ=='}]", ITEM, "bin")).isTrue();
            assertThat(holds("CONTAINS", "[{'N': '1'}]", ITEM, "str")).isFalse();
            assertThat(holds("CONTAINS", "[{'N': '1'}]", ITEM, "q")).isFalse();
            assertThat(holds("NOT_CONTAINS", "[{'S': 'dog'}]", ITEM, "str")).isTrue();
            assertThat(holds("NOT_CONTAINS", "[{'N': '4'}]", ITEM, "set")).isFalse();
            assertThat(holds("NOT_CONTAINS", "[{'N': '1'}]", ITEM, "q")).isFalse();
        }

        @Test void beginsWithInBetween() {
            assertThat(holds("BEGINS_WITH", "[{'S': 'hell'}]", ITEM, "str")).isTrue();
            assertThat(holds("BEGINS_WITH", "[{'S': 'dog'}]", ITEM, "a")).isFalse();
            assertThat(holds("IN", "[{'N': '2'}, {'N': '1'}, {'N': '8'}]", ITEM, "a")).isTrue();
            assertThat(holds("IN", "[{'N': '2'}]", ITEM, "set")).isFalse();
            assertThat(holds("BETWEEN", "[{'N': '1'}, {'N': '3'}]", ITEM, "a")).isTrue();
            assertThat(holds("BETWEEN", "[{'N': '0'}, {'N': '1'}]", ITEM, "a")).isTrue();
            assertThat(holds("BETWEEN", "[{'S': 'a'}, {'S': 'b'}]", ITEM, "a")).isFalse();
            assertThat(holds("BETWEEN", "[{'N': '0'}, {'N': '100'}]", ITEM, "q")).isFalse();
            assertThat(holds("BETWEEN", "[{'N': '1'}, {'N': '2'}]", ITEM, "list")).isFalse();
            assertThat(holds("LT", "[{'B': 'gA=='}]", item("b", b(127)), "b")).isTrue();
        }

        @Test void valueAndExists() {
            assertThat(expected("{'a': {'Value': {'N': '1'}}}").test(ITEM)).isTrue();
            assertThat(expected("{'a': {'Value': {'N': '2'}}}").test(ITEM)).isFalse();
            assertThat(expected("{'z': {'Value': {'N': '1'}}}").test(ITEM)).isFalse();
            assertThat(expected("{'a': {'Exists': true, 'Value': {'N': '1'}}}").test(ITEM)).isTrue();
            assertThat(expected("{'z': {'Exists': false}}").test(ITEM)).isTrue();
            assertThat(expected("{'a': {'Exists': false}}").test(ITEM)).isFalse();
            assertThat(expected("{'a': {'Value': {'N': '1'}}}").test(null)).isFalse();
        }

        @Test void conditionalOperators() {
            String three = "{'a': {'Exists': true, 'Value': {'N': '1'}}, 'b': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 'cat'}]}, "
                    + "'q': {'Exists': false}}";
            assertThat(expected(three).test(ITEM)).isTrue();
            assertThat(expected(three, "AND").test(ITEM)).isTrue();
            String oneTrue = "{'a': {'Value': {'N': '74'}}, 'b': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 'x'}]}, 'q': {'Exists': false}}";
            assertThat(expected(oneTrue).test(ITEM)).isFalse();
            assertThat(expected(oneTrue, "OR").test(ITEM)).isTrue();
            assertThat(expected("{'a': {'Value': {'N': '74'}}, 'q': {'Exists': true, 'Value': {'N': '1'}}}", "OR").test(ITEM)).isFalse();
        }

        @Test void emptyExpectedAlwaysHolds() {
            assertThat(expected("{}").test(null)).isTrue();
            assertThat(Legacy.expected(null, null, "Expected").test(ITEM)).isTrue();
        }

        @Test void namesAreLiteral() {
            assertThat(expected("{'a.b': {'Value': {'N': '3'}}}").test(item("a.b", n(3), "a", m("b", n(4))))).isTrue();
        }
    }

    @Nested
    class AttributeUpdates {
        private Map<String, AttributeValue> apply(String json, Map<String, AttributeValue> old) {
            return Legacy.attributeUpdates(attributeUpdates(json)).apply(old).item();
        }

        @Test void validation() {
            assertValidation(() -> Legacy.attributeUpdates(attributeUpdates("{'attribute': {'Value': {'S': 'x'}, 'Action': 'NONEXISTENT'}}")),
                    "1 validation error detected: Value 'NONEXISTENT' at 'attributeUpdates.attribute.member.action' failed to satisfy constraint: "
                            + "Member must satisfy enum value set: [ADD, PUT, DELETE]");
            assertValidation(() -> Legacy.attributeUpdates(attributeUpdates("{'a': {'Action': 'PUT'}}")),
                    "One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified");
            for (String v : List.of("{'S': '1'}", "{'N': '1'}", "{'B': 'Yg=='}", "{'NULL': true}", "{'BOOL': true}", "{'M': {}}", "{'L': []}")) {
                String type = v.substring(2, v.indexOf('\'', 2));
                assertValidation(() -> Legacy.attributeUpdates(attributeUpdates("{'a': {'Action': 'DELETE', 'Value': " + v + "}}")),
                        "One or more parameter values were invalid: DELETE action with value is not supported for the type " + type);
            }
            for (String v : List.of("{'S': '1'}", "{'B': 'Yg=='}", "{'NULL': true}", "{'BOOL': true}", "{'M': {}}")) {
                String type = v.substring(2, v.indexOf('\'', 2));
                assertValidation(() -> Legacy.attributeUpdates(attributeUpdates("{'a': {'Action': 'ADD', 'Value': " + v + "}}")),
                        "One or more parameter values were invalid: ADD action is not supported for the type " + type);
            }
            assertValidationMatching(() -> Legacy.attributeUpdates(attributeUpdates("{'': {'Action': 'PUT', 'Value': {'N': '2'}}}")), ".*Empty attribute name.*");
        }

        @Test void putAndDelete() {
            assertThat(apply("{'b': {'Value': {'S': 'hello'}, 'Action': 'PUT'}}", item("a", s("hi")))).isEqualTo(item("a", s("hi"), "b", s("hello")));
            assertThat(apply("{'a': {'Value': {'S': 'hey'}}}", item("a", s("hi")))).isEqualTo(item("a", s("hey")));
            assertThat(apply("{'a': {'Action': 'DELETE'}}", item("a", s("hi"), "b", s("x")))).isEqualTo(item("b", s("x")));
            assertThat(apply("{'b': {'Action': 'DELETE'}}", item("a", s("hi")))).isEqualTo(item("a", s("hi")));
            assertThat(apply("{'a.b': {'Value': {'N': '3'}, 'Action': 'PUT'}}", null)).isEqualTo(item("a.b", n(3)));
            assertThat(apply("{'a': {'Value': {'M': {'c': {'N': '5'}}}, 'Action': 'PUT'}}", item("a", m("b", n(3), "c", n(4)))))
                    .isEqualTo(item("a", m("c", n(5))));
        }

        @Test void deleteFromSets() {
            assertThat(apply("{'a': {'Action': 'DELETE', 'Value': {'NS': ['2', '4']}}}", item("a", ns("1", "2", "3", "4", "5"))))
                    .isEqualTo(item("a", ns("1", "3", "5")));
            assertThat(apply("{'a': {'Action': 'DELETE', 'Value': {'NS': ['1', '2', '3']}}}", item("a", ns("1", "2", "3")))).isEmpty();
            assertThat(apply("{'a': {'Action': 'DELETE', 'Value': {'NS': ['4']}}}", item("a", ns("1", "2", "3")))).isEqualTo(item("a", ns("1", "2", "3")));
            assertValidation(() -> apply("{'a': {'Action': 'DELETE', 'Value': {'NS': ['1']}}}", item("a", s("b"))), "Type mismatch for attribute to update");
            assertValidation(() -> apply("{'a': {'Action': 'DELETE', 'Value': {'SS': ['hi']}}}", item("a", ns("1"))), "Type mismatch for attribute to update");
        }

        @Test void add() {
            assertThat(apply("{'a': {'Action': 'ADD', 'Value': {'N': '2'}}}", item("a", n(7)))).isEqualTo(item("a", n(9)));
            assertThat(apply("{'a': {'Action': 'ADD', 'Value': {'N': '-3.5'}}}", item("a", n(9)))).isEqualTo(item("a", n("5.5")));
            assertThat(apply("{'b': {'Action': 'ADD', 'Value': {'N': '2'}}}", item())).isEqualTo(item("b", n(2)));
            assertThat(apply("{'a': {'Action': 'ADD', 'Value': {'NS': ['3', '4']}}}", item("a", ns("1", "2")))).isEqualTo(item("a", ns("1", "2", "3", "4")));
            assertThat(apply("{'a': {'Action': 'ADD', 'Value': {'L': [{'N': '3'}, {'N': '5'}]}}}", item("a", l(n(1), n(3)))))
                    .isEqualTo(item("a", l(n(1), n(3), n(3), n(5))));
            assertThat(apply("{'c': {'Action': 'ADD', 'Value': {'SS': ['a', 'b']}}}", null)).isEqualTo(item("c", ss("a", "b")));
            assertValidation(() -> apply("{'a': {'Action': 'ADD', 'Value': {'SS': ['a']}}}", item("a", ns("1"))), "Type mismatch for attribute to update");
            assertValidation(() -> apply("{'a': {'Action': 'ADD', 'Value': {'N': '2'}}}", item("a", ss("dog"))), "Type mismatch for attribute to update");
            assertValidation(() -> apply("{'a': {'Action': 'ADD', 'Value': {'L': []}}}", item("a", n(2))), "Type mismatch for attribute to update");
            assertValidation(() -> apply("{'a': {'Action': 'ADD', 'Value': {'NS': ['1']}}}", item("a", l())), "Type mismatch for attribute to update");
        }

        @Test void itemCreation() {
            assertThat(Legacy.attributeUpdates(attributeUpdates("{}")).apply(null).item()).isEmpty();
            assertThat(Legacy.attributeUpdates(attributeUpdates("{'a': {'Action': 'DELETE'}}")).apply(null).item()).isNull();
            assertThat(Legacy.attributeUpdates(attributeUpdates("{'a': {'Action': 'DELETE', 'Value': {'NS': ['4']}}}")).apply(null).item()).isNull();
            assertThat(Legacy.attributeUpdates(attributeUpdates("{'a': {'Action': 'PUT', 'Value': {'N': '3'}}}")).apply(null).item()).isEqualTo(item("a", n(3)));
        }
    }

    @Nested
    class AttributesToGet {
        @Test void projectsTopLevelNames() {
            Map<String, AttributeValue> it = item("p", s("p"), "c", s("c"), "a", s("hello"), "a.b", n(1));
            assertThat(Legacy.attributesToGet(list("c", "a")).apply(it)).isEqualTo(item("c", s("c"), "a", s("hello")));
            assertThat(Legacy.attributesToGet(list("nonexistent")).apply(it)).isEmpty();
            assertThat(Legacy.attributesToGet(list("a.b")).apply(it)).isEqualTo(item("a.b", n(1)));
        }

        @Test void validation() {
            assertValidation(() -> Legacy.attributesToGet(list("a", "a")), "One or more parameter values were invalid: Duplicate value in attribute name: a");
            assertValidationMatching(() -> Legacy.attributesToGet(List.of()), "1 validation error detected: .*attributesToGet.*");
            assertValidationMatching(() -> Legacy.attributesToGet(list("")), ".*Empty attribute name.*");
            Legacy.attributesToGet(list("x".repeat(65535)));
            assertValidation(() -> Legacy.attributesToGet(list("x".repeat(65536))),
                    "1 validation error detected: Attribute name is too large, must be less than 65536 bytes");
            assertValidationMatching(() -> Legacy.attributeUpdates(attributeUpdates("{'" + "x".repeat(65536) + "': {'Action': 'DELETE'}}")), ".*65536.*");
        }
    }
}
