package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.capacity.CapacitySnapshot;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Consumed capacity and admission of GetItem, PutItem, UpdateItem and DeleteItem through the
 * real engine (rules from shared/reference/dynamodb-rules.md, B.2–B.4 and B.9).
 */
class ItemCapacityTest {
    private static final int KB = 1024;

    private final ControlPlane cp = new ControlPlane(ControlPlane.enforcing());

    private static double units(Map<String, Object> response) {
        return ((Number) map(response.get("ConsumedCapacity")).get("CapacityUnits")).doubleValue();
    }

    /** A string attribute that makes item {p: key, a: ...} exactly {@code bytes} long (B.1: names + values). */
    private static String itemOfSize(String key, int bytes) {
        int filler = bytes - 1 - key.length() - 1;
        return "{'p':{'S':'" + key + "'},'a':{'S':'" + "x".repeat(filler) + "'}}";
    }

    private void provisioned(String name, int read, int write, String gsiJson) {
        cp.call("CreateTable", "{'TableName':'" + name + "','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}"
                + (gsiJson == null ? "" : ",{'AttributeName':'g','AttributeType':'S'}") + "],"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':" + read + ",'WriteCapacityUnits':" + write + "}"
                + (gsiJson == null ? "" : ",'GlobalSecondaryIndexes':[" + gsiJson + "]") + "}");
    }

    @Nested class Serialization {
        @Test void noConsumedCapacityUnlessAsked() {
            cp.createSimple("sss", false);
            assertThat(cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}}}")).doesNotContainKey("ConsumedCapacity");
            assertThat(cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}},'ReturnConsumedCapacity':'NONE'}"))
                    .doesNotContainKey("ConsumedCapacity");
        }

        @Test void totalNamesTheTableAndTheUnits() {
            cp.createSimple("sss", false);
            Map<String, Object> cc = map(cp.call("PutItem",
                    "{'TableName':'sss','Item':{'p':{'S':'a'}},'ReturnConsumedCapacity':'TOTAL'}").get("ConsumedCapacity"));
            assertThat(cc).containsEntry("TableName", "sss");
            assertThat(((Number) cc.get("CapacityUnits")).doubleValue()).isEqualTo(1.0);
            assertThat(cc).doesNotContainKeys("Table", "GlobalSecondaryIndexes");
        }
    }

    @Nested class Validation {
        @Test void unknownLevelIsRejected() {
            cp.createSimple("sss", false);
            ApiException e = cp.fail("GetItem", "{'TableName':'sss','Key':{'p':{'S':'a'}},'ReturnConsumedCapacity':'DUMMY'}");
            assertThat(e.name()).isEqualTo("ValidationException");
            assertThat(e.getMessage()).contains("returnConsumedCapacity");
        }
    }

    @Nested class Reads {
        @Test void getItemIsRoundedUpTo4KbAndEventualIsHalf() { // B.2 [doc, AWS-RW; obs ALT-T-RCC test_long_get]
            cp.createSimple("sss", false);
            cp.call("PutItem", "{'TableName':'sss','Item':" + itemOfSize("k", 4 * KB) + "}");
            String get = "{'TableName':'sss','Key':{'p':{'S':'k'}},'ReturnConsumedCapacity':'TOTAL'";
            assertThat(units(cp.call("GetItem", get + ",'ConsistentRead':true}"))).isEqualTo(1.0);
            assertThat(units(cp.call("GetItem", get + "}"))).isEqualTo(0.5);
            cp.call("PutItem", "{'TableName':'sss','Item':" + itemOfSize("k", 4 * KB + 1) + "}");
            assertThat(units(cp.call("GetItem", get + ",'ConsistentRead':true}"))).isEqualTo(2.0);
            // B.2: a projection does not reduce the cost
            assertThat(units(cp.call("GetItem", get + ",'ConsistentRead':true,'ProjectionExpression':'p'}"))).isEqualTo(2.0);
        }

        @Test void missingItemCostsOneBlock() { // B.2 [doc, AWS-PT]
            cp.createSimple("sss", false);
            String get = "{'TableName':'sss','Key':{'p':{'S':'none'}},'ReturnConsumedCapacity':'TOTAL'";
            assertThat(units(cp.call("GetItem", get + ",'ConsistentRead':true}"))).isEqualTo(1.0);
            assertThat(units(cp.call("GetItem", get + "}"))).isEqualTo(0.5);
        }
    }

    @Nested class Writes {
        @Test void putIsRoundedUpTo1KbOnTheLargerOfOldAndNew() { // B.3 [doc; obs test_long_put, test_short_after_long_put]
            cp.createSimple("sss", false);
            String put = "{'TableName':'sss','ReturnConsumedCapacity':'TOTAL','Item':";
            assertThat(units(cp.call("PutItem", put + itemOfSize("k", KB) + "}"))).isEqualTo(1.0);
            assertThat(units(cp.call("PutItem", put + itemOfSize("k", KB + 1) + "}"))).isEqualTo(2.0);
            assertThat(units(cp.call("PutItem", put + itemOfSize("k", 2 * KB + 1) + "}"))).isEqualTo(3.0);
            assertThat(units(cp.call("PutItem", put + "{'p':{'S':'k'}}}"))).isEqualTo(3.0);
        }

        @Test void updateIsChargedOnTheLargerImage() { // B.3 [obs test_long_update]
            cp.createSimple("sss", false);
            cp.call("PutItem", "{'TableName':'sss','Item':" + itemOfSize("k", 2 * KB + 1) + "}");
            Map<String, Object> r = cp.call("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'k'}},'UpdateExpression':'SET a = :v',"
                    + "'ExpressionAttributeValues':{':v':{'S':'a'}},'ReturnConsumedCapacity':'TOTAL'}");
            assertThat(units(r)).isEqualTo(3.0);
            Map<String, Object> missing = cp.call("UpdateItem", "{'TableName':'sss','Key':{'p':{'S':'new'}},'UpdateExpression':'SET a = :v',"
                    + "'ExpressionAttributeValues':{':v':{'S':'a'}},'ReturnConsumedCapacity':'TOTAL'}");
            assertThat(units(missing)).isEqualTo(1.0);
        }

        @Test void deleteIsChargedOnTheDeletedItemAndAMissingOneCostsOne() { // B.3 [doc; obs test_delete_missing_item]
            cp.createSimple("sss", false);
            cp.call("PutItem", "{'TableName':'sss','Item':" + itemOfSize("k", 2 * KB + 1) + "}");
            String del = "{'TableName':'sss','Key':{'p':{'S':'k'}},'ReturnConsumedCapacity':'TOTAL'}";
            assertThat(units(cp.call("DeleteItem", del))).isEqualTo(3.0);
            assertThat(units(cp.call("DeleteItem", del))).isEqualTo(1.0);
        }

        @Test void failedConditionalWritesStillConsume() { // B.3 [doc, AWS-PT]
            cp.createSimple("sss", false);
            cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'k'}}}");
            double before = consumedWrite("sss");
            ApiException e = cp.fail("PutItem", "{'TableName':'sss','Item':" + itemOfSize("k", 2 * KB + 1) + ","
                    + "'ConditionExpression':'attribute_not_exists(p)'}");
            assertThat(e.name()).isEqualTo("ConditionalCheckFailedException");
            assertThat(consumedWrite("sss") - before).isEqualTo(3.0); // the new item's size
            cp.fail("DeleteItem", "{'TableName':'sss','Key':{'p':{'S':'none'}},'ConditionExpression':'attribute_exists(p)'}");
            assertThat(consumedWrite("sss") - before).isEqualTo(4.0); // a missing item: 1
        }
    }

    @Nested class Indexes {
        private static final String GSI = "{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'},'ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5}}";

        @Test void indexesShowsTableAndEachGsi() { // B.2 INDEXES shape, B.4 index writes [doc, AWS-GSI; obs ALT-T-RCC]
            provisioned("ttt", 5, 5, GSI);
            Map<String, Object> cc = map(cp.call("PutItem", "{'TableName':'ttt','Item':{'p':{'S':'k'},'g':{'S':'A'}},"
                    + "'ReturnConsumedCapacity':'INDEXES'}").get("ConsumedCapacity"));
            assertThat(((Number) cc.get("CapacityUnits")).doubleValue()).isEqualTo(2.0);
            assertThat(((Number) map(cc.get("Table")).get("CapacityUnits")).doubleValue()).isEqualTo(1.0);
            assertThat(((Number) map(map(cc.get("GlobalSecondaryIndexes")).get("byG")).get("CapacityUnits")).doubleValue())
                    .isEqualTo(1.0);
        }

        @Test void movingTheIndexKeyCostsTwoIndexWritesAndLeavingItOne() { // B.4 table
            provisioned("ttt", 5, 5, GSI);
            String put = "{'TableName':'ttt','ReturnConsumedCapacity':'TOTAL','Item':{'p':{'S':'k'}";
            assertThat(units(cp.call("PutItem", put + ",'g':{'S':'A'}}}"))).isEqualTo(2.0);
            assertThat(units(cp.call("PutItem", put + ",'g':{'S':'B'}}}"))).isEqualTo(3.0);
            assertThat(units(cp.call("PutItem", put + "}}"))).isEqualTo(2.0);
            assertThat(units(cp.call("PutItem", put + "}}"))).isEqualTo(1.0); // absent before and after
        }

        @Test void aWrongTypedIndexKeyIsRefusedAsAMismatchNotPriced() { // B.12: wrong-typed index keys are ValidationException
            provisioned("ttt", 5, 5, GSI);
            cp.call("PutItem", "{'TableName':'ttt','Item':{'p':{'S':'k'},'g':{'S':'A'}}}");
            ApiException e = cp.fail("UpdateItem", "{'TableName':'ttt','Key':{'p':{'S':'k'}},'UpdateExpression':'SET g = :m',"
                    + "'ExpressionAttributeValues':{':m':{'M':{'a':{'N':'3'}}}}}");
            assertThat(e.name()).isEqualTo("ValidationException");
            assertThat(e.getMessage()).contains("mismatch");
        }

        @Test void lsiWritesAreReportedApartAndPaidByTheTable() { // B.4 [doc, AWS-LSI]
            cp.call("CreateTable", "{'TableName':'lll','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'},"
                    + "{'AttributeName':'x','AttributeType':'S'}],'LocalSecondaryIndexes':[{'IndexName':'byX',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'x','KeyType':'RANGE'}],"
                    + "'Projection':{'ProjectionType':'KEYS_ONLY'}}]}");
            Map<String, Object> cc = map(cp.call("PutItem", "{'TableName':'lll','Item':{'p':{'S':'k'},'c':{'S':'1'},'x':{'S':'v'}},"
                    + "'ReturnConsumedCapacity':'INDEXES'}").get("ConsumedCapacity"));
            assertThat(((Number) cc.get("CapacityUnits")).doubleValue()).isEqualTo(2.0);
            assertThat(((Number) map(map(cc.get("LocalSecondaryIndexes")).get("byX")).get("CapacityUnits")).doubleValue())
                    .isEqualTo(1.0);
            assertThat(consumedWrite("lll")).isEqualTo(2.0); // the table's partition paid both
        }

        @Test void aThrottledGsiRejectsTheWholeWrite() { // B.4/B.9 back-pressure [doc, AWS-GSI, AWS-GSITHR]
            provisioned("ttt", 5, 1000, GSI.replace("'WriteCapacityUnits':5", "'WriteCapacityUnits':1"));
            ApiException throttled = null;
            int i = 0;
            for (; i < 1000 && throttled == null; i++) {
                try {
                    cp.call("PutItem", "{'TableName':'ttt','Item':{'p':{'S':'k" + i + "'},'g':{'S':'day'}}}");
                } catch (ApiException e) {
                    throttled = e;
                }
            }
            assertThat(throttled).isNotNull();
            assertThat(i - 1).isBetween(295, 305); // the GSI's 300 s of burst at 1 WCU
            assertThat(throttled.name()).isEqualTo("ProvisionedThroughputExceededException");
            Map<String, Object> reason = map(list(throttled.extras().get("ThrottlingReasons")).get(0));
            assertThat(reason).containsEntry("reason", "IndexWriteProvisionedThroughputExceeded")
                    .containsEntry("resource", cp.arn("ttt") + "/index/byG");
            int failed = i - 1;
            assertThat(cp.call("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'k" + failed + "'}}}")).doesNotContainKey("Item");
        }
    }

    @Nested class Throttling {
        @Test void provisionedTableBurstsThenServesItsRate() { // B.6 burst 300 s [doc, AWS-BP]; B.9 reason
            provisioned("ttt", 1, 1, null);
            String item = itemOfSize("k", KB);
            int accepted = 0;
            ApiException throttled = null;
            while (throttled == null && accepted < 1000) {
                try {
                    cp.call("PutItem", "{'TableName':'ttt','Item':" + item + "}");
                    accepted++;
                } catch (ApiException e) {
                    throttled = e;
                }
            }
            assertThat(accepted).isBetween(295, 305);
            assertThat(throttled.name()).isEqualTo("ProvisionedThroughputExceededException");
            assertThat(throttled.getMessage()).startsWith("The level of configured provisioned throughput for the table was exceeded");
            assertThat(map(list(throttled.extras().get("ThrottlingReasons")).get(0)))
                    .containsEntry("reason", "TableWriteProvisionedThroughputExceeded").containsEntry("resource", cp.arn("ttt"));
            cp.clock.advance(Duration.ofSeconds(1));
            cp.call("PutItem", "{'TableName':'ttt','Item':" + item + "}");
            assertThat(cp.fail("PutItem", "{'TableName':'ttt','Item':" + item + "}").name())
                    .isEqualTo("ProvisionedThroughputExceededException");
        }

        @Test void readsAreThrottledToo() { // B.6 read burst
            provisioned("ttt", 1, 1, null);
            ApiException throttled = null;
            int served = 0;
            while (throttled == null && served < 2000) {
                try {
                    cp.call("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'k'}},'ConsistentRead':true}");
                    served++;
                } catch (ApiException e) {
                    throttled = e;
                }
            }
            assertThat(served).isBetween(295, 305);
            assertThat(map(list(throttled.extras().get("ThrottlingReasons")).get(0)))
                    .containsEntry("reason", "TableReadProvisionedThroughputExceeded");
        }

        @Test void accountModeMeasuresButNeverThrottles() { // DESIGN.md --capacity account
            ControlPlane account = new ControlPlane(Settings.defaults().withCapacity(
                    CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT)));
            account.call("CreateTable", "{'TableName':'ttt','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],"
                    + "'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}}");
            for (int i = 0; i < 400; i++) account.call("PutItem", "{'TableName':'ttt','Item':{'p':{'S':'k'}}}");
            CapacitySnapshot.MapSnapshot t = account.engine.capacity().snapshot().tables().get(0).table();
            assertThat(t.consumedWrite()).isEqualTo(400.0);
            assertThat(t.throttles()).containsKey("TableWriteProvisionedThroughputExceeded");
        }

        @Test void offModeKeepsNoBooksButStillReportsUnits() { // DESIGN.md --capacity off
            ControlPlane off = new ControlPlane(Settings.defaults().withCapacity(
                    CapacitySettings.defaults().withMode(CapacityMode.OFF)));
            off.call("CreateTable", "{'TableName':'ttt','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],"
                    + "'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}}");
            Map<String, Object> last = null;
            for (int i = 0; i < 400; i++) {
                last = off.call("PutItem", "{'TableName':'ttt','Item':{'p':{'S':'k'}},'ReturnConsumedCapacity':'TOTAL'}");
            }
            assertThat(units(last)).isEqualTo(1.0);
            assertThat(off.engine.capacity().snapshot().tables().get(0).table().consumedWrite()).isZero();
        }

        @Test void onDemandThrottlesWithThrottlingException() { // B.7/B.9: a hot key past its partition's 1,000 WCU
            cp.createSimple("odt", false);
            ApiException throttled = null;
            int accepted = 0;
            while (throttled == null && accepted < 50_000) {
                try {
                    cp.call("PutItem", "{'TableName':'odt','Item':{'p':{'S':'hot'}}}");
                    accepted++;
                } catch (ApiException e) {
                    throttled = e;
                }
            }
            assertThat(throttled).isNotNull();
            // what the idle partition banked (its ceiling times CapacitySettings.DEFAULT_PARTITION_BURST),
            // then nothing until the clock moves
            long bank = 1_000 * CapacitySettings.DEFAULT_PARTITION_BURST.toSeconds();
            assertThat(accepted).isBetween((int) bank - 100, (int) bank + 100);
            assertThat(throttled.name()).isEqualTo("ThrottlingException");
            assertThat(map(list(throttled.extras().get("ThrottlingReasons")).get(0)))
                    .containsEntry("reason", "TableWriteKeyRangeThroughputExceeded");
        }
    }

    @Nested class Registry {
        @Test void updateTableIsFollowedAndDeleteTableForgotten() { // B.7
            provisioned("ttt", 1, 1, null);
            cp.call("UpdateTable", "{'TableName':'ttt','ProvisionedThroughput':{'ReadCapacityUnits':10,'WriteCapacityUnits':7}}");
            CapacitySnapshot.MapSnapshot t = cp.engine.capacity().snapshot().tables().get(0).table();
            assertThat(t.provisionedWrite()).isEqualTo(7.0);
            assertThat(t.provisionedRead()).isEqualTo(10.0);
            cp.call("UpdateTable", "{'TableName':'ttt','AttributeDefinitions':[{'AttributeName':'g','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'},'ProvisionedThroughput':{'ReadCapacityUnits':2,'WriteCapacityUnits':3}}}]}");
            assertThat(cp.engine.capacity().snapshot().tables().get(0).globalSecondaryIndexes())
                    .extracting(CapacitySnapshot.MapSnapshot::name).containsExactly("byG");
            awaitIndexActive("ttt", "byG"); // DynamoDB refuses other table updates while an index is backfilling
            cp.call("UpdateTable", "{'TableName':'ttt','BillingMode':'PAY_PER_REQUEST'}");
            assertThat(cp.engine.capacity().snapshot().tables().get(0).table().billing())
                    .isEqualTo(io.keyline.metadata.BillingMode.PAY_PER_REQUEST);
            cp.call("DeleteTable", "{'TableName':'ttt'}");
            assertThat(cp.engine.capacity().snapshot().tables()).isEmpty();
        }

        @Test void tablesOnStorageAreRegisteredAtStartUp() {
            provisioned("ttt", 3, 4, null);
            Engine restarted = new Engine(cp.storage, cp.clock, Settings.defaults());
            assertThat(restarted.capacity().snapshot().tables()).extracting(CapacitySnapshot.TableSnapshot::tableArn)
                    .containsExactly(cp.arn("ttt"));
            assertThat(restarted.capacity().snapshot().tables().get(0).table().provisionedWrite()).isEqualTo(4.0);
        }
    }

    /** The backfill runs on its own thread (even of an empty table): wait for it to end, bounded. */
    private void awaitIndexActive(String table, String index) {
        try {
            assertThat(cp.engine.indexes().awaitBackfills(java.time.Duration.ofSeconds(30))).as("backfill of %s ended", index).isTrue();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        Object status = ((List<?>) cp.describe(table).get("GlobalSecondaryIndexes")).stream()
                .map(ControlPlane::map).filter(g -> index.equals(g.get("IndexName")))
                .findFirst().orElseThrow().get("IndexStatus");
        assertThat(status).isEqualTo("ACTIVE");
    }

    private double consumedWrite(String table) {
        return cp.engine.capacity().snapshot().tables().stream().filter(t -> t.tableName().equals(table))
                .findFirst().orElseThrow().table().consumedWrite();
    }
}
