package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Capacity of BatchGetItem, BatchWriteItem, TransactGetItems and TransactWriteItems through the
 * real engine: per-table lists, per-item rounding, 2× for transactions (B.2, B.3), throttled
 * items left unprocessed and the request failing only when nothing was done (B.9, API_Batch*).
 */
class BatchCapacityTest {
    private static final int KB = 1024;
    private final ControlPlane cp = new ControlPlane(ControlPlane.enforcing());

    private static double units(Object consumedEntry) {
        return ((Number) map(consumedEntry).get("CapacityUnits")).doubleValue();
    }

    private void provisioned(String name, int read, int write) {
        cp.call("CreateTable", "{'TableName':'" + name + "','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':" + read + ",'WriteCapacityUnits':" + write + "}}");
    }

    /** Writes 1 KB items until the table throttles: its burst is spent (B.6). */
    private void exhaustWrites(String table) {
        for (int i = 0; i < 10_000; i++) {
            try {
                cp.call("PutItem", "{'TableName':'" + table + "','Item':{'p':{'S':'burn'}}}");
            } catch (ApiException e) {
                assertThat(e.name()).isEqualTo("ProvisionedThroughputExceededException");
                return;
            }
        }
        throw new AssertionError("never throttled");
    }

    @Nested class Serialization {
        @Test void batchesReturnOneEntryPerTableInRequestOrder() { // B.2 [obs ALT-T-RCC test_multi_table_batch_get_items]
            cp.createSimple("aaa", false);
            cp.createSimple("bbb", false);
            Map<String, Object> w = cp.call("BatchWriteItem", "{'RequestItems':{"
                    + "'bbb':[{'PutRequest':{'Item':{'p':{'S':'1'}}}},{'PutRequest':{'Item':{'p':{'S':'2'},'a':{'S':'" + "x".repeat(KB) + "'}}}}],"
                    + "'aaa':[{'PutRequest':{'Item':{'p':{'S':'1'}}}}]},'ReturnConsumedCapacity':'TOTAL'}");
            List<Object> cc = list(w.get("ConsumedCapacity"));
            assertThat(cc).extracting(e -> map(e).get("TableName")).containsExactly("bbb", "aaa");
            assertThat(units(cc.get(0))).isEqualTo(3.0); // 1 + 2: each write rounded on its own (B.3)
            assertThat(units(cc.get(1))).isEqualTo(1.0);

            Map<String, Object> g = cp.call("BatchGetItem", "{'RequestItems':{"
                    + "'aaa':{'Keys':[{'p':{'S':'1'}},{'p':{'S':'none'}}],'ConsistentRead':true},"
                    + "'bbb':{'Keys':[{'p':{'S':'1'}},{'p':{'S':'2'}}]}},'ReturnConsumedCapacity':'TOTAL'}");
            List<Object> gc = list(g.get("ConsumedCapacity"));
            assertThat(gc).extracting(e -> map(e).get("TableName")).containsExactly("aaa", "bbb");
            assertThat(units(gc.get(0))).isEqualTo(2.0); // a missing key costs as GetItem's
            assertThat(units(gc.get(1))).isEqualTo(1.0); // 2 × 0.5, eventual
        }

        @Test void noConsumedCapacityUnlessAsked() {
            cp.createSimple("aaa", false);
            assertThat(cp.call("BatchWriteItem", "{'RequestItems':{'aaa':[{'PutRequest':{'Item':{'p':{'S':'1'}}}}]}}"))
                    .doesNotContainKey("ConsumedCapacity");
        }
    }

    @Nested class Behaviour {
        @Test void batchGetRoundsEachItemOnItsOwn() { // B.2 [obs ALT-T-RCC test_batch_get_items_large]: 17 + 5
            cp.createSimple("aaa", false);
            cp.call("PutItem", "{'TableName':'aaa','Item':{'p':{'S':'1'},'a':{'S':'" + "x".repeat(64 * KB) + "'}}}");
            cp.call("PutItem", "{'TableName':'aaa','Item':{'p':{'S':'2'},'a':{'S':'" + "x".repeat(16 * KB) + "'}}}");
            Map<String, Object> g = cp.call("BatchGetItem", "{'RequestItems':{'aaa':{'Keys':[{'p':{'S':'1'}},{'p':{'S':'2'}}],"
                    + "'ConsistentRead':true}},'ReturnConsumedCapacity':'TOTAL'}");
            assertThat(units(list(g.get("ConsumedCapacity")).get(0))).isEqualTo(22.0);
        }

        @Test void transactionsCostTwice() { // B.2/B.3 [doc, AWS-TX]
            cp.createSimple("aaa", false);
            Map<String, Object> w = cp.call("TransactWriteItems", "{'TransactItems':[{'Put':{'TableName':'aaa','Item':{'p':{'S':'1'}}}},"
                    + "{'Put':{'TableName':'aaa','Item':{'p':{'S':'2'},'a':{'S':'" + "x".repeat(KB) + "'}}}}],'ReturnConsumedCapacity':'TOTAL'}");
            assertThat(units(list(w.get("ConsumedCapacity")).get(0))).isEqualTo(6.0);
            Map<String, Object> g = cp.call("TransactGetItems", "{'TransactItems':[{'Get':{'TableName':'aaa','Key':{'p':{'S':'1'}}}},"
                    + "{'Get':{'TableName':'aaa','Key':{'p':{'S':'none'}}}}],'ReturnConsumedCapacity':'TOTAL'}");
            assertThat(units(list(g.get("ConsumedCapacity")).get(0))).isEqualTo(4.0);
        }

        @Test void throttledWritesAreUnprocessedAndAllThrottledFails() { // B.9, API_BatchWriteItem
            provisioned("ttt", 1, 1);
            exhaustWrites("ttt");
            List<String> puts = new ArrayList<>();
            for (int i = 0; i < 3; i++) puts.add("{'PutRequest':{'Item':{'p':{'S':'small" + i + "'}}}}");
            // A little capacity left: some go through, the rest are unprocessed, no error.
            cp.clock.advance(java.time.Duration.ofSeconds(2));
            Map<String, Object> r = cp.call("BatchWriteItem", "{'RequestItems':{'ttt':[" + String.join(",", puts) + "]}}");
            assertThat(list(map(r.get("UnprocessedItems")).get("ttt"))).hasSize(1);
            ApiException e = cp.fail("BatchWriteItem", "{'RequestItems':{'ttt':[" + String.join(",", puts) + "]}}");
            assertThat(e.name()).isEqualTo("ProvisionedThroughputExceededException");
            assertThat(map(list(e.extras().get("ThrottlingReasons")).get(0)))
                    .containsEntry("reason", "TableWriteProvisionedThroughputExceeded");
        }

        @Test void throttledReadsAreUnprocessedKeys() { // B.9, API_BatchGetItem
            provisioned("ttt", 1, 1);
            for (int i = 0; i < 320; i++) {
                try {
                    cp.call("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'x'}},'ConsistentRead':true}");
                } catch (ApiException e) {
                    assertThat(e.name()).isEqualTo("ProvisionedThroughputExceededException");
                }
            }
            ApiException e = cp.fail("BatchGetItem", "{'RequestItems':{'ttt':{'Keys':[{'p':{'S':'1'}},{'p':{'S':'2'}}]}}}");
            assertThat(e.name()).isEqualTo("ProvisionedThroughputExceededException");
        }

        @Test void aThrottledTransactionIsCancelledWithThrottlingError() { // B.9, API_CancellationReason
            provisioned("ttt", 1, 1);
            exhaustWrites("ttt");
            ApiException e = cp.fail("TransactWriteItems", "{'TransactItems':[{'Put':{'TableName':'ttt','Item':{'p':{'S':'t'}}}}]}");
            assertThat(e.name()).isEqualTo("TransactionCanceledException");
            assertThat(map(list(e.extras().get("CancellationReasons")).get(0))).containsEntry("Code", "ThrottlingError");
            assertThat(cp.call("GetItem", "{'TableName':'ttt','Key':{'p':{'S':'t'}}}")).doesNotContainKey("Item");
        }
    }
}
