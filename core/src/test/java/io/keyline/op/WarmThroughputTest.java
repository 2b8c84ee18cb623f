package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.testing.OperationCalls;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * WarmThroughput as DescribeTable reports it and as CreateTable / UpdateTable pre-warm with it
 * (docs/RULES.md#CAP-WARM-THROUGHPUT). Figures: AWS Developer Guide, "Understanding DynamoDB
 * warm throughput in different scenarios" (a new on-demand table: 12,000 / 4,000; a provisioned
 * table follows its highest provisioned throughput). The refusal text is DynamoDB's as quoted in
 * terraform-provider-aws internal/service/dynamodb/table.go.
 */
class WarmThroughputTest {
    private static final String KEY = "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
            + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]";
    private static final String DECREASE_READ = "One or more parameter values were invalid: Requested ReadUnitsPerSecond for "
            + "WarmThroughput for table is lower than current WarmThroughput, decreasing WarmThroughput is not supported";

    private final ControlPlane cp = new ControlPlane();

    private static void assertWarm(Object warm, long read, long write) {
        assertThat(map(warm)).containsEntry("ReadUnitsPerSecond", BigDecimal.valueOf(read))
                .containsEntry("WriteUnitsPerSecond", BigDecimal.valueOf(write)).containsEntry("Status", "ACTIVE");
    }

    private Map<String, Object> update(String json) {
        return map(cp.call("UpdateTable", "{'TableName':'tbl'," + json + "}").get("TableDescription"));
    }

    private int partitions(String table) { return cp.engine.capacity().model().table(table).table().partitionCount(); }

    @Nested class Reported {
        @Test void aNewOnDemandTableAndItsIndexAreWarmForTheNewTableFigures() {
            cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}]}");
            Map<String, Object> d = cp.describe("tbl");
            assertWarm(d.get("WarmThroughput"), 12_000, 4_000);
            assertWarm(map(list(d.get("GlobalSecondaryIndexes")).get(0)).get("WarmThroughput"), 12_000, 4_000);
        }

        @Test void aProvisionedTableFollowsItsHighestProvisionedThroughput() {
            cp.call("CreateTable", "{'TableName':'tbl','ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5}," + KEY + "}");
            assertWarm(cp.describe("tbl").get("WarmThroughput"), 5, 5);
            update("'ProvisionedThroughput':{'ReadCapacityUnits':20,'WriteCapacityUnits':30}");
            update("'ProvisionedThroughput':{'ReadCapacityUnits':10,'WriteCapacityUnits':10}");
            assertWarm(cp.describe("tbl").get("WarmThroughput"), 20, 30);
        }

        @Test void aTableOnceOnDemandKeepsTheOnDemandFiguresWhenProvisionedAgain() {
            cp.call("CreateTable", "{'TableName':'tbl','ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5}," + KEY + "}");
            update("'BillingMode':'PAY_PER_REQUEST'");
            assertWarm(cp.describe("tbl").get("WarmThroughput"), 12_000, 4_000);
            update("'BillingMode':'PROVISIONED','ProvisionedThroughput':{'ReadCapacityUnits':2,'WriteCapacityUnits':2}");
            assertWarm(cp.describe("tbl").get("WarmThroughput"), 12_000, 4_000);
        }
    }

    @Nested class PreWarming {
        @Test void createTableWarmsAnOnDemandTableAndItsPartitionsFollow() {
            assertThat(partitionsOfNew("uuu", "")).isEqualTo(4);
            cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY
                    + ",'WarmThroughput':{'ReadUnitsPerSecond':30000,'WriteUnitsPerSecond':10000}}");
            assertWarm(cp.describe("tbl").get("WarmThroughput"), 30_000, 10_000);
            // a partition serves 3,000 reads or 1,000 writes a second: 10,000 writes need 10
            assertThat(partitions("tbl")).isEqualTo(10);
        }

        @Test void updateTableRaisesOneMemberAndKeepsTheOther() {
            cp.createSimple("tbl", false);
            Map<String, Object> d = update("'WarmThroughput':{'WriteUnitsPerSecond':8000}");
            assertWarm(d.get("WarmThroughput"), 12_000, 8_000);
            assertThat(partitions("tbl")).isEqualTo(8);
            update("'WarmThroughput':{'ReadUnitsPerSecond':12000,'WriteUnitsPerSecond':8000}"); // equal values are accepted
            assertWarm(cp.describe("tbl").get("WarmThroughput"), 12_000, 8_000);
        }

        @Test void aDecreaseIsRefusedWithDynamoDbsText() {
            cp.createSimple("tbl", false);
            ApiException e = cp.fail("UpdateTable", "{'TableName':'tbl','WarmThroughput':{'ReadUnitsPerSecond':11999}}");
            assertThat(e.getMessage()).isEqualTo(DECREASE_READ);
            assertThat(cp.fail("UpdateTable", "{'TableName':'tbl','WarmThroughput':{'WriteUnitsPerSecond':100}}").getMessage())
                    .contains("Requested WriteUnitsPerSecond for WarmThroughput for table is lower than current WarmThroughput");
            // below the new-table figures at creation: there is nothing lower to start from
            assertThat(cp.fail("CreateTable", "{'TableName':'uuu','BillingMode':'PAY_PER_REQUEST'," + KEY
                    + ",'WarmThroughput':{'ReadUnitsPerSecond':100}}").getMessage()).isEqualTo(DECREASE_READ);
        }

        @Test void aProvisionedTableMayBeWarmedAboveItsUnitsButNotBelow() {
            assertThat(cp.fail("CreateTable", "{'TableName':'tbl','ProvisionedThroughput':{'ReadCapacityUnits':50,'WriteCapacityUnits':5},"
                    + KEY + ",'WarmThroughput':{'ReadUnitsPerSecond':10}}").getMessage()).isEqualTo(DECREASE_READ);
            cp.call("CreateTable", "{'TableName':'tbl','ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5},"
                    + KEY + ",'WarmThroughput':{'ReadUnitsPerSecond':6000,'WriteUnitsPerSecond':2000}}");
            assertWarm(cp.describe("tbl").get("WarmThroughput"), 6_000, 2_000);
            assertThat(partitions("tbl")).isEqualTo(4);
        }

        @Test void aMemberBelowOneIsAConstraintViolation() {
            cp.createSimple("tbl", false);
            assertThat(cp.fail("UpdateTable", "{'TableName':'tbl','WarmThroughput':{'ReadUnitsPerSecond':0}}").getMessage())
                    .isEqualTo("1 validation error detected: Value '0' at 'warmThroughput.readUnitsPerSecond' failed to satisfy "
                            + "constraint: Member must have value greater than or equal to 1");
        }

        @Test void aGlobalIndexIsWarmedWithItsUpdateAction() {
            cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'},'WarmThroughput':{'ReadUnitsPerSecond':24000}}]}");
            assertWarm(map(list(cp.describe("tbl").get("GlobalSecondaryIndexes")).get(0)).get("WarmThroughput"), 24_000, 4_000);
            update("'GlobalSecondaryIndexUpdates':[{'Update':{'IndexName':'gsi','WarmThroughput':{'WriteUnitsPerSecond':6000}}}]");
            assertWarm(map(list(cp.describe("tbl").get("GlobalSecondaryIndexes")).get(0)).get("WarmThroughput"), 24_000, 6_000);
            assertThat(cp.fail("UpdateTable", "{'TableName':'tbl','GlobalSecondaryIndexUpdates':[{'Update':{'IndexName':'gsi',"
                    + "'WarmThroughput':{'WriteUnitsPerSecond':5000}}}]}").getMessage())
                    .contains("decreasing WarmThroughput is not supported");
            assertThat(cp.engine.capacity().model().table("tbl").index("gsi").partitionCount()).isEqualTo(8);
        }

        @Test void theRequestedWarmThroughputSurvivesARestart() {
            cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST'," + KEY
                    + ",'WarmThroughput':{'ReadUnitsPerSecond':30000,'WriteUnitsPerSecond':10000}}");
            Operations reopened = new Operations(new Engine(cp.storage, cp.clock, Settings.defaults()));
            Map<String, Object> d = map(OperationCalls.call(reopened, "DescribeTable", "{'TableName':'tbl'}").get("Table"));
            assertWarm(d.get("WarmThroughput"), 30_000, 10_000);
        }

        private int partitionsOfNew(String name, String extra) {
            cp.call("CreateTable", "{'TableName':'" + name + "','BillingMode':'PAY_PER_REQUEST'," + KEY + extra + "}");
            return partitions(name);
        }
    }
}
