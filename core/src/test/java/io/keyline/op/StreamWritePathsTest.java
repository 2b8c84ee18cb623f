package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every way an item changes records its change, once, with the images of a NEW_AND_OLD_IMAGES
 * stream (docs/RULES.md#STREAM-RECORD, #STREAM-NOOP): PutItem, UpdateItem, DeleteItem,
 * BatchWriteItem, TransactWriteItems and Time to Live; and a write that is refused (a failed
 * condition, a cancelled transaction) records nothing.
 */
class StreamWritePathsTest {
    private final ControlPlane cp = new ControlPlane();
    private final StreamReading reading = new StreamReading(cp);
    private String arn;

    @BeforeEach void createTable() {
        arn = (String) map(cp.call("CreateTable", "{'TableName':'tab','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],"
                + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'NEW_AND_OLD_IMAGES'}}").get("TableDescription"))
                .get("LatestStreamArn");
    }

    private void put(String p, int v) {
        cp.call("PutItem", "{'TableName':'tab','Item':{'p':{'S':'" + p + "'},'v':{'N':'" + v + "'}}}");
    }

    private List<Map<String, Object>> records() { return reading.all(arn); }

    /** "EVENT key old-v new-v" of each record ("-" where the image is absent). */
    private List<String> changes() {
        return records().stream().map(r -> {
            Map<String, Object> d = map(r.get("dynamodb"));
            return r.get("eventName") + " " + map(map(d.get("Keys")).get("p")).get("S") + " " + v(d.get("OldImage")) + " " + v(d.get("NewImage"));
        }).toList();
    }

    private static String v(Object image) {
        if (image == null) return "-";
        Object v = map(image).get("v");
        return v == null ? "?" : (String) map(v).get("N");
    }

    @Test void putItemInsertsThenModifies() {
        put("a", 1);
        put("a", 2);
        assertThat(changes()).containsExactly("INSERT a - 1", "MODIFY a 1 2");
    }

    @Test void updateItemInsertsAnAbsentItemAndModifiesAPresentOne() {
        String update = "{'TableName':'tab','Key':{'p':{'S':'u'}},'UpdateExpression':'SET v = :v','ExpressionAttributeValues':{':v':{'N':'%d'}}}";
        cp.call("UpdateItem", update.formatted(1));
        cp.call("UpdateItem", update.formatted(5));
        assertThat(changes()).containsExactly("INSERT u - 1", "MODIFY u 1 5");
    }

    @Test void deleteItemRemovesWithTheOldImage() {
        put("d", 7);
        cp.call("DeleteItem", "{'TableName':'tab','Key':{'p':{'S':'d'}},'ReturnValues':'ALL_OLD'}");
        assertThat(changes()).containsExactly("INSERT d - 7", "REMOVE d 7 -");
    }

    @Test void batchWriteItemRecordsEachPutAndDeleteThatChangedSomething() {
        put("b1", 1);
        put("b2", 2);
        cp.call("BatchWriteItem", "{'RequestItems':{'tab':[{'PutRequest':{'Item':{'p':{'S':'b1'},'v':{'N':'10'}}}},"
                + "{'PutRequest':{'Item':{'p':{'S':'b3'},'v':{'N':'3'}}}},{'DeleteRequest':{'Key':{'p':{'S':'b2'}}}},"
                + "{'DeleteRequest':{'Key':{'p':{'S':'absent'}}}}]}}");
        assertThat(changes()).containsExactlyInAnyOrder("INSERT b1 - 1", "INSERT b2 - 2", "MODIFY b1 1 10", "INSERT b3 - 3", "REMOVE b2 2 -");
        assertThat(changes().subList(0, 2)).containsExactly("INSERT b1 - 1", "INSERT b2 - 2");
    }

    @Test void transactWriteItemsRecordsPutUpdateAndDeleteButNotItsConditionCheck() {
        put("t1", 1);
        put("t2", 2);
        cp.call("TransactWriteItems", "{'TransactItems':["
                + "{'Put':{'TableName':'tab','Item':{'p':{'S':'t3'},'v':{'N':'3'}}}},"
                + "{'Update':{'TableName':'tab','Key':{'p':{'S':'t1'}},'UpdateExpression':'SET v = :v','ExpressionAttributeValues':{':v':{'N':'11'}}}},"
                + "{'Delete':{'TableName':'tab','Key':{'p':{'S':'t2'}}}}]}");
        cp.call("TransactWriteItems", "{'TransactItems':[{'ConditionCheck':{'TableName':'tab','Key':{'p':{'S':'t1'}},"
                + "'ConditionExpression':'attribute_exists(p)'}},{'Put':{'TableName':'tab','Item':{'p':{'S':'t4'},'v':{'N':'4'}}}}]}");
        assertThat(changes()).containsExactlyInAnyOrder("INSERT t1 - 1", "INSERT t2 - 2", "INSERT t3 - 3", "MODIFY t1 1 11", "REMOVE t2 2 -",
                "INSERT t4 - 4");
    }

    @Test void refusedWritesRecordNothing() {
        put("r", 1);
        cp.fail("PutItem", "{'TableName':'tab','Item':{'p':{'S':'r'},'v':{'N':'2'}},'ConditionExpression':'attribute_not_exists(p)'}");
        cp.fail("UpdateItem", "{'TableName':'tab','Key':{'p':{'S':'r'}},'UpdateExpression':'SET v = :v',"
                + "'ConditionExpression':'v = :old','ExpressionAttributeValues':{':v':{'N':'3'},':old':{'N':'9'}}}");
        cp.fail("DeleteItem", "{'TableName':'tab','Key':{'p':{'S':'r'}},'ConditionExpression':'attribute_not_exists(p)'}");
        cp.fail("TransactWriteItems", "{'TransactItems':[{'Put':{'TableName':'tab','Item':{'p':{'S':'x'},'v':{'N':'1'}}}},"
                + "{'ConditionCheck':{'TableName':'tab','Key':{'p':{'S':'r'}},'ConditionExpression':'attribute_not_exists(p)'}}]}");
        assertThat(changes()).containsExactly("INSERT r - 1");
    }

    @Test void timeToLiveRemovesWithTheOldImageAsTheService() {
        cp.call("UpdateTimeToLive", "{'TableName':'tab','TimeToLiveSpecification':{'Enabled':true,'AttributeName':'exp'}}");
        long past = cp.clock.now().getEpochSecond() - 10;
        cp.call("PutItem", "{'TableName':'tab','Item':{'p':{'S':'gone'},'v':{'N':'1'},'exp':{'N':'" + past + "'}}}");
        cp.clock.advance(Duration.ofSeconds(1));
        assertThat(cp.engine.expirer().runPass()).isEqualTo(1);
        assertThat(changes()).containsExactly("INSERT gone - 1", "REMOVE gone 1 -");
        Map<String, Object> remove = records().get(1);
        assertThat(remove.get("userIdentity")).isEqualTo(Map.of("Type", "Service", "PrincipalId", "dynamodb.amazonaws.com"));
        assertThat(map(map(remove.get("dynamodb")).get("OldImage"))).containsKey("exp");
        assertThat(list(cp.call("Scan", "{'TableName':'tab'}").get("Items"))).isEmpty();
    }
}
