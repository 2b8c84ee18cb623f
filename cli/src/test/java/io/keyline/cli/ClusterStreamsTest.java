package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * DynamoDB Streams through two {@code keyline serve --storage cassandra} nodes on one keyspace
 * (docs/STREAMS.md, "Several Keyline nodes"), with the AWS SDK: writes through both nodes to a
 * table with a stream (forwarded to the owner of each item's range), then each node's
 * DescribeStream lists the same shards, and its GetRecords over all of them, each shard after its
 * parent, returns every change exactly once, each item's in order; after one node stops, the
 * other's writes of its ranges continue in child shards of its shards, in order. Slow: it needs Cassandra.
 */
@Tag("slow")
class ClusterStreamsTest {
    private static final String KEYSPACE = "cluster_streams";
    private static final int ITEMS = 40;
    private TwoServeNodes cluster;
    private final List<ServeCommand.Running> nodes = new ArrayList<>();

    @BeforeEach void twoNodes() throws InterruptedException {
        cluster = new TwoServeNodes(KEYSPACE);
        nodes.add(cluster.first);
        nodes.add(cluster.second);
    }

    @AfterEach void close() throws Exception {
        if (cluster != null) cluster.close();
    }

    private static final StaticCredentialsProvider CREDENTIALS = TwoServeNodes.CREDENTIALS;

    private DynamoDbClient dynamo(ServeCommand.Running node) {
        DynamoDbClient c = DynamoDbClient.builder().endpointOverride(URI.create("http://127.0.0.1:" + node.port())).region(Region.US_EAST_1)
                .credentialsProvider(CREDENTIALS).httpClient(UrlConnectionHttpClient.create()).build();
        return cluster.closeLater(c);
    }

    private DynamoDbStreamsClient streams(ServeCommand.Running node) {
        DynamoDbStreamsClient c = DynamoDbStreamsClient.builder().endpointOverride(URI.create("http://127.0.0.1:" + node.port()))
                .region(Region.US_EAST_1).credentialsProvider(CREDENTIALS).httpClient(UrlConnectionHttpClient.create()).build();
        return cluster.closeLater(c);
    }

    @Test void everyNodeServesEveryChangeOnceEachItemsInOrderAlsoWhenANodeStops() throws Exception {
        List<DynamoDbClient> clients = List.of(dynamo(nodes.get(0)), dynamo(nodes.get(1)));
        String arn = clients.get(0).createTable(t -> t.tableName("orders").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("p").keyType(KeyType.HASH))
                .attributeDefinitions(d -> d.attributeName("p").attributeType(ScalarAttributeType.S))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)))
                .tableDescription().latestStreamArn();

        // three rounds over the items, each write through the node the round and the item pick (so most items pass both)
        Map<String, List<String>> expected = new TreeMap<>();
        for (int round = 1; round <= 3; round++) {
            for (int i = 0; i < ITEMS; i++) {
                String key = "k" + i;
                DynamoDbClient through = clients.get((i + round) % 2);
                boolean live = expected.containsKey(key) && !expected.get(key).get(expected.get(key).size() - 1).equals("REMOVE");
                int value = round;
                through.putItem(p -> p.tableName("orders").item(Map.of("p", AttributeValue.fromS(key), "v", AttributeValue.fromN("" + value))));
                expected.computeIfAbsent(key, k -> new ArrayList<>()).add((live ? "MODIFY " : "INSERT ") + value);
                if (i % 5 == round) {
                    clients.get((i + round + 1) % 2).deleteItem(d -> d.tableName("orders").key(Map.of("p", AttributeValue.fromS(key))));
                    expected.get(key).add("REMOVE");
                }
            }
        }

        List<List<String>> shardsSeen = new ArrayList<>();
        for (ServeCommand.Running node : nodes) shardsSeen.add(readAll(node, arn, expected));
        assertThat(shardsSeen.get(1)).as("both nodes describe the same shards").isEqualTo(shardsSeen.get(0));

        // node 2 stops: its ranges move to node 1, whose new shards of them are children of node 2's, which ended
        cluster.closeNow(nodes.get(1));
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline && nodes.get(0).engine().ownership().ownRanges().size() != 64) Thread.sleep(100);
        for (int i = 0; i < ITEMS; i++) {
            String key = "k" + i;
            clients.get(0).putItem(p -> p.tableName("orders").item(Map.of("p", AttributeValue.fromS(key), "v", AttributeValue.fromN("4"))));
            boolean live = !expected.get(key).get(expected.get(key).size() - 1).equals("REMOVE");
            expected.get(key).add((live ? "MODIFY " : "INSERT ") + 4);
        }
        List<String> after = readAll(nodes.get(0), arn, expected);
        assertThat(after).as("node 1's shards of node 2's ranges name node 2's as parents").anyMatch(s -> !s.contains("< null"));
    }

    /** Every change read through {@code node}, each shard after its parent, must be {@code expected}; returns the shards as listed. */
    private List<String> readAll(ServeCommand.Running node, String arn, Map<String, List<String>> expected) {
        DynamoDbStreamsClient reader = streams(node);
        List<Shard> shards = shards(reader, arn);
        List<String> ids = new ArrayList<>();
        Map<String, List<String>> seen = new TreeMap<>();
        for (Shard shard : shards) {
            assertThat(shard.parentShardId() == null || ids.contains(shard.parentShardId())).as("parent listed first").isTrue();
            ids.add(shard.shardId());
            for (Record r : records(reader, arn, shard.shardId())) {
                String key = r.dynamodb().keys().get("p").s();
                String event = r.eventNameAsString();
                seen.computeIfAbsent(key, k -> new ArrayList<>()).add(event.equals("REMOVE") ? event
                        : event + " " + r.dynamodb().newImage().get("v").n());
            }
        }
        int number = nodes.indexOf(node) + 1;
        assertThat(seen).as("every change once, each item's in order, read through node %d", number).isEqualTo(expected);
        System.out.printf("node %d: %d shards, %d records%n", number, shards.size(), seen.values().stream().mapToInt(List::size).sum());
        return shards.stream().map(s -> s.shardId() + " < " + s.parentShardId() + " " + s.sequenceNumberRange()).toList();
    }

    private static List<Shard> shards(DynamoDbStreamsClient reader, String arn) {
        List<Shard> out = new ArrayList<>();
        String after = null;
        do {
            String start = after;
            DescribeStreamResponse d = reader.describeStream(r -> r.streamArn(arn).exclusiveStartShardId(start));
            out.addAll(d.streamDescription().shards());
            after = d.streamDescription().lastEvaluatedShardId();
        } while (after != null);
        return out;
    }

    /** The shard's records from TRIM_HORIZON to where it stands (an open shard: until a page comes back empty). */
    private static List<Record> records(DynamoDbStreamsClient reader, String arn, String shardId) {
        List<Record> out = new ArrayList<>();
        String it = reader.getShardIterator(r -> r.streamArn(arn).shardId(shardId).shardIteratorType(ShardIteratorType.TRIM_HORIZON))
                .shardIterator();
        while (it != null) {
            String at = it;
            GetRecordsResponse page = reader.getRecords(r -> r.shardIterator(at));
            out.addAll(page.records());
            it = page.nextShardIterator();
            if (page.records().isEmpty()) break;
        }
        return out;
    }
}
