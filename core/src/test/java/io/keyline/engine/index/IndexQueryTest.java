package io.keyline.engine.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Query and Scan with IndexName: paging, projections, LSI fetches, multi-attribute keys, DynamoDB's refusals. */
class IndexQueryTest {
    private final IndexFixture f = new IndexFixture();

    IndexQueryTest() {
        f.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'},"
                + "{'AttributeName':'x','AttributeType':'S'},{'AttributeName':'y','AttributeType':'N'},{'AttributeName':'l','AttributeType':'N'}],"
                + "'LocalSecondaryIndexes':[{'IndexName':'byL','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
                + "{'AttributeName':'l','KeyType':'RANGE'}],'Projection':{'ProjectionType':'KEYS_ONLY'}}],"
                + "'GlobalSecondaryIndexes':["
                + "{'IndexName':'byX','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'INCLUDE','NonKeyAttributes':['a']}},"
                + "{'IndexName':'multi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'},{'AttributeName':'l','KeyType':'HASH'},"
                + "{'AttributeName':'y','KeyType':'RANGE'},{'AttributeName':'c','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}]}");
        for (int i = 0; i < 10; i++) {
            f.put("tbl", "{'p':{'S':'p" + (i % 2) + "'},'c':{'S':'c" + i + "'},'x':{'S':'same'},'y':{'N':'" + (i % 3) + "'},"
                    + "'l':{'N':'" + (10 - i) + "'},'a':{'S':'a" + i + "'},'b':{'S':'b" + i + "'}}");
        }
        f.propagate();
    }

    @AfterEach void close() { f.close(); }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> items(Map<String, Object> response) { return (List<Map<String, Object>>) response.get("Items"); }

    @Test void aGsiPagesThroughEqualIndexKeysWithLastEvaluatedKeysNamingIndexAndBaseKeys() {
        List<Map<String, Object>> all = new ArrayList<>();
        String start = "";
        for (int pages = 0; pages < 20; pages++) {
            Map<String, Object> r = f.call("Query", "{'TableName':'tbl','IndexName':'byX','Limit':3,"
                    + "'KeyConditionExpression':'x = :x','ExpressionAttributeValues':{':x':{'S':'same'}}" + start + "}");
            all.addAll(items(r));
            Object last = r.get("LastEvaluatedKey");
            if (last == null) break;
            assertThat(((Map<String, Object>) last).keySet()).containsExactlyInAnyOrder("x", "p", "c");
            start = ",'ExclusiveStartKey':" + new String(io.keyline.protocol.Json.write(last), java.nio.charset.StandardCharsets.UTF_8).replace('"', '\'');
        }
        assertThat(all).hasSize(10);
        assertThat(all.get(0).keySet()).containsExactlyInAnyOrder("p", "c", "x", "a");
    }

    @Test void aGsiRefusesConsistentReadsAllAttributesAndUnprojectedAttributes() {
        assertThat(f.fail("Query", "{'TableName':'tbl','IndexName':'byX','ConsistentRead':true,"
                + "'KeyConditionExpression':'x = :x','ExpressionAttributeValues':{':x':{'S':'same'}}}").getMessage())
                .isEqualTo("Consistent reads are not supported on global secondary indexes");
        assertThat(f.fail("Query", "{'TableName':'tbl','IndexName':'byX','Select':'ALL_ATTRIBUTES',"
                + "'KeyConditionExpression':'x = :x','ExpressionAttributeValues':{':x':{'S':'same'}}}").getMessage())
                .contains("ALL_ATTRIBUTES");
        assertThat(f.fail("Query", "{'TableName':'tbl','IndexName':'byX','ProjectionExpression':'b',"
                + "'KeyConditionExpression':'x = :x','ExpressionAttributeValues':{':x':{'S':'same'}}}").getMessage())
                .contains("does not project");
    }

    @Test void anLsiIsReadConsistentlyInItsOrderAndFetchesWhatItDoesNotProject() {
        Map<String, Object> r = f.call("Query", "{'TableName':'tbl','IndexName':'byL','ConsistentRead':true,"
                + "'KeyConditionExpression':'p = :p AND l < :l','ExpressionAttributeValues':{':p':{'S':'p0'},':l':{'N':'7'}}}");
        assertThat(items(r)).extracting(i -> i.get("l")).containsExactly(Map.of("N", "2"), Map.of("N", "4"), Map.of("N", "6"));
        assertThat(items(r).get(0).keySet()).containsExactlyInAnyOrder("p", "c", "l");
        r = f.call("Query", "{'TableName':'tbl','IndexName':'byL','Select':'ALL_ATTRIBUTES',"
                + "'KeyConditionExpression':'p = :p AND l < :l','ExpressionAttributeValues':{':p':{'S':'p0'},':l':{'N':'3'}}}");
        assertThat(items(r)).containsExactly(Map.of("p", Map.of("S", "p0"), "c", Map.of("S", "c8"), "x", Map.of("S", "same"),
                "y", Map.of("N", "2"), "l", Map.of("N", "2"), "a", Map.of("S", "a8"), "b", Map.of("S", "b8")));
        r = f.call("Query", "{'TableName':'tbl','IndexName':'byL','ProjectionExpression':'b',"
                + "'KeyConditionExpression':'p = :p AND l = :l','ExpressionAttributeValues':{':p':{'S':'p0'},':l':{'N':'6'}}}");
        assertThat(items(r)).containsExactly(Map.of("b", Map.of("S", "b4")));
    }

    @Test void multiAttributeKeysNeedEveryHashPartAndRangePartsLeftToRight() {
        Map<String, Object> r = f.call("Query", "{'TableName':'tbl','IndexName':'multi',"
                + "'KeyConditionExpression':'x = :x AND l = :l AND y = :y AND c >= :c',"
                + "'ExpressionAttributeValues':{':x':{'S':'same'},':l':{'N':'10'},':y':{'N':'0'},':c':{'S':'c'}}}");
        assertThat(items(r)).extracting(i -> i.get("c")).containsExactly(Map.of("S", "c0"));
        assertThat(f.fail("Query", "{'TableName':'tbl','IndexName':'multi','KeyConditionExpression':'x = :x',"
                + "'ExpressionAttributeValues':{':x':{'S':'same'}}}").getMessage()).containsPattern("HASH.*equality");
        assertThat(f.fail("Query", "{'TableName':'tbl','IndexName':'multi','KeyConditionExpression':'x = :x AND l = :l AND c = :c',"
                + "'ExpressionAttributeValues':{':x':{'S':'same'},':l':{'N':'1'},':c':{'S':'c'}}}").getMessage())
                .containsPattern("RANGE.*equality");
        assertThat(f.fail("Query", "{'TableName':'tbl','IndexName':'multi','KeyConditionExpression':'x = :x AND l = :l AND y > :y AND c = :c',"
                + "'ExpressionAttributeValues':{':x':{'S':'same'},':l':{'N':'1'},':y':{'N':'0'},':c':{'S':'c'}}}").getMessage())
                .containsPattern("RANGE.*equality");
        assertThat(f.fail("Query", "{'TableName':'tbl','IndexName':'multi','KeyConditionExpression':'x = :x AND l = :l',"
                + "'FilterExpression':'y = :y','ExpressionAttributeValues':{':x':{'S':'same'},':l':{'N':'1'},':y':{'N':'0'}}}")
                .getMessage()).containsPattern("[fF]ilter.*[kK]ey");
    }

    @Test void aParallelScanOfAGsiCoversItOnce() {
        List<Object> seen = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            seen.addAll(items(f.call("Scan", "{'TableName':'tbl','IndexName':'multi','Segment':" + s + ",'TotalSegments':4}")));
        }
        assertThat(seen).hasSize(10).doesNotHaveDuplicates();
    }

    @Test void aBackfillingIndexCannotBeRead() {
        f.engine.catalog().update("tbl", t -> t.toBuilder().globalIndexes(t.globalIndexes().stream()
                .map(g -> g.withStatus(io.keyline.metadata.TableStatus.CREATING)).toList()).build());
        assertThat(f.fail("Scan", "{'TableName':'tbl','IndexName':'byX'}").getMessage())
                .isEqualTo("Cannot read from backfilling global secondary index: byX");
    }
}
