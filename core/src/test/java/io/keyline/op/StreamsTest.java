package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.Streams;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.metadata.PrimaryKey;
import io.keyline.model.AttributeValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** DynamoDB Streams end to end through the operations: StreamSpecification, records, shards, the Streams API (docs/STREAMS.md). */
class StreamsTest {
    private final ControlPlane cp = new ControlPlane();

    private String createWithStream(String name, String viewType) {
        Map<String, Object> d = map(cp.call("CreateTable", "{'TableName':'" + name + "','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'}],"
                + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'" + viewType + "'}}").get("TableDescription"));
        return (String) d.get("LatestStreamArn");
    }

    private void put(String table, String p, String c, String extra) {
        cp.call("PutItem", "{'TableName':'" + table + "','Item':{'p':{'S':'" + p + "'},'c':{'S':'" + c + "'}" + extra + "}}");
    }

    private List<String> shardIds(String arn) {
        List<String> ids = new ArrayList<>();
        for (Object s : list(map(cp.call("DescribeStream", "{'StreamArn':'" + arn + "'}").get("StreamDescription")).get("Shards"))) {
            ids.add((String) map(s).get("ShardId"));
        }
        return ids;
    }

    private String iterator(String arn, String shardId, String type) {
        return (String) cp.call("GetShardIterator", "{'StreamArn':'" + arn + "','ShardId':'" + shardId + "','ShardIteratorType':'" + type + "'}")
                .get("ShardIterator");
    }

    /** Every record of the stream, reading each shard from TRIM_HORIZON to where it stands now. */
    private List<Map<String, Object>> allRecords(String arn) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (String shard : shardIds(arn)) {
            String it = iterator(arn, shard, "TRIM_HORIZON");
            while (it != null) {
                Map<String, Object> page = cp.call("GetRecords", "{'ShardIterator':'" + it + "'}");
                List<Object> records = list(page.get("Records"));
                for (Object r : records) out.add(map(r));
                it = (String) page.get("NextShardIterator");
                if (records.isEmpty()) break;
            }
        }
        out.sort((a, b) -> new java.math.BigInteger(seq(a)).compareTo(new java.math.BigInteger(seq(b))));
        return out;
    }

    private static String seq(Map<String, Object> record) { return (String) map(record.get("dynamodb")).get("SequenceNumber"); }

    private static List<String> events(List<Map<String, Object>> records) {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> r : records) out.add((String) r.get("eventName"));
        return out;
    }

    @Nested class Specification {
        @Test void createTableShowsTheLatestStream() {
            String arn = createWithStream("tab", "KEYS_ONLY");
            Map<String, Object> d = cp.describe("tab");
            assertThat(d.get("LatestStreamArn")).isEqualTo(arn);
            assertThat((String) d.get("LatestStreamLabel")).isNotBlank();
            assertThat(arn).startsWith((String) d.get("TableArn") + "/stream/");
            List<Object> streams = list(cp.call("ListStreams", "{'TableName':'tab'}").get("Streams"));
            assertThat(streams).hasSize(1);
            assertThat(map(streams.get(0))).containsEntry("StreamArn", arn).containsEntry("TableName", "tab");
        }

        @Test void aTableWithoutStreamHasNone() {
            cp.createSimple("plain", false);
            assertThat(cp.describe("plain")).doesNotContainKeys("LatestStreamArn", "LatestStreamLabel");
            assertThat(list(cp.call("ListStreams", "{'TableName':'plain'}").get("Streams"))).isEmpty();
        }

        @Test void enablingAgainMakesANewStreamAndTheOldOneStaysReadable() {
            String first = createWithStream("tab", "KEYS_ONLY");
            put("tab", "a", "1", "");
            cp.call("UpdateTable", "{'TableName':'tab','StreamSpecification':{'StreamEnabled':false}}");
            Map<String, Object> old = map(cp.call("DescribeStream", "{'StreamArn':'" + first + "'}").get("StreamDescription"));
            assertThat(old.get("StreamStatus")).isEqualTo("DISABLED");
            for (Object s : list(old.get("Shards"))) assertThat(map(map(s).get("SequenceNumberRange"))).containsKey("EndingSequenceNumber");
            put("tab", "b", "1", ""); // no stream: no record anywhere
            Map<String, Object> d = map(cp.call("UpdateTable", "{'TableName':'tab','StreamSpecification':{'StreamEnabled':true,"
                    + "'StreamViewType':'NEW_IMAGE'}}").get("TableDescription"));
            String second = (String) d.get("LatestStreamArn");
            assertThat(second).isNotEqualTo(first);
            assertThat(list(cp.call("ListStreams", "{'TableName':'tab'}").get("Streams"))).hasSize(2);
            assertThat(allRecords(first)).hasSize(1);
            assertThat(allRecords(second)).isEmpty();
        }

        @Test void enablingAnEnabledStreamOrDisablingADisabledOneIsRefused() {
            createWithStream("tab", "KEYS_ONLY");
            assertThat(cp.fail("UpdateTable", "{'TableName':'tab','StreamSpecification':{'StreamEnabled':true,'StreamViewType':'KEYS_ONLY'}}")
                    .getMessage()).contains("already has an enabled stream");
            cp.createSimple("plain", false);
            assertThat(cp.fail("UpdateTable", "{'TableName':'plain','StreamSpecification':{'StreamEnabled':false}}").getMessage())
                    .contains("does not have an enabled stream to disable");
        }

        @Test void deletingTheTableDeletesItsStreams() {
            createWithStream("tab", "KEYS_ONLY");
            cp.call("DeleteTable", "{'TableName':'tab'}");
            assertThat(list(cp.call("ListStreams", "{}").get("Streams"))).isEmpty();
        }
    }

    @Nested class Records {
        @Test void putUpdateDeleteAreInsertModifyRemoveInOrderWithTheirImages() {
            String arn = createWithStream("tab", "NEW_AND_OLD_IMAGES");
            put("tab", "a", "1", ",'x':{'N':'1'}");
            cp.call("UpdateItem", "{'TableName':'tab','Key':{'p':{'S':'a'},'c':{'S':'1'}},'UpdateExpression':'SET x = :v',"
                    + "'ExpressionAttributeValues':{':v':{'N':'2'}}}");
            cp.call("DeleteItem", "{'TableName':'tab','Key':{'p':{'S':'a'},'c':{'S':'1'}}}");
            List<Map<String, Object>> records = allRecords(arn);
            assertThat(events(records)).containsExactly("INSERT", "MODIFY", "REMOVE");
            Map<String, Object> modify = map(records.get(1).get("dynamodb"));
            assertThat(map(modify.get("OldImage")).get("x")).isEqualTo(Map.of("N", "1"));
            assertThat(map(modify.get("NewImage")).get("x")).isEqualTo(Map.of("N", "2"));
            assertThat(modify.get("Keys")).isEqualTo(Map.of("p", Map.of("S", "a"), "c", Map.of("S", "1")));
            assertThat(modify.get("StreamViewType")).isEqualTo("NEW_AND_OLD_IMAGES");
            assertThat(((String) modify.get("SequenceNumber"))).hasSizeGreaterThanOrEqualTo(21).containsOnlyDigits();
            Map<String, Object> remove = map(records.get(2).get("dynamodb"));
            assertThat(remove).containsKey("OldImage").doesNotContainKey("NewImage");
            assertThat(records.get(0)).containsEntry("eventSource", "aws:dynamodb").containsEntry("eventVersion", "1.1")
                    .containsKeys("eventID", "awsRegion").doesNotContainKey("userIdentity");
        }

        @Test void aWriteThatChangesNothingRecordsNothing() {
            String arn = createWithStream("tab", "KEYS_ONLY");
            put("tab", "a", "1", ",'x':{'N':'2'}");
            put("tab", "a", "1", ",'x':{'N':'2'}");
            cp.call("UpdateItem", "{'TableName':'tab','Key':{'p':{'S':'a'},'c':{'S':'1'}},'UpdateExpression':'ADD x :z',"
                    + "'ExpressionAttributeValues':{':z':{'N':'0'}}}");
            cp.call("DeleteItem", "{'TableName':'tab','Key':{'p':{'S':'zz'},'c':{'S':'1'}}}");
            cp.call("UpdateItem", "{'TableName':'tab','Key':{'p':{'S':'b'},'c':{'S':'1'}},'UpdateExpression':'REMOVE g'}");
            assertThat(events(allRecords(arn))).containsExactly("INSERT");
        }

        @Test void viewTypesKeepTheirImagesOnly() {
            String keys = createWithStream("keys", "KEYS_ONLY");
            String old = createWithStream("olds", "OLD_IMAGE");
            for (String t : List.of("keys", "olds")) {
                put(t, "a", "1", ",'x':{'N':'1'}");
                put(t, "a", "1", ",'x':{'N':'2'}");
            }
            for (Map<String, Object> r : allRecords(keys)) assertThat(map(r.get("dynamodb"))).doesNotContainKeys("NewImage", "OldImage");
            List<Map<String, Object>> o = allRecords(old);
            assertThat(map(o.get(0).get("dynamodb"))).doesNotContainKeys("NewImage", "OldImage");
            assertThat(map(o.get(1).get("dynamodb"))).containsKey("OldImage").doesNotContainKey("NewImage");
        }

        @Test void batchesAndTransactionsRecordOneChangePerItem() {
            String arn = createWithStream("tab", "NEW_IMAGE");
            cp.call("BatchWriteItem", "{'RequestItems':{'tab':[{'PutRequest':{'Item':{'p':{'S':'a'},'c':{'S':'1'}}}},"
                    + "{'PutRequest':{'Item':{'p':{'S':'b'},'c':{'S':'1'}}}},{'DeleteRequest':{'Key':{'p':{'S':'none'},'c':{'S':'1'}}}}]}}");
            cp.call("TransactWriteItems", "{'TransactItems':[{'Put':{'TableName':'tab','Item':{'p':{'S':'c'},'c':{'S':'1'}}}},"
                    + "{'Delete':{'TableName':'tab','Key':{'p':{'S':'a'},'c':{'S':'1'}}}},"
                    + "{'ConditionCheck':{'TableName':'tab','Key':{'p':{'S':'b'},'c':{'S':'1'}},'ConditionExpression':'attribute_exists(p)'}}]}");
            assertThat(events(allRecords(arn))).containsExactly("INSERT", "INSERT", "INSERT", "REMOVE");
        }

        @Test void aServiceDeleteNamesDynamoDbAsUserIdentity() {
            String arn = createWithStream("tab", "OLD_IMAGE");
            put("tab", "a", "1", "");
            var table = cp.engine.table("tab");
            Streams.asService(() -> cp.engine.items().write(table,
                    new PrimaryKey(new AttributeValue.S("a"), new AttributeValue.S("1")), old -> null));
            Map<String, Object> remove = allRecords(arn).get(1);
            assertThat(remove.get("eventName")).isEqualTo("REMOVE");
            assertThat(remove.get("userIdentity")).isEqualTo(Map.of("Type", "Service", "PrincipalId", "dynamodb.amazonaws.com"));
        }
    }

    @Nested class Reading {
        @Test void latestSeesOnlyLaterRecordsAndAfterSequenceNumberSkipsOne() {
            String arn = createWithStream("tab", "KEYS_ONLY");
            put("tab", "a", "1", "");
            List<String> latest = new ArrayList<>();
            for (String shard : shardIds(arn)) latest.add(iterator(arn, shard, "LATEST"));
            put("tab", "a", "1", ",'x':{'N':'1'}");
            put("tab", "a", "1", ",'x':{'N':'2'}");
            List<Map<String, Object>> seen = new ArrayList<>();
            String shardOfA = null;
            for (int i = 0; i < latest.size(); i++) {
                List<Object> records = list(cp.call("GetRecords", "{'ShardIterator':'" + latest.get(i) + "'}").get("Records"));
                if (!records.isEmpty()) shardOfA = shardIds(arn).get(i);
                for (Object r : records) seen.add(map(r));
            }
            assertThat(events(seen)).containsExactly("MODIFY", "MODIFY");
            String after = (String) cp.call("GetShardIterator", "{'StreamArn':'" + arn + "','ShardId':'" + shardOfA
                    + "','ShardIteratorType':'AFTER_SEQUENCE_NUMBER','SequenceNumber':'" + seq(seen.get(0)) + "'}").get("ShardIterator");
            List<Object> rest = list(cp.call("GetRecords", "{'ShardIterator':'" + after + "'}").get("Records"));
            assertThat(rest).hasSize(1);
            assertThat(seq(map(rest.get(0)))).isEqualTo(seq(seen.get(1)));
        }

        @Test void limitCapsAPageAndTheNextIteratorContinues() {
            String arn = createWithStream("tab", "KEYS_ONLY");
            for (int i = 0; i < 5; i++) put("tab", "same", "c" + i, "");
            for (String shard : shardIds(arn)) {
                Map<String, Object> page = cp.call("GetRecords", "{'ShardIterator':'" + iterator(arn, shard, "TRIM_HORIZON") + "','Limit':2}");
                if (list(page.get("Records")).isEmpty()) continue;
                assertThat(list(page.get("Records"))).hasSize(2);
                Map<String, Object> next = cp.call("GetRecords", "{'ShardIterator':'" + page.get("NextShardIterator") + "','Limit':1000}");
                assertThat(list(next.get("Records"))).hasSize(3);
            }
        }

        @Test void anIteratorExpiresAfterFifteenMinutes() {
            String arn = createWithStream("tab", "KEYS_ONLY");
            String it = iterator(arn, shardIds(arn).get(0), "TRIM_HORIZON");
            cp.clock.advance(Duration.ofMinutes(15).plusSeconds(1));
            ApiException e = cp.fail("GetRecords", "{'ShardIterator':'" + it + "'}");
            assertThat(e.name()).isEqualTo("ExpiredIteratorException");
        }

        @Test void recordsOlderThan24HoursAreTrimmed() {
            String arn = createWithStream("tab", "KEYS_ONLY");
            put("tab", "a", "1", "");
            String old = seq(allRecords(arn).get(0));
            cp.clock.advance(Duration.ofHours(23));
            put("tab", "a", "1", ",'x':{'N':'1'}");
            cp.clock.advance(Duration.ofHours(2));
            List<Map<String, Object>> left = allRecords(arn);
            assertThat(events(left)).containsExactly("MODIFY");
            ApiException trimmed = null;
            for (String shard : shardIds(arn)) {
                try {
                    cp.call("GetShardIterator", "{'StreamArn':'" + arn + "','ShardId':'" + shard
                            + "','ShardIteratorType':'AT_SEQUENCE_NUMBER','SequenceNumber':'" + old + "'}");
                } catch (ApiException e) {
                    trimmed = e;
                }
            }
            assertThat(trimmed).isNotNull();
            assertThat(trimmed.name()).isEqualTo("TrimmedDataAccessException");
        }

        @Test void aClosedShardReadToItsEndHasNoNextIterator() {
            String arn = createWithStream("tab", "KEYS_ONLY");
            put("tab", "a", "1", "");
            cp.call("UpdateTable", "{'TableName':'tab','StreamSpecification':{'StreamEnabled':false}}");
            for (String shard : shardIds(arn)) {
                String it = iterator(arn, shard, "TRIM_HORIZON");
                Map<String, Object> page = cp.call("GetRecords", "{'ShardIterator':'" + it + "'}");
                if (page.containsKey("NextShardIterator")) page = cp.call("GetRecords", "{'ShardIterator':'" + page.get("NextShardIterator") + "'}");
                assertThat(page).doesNotContainKey("NextShardIterator");
            }
        }

        @Test void validationFollowsTheStreamsModel() {
            String arn = createWithStream("tab", "KEYS_ONLY");
            String shard = shardIds(arn).get(0);
            assertThat(cp.fail("GetRecords", "{'ShardIterator':'x','Limit':1001}").getMessage()).contains("'limit'");
            assertThat(cp.fail("GetShardIterator", "{'StreamArn':'" + arn + "','ShardId':'" + shard + "','ShardIteratorType':'bulle'}")
                    .name()).isEqualTo("ValidationException");
            assertThat(cp.fail("GetShardIterator", "{'StreamArn':'" + arn + "','ShardId':'" + shard + "','ShardIteratorType':'AT_SEQUENCE_NUMBER'}")
                    .name()).isEqualTo("ValidationException");
            assertThat(cp.fail("GetShardIterator", "{'StreamArn':'" + arn + "','ShardId':'shardId-00000000000000000999-00000000',"
                    + "'ShardIteratorType':'LATEST'}").name()).isEqualTo("ResourceNotFoundException");
            assertThat(cp.fail("DescribeStream", "{'StreamArn':'" + arn.replace("/tab/", "/other/") + "'}").name())
                    .isEqualTo("ResourceNotFoundException");
            assertThat(cp.fail("DescribeStream", "{'StreamArn':'not-an-arn-but-long-enough-to-pass-the-length-check'}").name())
                    .isEqualTo("ValidationException");
            assertThat(cp.fail("GetRecords", "{'ShardIterator':'garbage'}").name()).isEqualTo("ValidationException");
            assertThat(cp.fail("ListStreams", "{'Limit':0}").name()).isEqualTo("ValidationException");
        }
    }

    @Nested class Shards {
        @Test void aShardPerPartitionEachWithItsSequenceRange() {
            String arn = createWithStream("tab", "KEYS_ONLY");
            int partitions = cp.engine.capacity().binding(cp.engine.table("tab")).table().partitionCount();
            Map<String, Object> d = map(cp.call("DescribeStream", "{'StreamArn':'" + arn + "'}").get("StreamDescription"));
            assertThat(list(d.get("Shards"))).hasSize(partitions);
            assertThat(d.get("StreamStatus")).isEqualTo("ENABLED");
            List<String> ids = shardIds(arn);
            assertThat(ids).isSorted();
            Map<String, Object> page = map(cp.call("DescribeStream", "{'StreamArn':'" + arn + "','Limit':1}").get("StreamDescription"));
            assertThat(page.get("LastEvaluatedShardId")).isEqualTo(ids.get(0));
        }

        @Test void shardsRollOverEveryFourHoursWithTheirParentNamed() {
            String arn = createWithStream("tab", "KEYS_ONLY");
            put("tab", "a", "1", "");
            cp.clock.advance(Duration.ofHours(4));
            put("tab", "a", "1", ",'x':{'N':'1'}");
            Map<String, Object> d = map(cp.call("DescribeStream", "{'StreamArn':'" + arn + "'}").get("StreamDescription"));
            List<Object> shards = list(d.get("Shards"));
            Map<String, Object> child = map(shards.get(shards.size() - 1));
            assertThat(child).containsKey("ParentShardId");
            String parent = (String) child.get("ParentShardId");
            Map<String, Object> children = map(cp.call("DescribeStream", "{'StreamArn':'" + arn + "','ShardFilter':{'Type':'CHILD_SHARDS',"
                    + "'ShardId':'" + parent + "'}}").get("StreamDescription"));
            assertThat(list(children.get("Shards"))).hasSize(1);
            assertThat(events(allRecords(arn))).containsExactly("INSERT", "MODIFY");
        }
    }

    @Nested class Splits {
        private final ControlPlane small = new ControlPlane(Settings.defaults().withCapacity(
                CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT).withMaxPartitionBytes(4_000)));

        @Test void aSplitClosesTheShardAndItsChildrenNameIt() {
            Map<String, Object> d = map(small.call("CreateTable", "{'TableName':'tab','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],"
                    + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'KEYS_ONLY'}}").get("TableDescription"));
            String arn = (String) d.get("LatestStreamArn");
            int before = small.engine.capacity().binding(small.engine.table("tab")).table().partitionCount();
            String pad = "x".repeat(300);
            for (int i = 0; i < 200; i++) {
                small.call("PutItem", "{'TableName':'tab','Item':{'p':{'S':'k" + i + "'},'v':{'S':'" + pad + "'}}}");
            }
            int after = small.engine.capacity().binding(small.engine.table("tab")).table().partitionCount();
            assertThat(after).isGreaterThan(before);
            List<Object> shards = list(map(small.call("DescribeStream", "{'StreamArn':'" + arn + "'}").get("StreamDescription")).get("Shards"));
            long open = shards.stream().filter(s -> !map(map(s).get("SequenceNumberRange")).containsKey("EndingSequenceNumber")).count();
            long withParent = shards.stream().filter(s -> map(s).containsKey("ParentShardId")).count();
            assertThat(open).isEqualTo(after);
            assertThat(withParent).isGreaterThan(0);
            // every record is in exactly one shard, each once
            int records = 0;
            for (Object s : shards) {
                String it = (String) small.call("GetShardIterator", "{'StreamArn':'" + arn + "','ShardId':'" + map(s).get("ShardId")
                        + "','ShardIteratorType':'TRIM_HORIZON'}").get("ShardIterator");
                records += list(small.call("GetRecords", "{'ShardIterator':'" + it + "'}").get("Records")).size();
            }
            assertThat(records).isEqualTo(200);
        }
    }
}
