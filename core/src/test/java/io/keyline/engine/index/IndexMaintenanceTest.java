package io.keyline.engine.index;

import static io.keyline.engine.index.IndexFixture.n;
import static io.keyline.engine.index.IndexFixture.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Index maintenance through the write operations: sparse membership, type rules, GSI lag, restart, LSIs. */
class IndexMaintenanceTest {
    static final String TABLE = "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST',"
            + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
            + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'},"
            + "{'AttributeName':'x','AttributeType':'S'},{'AttributeName':'l','AttributeType':'N'}],"
            + "'LocalSecondaryIndexes':[{'IndexName':'byL','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
            + "{'AttributeName':'l','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}],"
            + "'GlobalSecondaryIndexes':[{'IndexName':'byX','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
            + "'Projection':{'ProjectionType':'KEYS_ONLY'}}]}";

    private static List<AttributeValue> xs(List<Map<String, AttributeValue>> entries) {
        return entries.stream().map(e -> e.get("x")).toList();
    }

    @Test void sparseMembershipFollowsPutUpdateAndRemovalOfTheKeyAttribute() {
        try (IndexFixture f = new IndexFixture()) {
            f.call("CreateTable", TABLE);
            f.put("tbl", "{'p':{'S':'1'},'c':{'S':'1'},'y':{'S':'no key'}}");
            f.propagate();
            assertThat(f.entries("tbl", "byX")).isEmpty();
            f.call("UpdateItem", "{'TableName':'tbl','Key':{'p':{'S':'1'},'c':{'S':'1'}},"
                    + "'UpdateExpression':'SET x = :v','ExpressionAttributeValues':{':v':{'S':'a'}}}");
            f.propagate();
            assertThat(f.entries("tbl", "byX")).containsExactly(Map.of("p", s("1"), "c", s("1"), "x", s("a")));
            f.call("UpdateItem", "{'TableName':'tbl','Key':{'p':{'S':'1'},'c':{'S':'1'}},'UpdateExpression':'SET x = :v',"
                    + "'ExpressionAttributeValues':{':v':{'S':'b'}}}");
            f.propagate();
            assertThat(xs(f.entries("tbl", "byX"))).containsExactly(s("b"));
            f.call("UpdateItem", "{'TableName':'tbl','Key':{'p':{'S':'1'},'c':{'S':'1'}},'UpdateExpression':'REMOVE x'}");
            f.propagate();
            assertThat(f.entries("tbl", "byX")).isEmpty();
            f.put("tbl", "{'p':{'S':'1'},'c':{'S':'1'},'x':{'S':'c'}}");
            f.call("DeleteItem", "{'TableName':'tbl','Key':{'p':{'S':'1'},'c':{'S':'1'}}}");
            f.propagate();
            assertThat(f.entries("tbl", "byX")).isEmpty();
            assertThat(f.engine.catalog().statistics(f.table("tbl").index("byX").keyspaceId()).itemCount()).isZero();
        }
    }

    @Test void writesWithAWronglyTypedOrEmptyIndexKeyAreRefusedAndWriteNothing() {
        try (IndexFixture f = new IndexFixture()) {
            f.call("CreateTable", TABLE);
            ApiException e = f.fail("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'1'},'c':{'S':'1'},'x':{'N':'3'}}}");
            assertThat(e.getMessage()).isEqualTo(
                    "One or more parameter values were invalid: Type mismatch for Index Key x Expected: S Actual: N IndexName: byX");
            e = f.fail("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'1'},'c':{'S':'1'},'l':{'NULL':true}}}");
            assertThat(e.getMessage()).contains("Type mismatch for Index Key l Expected: N Actual: NULL IndexName: byL");
            e = f.fail("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'1'},'c':{'S':'1'},'x':{'S':''}}}");
            assertThat(e.getMessage()).isEqualTo("One or more parameter values are not valid. A value specified for a secondary "
                    + "index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. "
                    + "IndexName: byX, IndexKey: x");
            e = f.fail("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'1'},'c':{'S':'1'},'x':{'S':'" + "a".repeat(2049) + "'}}}");
            assertThat(e.getMessage()).contains("Size limit exceeded for Index Key x Actual Size: 2049 bytes Max Size: 2048 bytes");
            assertThat(f.items("tbl")).isEmpty();
        }
    }

    @Test void lsiEntriesAreWrittenWithTheItemAndGsiEntriesAfterTheLag() {
        ManualClock clock = new ManualClock();
        try (IndexFixture f = new IndexFixture(Settings.defaults().withGsiLag(Duration.ofSeconds(1)), new MemoryStorage(), clock)) {
            f.call("CreateTable", TABLE);
            f.put("tbl", "{'p':{'S':'1'},'c':{'S':'1'},'x':{'S':'a'},'l':{'N':'5'}}");
            assertThat(f.entries("tbl", "byL")).hasSize(1);
            f.propagate();
            assertThat(f.entries("tbl", "byX")).as("before the lag").isEmpty();
            clock.advance(Duration.ofMillis(999));
            f.propagate();
            assertThat(f.entries("tbl", "byX")).isEmpty();
            clock.advance(Duration.ofMillis(1));
            f.propagate();
            assertThat(xs(f.entries("tbl", "byX"))).containsExactly(s("a"));
            assertThat(f.engine.indexes().propagator().idle()).isTrue();
        }
    }

    @Test void pendingGsiChangesSurviveARestartAndAreAppliedOnce() {
        MemoryStorage storage = new MemoryStorage();
        ManualClock clock = new ManualClock();
        IndexFixture first = new IndexFixture(Settings.defaults().withGsiLag(Duration.ofHours(1)), storage, clock);
        first.call("CreateTable", TABLE);
        for (int i = 0; i < 50; i++) first.put("tbl", "{'p':{'S':'" + i + "'},'c':{'S':'c'},'x':{'S':'x" + i + "'}}");
        for (int i = 0; i < 50; i += 2) {
            first.call("UpdateItem", "{'TableName':'tbl','Key':{'p':{'S':'" + i + "'},'c':{'S':'c'}},'UpdateExpression':'SET x = :v',"
                    + "'ExpressionAttributeValues':{':v':{'S':'y" + i + "'}}}");
        }
        first.propagate();
        assertThat(first.entries("tbl", "byX")).isEmpty();
        first.engine.indexes().close(); // a crash: the propagator stops, the log stays

        IndexFixture second = new IndexFixture(Settings.defaults(), storage, clock);
        second.propagate();
        List<AttributeValue> expected = second.items("tbl").stream().map(i -> i.get("x")).sorted(
                java.util.Comparator.comparing(AttributeValue::toString)).toList();
        List<AttributeValue> actual = xs(second.entries("tbl", "byX")).stream().sorted(
                java.util.Comparator.comparing(AttributeValue::toString)).toList();
        assertThat(actual).hasSize(50).isEqualTo(expected);
        assertThat(second.engine.catalog().statistics(second.table("tbl").index("byX").keyspaceId()).itemCount()).isEqualTo(50);
        second.close();
    }

    @Test void anItemCollectionStopsGrowingAtTheLimitButMayShrink() {
        try (IndexFixture f = new IndexFixture(Settings.defaults().withItemCollectionLimitBytes(2_000))) {
            f.call("CreateTable", TABLE);
            String pad = "z".repeat(300);
            ApiException refused = null;
            int written = 0;
            for (int i = 0; i < 10 && refused == null; i++) {
                try {
                    f.put("tbl", "{'p':{'S':'k'},'c':{'S':'" + i + "'},'l':{'N':'" + i + "'},'pad':{'S':'" + pad + "'}}");
                    written++;
                } catch (ApiException e) {
                    refused = e;
                }
            }
            assertThat(refused).isNotNull();
            assertThat(refused.type()).endsWith("ItemCollectionSizeLimitExceededException");
            assertThat(written).isBetween(2, 3);
            f.call("DeleteItem", "{'TableName':'tbl','Key':{'p':{'S':'k'},'c':{'S':'0'}}}");
            f.put("tbl", "{'p':{'S':'other'},'c':{'S':'0'},'l':{'N':'0'},'pad':{'S':'" + pad + "'}}");
            Map<String, Object> r = f.call("PutItem", "{'TableName':'tbl','ReturnItemCollectionMetrics':'SIZE',"
                    + "'Item':{'p':{'S':'k'},'c':{'S':'0'}}}");
            assertThat(r.get("ItemCollectionMetrics")).isEqualTo(Map.of(
                    "ItemCollectionKey", Map.of("p", Map.of("S", "k")), "SizeEstimateRangeGB", List.of(
                            new java.math.BigDecimal("0.0"), new java.math.BigDecimal("1.0"))));
        }
    }

    @Test void batchAndTransactionWritesMaintainIndexesAndABadPutRefusesTheWholeBatch() {
        try (IndexFixture f = new IndexFixture()) {
            f.call("CreateTable", TABLE);
            ApiException e = f.fail("BatchWriteItem", "{'RequestItems':{'tbl':["
                    + "{'PutRequest':{'Item':{'p':{'S':'1'},'c':{'S':'1'},'x':{'S':'a'}}}},"
                    + "{'PutRequest':{'Item':{'p':{'S':'2'},'c':{'S':'1'},'x':{'N':'2'}}}}]}}");
            assertThat(e.getMessage()).contains("Type mismatch for Index Key x");
            assertThat(f.items("tbl")).isEmpty();
            f.call("BatchWriteItem", "{'RequestItems':{'tbl':["
                    + "{'PutRequest':{'Item':{'p':{'S':'1'},'c':{'S':'1'},'x':{'S':'a'},'l':{'N':'1'}}}},"
                    + "{'PutRequest':{'Item':{'p':{'S':'2'},'c':{'S':'1'},'x':{'S':'b'}}}}]}}");
            f.call("TransactWriteItems", "{'TransactItems':["
                    + "{'Put':{'TableName':'tbl','Item':{'p':{'S':'3'},'c':{'S':'1'},'x':{'S':'c'},'l':{'N':'3'}}}},"
                    + "{'Delete':{'TableName':'tbl','Key':{'p':{'S':'2'},'c':{'S':'1'}}}}]}");
            ApiException cancelled = f.fail("TransactWriteItems", "{'TransactItems':["
                    + "{'Put':{'TableName':'tbl','Item':{'p':{'S':'5'},'c':{'S':'1'},'x':{'N':'1'}}}}]}");
            assertThat(cancelled.name()).isEqualTo("TransactionCanceledException");
            assertThat(cancelled.extras().toString()).contains("ValidationError", "Type mismatch for Index Key x");
            Map<String, Object> metrics = f.call("TransactWriteItems", "{'ReturnItemCollectionMetrics':'SIZE','TransactItems':["
                    + "{'Put':{'TableName':'tbl','Item':{'p':{'S':'4'},'c':{'S':'1'}}}},"
                    + "{'Delete':{'TableName':'tbl','Key':{'p':{'S':'4'},'c':{'S':'2'}}}}]}");
            assertThat(metrics.get("ItemCollectionMetrics").toString()).contains("tbl", "ItemCollectionKey", "SizeEstimateRangeGB");
            metrics = f.call("BatchWriteItem", "{'ReturnItemCollectionMetrics':'SIZE','RequestItems':{'tbl':["
                    + "{'DeleteRequest':{'Key':{'p':{'S':'4'},'c':{'S':'1'}}}}]}}");
            assertThat(metrics.get("ItemCollectionMetrics").toString()).contains("tbl", "ItemCollectionKey");
            f.propagate();
            assertThat(xs(f.entries("tbl", "byX"))).containsExactlyInAnyOrder(s("a"), s("c"));
            assertThat(f.entries("tbl", "byL").stream().map(i -> i.get("l")).toList()).containsExactlyInAnyOrder(n(1), n(3));
        }
    }
}
