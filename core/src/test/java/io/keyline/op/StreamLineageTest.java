package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.testing.OperationCalls;
import io.keyline.testing.TestStorage;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Shards across a partition split, over time and across a restart (docs/RULES.md#STREAM-SHARDS,
 * #STREAM-RETENTION): a consumer that reads each parent before its children sees every item's
 * changes in order; closed shards and a disabled stream go 24 hours later; the shards a split made
 * are there again after a restart.
 */
class StreamLineageTest {
    private static final Settings SMALL_PARTITIONS = Settings.defaults().withCapacity(
            CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT).withMaxPartitionBytes(4_000));
    private final ControlPlane cp = new ControlPlane(SMALL_PARTITIONS);
    private final StreamReading reading = new StreamReading(cp);
    private static final String PAD = "x".repeat(300);

    private String createTable() {
        return (String) map(cp.call("CreateTable", "{'TableName':'tab','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],"
                + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'NEW_IMAGE'}}").get("TableDescription"))
                .get("LatestStreamArn");
    }

    private void put(String p, int v) {
        cp.call("PutItem", "{'TableName':'tab','Item':{'p':{'S':'" + p + "'},'v':{'N':'" + v + "'},'pad':{'S':'" + PAD + "'}}}");
    }

    private int partitions() { return cp.engine.capacity().binding(cp.engine.table("tab")).table().partitionCount(); }

    /** Writes three rounds over 60 items, the table splitting as it grows. */
    private void writeThroughASplit() {
        int before = partitions();
        for (int round = 0; round < 3; round++) for (int i = 0; i < 60; i++) put("k" + i, round);
        assertThat(partitions()).isGreaterThan(before);
    }

    /** Every record, reading the shards parents first (a shard only once its parent has been read), as KCL does. */
    private List<Map<String, Object>> readInLineageOrder(String arn) {
        List<Map<String, Object>> shards = reading.shards(arn);
        Map<String, Map<String, Object>> byId = new LinkedHashMap<>();
        for (Map<String, Object> s : shards) byId.put((String) s.get("ShardId"), s);
        List<Map<String, Object>> out = new ArrayList<>();
        List<String> done = new ArrayList<>();
        while (done.size() < shards.size()) {
            int progress = done.size();
            for (Map<String, Object> s : shards) {
                String id = (String) s.get("ShardId");
                String parent = (String) s.get("ParentShardId");
                if (done.contains(id) || (parent != null && byId.containsKey(parent) && !done.contains(parent))) continue;
                out.addAll(reading.records(arn, id));
                done.add(id);
            }
            assertThat(done.size()).as("every shard's parent is listed before it can be read").isGreaterThan(progress);
        }
        return out;
    }

    @Test void aConsumerReadingParentsFirstSeesEachItemsChangesInOrder() {
        String arn = createTable();
        writeThroughASplit();
        List<Map<String, Object>> shards = reading.shards(arn);
        for (Map<String, Object> s : shards) {
            Map<String, Object> range = map(s.get("SequenceNumberRange"));
            String parent = (String) s.get("ParentShardId");
            if (parent == null) continue;
            Map<String, Object> parentRange = shards.stream().filter(x -> x.get("ShardId").equals(parent)).findFirst()
                    .map(x -> map(x.get("SequenceNumberRange"))).orElseThrow();
            assertThat(parentRange).as("a parent is closed").containsKey("EndingSequenceNumber");
            assertThat(new BigInteger((String) parentRange.get("EndingSequenceNumber")))
                    .as("a child starts after its parent ends").isLessThan(new BigInteger((String) range.get("StartingSequenceNumber")));
        }
        Map<String, List<String>> perItem = new HashMap<>();
        for (Map<String, Object> r : readInLineageOrder(arn)) {
            Map<String, Object> d = map(r.get("dynamodb"));
            String p = (String) map(map(d.get("Keys")).get("p")).get("S");
            perItem.computeIfAbsent(p, k -> new ArrayList<>()).add((String) map(map(d.get("NewImage")).get("v")).get("N"));
        }
        assertThat(perItem).hasSize(60);
        for (List<String> versions : perItem.values()) assertThat(versions).containsExactly("0", "1", "2");
    }

    @Test void closedShardsAndADisabledStreamGo24HoursLater() {
        String arn = createTable();
        writeThroughASplit();
        List<String> closedBySplit = reading.shards(arn).stream()
                .filter(s -> map(s.get("SequenceNumberRange")).containsKey("EndingSequenceNumber")).map(s -> (String) s.get("ShardId")).toList();
        assertThat(closedBySplit).isNotEmpty();
        cp.clock.advance(Duration.ofHours(23));
        put("late", 9); // its shard, open 23 hours, rolls over: closed now, kept until 24 hours from now
        assertThat(reading.shards(arn)).extracting(s -> s.get("ShardId")).as("closed shards are kept 24 hours").containsAll(closedBySplit);
        cp.clock.advance(Duration.ofHours(2));
        assertThat(reading.shards(arn)).extracting(s -> s.get("ShardId")).as("and then they go").doesNotContainAnyElementsOf(closedBySplit);
        assertThat(StreamReading.events(reading.all(arn), "p")).containsExactly("INSERT late");

        cp.call("UpdateTable", "{'TableName':'tab','StreamSpecification':{'StreamEnabled':false}}");
        cp.clock.advance(Duration.ofHours(24).plusMinutes(2));
        assertThat(list(cp.call("ListStreams", "{'TableName':'tab'}").get("Streams"))).isEmpty();
        assertThat(cp.fail("DescribeStream", "{'StreamArn':'" + arn + "'}").name()).isEqualTo("ResourceNotFoundException");
    }

    @Test void theShardsOfASplitAreThereAgainAfterARestart() {
        String arn = createTable();
        writeThroughASplit();
        List<Map<String, Object>> before = reading.shards(arn);
        List<Map<String, Object>> recordsBefore = reading.all(arn);

        Operations reopened = new Operations(TestStorage.closeAfterTest(new Engine(cp.storage, cp.clock, SMALL_PARTITIONS)));
        StreamReading afterRestart = new StreamReading(reopened);
        assertThat(afterRestart.shards(arn)).isEqualTo(before);
        assertThat(afterRestart.all(arn)).isEqualTo(recordsBefore).hasSize(180);
        OperationCalls.call(reopened, "PutItem", "{'TableName':'tab','Item':{'p':{'S':'after'}}}");
        assertThat(StreamReading.events(afterRestart.all(arn), "p")).as("a write after the restart is recorded, after the others")
                .hasSize(181).endsWith("INSERT after");
    }
}
