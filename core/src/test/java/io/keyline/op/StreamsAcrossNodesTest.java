package io.keyline.op;

import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.Engine;
import io.keyline.engine.cluster.Ownership;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.config.Settings;
import io.keyline.model.AttributeValue;
import io.keyline.testing.NodesOnOneStorage;
import io.keyline.testing.OperationCalls;
import io.keyline.time.SystemClock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB Streams on several Keyline nodes sharing one storage (docs/STREAMS.md, "Several Keyline
 * nodes"; docs/RULES.md#STREAM-CLUSTER-SHARDS), with no Cassandra: engines on one memory storage
 * and a shared coordination ({@link NodesOnOneStorage}). Writes are routed as ownership routes them
 * (each token range through one node), and a range moves when its node stops or is cut off. Every
 * node must describe the same shards and serve every record exactly once, each item's in order for
 * a consumer that reads a parent shard before its children.
 */
class StreamsAcrossNodesTest {
    private static final Settings SETTINGS = Settings.defaults().withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT));
    private final NodesOnOneStorage cluster = new NodesOnOneStorage();
    private final Map<String, Engine> engines = new LinkedHashMap<>();
    /** Per item, the changes a consumer must see, in order ("INSERT 0", "MODIFY 1", "REMOVE"). */
    private final Map<String, List<String>> expected = new TreeMap<>();
    private final Map<String, Integer> values = new HashMap<>();
    private String arn;

    @AfterEach void stop() {
        for (Engine e : engines.values()) e.close();
        cluster.close();
    }

    private Operations node(String name) {
        Engine engine = new Engine(cluster.storage(), SystemClock.INSTANCE, SETTINGS, cluster.node(name));
        engines.put(name, engine);
        return new Operations(engine);
    }

    private static Map<String, Object> call(Operations node, String op, String json) { return OperationCalls.call(node, op, json); }

    private void createTable(Operations node) {
        arn = (String) map(call(node, "CreateTable", "{'TableName':'tab','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],"
                + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'NEW_AND_OLD_IMAGES'}}").get("TableDescription"))
                .get("LatestStreamArn");
    }

    /** The ownership range of an item's key. */
    private static int range(String key) { return Ownership.rangeOf(KeyCodec.token(new AttributeValue.S(key))); }

    private void put(Operations node, String key) {
        int v = values.merge(key, 1, Integer::sum);
        call(node, "PutItem", "{'TableName':'tab','Item':{'p':{'S':'" + key + "'},'v':{'N':'" + v + "'}}}");
        expected.computeIfAbsent(key, k -> new ArrayList<>()).add((v == 1 || !values.containsKey(key + "#live") ? "INSERT " : "MODIFY ") + v);
        values.put(key + "#live", 1);
    }

    private void delete(Operations node, String key) {
        call(node, "DeleteItem", "{'TableName':'tab','Key':{'p':{'S':'" + key + "'}}}");
        expected.get(key).add("REMOVE");
        values.remove(key + "#live");
    }

    /** Per item, the changes as read through {@code node}, every shard read after its parent (ShardId order is creation order). */
    private Map<String, List<String>> read(Operations node) {
        StreamReading reading = new StreamReading(node);
        Map<String, List<String>> seen = new TreeMap<>();
        List<String> done = new ArrayList<>();
        for (Map<String, Object> shard : reading.shards(arn)) {
            String parent = (String) shard.get("ParentShardId");
            assertThat(parent == null || done.contains(parent)).as("the parent of %s is listed before it", shard.get("ShardId")).isTrue();
            done.add((String) shard.get("ShardId"));
            for (Map<String, Object> r : reading.records(arn, (String) shard.get("ShardId"))) {
                Map<String, Object> d = map(r.get("dynamodb"));
                String key = (String) map(map(d.get("Keys")).get("p")).get("S");
                String event = (String) r.get("eventName");
                seen.computeIfAbsent(key, k -> new ArrayList<>()).add(event.equals("REMOVE") ? event
                        : event + " " + map(map(d.get("NewImage")).get("v")).get("N"));
            }
        }
        return seen;
    }

    /** DescribeStream's shards through {@code node}: id, parent and sequence range. */
    private List<String> shards(Operations node) {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> s : new StreamReading(node).shards(arn)) out.add(s.get("ShardId") + " < " + s.get("ParentShardId") + " " + s.get("SequenceNumberRange"));
        return out;
    }

    /** Three rounds of writes over 40 items, each through the node {@code route} names for its range. */
    private void write(java.util.function.IntFunction<Operations> route, int rounds) {
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < 40; i++) {
                String key = "k" + i;
                Operations through = route.apply(range(key));
                put(through, key);
                if (i % 7 == round) delete(through, key);
            }
        }
    }

    @Test void everyNodeDescribesTheSameShardsAndServesEveryRecordOnceInOrder() {
        Operations a = node("a");
        Operations b = node("b");
        createTable(a);
        write(r -> r < Ownership.RANGES / 2 ? a : b, 3);

        assertThat(shards(b)).isEqualTo(shards(a));
        assertThat(read(a)).isEqualTo(expected);
        assertThat(read(b)).isEqualTo(expected);
        // two writers, one shard per range each writes: no range in two nodes' shards
        assertThat(shards(a)).allMatch(s -> s.contains("< null"));
    }

    @Test void aRangeThatMovesWhenItsNodeStopsGoesOnInAChildShard() {
        Operations a = node("a");
        Operations b = node("b");
        createTable(a);
        write(r -> r < Ownership.RANGES / 2 ? a : b, 2);
        engines.remove("b").close(); // a clean stop: b's shards end at its last record
        write(r -> a, 2);             // b's ranges now through a

        Operations c = node("c");
        assertThat(shards(c)).isEqualTo(shards(a));
        assertThat(shards(a)).as("a's shards of b's ranges are b's shards' children").anyMatch(s -> !s.contains("< null"));
        assertThat(read(a)).isEqualTo(expected);
        assertThat(read(c)).isEqualTo(expected);
    }

    @Test void theShardsOfANodeCutOffAreClosedByAnotherAtTheirLastRecord() throws InterruptedException {
        Operations a = node("a");
        Operations b = node("b");
        createTable(a);
        write(r -> r < Ownership.RANGES / 2 ? a : b, 1);
        long ofA = expected.keySet().stream().map(StreamsAcrossNodesTest::range).filter(r -> r < Ownership.RANGES / 2).distinct().count();
        assertThat(openShards(a)).isGreaterThan(ofA);
        cluster.cutOff("b"); // its node lease has run out: a's sweep (every 2 s) closes b's shards, a's own stay open
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (openShards(a) > ofA && System.nanoTime() < deadline) Thread.sleep(100);
        assertThat(openShards(a)).isEqualTo(ofA);
        write(r -> a, 1); // b's ranges through a, in children of b's closed shards
        assertThat(read(a)).isEqualTo(expected);
    }

    private long openShards(Operations node) { return shards(node).stream().filter(s -> !s.contains("EndingSequenceNumber")).count(); }
}
