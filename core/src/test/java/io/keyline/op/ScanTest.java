package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ScanTest {
    private static final int ITEMS = 50;
    private ControlPlane cp;

    @BeforeEach
    void setUp() {
        cp = new ControlPlane();
        cp.createSimple("tbl", true);
        for (int i = 0; i < ITEMS; i++) {
            cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'p" + i + "'},'c':{'S':'c'},'x':{'N':'" + i + "'}}}");
        }
    }

    private Map<String, Object> scan(String rest) {
        return cp.call("Scan", "{'TableName':'tbl'" + (rest.isEmpty() ? "" : "," + rest) + "}");
    }

    private String error(String rest) {
        return cp.fail("Scan", "{'TableName':'tbl'," + rest + "}").getMessage();
    }

    private static List<String> partitionKeys(Map<String, Object> response) {
        List<String> out = new ArrayList<>();
        for (Object item : ControlPlane.list(response.get("Items"))) {
            out.add((String) ControlPlane.map(ControlPlane.map(item).get("p")).get("S"));
        }
        return out;
    }

    /** Every page of one scan (segment) until LastEvaluatedKey is absent. */
    private List<String> scanAll(String rest) {
        List<String> all = new ArrayList<>();
        String start = "";
        while (true) {
            Map<String, Object> r = scan(rest + start);
            all.addAll(partitionKeys(r));
            Object lek = r.get("LastEvaluatedKey");
            if (lek == null) return all;
            Map<String, Object> key = ControlPlane.map(lek);
            start = ",'ExclusiveStartKey':{'p':{'S':'" + ControlPlane.map(key.get("p")).get("S") + "'},'c':{'S':'c'}}";
        }
    }

    @Nested
    class Serialization {
        @Test
        void wrongJsonTypesAreSerializationErrors() {
            assertThat(cp.fail("Scan", "{'TableName':'tbl','Segment':'1','TotalSegments':2}").type()).contains("SerializationException");
        }

        @Test
        void responseShape() {
            Map<String, Object> r = scan("");
            assertThat(r).containsOnlyKeys("Items", "Count", "ScannedCount");
            assertThat(r.get("Count")).isEqualTo(BigDecimal.valueOf(ITEMS));
        }
    }

    @Nested
    class Validation {
        @Test
        void segmentConstraints() {
            assertThat(error("'Segment':0,'TotalSegments':1000001")).isEqualTo("1 validation error detected: Value '1000001' at 'totalSegments' "
                    + "failed to satisfy constraint: Member must have value less than or equal to 1000000");
            assertThat(error("'Segment':7,'TotalSegments':5")).isEqualTo(
                    "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 7 is not less than TotalSegments: 5");
            assertThat(error("'Segment':1")).isEqualTo(
                    "The TotalSegments parameter is required but was not present in the request when Segment parameter is present");
            assertThat(error("'TotalSegments':2")).isEqualTo(
                    "The Segment parameter is required but was not present in the request when parameter TotalSegments is present");
        }

        @Test
        void badExclusiveStartKeys() {
            assertThat(error("'ExclusiveStartKey':{'p':{'S':'a'}}"))
                    .isEqualTo("The provided starting key is invalid: The provided key element does not match the schema");
            assertThat(error("'ExclusiveStartKey':{'p':{'S':'a'},'c':{'N':'1'}}"))
                    .isEqualTo("The provided starting key is invalid: The provided key element does not match the schema");
            assertThat(error("'ExclusiveStartKey':{'p':{'S':''},'c':{'S':'c'}}")).isEqualTo("The provided starting key is invalid: "
                    + "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: p");
            // With a million segments, segment 0 holds almost no token: this key lies elsewhere.
            assertThat(error("'Segment':0,'TotalSegments':1000000,'ExclusiveStartKey':{'p':{'S':'0'},'c':{'S':'0'}}"))
                    .isEqualTo("The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. "
                            + "TotalSegments: 1000000 Segment: 0");
        }

        @Test
        void selectAndExpressionRules() {
            assertThat(error("'Select':'ALL_PROJECTED_ATTRIBUTES'"))
                    .isEqualTo("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
            assertThat(error("'Select':'COUNT','AttributesToGet':['x']"))
                    .isEqualTo("Cannot specify the AttributesToGet when choosing to get only the Count");
            assertThat(error("'FilterExpression':'x = :x','ScanFilter':{'x':{'ComparisonOperator':'NOT_NULL'}},'ExpressionAttributeValues':{':x':{'N':'1'}}"))
                    .isEqualTo("Can not use both expression and non-expression parameters in the same request: "
                            + "Non-expression parameters: {ScanFilter} Expression parameters: {FilterExpression}");
            assertThat(error("'ExpressionAttributeValues':{':x':{'N':'1'}}"))
                    .isEqualTo("ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null");
        }
    }

    @Nested
    class Behaviour {
        @Test
        void scansMayFilterOnKeys() {
            Map<String, Object> r = scan("'FilterExpression':'p = :p','ExpressionAttributeValues':{':p':{'S':'p7'}}");
            assertThat(partitionKeys(r)).containsExactly("p7");
            assertThat(r.get("ScannedCount")).isEqualTo(BigDecimal.valueOf(ITEMS));
        }

        @Test
        void pagesByLimitReturnEveryItemOnceInTokenOrder() {
            List<String> paged = scanAll("'Limit':7");
            assertThat(paged).hasSize(ITEMS).doesNotHaveDuplicates();
            assertThat(paged).isEqualTo(partitionKeys(scan("")));
        }

        @Test
        void parallelSegmentsAreDisjointAndCoverTheTable() {
            Set<String> seen = new HashSet<>();
            int total = 0;
            for (int segment = 0; segment < 4; segment++) {
                List<String> keys = scanAll("'Limit':3,'Segment':" + segment + ",'TotalSegments':4");
                total += keys.size();
                seen.addAll(keys);
            }
            assertThat(total).isEqualTo(ITEMS);
            assertThat(seen).hasSize(ITEMS);
        }

        @Test
        void legacyScanFilterAndCount() {
            Map<String, Object> r = scan("'Select':'COUNT','ScanFilter':{'x':{'ComparisonOperator':'LT','AttributeValueList':[{'N':'10'}]}}");
            assertThat(r).doesNotContainKey("Items");
            assertThat(r.get("Count")).isEqualTo(BigDecimal.TEN);
        }

        @Test
        void emptyTableScansToNothing() {
            cp.createSimple("empty", false);
            Map<String, Object> r = cp.call("Scan", "{'TableName':'empty'}");
            assertThat(r.get("Count")).isEqualTo(BigDecimal.ZERO);
            assertThat(ControlPlane.list(r.get("Items"))).isEmpty();
        }
    }
}
