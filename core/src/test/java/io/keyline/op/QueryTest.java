package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.metadata.TableMetadata;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.storage.WriteBatch;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class QueryTest {
    private ControlPlane cp;

    @BeforeEach
    void setUp() {
        cp = new ControlPlane();
        cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'N'}]}");
        cp.createSimple("hash", false);
        for (int i = 0; i < 10; i++) {
            cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'a'},'c':{'N':'" + i + "'},'x':{'N':'" + (i % 3) + "'},'m':{'M':{'k':{'S':'v" + i + "'}}}}}");
        }
        cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'b'},'c':{'N':'1'}}}");
        cp.call("PutItem", "{'TableName':'hash','Item':{'p':{'S':'a'},'y':{'S':'z'}}}");
    }

    private Map<String, Object> query(String rest) {
        return cp.call("Query", "{'TableName':'tbl'," + rest + "}");
    }

    private String error(String rest) {
        return cp.fail("Query", "{'TableName':'tbl'," + rest + "}").getMessage();
    }

    private static List<Integer> sortKeys(Map<String, Object> response) {
        List<Integer> out = new ArrayList<>();
        for (Object item : ControlPlane.list(response.get("Items"))) {
            out.add(Integer.parseInt((String) ControlPlane.map(ControlPlane.map(item).get("c")).get("N")));
        }
        return out;
    }

    private static final String P = "'KeyConditionExpression':'p = :p','ExpressionAttributeValues':{':p':{'S':'a'}";

    @Nested
    class Serialization {
        @Test
        void wrongJsonTypesAreSerializationErrors() {
            assertThat(cp.fail("Query", "{'TableName':'tbl','Limit':'x'," + P + "}}").type()).contains("SerializationException");
            assertThat(cp.fail("Query", "{'TableName':'tbl','ScanIndexForward':'no'," + P + "}}").type()).contains("SerializationException");
        }

        @Test
        void responseHasItemsCountAndScannedCount() {
            Map<String, Object> r = query(P + "}");
            assertThat(r).containsOnlyKeys("Items", "Count", "ScannedCount");
            assertThat(r.get("Count")).isEqualTo(BigDecimal.valueOf(10));
            assertThat(sortKeys(r)).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        }
    }

    @Nested
    class Validation {
        @Test
        void aKeyConditionIsRequired() {
            assertThat(error("'Limit':1")).isEqualTo("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
        }

        @Test
        void limitAndSelectConstraintsAreAggregated() {
            assertThat(error("'Limit':0,'Select':'count'," + P + "}")).isEqualTo("2 validation errors detected: "
                    + "Value 'count' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]; "
                    + "Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
        }

        @Test
        void malformedKeyConditionExpressions() {
            assertThat(error("'KeyConditionExpression':'p = :p AND p = :p','ExpressionAttributeValues':{':p':{'S':'a'}}"))
                    .isEqualTo("KeyConditionExpressions must only contain one condition per key");
            assertThat(error("'KeyConditionExpression':'p < :p','ExpressionAttributeValues':{':p':{'S':'a'}}"))
                    .isEqualTo("Query key condition not supported");
            assertThat(error("'KeyConditionExpression':'c = :c','ExpressionAttributeValues':{':c':{'N':'1'}}"))
                    .isEqualTo("Query condition missed key schema element: p");
            assertThat(error("'KeyConditionExpression':'p = :p OR c = :c','ExpressionAttributeValues':{':p':{'S':'a'},':c':{'N':'1'}}"))
                    .isEqualTo("Invalid operator used in KeyConditionExpression: OR");
            assertThat(error("'KeyConditionExpression':'p = :p AND c <> :c','ExpressionAttributeValues':{':p':{'S':'a'},':c':{'N':'1'}}"))
                    .isEqualTo("Invalid operator used in KeyConditionExpression: <>");
            assertThat(error("'KeyConditionExpression':'p = :p AND attribute_exists(c)','ExpressionAttributeValues':{':p':{'S':'a'}}"))
                    .isEqualTo("Invalid operator used in KeyConditionExpression: attribute_exists");
            assertThat(error("'KeyConditionExpression':'p = :p AND a.b < :c','ExpressionAttributeValues':{':p':{'S':'a'},':c':{'N':'1'}}"))
                    .isEqualTo("KeyConditionExpressions cannot have conditions on nested attributes");
            assertThat(error("'KeyConditionExpression':'p = c'"))
                    .isEqualTo("Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition");
            assertThat(error("'KeyConditionExpression':'p = :p AND a < :c','ExpressionAttributeValues':{':p':{'S':'a'},':c':{'N':'1'}}"))
                    .isEqualTo("Query condition missed key schema element: c");
            assertThat(error("'KeyConditionExpression':'p = :p AND c = :c','ExpressionAttributeValues':{':p':{'S':'a'},':c':{'S':'x'}}"))
                    .isEqualTo("One or more parameter values were invalid: Condition parameter type does not match schema type");
            assertThat(error("'KeyConditionExpression':'p = :p AND c >= :c AND c <= :c','ExpressionAttributeValues':{':p':{'S':'a'},':c':{'N':'1'}}"))
                    .isEqualTo("KeyConditionExpressions must only contain one condition per key");
            assertThat(error("'KeyConditionExpression':''")).isEqualTo("Invalid KeyConditionExpression: The expression can not be empty;");
        }

        @Test
        void malformedLegacyKeyConditions() {
            assertThat(error("'KeyConditions':{'p':{'ComparisonOperator':'eq','AttributeValueList':[{'S':'a'}]}}"))
                    .startsWith("1 validation error detected: Value 'eq' at 'keyConditions.p.member.comparisonOperator'");
            assertThat(error("'KeyConditions':{'p':{'ComparisonOperator':'LT','AttributeValueList':[{'S':'a'}]}}"))
                    .isEqualTo("Query key condition not supported");
            assertThat(error("'KeyConditions':{'p':{'ComparisonOperator':'EQ','AttributeValueList':[]}}"))
                    .isEqualTo("One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator");
            assertThat(error("'KeyConditions':{'p':{'ComparisonOperator':'NE','AttributeValueList':[{'S':'a'}]}}"))
                    .isEqualTo("Attempted conditional constraint is not an indexable operation");
            assertThat(error("'KeyConditions':{'p':{'ComparisonOperator':'EQ','AttributeValueList':[{'S':'a'}]},"
                    + "'c':{'ComparisonOperator':'BEGINS_WITH','AttributeValueList':[{'N':'1'}]}}"))
                    .isEqualTo("One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type");
            assertThat(error("'KeyConditions':{'p':{'ComparisonOperator':'EQ','AttributeValueList':[{'S':'a'}]},"
                    + "'c':{'ComparisonOperator':'EQ','AttributeValueList':[{'N':'1'}]},'z':{'ComparisonOperator':'EQ','AttributeValueList':[{'N':'1'}]}}"))
                    .isEqualTo("Conditions can be of length 1 or 2 only");
        }

        @Test
        void selectMustAgreeWithProjections() {
            assertThat(error("'Select':'ALL_PROJECTED_ATTRIBUTES'," + P + "}"))
                    .isEqualTo("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
            assertThat(error("'Select':'SPECIFIC_ATTRIBUTES'," + P + "}"))
                    .isEqualTo("Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
            assertThat(error("'Select':'COUNT','ProjectionExpression':'x'," + P + "}"))
                    .isEqualTo("Cannot specify the ProjectionExpression when choosing to get only the Count");
            assertThat(cp.fail("Query", "{'TableName':'tbl','Select':'ALL_ATTRIBUTES','AttributesToGet':['x'],"
                    + "'KeyConditions':{'p':{'ComparisonOperator':'EQ','AttributeValueList':[{'S':'a'}]}}}").getMessage())
                    .isEqualTo("Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES");
        }

        @Test
        void filtersMayNotNameKeys() {
            assertThat(error("'FilterExpression':'c = :c','KeyConditionExpression':'p = :p','ExpressionAttributeValues':{':p':{'S':'a'},':c':{'N':'1'}}"))
                    .isEqualTo("Filter Expression can only contain non-primary key attributes: Primary key attribute: c");
            assertThat(error("'QueryFilter':{'p':{'ComparisonOperator':'EQ','AttributeValueList':[{'S':'a'}]}},"
                    + "'KeyConditions':{'p':{'ComparisonOperator':'EQ','AttributeValueList':[{'S':'a'}]}}"))
                    .isEqualTo("QueryFilter can only contain non-primary key attributes: Primary key attribute: p");
            assertThat(error("'ProjectionExpression':'c.d'," + P + "}"))
                    .isEqualTo("Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: c");
        }

        @Test
        void badExclusiveStartKeys() {
            assertThat(error("'ExclusiveStartKey':{'p':{'S':'a'}}," + P + "}")).isEqualTo("The provided starting key is invalid");
            assertThat(error("'ExclusiveStartKey':{'p':{'S':'a'},'c':{'N':'1'},'x':{'N':'1'}}," + P + "}"))
                    .isEqualTo("The provided starting key is invalid");
            assertThat(error("'ExclusiveStartKey':{'p':{'N':'7'},'c':{'N':'1'}}," + P + "}"))
                    .isEqualTo("The provided key element does not match the schema");
            assertThat(error("'ExclusiveStartKey':{'p':{'S':'b'},'c':{'N':'1'}}," + P + "}"))
                    .isEqualTo("The provided starting key is outside query boundaries based on provided conditions");
            assertThat(error("'ExclusiveStartKey':{'p':{'S':'a'},'c':{'N':'9'}},'KeyConditionExpression':'p = :p AND c < :c',"
                    + "'ExpressionAttributeValues':{':p':{'S':'a'},':c':{'N':'5'}}"))
                    .isEqualTo("The provided starting key does not match the range key predicate");
            assertThat(cp.fail("Query", "{'TableName':'hash','ExclusiveStartKey':{'p':{'S':'a'}}," + P + "}}").getMessage())
                    .isEqualTo("The provided exclusive start key is invalid: ExclusiveStartKey: {p=AttributeValue: {S:a}}");
        }

        @Test
        void indexRules() {
            cp.call("CreateTable", "{'TableName':'withgsi','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'byg','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'KEYS_ONLY'}}]}");
            String byG = "'IndexName':'byg','KeyConditionExpression':'g = :g','ExpressionAttributeValues':{':g':{'S':'x'}}";
            assertThat(cp.fail("Query", "{'TableName':'withgsi','ConsistentRead':true," + byG + "}").getMessage())
                    .isEqualTo("Consistent reads are not supported on global secondary indexes");
            assertThat(cp.fail("Query", "{'TableName':'withgsi','Select':'ALL_ATTRIBUTES'," + byG + "}").getMessage())
                    .isEqualTo("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index "
                            + "byg because its projection type is not ALL");
            assertThat(cp.fail("Query", "{'TableName':'withgsi','KeyConditionExpression':'p = :g','IndexName':'byg',"
                    + "'ExpressionAttributeValues':{':g':{'S':'x'}}}").getMessage()).isEqualTo("Query condition missed key schema element: g");
            Map<String, Object> r = cp.call("Query", "{'TableName':'withgsi','Select':'ALL_PROJECTED_ATTRIBUTES'," + byG + "}");
            assertThat(r.get("Count")).isEqualTo(BigDecimal.ZERO);
            assertThat(cp.fail("Query", "{'TableName':'withgsi','ExclusiveStartKey':{'p':{'S':'a'}}," + byG + "}")
                    .getMessage()).isEqualTo("The provided starting key is invalid");
        }

        @Test
        void indexProjectionsLimitWhatMayBeAsked() {
            cp.call("CreateTable", "{'TableName':'withgsi','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'byg','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'INCLUDE','NonKeyAttributes':['a']}}]}");
            String byG = "'IndexName':'byg','KeyConditions':{'g':{'ComparisonOperator':'EQ','AttributeValueList':[{'S':'x'}]}}";
            assertThat(cp.fail("Query", "{'TableName':'withgsi','AttributesToGet':['a','b','p','c']," + byG + "}").getMessage())
                    .isEqualTo("One or more parameter values were invalid: Global secondary index byg does not project [b, c]");
            assertThat(cp.fail("Query", "{'TableName':'withgsi','QueryFilter':{'b':{'ComparisonOperator':'NOT_NULL'}}," + byG + "}").getMessage())
                    .isEqualTo("One or more parameter values were invalid: Secondary index byg does not project one or more filter attributes: [b]");
            assertThat(cp.call("Query", "{'TableName':'withgsi','AttributesToGet':['a','p']," + byG + "}").get("Count"))
                    .isEqualTo(BigDecimal.ZERO);
        }

        @Test
        void missingTableAndIndex() {
            assertThat(cp.fail("Query", "{'TableName':'nope'," + P + "}}").type()).contains("ResourceNotFoundException");
            assertThat(error("'IndexName':'idx'," + P + "}")).isEqualTo("The table does not have the specified index: idx");
        }
    }

    @Nested
    class Behaviour {
        @Test
        void everySortKeyOperator() {
            String one = ",'ExpressionAttributeValues':{':p':{'S':'a'},':c':{'N':'4'}}";
            assertThat(sortKeys(query("'KeyConditionExpression':'p = :p AND c = :c'" + one))).containsExactly(4);
            assertThat(sortKeys(query("'KeyConditionExpression':'p = :p AND c < :c'" + one))).containsExactly(0, 1, 2, 3);
            assertThat(sortKeys(query("'KeyConditionExpression':'p = :p AND c <= :c'" + one))).containsExactly(0, 1, 2, 3, 4);
            assertThat(sortKeys(query("'KeyConditionExpression':'p = :p AND :c >= c'" + one))).containsExactly(0, 1, 2, 3, 4);
            assertThat(sortKeys(query("'KeyConditionExpression':'p = :p AND c > :c'" + one))).containsExactly(5, 6, 7, 8, 9);
            assertThat(sortKeys(query("'KeyConditionExpression':'p = :p AND c >= :c'" + one))).containsExactly(4, 5, 6, 7, 8, 9);
            assertThat(sortKeys(query("'KeyConditionExpression':'(c BETWEEN :c AND :d) AND (p = :p)',"
                    + "'ExpressionAttributeValues':{':p':{'S':'a'},':c':{'N':'4'},':d':{'N':'6'}}"))).containsExactly(4, 5, 6);
        }

        @Test
        void beginsWithOnStringSortKeys() {
            cp.createSimple("str", true);
            for (String c : List.of("aa", "ab", "b", "a")) cp.call("PutItem", "{'TableName':'str','Item':{'p':{'S':'x'},'c':{'S':'" + c + "'}}}");
            Map<String, Object> r = cp.call("Query", "{'TableName':'str','KeyConditionExpression':'p = :p AND begins_with(c, :c)',"
                    + "'ExpressionAttributeValues':{':p':{'S':'x'},':c':{'S':'a'}}}");
            assertThat(r.get("Count")).isEqualTo(BigDecimal.valueOf(3));
        }

        @Test
        void legacyKeyConditionsAndReverseOrder() {
            Map<String, Object> r = query("'ScanIndexForward':false,'KeyConditions':{'p':{'ComparisonOperator':'EQ','AttributeValueList':[{'S':'a'}]},"
                    + "'c':{'ComparisonOperator':'BETWEEN','AttributeValueList':[{'N':'2'},{'N':'5'}]}}");
            assertThat(sortKeys(r)).containsExactly(5, 4, 3, 2);
        }

        @Test
        void limitCountsItemsBeforeTheFilterAndPagesResume() {
            String filter = "'FilterExpression':'x = :x','ExpressionAttributeValues':{':p':{'S':'a'},':x':{'N':'0'}},'KeyConditionExpression':'p = :p'";
            Map<String, Object> first = query("'Limit':4," + filter);
            assertThat(first.get("ScannedCount")).isEqualTo(BigDecimal.valueOf(4));
            assertThat(sortKeys(first)).containsExactly(0, 3);
            assertThat(first.get("LastEvaluatedKey")).isEqualTo(Map.of("p", Map.of("S", "a"), "c", Map.of("N", "3")));
            Map<String, Object> second = query("'Limit':4,'ExclusiveStartKey':{'p':{'S':'a'},'c':{'N':'3'}}," + filter);
            assertThat(sortKeys(second)).containsExactly(6);
            Map<String, Object> last = query("'Limit':4,'ExclusiveStartKey':{'p':{'S':'a'},'c':{'N':'7'}}," + filter);
            assertThat(sortKeys(last)).containsExactly(9);
            assertThat(last).doesNotContainKey("LastEvaluatedKey");
        }

        @Test
        void reversePagesResumeBelowTheStartKey() {
            Map<String, Object> r = query("'ScanIndexForward':false,'Limit':3,'ExclusiveStartKey':{'p':{'S':'a'},'c':{'N':'5'}}," + P + "}");
            assertThat(sortKeys(r)).containsExactly(4, 3, 2);
        }

        @Test
        void selectCountAndProjections() {
            Map<String, Object> count = query("'Select':'COUNT'," + P + "}");
            assertThat(count).doesNotContainKey("Items");
            assertThat(count.get("Count")).isEqualTo(BigDecimal.valueOf(10));
            Map<String, Object> projected = query("'Limit':1,'ProjectionExpression':'m.k'," + P + "}");
            assertThat(ControlPlane.list(projected.get("Items"))).containsExactly(Map.of("m", Map.of("M", Map.of("k", Map.of("S", "v0")))));
            Map<String, Object> legacy = cp.call("Query", "{'TableName':'tbl','Limit':1,'Select':'SPECIFIC_ATTRIBUTES','AttributesToGet':['x'],"
                    + "'KeyConditions':{'p':{'ComparisonOperator':'EQ','AttributeValueList':[{'S':'a'}]}}}");
            assertThat(ControlPlane.list(legacy.get("Items"))).containsExactly(Map.of("x", Map.of("N", "0")));
        }

        @Test
        void legacyQueryFilterWithOr() {
            Map<String, Object> r = cp.call("Query", "{'TableName':'tbl','ConditionalOperator':'OR',"
                    + "'QueryFilter':{'x':{'ComparisonOperator':'EQ','AttributeValueList':[{'N':'1'}]},'y':{'ComparisonOperator':'NOT_NULL'}},"
                    + "'KeyConditions':{'p':{'ComparisonOperator':'EQ','AttributeValueList':[{'S':'a'}]}}}");
            assertThat(sortKeys(r)).containsExactly(1, 4, 7);
            assertThat(r.get("ScannedCount")).isEqualTo(BigDecimal.valueOf(10));
        }

        @Test
        void legacyEqualityFiltersCompareMapsToo() {
            Map<String, Object> r = cp.call("Query", "{'TableName':'tbl',"
                    + "'QueryFilter':{'m':{'ComparisonOperator':'EQ','AttributeValueList':[{'M':{'k':{'S':'v4'}}}]}},"
                    + "'KeyConditions':{'p':{'ComparisonOperator':'EQ','AttributeValueList':[{'S':'a'}]}}}");
            assertThat(sortKeys(r)).containsExactly(4);
        }

        /** Index maintenance is the index issue's: the entry is written here as it will write it. */
        @Test
        void anLsiReadFetchesUnprojectedAttributesFromTheTable() {
            cp.call("CreateTable", "{'TableName':'withlsi','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'},"
                    + "{'AttributeName':'b','AttributeType':'S'}],"
                    + "'LocalSecondaryIndexes':[{'IndexName':'byb','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
                    + "{'AttributeName':'b','KeyType':'RANGE'}],'Projection':{'ProjectionType':'KEYS_ONLY'}}]}");
            cp.call("PutItem", "{'TableName':'withlsi','Item':{'p':{'S':'a'},'c':{'S':'c1'},'b':{'S':'b1'},'d':{'S':'secret'}}}");
            TableMetadata table = cp.engine.catalog().get("withlsi");
            Map<String, AttributeValue> entry = new LinkedHashMap<>();
            entry.put("p", new AttributeValue.S("a"));
            entry.put("c", new AttributeValue.S("c1"));
            entry.put("b", new AttributeValue.S("b1"));
            WriteBatch batch = new WriteBatch();
            batch.put(KeyCodec.indexKey(table.index("byb").keyspaceId(), List.of(entry.get("p")),
                    List.of(entry.get("b")), entry.get("p"), entry.get("c")), ItemCodec.encode(entry));
            cp.storage.write(batch);
            String byB = "'IndexName':'byb','KeyConditionExpression':'p = :p AND b = :b','ExpressionAttributeValues':{':p':{'S':'a'},':b':{'S':'b1'}}";

            Map<String, Object> projected = cp.call("Query", "{'TableName':'withlsi'," + byB + "}");
            assertThat(ControlPlane.map(ControlPlane.list(projected.get("Items")).get(0))).containsOnlyKeys("p", "c", "b");
            Map<String, Object> all = cp.call("Query", "{'TableName':'withlsi','Select':'ALL_ATTRIBUTES'," + byB + "}");
            assertThat(ControlPlane.map(ControlPlane.list(all.get("Items")).get(0))).containsOnlyKeys("p", "c", "b", "d");
            Map<String, Object> specific = cp.call("Query", "{'TableName':'withlsi','ProjectionExpression':'d'," + byB + "}");
            assertThat(ControlPlane.list(specific.get("Items"))).containsExactly(Map.of("d", Map.of("S", "secret")));
            assertThat(all.get("LastEvaluatedKey")).isNull();
        }

        @Test
        void hashOnlyTableQueryReturnsTheItem() {
            Map<String, Object> r = cp.call("Query", "{'TableName':'hash'," + P + "}}");
            assertThat(ControlPlane.list(r.get("Items"))).containsExactly(Map.of("p", Map.of("S", "a"), "y", Map.of("S", "z")));
        }
    }
}
