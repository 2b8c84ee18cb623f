package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.testing.OperationCalls;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Tables per region (docs/RULES.md#NS-REGION): the operations of a request signed for a region
 * ({@link Operations#inRegion}) see that region's tables only, and ARNs name the request's
 * region; with --shared-db every region sees the default region's tables
 * (docs/RULES.md#NS-SHARED-DB). Runs on memory and on RocksDB.
 */
class RegionsTest {
    private static final String EU = "eu-west-1";
    private static final String EU_ARN = "arn:aws:dynamodb:eu-west-1:000000000000:table/";
    private static final String US_ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/";

    /** A region's view: calls go to the operations of requests signed for {@code region}. */
    record Region(Operations ops) {
        Map<String, Object> call(String op, String json) { return OperationCalls.call(ops, op, json); }

        ApiException fail(String op, String json) { return OperationCalls.fail(ops, op, json); }

        Map<String, Object> create(String name, String hashKey) {
            return call("CreateTable", "{'TableName':'" + name + "','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'" + hashKey + "','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'" + hashKey + "','AttributeType':'S'}]}");
        }

        Map<String, Object> describe(String name) { return map(call("DescribeTable", "{'TableName':'" + name + "'}").get("Table")); }

        Object names() { return call("ListTables", "{}").get("TableNames"); }

        Map<String, Object> get(String table, String keyJson) {
            return call("GetItem", "{'TableName':'" + table + "','Key':" + keyJson + ",'ConsistentRead':true}");
        }
    }

    private static Settings accounting() {
        return Settings.defaults().withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT));
    }

    @Nested class SeparateRegions {
        private final ControlPlane cp = new ControlPlane();
        private final Region us = new Region(cp.operations);
        private final Region eu = new Region(cp.operations.inRegion(EU));

        @Test void aNameInTwoRegionsIsTwoTables() {
            us.create("tbl", "p");
            assertThat(eu.names()).isEqualTo(java.util.List.of());
            assertThat(eu.fail("DescribeTable", "{'TableName':'tbl'}").name()).isEqualTo("ResourceNotFoundException");
            eu.create("tbl", "q");
            assertThat(us.describe("tbl").get("KeySchema").toString()).contains("AttributeName=p");
            assertThat(eu.describe("tbl").get("KeySchema").toString()).contains("AttributeName=q");
            assertThat(us.describe("tbl").get("TableId")).isNotEqualTo(eu.describe("tbl").get("TableId"));
            eu.create("eu-only", "p");
            assertThat(us.names()).isEqualTo(java.util.List.of("tbl"));
            assertThat(eu.names()).isEqualTo(java.util.List.of("eu-only", "tbl"));
        }

        @Test void itemsQueriesAndScansStayInTheirRegion() {
            us.create("tbl", "p");
            eu.create("tbl", "p");
            us.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k'},'v':{'S':'us'}}}");
            eu.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k'},'v':{'S':'eu'}}}");
            eu.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k2'},'v':{'S':'eu'}}}");
            assertThat(us.get("tbl", "{'p':{'S':'k'}}").get("Item").toString()).contains("us");
            assertThat(eu.get("tbl", "{'p':{'S':'k'}}").get("Item").toString()).contains("eu");
            assertThat(us.get("tbl", "{'p':{'S':'k2'}}")).doesNotContainKey("Item");
            assertThat(us.call("Scan", "{'TableName':'tbl'}").get("Count")).isEqualTo(java.math.BigDecimal.valueOf(1));
            assertThat(eu.call("Scan", "{'TableName':'tbl'}").get("Count")).isEqualTo(java.math.BigDecimal.valueOf(2));
            assertThat(eu.call("Query", "{'TableName':'tbl','KeyConditionExpression':'p = :k',"
                    + "'ExpressionAttributeValues':{':k':{'S':'k2'}}}").get("Count")).isEqualTo(java.math.BigDecimal.valueOf(1));
            us.call("DeleteTable", "{'TableName':'tbl'}");
            assertThat(eu.call("Scan", "{'TableName':'tbl'}").get("Count")).as("the other region's table is untouched").isEqualTo(java.math.BigDecimal.valueOf(2));
        }

        @Test void contributorInsightsCountEachRegionsTableApart() {
            us.create("tbl", "p");
            eu.create("tbl", "p");
            us.call("UpdateContributorInsights", "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}");
            eu.call("UpdateContributorInsights", "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}");
            us.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'us-key'}}}");
            eu.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'eu-key'}}}");
            io.keyline.insights.ContributorInsights insights = cp.engine.insights();
            assertThat(insights.topKeys(cp.engine.table("tbl"), null, io.keyline.insights.InsightsRule.PKC, java.time.Duration.ofMinutes(5), 5))
                    .extracting(io.keyline.insights.TopKey::keys).containsExactly(java.util.List.of("us-key"));
            assertThat(insights.topKeys(cp.engine.inRegion(EU).table("tbl"), null, io.keyline.insights.InsightsRule.PKC,
                    java.time.Duration.ofMinutes(5), 5)).extracting(io.keyline.insights.TopKey::keys).containsExactly(java.util.List.of("eu-key"));
        }

        @Test void aWriteToATableOfAnotherRegionFindsNoTable() {
            eu.create("tbl", "p");
            assertThat(us.fail("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k'}}}").name()).isEqualTo("ResourceNotFoundException");
            assertThat(us.fail("TransactWriteItems", "{'TransactItems':[{'Put':{'TableName':'tbl','Item':{'p':{'S':'k'}}}}]}").name())
                    .isEqualTo("ResourceNotFoundException");
            assertThat(us.fail("BatchGetItem", "{'RequestItems':{'tbl':{'Keys':[{'p':{'S':'k'}}]}}}").name())
                    .isEqualTo("ResourceNotFoundException");
        }

        @Test void batchesAndTransactionsUseTheRequestsRegion() {
            us.create("tbl", "p");
            eu.create("tbl", "p");
            eu.call("BatchWriteItem", "{'RequestItems':{'tbl':[{'PutRequest':{'Item':{'p':{'S':'b'}}}}]}}");
            String tx = "{'ClientRequestToken':'same-token','TransactItems':[{'Put':{'TableName':'tbl','Item':{'p':{'S':'x'}}}}]}";
            eu.call("TransactWriteItems", tx);
            us.call("TransactWriteItems", tx); // the same token in another region is another request
            assertThat(list(map(eu.call("BatchGetItem", "{'RequestItems':{'tbl':{'Keys':[{'p':{'S':'b'}},{'p':{'S':'x'}}]}}}")
                    .get("Responses")).get("tbl"))).hasSize(2);
            assertThat(list(map(us.call("BatchGetItem", "{'RequestItems':{'tbl':{'Keys':[{'p':{'S':'b'}},{'p':{'S':'x'}}]}}}")
                    .get("Responses")).get("tbl"))).hasSize(1);
            assertThat(eu.call("TransactGetItems", "{'TransactItems':[{'Get':{'TableName':'tbl','Key':{'p':{'S':'x'}}}}]}")
                    .get("Responses").toString()).contains("Item");
        }

        @Test void globalIndexesPropagateInTheirRegion() throws InterruptedException {
            String gsiTable = "{'TableName':'gix','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'byX','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}]}";
            us.call("CreateTable", gsiTable);
            eu.call("CreateTable", gsiTable);
            eu.call("PutItem", "{'TableName':'gix','Item':{'p':{'S':'1'},'x':{'S':'v'}}}");
            cp.engine.indexes().propagator().awaitIdle(java.time.Duration.ofSeconds(10));
            String query = "{'TableName':'gix','IndexName':'byX','KeyConditionExpression':'x = :v','ExpressionAttributeValues':{':v':{'S':'v'}}}";
            assertThat(eu.call("Query", query).get("Count")).isEqualTo(java.math.BigDecimal.valueOf(1));
            assertThat(us.call("Query", query).get("Count")).isEqualTo(java.math.BigDecimal.valueOf(0));
        }

        @Test void arnsNameTheRequestsRegion() {
            us.create("tbl", "p");
            eu.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'byX','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}]}");
            assertThat(us.describe("tbl").get("TableArn")).isEqualTo(US_ARN + "tbl");
            assertThat(eu.describe("tbl").get("TableArn")).isEqualTo(EU_ARN + "tbl");
            assertThat(map(list(eu.describe("tbl").get("GlobalSecondaryIndexes")).get(0)).get("IndexArn")).isEqualTo(EU_ARN + "tbl/index/byX");
            assertThat(map(eu.call("DeleteTable", "{'TableName':'tbl'}").get("TableDescription")).get("TableArn")).isEqualTo(EU_ARN + "tbl");
        }

        @Test void tagCallsTakeTheirRegionsArnsAndRefuseAnotherRegions() {
            us.create("tbl", "p");
            eu.create("tbl", "p");
            eu.call("TagResource", "{'ResourceArn':'" + EU_ARN + "tbl','Tags':[{'Key':'where','Value':'eu'}]}");
            assertThat(eu.call("ListTagsOfResource", "{'ResourceArn':'" + EU_ARN + "tbl'}").get("Tags").toString()).contains("eu");
            assertThat(us.call("ListTagsOfResource", "{'ResourceArn':'" + US_ARN + "tbl'}").get("Tags")).isEqualTo(java.util.List.of());
            for (String op : new String[] {"ListTagsOfResource", "TagResource", "UntagResource"}) {
                String extra = op.equals("TagResource") ? ",'Tags':[{'Key':'a','Value':'b'}]" : op.equals("UntagResource") ? ",'TagKeys':['a']" : "";
                ApiException e = us.fail(op, "{'ResourceArn':'" + EU_ARN + "tbl'" + extra + "}");
                assertThat(e.name()).as(op).isEqualTo("ValidationException");
                assertThat(e.getMessage()).as(op).isEqualTo("Invalid TableArn: Invalid ResourceArn provided as input " + EU_ARN + "tbl");
            }
        }

        @Test void describeEndpointsNamesTheRequestsRegion() {
            assertThat(eu.call("DescribeEndpoints", "{}").toString()).contains("dynamodb.eu-west-1.amazonaws.com");
            assertThat(us.call("DescribeEndpoints", "{}").toString()).contains("dynamodb.us-east-1.amazonaws.com");
        }

        @Test void everyRegionsTablesAndItemsSurviveARestart() {
            us.create("tbl", "p");
            eu.create("tbl", "p");
            eu.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k'},'v':{'S':'eu'}}}");
            us.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k'},'v':{'S':'us'}}}");
            Operations reopened = new Operations(new Engine(cp.storage, cp.clock, accounting()));
            Region us2 = new Region(reopened);
            Region eu2 = new Region(reopened.inRegion(EU));
            assertThat(eu2.describe("tbl").get("TableArn")).isEqualTo(EU_ARN + "tbl");
            assertThat(eu2.get("tbl", "{'p':{'S':'k'}}").get("Item").toString()).contains("eu");
            assertThat(us2.get("tbl", "{'p':{'S':'k'}}").get("Item").toString()).contains("us");
            assertThat(eu2.describe("tbl").get("ItemCount")).isEqualTo(java.math.BigDecimal.valueOf(1));
        }

        @Test void theDefaultRegionIsTheEnginesOwn() {
            assertThat(cp.operations.inRegion(null)).isSameAs(cp.operations);
            assertThat(cp.operations.inRegion("us-east-1")).isSameAs(cp.operations);
            assertThat(cp.operations.inRegion(EU)).isSameAs(cp.operations.inRegion(EU));
        }
    }

    @Nested class SharedDb {
        private final ControlPlane cp = new ControlPlane(accounting().withSharedDb(true));
        private final Region us = new Region(cp.operations);
        private final Region eu = new Region(cp.operations.inRegion(EU));

        @Test void everyRegionSeesOneSetOfTablesWithArnsInItsOwnRegion() {
            us.create("tbl", "p");
            eu.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k'},'v':{'S':'from eu'}}}");
            assertThat(us.get("tbl", "{'p':{'S':'k'}}").get("Item").toString()).contains("from eu");
            assertThat(eu.names()).isEqualTo(java.util.List.of("tbl"));
            assertThat(eu.describe("tbl").get("TableArn")).isEqualTo(EU_ARN + "tbl");
            assertThat(us.describe("tbl").get("TableArn")).isEqualTo(US_ARN + "tbl");
            assertThat(eu.fail("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}").name()).isEqualTo("ResourceInUseException");
        }

        @Test void tagCallsTakeTheArnOfTheRequestsRegion() {
            us.create("tbl", "p");
            eu.call("TagResource", "{'ResourceArn':'" + EU_ARN + "tbl','Tags':[{'Key':'k','Value':'v'}]}");
            assertThat(us.call("ListTagsOfResource", "{'ResourceArn':'" + US_ARN + "tbl'}").get("Tags").toString()).contains("k");
            assertThat(eu.fail("ListTagsOfResource", "{'ResourceArn':'" + US_ARN + "tbl'}").name()).isEqualTo("ValidationException");
        }
    }
}
