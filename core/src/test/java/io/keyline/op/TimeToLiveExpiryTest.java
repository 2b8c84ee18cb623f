package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityObserver;
import io.keyline.capacity.PartitionMap;
import io.keyline.engine.ttl.Expirer;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The expirer on a manual clock: what it deletes, when, how (indexes follow, no capacity), and
 * what it leaves alone (docs/RULES.md#TTL-EXPIRY).
 */
class TimeToLiveExpiryTest {
    private final ControlPlane cp = new ControlPlane();

    private long now() { return cp.clock.now().getEpochSecond(); }

    private Expirer expirer() { return cp.engine.expirer(); }

    private void createWithIndexes() {
        cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'},"
                + "{'AttributeName':'g','AttributeType':'S'},{'AttributeName':'l','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}],"
                + "'LocalSecondaryIndexes':[{'IndexName':'lsi','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
                + "{'AttributeName':'l','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}]}");
    }

    private void enable(String table, String attribute) {
        cp.call("UpdateTimeToLive", "{'TableName':'" + table + "','TimeToLiveSpecification':{'Enabled':true,'AttributeName':'" + attribute + "'}}");
    }

    private void put(String table, String p, String expiry) {
        cp.call("PutItem", "{'TableName':'" + table + "','Item':{'p':{'S':'" + p + "'}" + (expiry == null ? "" : ",'exp':" + expiry) + "}}");
    }

    private boolean present(String table, String p) {
        return cp.call("GetItem", "{'TableName':'" + table + "','Key':{'p':{'S':'" + p + "'}}}").containsKey("Item");
    }

    private int queryCount(String index, String condition, String values) {
        Map<String, Object> r = cp.call("Query", "{'TableName':'tbl','IndexName':'" + index + "','KeyConditionExpression':'" + condition
                + "','ExpressionAttributeValues':" + values + "}");
        return list(r.get("Items")).size();
    }

    @Test void deletesAnExpiredItemWithItsLsiAndGsiEntries() {
        createWithIndexes();
        enable("tbl", "exp");
        cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'a'},'c':{'S':'1'},'g':{'S':'G'},'l':{'S':'L'},'exp':{'N':'" + (now() - 60) + "'}}}");
        cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'a'},'c':{'S':'2'},'g':{'S':'G'},'l':{'S':'M'},'exp':{'N':'" + (now() + 60) + "'}}}");
        cp.engine.indexes().propagateDue();
        assertThat(queryCount("gsi", "g = :g", "{':g':{'S':'G'}}")).isEqualTo(2);

        assertThat(expirer().runPass()).isEqualTo(1);
        cp.engine.indexes().propagateDue();
        assertThat(cp.call("GetItem", "{'TableName':'tbl','Key':{'p':{'S':'a'},'c':{'S':'1'}}}")).doesNotContainKey("Item");
        assertThat(cp.call("GetItem", "{'TableName':'tbl','Key':{'p':{'S':'a'},'c':{'S':'2'}}}")).containsKey("Item");
        assertThat(queryCount("lsi", "p = :p AND l = :l", "{':p':{'S':'a'},':l':{'S':'L'}}")).isZero();
        assertThat(queryCount("lsi", "p = :p", "{':p':{'S':'a'}}")).isEqualTo(1);
        assertThat(queryCount("gsi", "g = :g", "{':g':{'S':'G'}}")).isEqualTo(1);
        assertThat(cp.engine.catalog().statistics("tbl").itemCount()).isEqualTo(1);
    }

    @Test void anExpiredItemIsStillReadUntilItsPassAndNotDeletedBeforeItsTime() {
        cp.createSimple("ttt", false);
        enable("ttt", "exp");
        put("ttt", "soon", "{'N':'" + (now() + 10) + "'}");
        assertThat(expirer().runPass()).isZero();
        cp.clock.advance(Duration.ofSeconds(10));
        assertThat(expirer().runPass()).as("an expiry time equal to now has not passed yet").isZero();
        cp.clock.advance(Duration.ofMillis(1));
        assertThat(present("ttt", "soon")).as("expired but not yet deleted: still read").isTrue();
        assertThat(expirer().runPass()).isEqualTo(1);
        assertThat(present("ttt", "soon")).isFalse();
    }

    @Test void onlyANumberOfEpochSecondsWithinFiveYearsExpires() {
        cp.createSimple("ttt", false);
        enable("ttt", "exp");
        long past = now() - 60;
        put("ttt", "integer", "{'N':'" + past + "'}");
        put("ttt", "exponent", "{'N':'" + (past / 10) + "e1'}");
        put("ttt", "fraction", "{'N':'" + past + ".25'}");
        put("ttt", "string", "{'S':'" + past + "'}");
        put("ttt", "set", "{'NS':['" + past + "']}");
        put("ttt", "list", "{'L':[{'N':'" + past + "'}]}");
        put("ttt", "absent", null);
        put("ttt", "ancient", "{'N':'162777600'}");
        put("ttt", "future", "{'N':'" + (now() + 3600) + "'}");
        assertThat(expirer().runPass()).isEqualTo(3);
        for (String gone : List.of("integer", "exponent", "fraction")) assertThat(present("ttt", gone)).as(gone).isFalse();
        for (String kept : List.of("string", "set", "list", "absent", "ancient", "future")) assertThat(present("ttt", kept)).as(kept).isTrue();
    }

    @Test void aKeyAttributeCanHoldTheExpiryTime() {
        cp.call("CreateTable", "{'TableName':'nnn','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'N'}]}");
        enable("nnn", "p");
        cp.call("PutItem", "{'TableName':'nnn','Item':{'p':{'N':'" + (now() - 1) + "'}}}");
        cp.call("PutItem", "{'TableName':'nnn','Item':{'p':{'N':'" + (now() + 3600) + "'}}}");
        assertThat(expirer().runPass()).isEqualTo(1);
        assertThat(cp.engine.catalog().statistics("nnn").itemCount()).isEqualTo(1);
    }

    @Test void nothingExpiresWhileTheSettingIsOff() {
        cp.createSimple("ttt", false);
        put("ttt", "a", "{'N':'" + (now() - 60) + "'}");
        assertThat(expirer().runPass()).as("never enabled").isZero();
        enable("ttt", "exp");
        cp.clock.advance(Duration.ofHours(1));
        cp.call("UpdateTimeToLive", "{'TableName':'ttt','TimeToLiveSpecification':{'Enabled':false,'AttributeName':'exp'}}");
        assertThat(expirer().runPass()).as("disabled").isZero();
        assertThat(present("ttt", "a")).isTrue();
    }

    @Test void deletionsConsumeNoCapacityAndAreCounted() {
        cp.createSimple("ttt", false);
        enable("ttt", "exp");
        for (int i = 0; i < 5; i++) put("ttt", "k" + i, "{'N':'" + (now() - 1) + "'}");
        AtomicLong consumedEvents = new AtomicLong();
        cp.engine.capacity().model().observe(new CapacityObserver() {
            @Override public void consumed(PartitionMap map, boolean write, double units) { consumedEvents.incrementAndGet(); }
        });
        List<String> counted = new ArrayList<>();
        expirer().onDeleted((table, items) -> counted.add(table.name() + "=" + items));
        assertThat(expirer().runPass()).isEqualTo(5);
        assertThat(consumedEvents.get()).isZero();
        assertThat(counted).containsExactly("ttt=5");
    }

    @Test void anItemRewrittenAfterItWasFoundExpiredIsKept() {
        cp.createSimple("ttt", false);
        enable("ttt", "exp");
        AttributeValue found = new AttributeValue.N(BigDecimal.valueOf(now() - 1));
        put("ttt", "a", "{'N':'" + (now() + 3600) + "'}");
        TableMetadata table = cp.engine.catalog().get("ttt");
        PrimaryKey key = new PrimaryKey(new AttributeValue.S("a"), null);
        assertThat(expirer().deleteExpired(table, key, "exp", found, cp.clock.now())).isFalse();
        assertThat(present("ttt", "a")).isTrue();
        put("ttt", "a", "{'N':'" + (now() - 1) + "'}");
        assertThat(expirer().deleteExpired(table, key, "exp", found, cp.clock.now())).isTrue();
        assertThat(present("ttt", "a")).isFalse();
    }

    @Test void aLargeTableIsReadInBoundedSlicesThatWrapAround() {
        cp.createSimple("ttt", false);
        enable("ttt", "exp");
        Expirer sliced = new Expirer(cp.engine.storage(), cp.engine.catalog(), cp.engine.items(), cp.clock, Duration.ofSeconds(1), 10);
        for (int i = 0; i < 25; i++) put("ttt", "k" + i, "{'N':'" + (now() - 1) + "'}");
        assertThat(sliced.runPass()).isEqualTo(10);
        assertThat(sliced.runPass()).isEqualTo(10);
        assertThat(sliced.runPass()).isEqualTo(5);
        assertThat(sliced.runPass()).isZero();
        put("ttt", "late", "{'N':'" + (now() - 1) + "'}");
        assertThat(sliced.runPass()).as("a new round starts at the table's first key").isEqualTo(1);
    }

    /** docs/RULES.md#TTL-STREAM-IDENTITY: the stream's REMOVE record of a TTL delete names DynamoDB as who deleted. */
    @Test void anExpiredItemsStreamRecordNamesTheServiceAsUserIdentity() {
        cp.call("CreateTable", "{'TableName':'sessions','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],"
                + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'OLD_IMAGE'}}");
        enable("sessions", "exp");
        put("sessions", "gone", "{'N':'" + (now() - 10) + "'}");
        put("sessions", "user", null);
        cp.call("DeleteItem", "{'TableName':'sessions','Key':{'p':{'S':'user'}}}");
        assertThat(expirer().runPass()).isEqualTo(1);
        String arn = (String) map(cp.call("DescribeTable", "{'TableName':'sessions'}").get("Table")).get("LatestStreamArn");
        List<Map<String, Object>> removes = new java.util.ArrayList<>();
        for (Object shard : list(map(cp.call("DescribeStream", "{'StreamArn':'" + arn + "'}").get("StreamDescription")).get("Shards"))) {
            String iterator = (String) cp.call("GetShardIterator", "{'StreamArn':'" + arn + "','ShardId':'" + map(shard).get("ShardId")
                    + "','ShardIteratorType':'TRIM_HORIZON'}").get("ShardIterator");
            for (Object r : list(cp.call("GetRecords", "{'ShardIterator':'" + iterator + "'}").get("Records"))) {
                if ("REMOVE".equals(map(r).get("eventName"))) removes.add(map(r));
            }
        }
        assertThat(removes).hasSize(2);
        for (Map<String, Object> r : removes) {
            String key = (String) map(map(map(r.get("dynamodb")).get("Keys")).get("p")).get("S");
            if (key.equals("gone")) {
                assertThat(r.get("userIdentity")).isEqualTo(Map.of("Type", "Service", "PrincipalId", "dynamodb.amazonaws.com"));
            } else {
                assertThat(r).as("a user's delete names no service").doesNotContainKey("userIdentity");
            }
        }
    }
}
