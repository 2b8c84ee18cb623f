package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.time.Duration;
import java.util.Map;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/**
 * Issue 13 part 1: a hot key throttles within about a second, through the real engine on the
 * product's default settings (memory storage, a manual clock moved by the test). A partition
 * serves 1,000 WCU / 3,000 RCU a second (B.6 [doc, AWS-BP]; AWS knowledge center "How does
 * DynamoDB handle spiky workloads": burst capacity cannot lift a partition over them). A
 * partition in credit admits any one request and is charged in full; in debt it refuses until the
 * debt is repaid at its ceiling (docs/RULES.md#CAP-PARTITION-INSTANT), so one large request passes on an
 * idle partition while sustained traffic over the ceiling is refused within a second or so.
 */
class HotKeyThrottlingTest {
    private static final int KB = 1024;
    /** The bound on virtual time before a hot key at six times its ceiling is refused. */
    private static final Duration WITHIN = Duration.ofMillis(1500);

    private final ControlPlane cp = new ControlPlane(ControlPlane.enforcing());

    /** An item {p, c?, a} of exactly {@code bytes} (B.1: names + values). */
    private static String item(String p, String c, int bytes) {
        int filler = bytes - (1 + p.length()) - (c == null ? 0 : 1 + c.length()) - 1;
        return "{'p':{'S':'" + p + "'}" + (c == null ? "" : ",'c':{'S':'" + c + "'}") + ",'a':{'S':'" + "x".repeat(filler) + "'}}";
    }

    private static String reason(ApiException e) {
        return (String) map(list(e.extras().get("ThrottlingReasons")).get(0)).get("reason");
    }

    /**
     * Offers {@code op} every {@code step} of virtual time until it is refused or {@code limit}
     * has passed; returns the refusal (null if none) and leaves the clock where it was refused.
     */
    private ApiException offerUntilRefused(String op, String json, Duration step, Duration limit) {
        for (long spent = 0; spent <= limit.toNanos(); spent += step.toNanos()) {
            try {
                cp.call(op, json);
            } catch (ApiException e) {
                return e;
            }
            cp.clock.advance(step);
        }
        return null;
    }

    /** 40 KB items (40 WCU) back to back at 6,000 WCU a second: one every 6⅔ ms. */
    private static final Duration SIX_THOUSAND_WCU = Duration.ofNanos(1_000_000_000L * 40 / 6_000);

    @Test void aHotKeyOnAnOnDemandTableIsRefusedWithinASecondAndAHalf() {
        cp.createSimple("odt", false);
        ApiException refused = offerUntilRefused("PutItem", "{'TableName':'odt','Item':" + item("hot", null, 40 * KB) + "}",
                SIX_THOUSAND_WCU, WITHIN);
        assertThat(refused).as("refused within 1.5 s of virtual time").isNotNull();
        assertThat(refused.name()).isEqualTo("ThrottlingException");
        assertThat(reason(refused)).isEqualTo("TableWriteKeyRangeThroughputExceeded");
    }

    @Test void thenTheHotKeyIsServedAtItsPartitionsCeiling() {
        cp.createSimple("odt", false);
        String put = "{'TableName':'odt','Item':" + item("hot", null, 40 * KB) + "}";
        offerUntilRefused("PutItem", put, SIX_THOUSAND_WCU, WITHIN);
        int seconds = 5, accepted = 0;
        for (int i = 0; i < seconds * 150; i++) {
            try {
                cp.call("PutItem", put);
                accepted++;
            } catch (ApiException e) {
                assertThat(reason(e)).isEqualTo("TableWriteKeyRangeThroughputExceeded");
            }
            cp.clock.advance(SIX_THOUSAND_WCU);
        }
        assertThat(accepted * 40.0 / seconds).isBetween(960.0, 1_040.0); // 1,000 WCU a second (B.6)
    }

    @Test void aHotKeyOnAProvisionedTableIsRefusedWithinASecondAndAHalf() {
        // 10,000 WCU provisioned: the table has room to spare, the key's partition has not
        cp.call("CreateTable", "{'TableName':'ptt','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':3000,'WriteCapacityUnits':10000}}");
        ApiException refused = offerUntilRefused("PutItem", "{'TableName':'ptt','Item':" + item("hot", null, 40 * KB) + "}",
                SIX_THOUSAND_WCU, WITHIN);
        assertThat(refused).as("refused within 1.5 s of virtual time").isNotNull();
        assertThat(refused.name()).isEqualTo("ProvisionedThroughputExceededException");
        assertThat(reason(refused)).isEqualTo("TableWriteKeyRangeThroughputExceeded");
    }

    @Test void aHotKeyReadAtSixTimesTheReadCeilingIsRefusedWithinASecondAndAHalf() {
        cp.createSimple("odt", false);
        cp.call("PutItem", "{'TableName':'odt','Item':" + item("hot", null, 40 * KB) + "}");
        // a strong read of 40 KB is 10 RCU: 1,800 a second are 18,000 RCU, six times 3,000
        ApiException refused = offerUntilRefused("GetItem", "{'TableName':'odt','Key':{'p':{'S':'hot'}},'ConsistentRead':true}",
                Duration.ofNanos(1_000_000_000L / 1_800), WITHIN);
        assertThat(refused).as("refused within 1.5 s of virtual time").isNotNull();
        assertThat(refused.name()).isEqualTo("ThrottlingException");
        assertThat(reason(refused)).isEqualTo("TableReadKeyRangeThroughputExceeded");
    }

    @Test void aHotGsiPartitionRefusesTheBaseWriteWithinASecondAndAHalf() { // B.4/B.9 back-pressure
        cp.call("CreateTable", "{'TableName':'gtt','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}]}");
        String filler = "x".repeat(40 * KB - 40);
        ApiException refused = null;
        long spent = 0;
        // every base key different (spread over the table), every index key the same: one hot GSI partition
        for (int i = 0; refused == null && spent <= WITHIN.toNanos(); i++, spent += SIX_THOUSAND_WCU.toNanos()) {
            try {
                cp.call("PutItem", "{'TableName':'gtt','Item':{'p':{'S':'device-" + i + "'},'g':{'S':'2026-12-01'},"
                        + "'a':{'S':'" + filler + "'}}}");
            } catch (ApiException e) {
                refused = e;
            }
            cp.clock.advance(SIX_THOUSAND_WCU);
        }
        assertThat(refused).as("refused within 1.5 s of virtual time").isNotNull();
        assertThat(refused.name()).isEqualTo("ThrottlingException");
        assertThat(reason(refused)).isEqualTo("IndexWriteKeyRangeThroughputExceeded");
        assertThat(map(list(refused.extras().get("ThrottlingReasons")).get(0))).containsEntry("resource", cp.arn("gtt") + "/index/byG");
    }

    @Test void aBatchOfTwentyFiveItemsOf49KbToOneKeyPassesOnAnIdleTable() { // 1,225 WCU at once
        cp.createSimple("btt", true);
        StringJoiner puts = new StringJoiner(",");
        for (int i = 0; i < 25; i++) puts.add("{'PutRequest':{'Item':" + item("hot", "c" + (100 + i), 49 * KB) + "}}");
        Map<String, Object> r = cp.call("BatchWriteItem", "{'RequestItems':{'btt':[" + puts + "]},'ReturnConsumedCapacity':'TOTAL'}");
        assertThat(map(r.get("UnprocessedItems"))).isEmpty();
        assertThat(((Number) map(list(r.get("ConsumedCapacity")).get(0)).get("CapacityUnits")).doubleValue()).isEqualTo(1_225.0);
    }

    @Test void aFourMegabyteTransactionToOneKeyPassesOnAnIdleTableAndThePartitionRepaysItsDebt() {
        cp.createSimple("txt", true);
        StringJoiner actions = new StringJoiner(",");
        // 100 items of 41,000 bytes: 4.1 MB, under the 4 MB (4,194,304 bytes) payload limit; 41 WCU each, twice (B.3)
        for (int i = 0; i < 100; i++) actions.add("{'Put':{'TableName':'txt','Item':" + item("hot", "c" + (100 + i), 41_000) + "}}");
        Map<String, Object> r = cp.call("TransactWriteItems", "{'TransactItems':[" + actions + "],'ReturnConsumedCapacity':'TOTAL'}");
        double units = ((Number) map(list(r.get("ConsumedCapacity")).get(0)).get("CapacityUnits")).doubleValue();
        assertThat(units).isEqualTo(8_200.0);
        // the partition banked at most a few seconds of 1,000 WCU: it is in debt now, and refuses
        String small = "{'TableName':'txt','Item':{'p':{'S':'hot'},'c':{'S':'after'}}}";
        ApiException refused = cp.fail("PutItem", small);
        assertThat(refused.name()).isEqualTo("ThrottlingException");
        assertThat(reason(refused)).isEqualTo("TableWriteKeyRangeThroughputExceeded");
        // until the debt is repaid at the ceiling rate: 8,200 − bank units at 1,000 a second
        long bank = 1_000 * io.keyline.capacity.CapacitySettings.DEFAULT_PARTITION_BURST.toSeconds();
        long repaidMillis = (8_200 - bank) * 1_000 / 1_000;
        cp.clock.advance(Duration.ofMillis(repaidMillis - 100));
        assertThat(cp.fail("PutItem", small).name()).isEqualTo("ThrottlingException");
        cp.clock.advance(Duration.ofMillis(200));
        cp.call("PutItem", small);
    }
}
