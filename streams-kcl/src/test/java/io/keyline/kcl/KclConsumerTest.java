package io.keyline.kcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.dynamodbv2.streamsadapter.AmazonDynamoDBStreamsAdapterClient;
import com.amazonaws.services.dynamodbv2.streamsadapter.StreamsSchedulerFactory;
import com.amazonaws.services.dynamodbv2.streamsadapter.adapter.DynamoDBStreamsClientRecord;
import com.amazonaws.services.dynamodbv2.streamsadapter.model.DynamoDBStreamsProcessRecordsInput;
import com.amazonaws.services.dynamodbv2.streamsadapter.polling.DynamoDBStreamsPollingConfig;
import com.amazonaws.services.dynamodbv2.streamsadapter.processor.DynamoDBStreamsShardRecordProcessor;
import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.config.Settings;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.time.SystemClock;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.cloudwatch.CloudWatchAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.kinesis.common.ConfigsBuilder;
import software.amazon.kinesis.common.InitialPositionInStream;
import software.amazon.kinesis.common.InitialPositionInStreamExtended;
import software.amazon.kinesis.coordinator.Scheduler;
import software.amazon.kinesis.leases.LeaseManagementConfig;
import software.amazon.kinesis.lifecycle.events.InitializationInput;
import software.amazon.kinesis.lifecycle.events.LeaseLostInput;
import software.amazon.kinesis.lifecycle.events.ShardEndedInput;
import software.amazon.kinesis.lifecycle.events.ShutdownRequestedInput;
import software.amazon.kinesis.metrics.NullMetricsFactory;
import software.amazon.kinesis.retrieval.RetrievalConfig;

/**
 * A real consumer, unchanged: the DynamoDB Streams Kinesis Adapter with the Kinesis Client
 * Library reads a Keyline table's stream from a Keyline server started in the test
 * (docs/STREAMS.md, "Consumers tested"). KCL keeps its leases in tables it creates in Keyline
 * itself; its CloudWatch metrics are off (a null metrics factory), as the adapter's own local
 * tests run it. The table's changes (puts, updates, deletes, a batch and a transaction, over many
 * items) straddle a partition split, so the consumer must finish the closed parent shard before
 * it reads the children: every item's records must arrive once each, in the order of the item's
 * changes.
 *
 * <p>Part of the default build. KCL 3 starts in 10 to 25 seconds (lease, coordinator and
 * worker-metrics tables, a leader lock, a lease-owner GSI) and its leader hands out leases a few
 * at a time; the whole test takes about 100 seconds on a quiet machine. An earlier version with a
 * 2-second lease duration did not finish in 150 seconds on a two-core machine at load 40: KCL's
 * log showed the single worker dropping its own leases (a lease not renewed within its duration is
 * dropped unrenewed, and renewals came late under load) and re-reading each shard from the start
 * after each re-take; no stream call of Keyline's was refused or answered wrongly. With KCL's own
 * 10-second duration it keeps them (docs/STREAMS.md, "Consumers tested").
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class KclConsumerTest {
    /** Small partitions: the table splits after a few dozen padded items (the capacity model's size rule). */
    private static final long PARTITION_BYTES = 2_000;
    private static final int ITEMS = 40;
    private static final String PAD = "x".repeat(300);
    /** KCL's default lease duration (LeaseManagementConfig): long enough for renewals on a loaded machine. */
    private static final long FAILOVER_MILLIS = 10_000;
    /** How long the records may take to arrive, KCL's start-up (10 to 25 s) included, on a loaded two-core machine. */
    private static final long DELIVERY_SECONDS = 300;

    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory(
            Settings.defaults().withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT).withMaxPartitionBytes(PARTITION_BYTES)),
            SystemClock.INSTANCE);

    /** What the processors saw: per item key, its events in the order they were delivered. */
    private final Map<String, List<String>> seen = new ConcurrentHashMap<>();
    private final Set<String> shardsWithRecords = ConcurrentHashMap.newKeySet();
    private final List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Set<BigInteger> delivered = ConcurrentHashMap.newKeySet();
    private final Map<String, BigInteger> lastSequence = new ConcurrentHashMap<>();

    @Test void kclReadsEveryRecordOfEveryItemInOrderAcrossAPartitionSplit() throws Exception {
        DynamoDbClient ddb = keyline.client();
        String arn = ddb.createTable(b -> b.tableName("orders").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("id").keyType("HASH"))
                .attributeDefinitions(a -> a.attributeName("id").attributeType("S"))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)))
                .tableDescription().latestStreamArn();
        Map<String, List<String>> expected = new TreeMap<>();

        // Before the consumer starts: it reads these from TRIM_HORIZON.
        for (int i = 0; i < ITEMS; i++) put(ddb, expected, "item-" + i, 0);
        int partitionsBefore = partitions();

        try (DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder().endpointOverride(keyline.endpoint())
                     .region(KeylineExtension.REGION).credentialsProvider(KeylineExtension.credentials())
                     .httpClient(UrlConnectionHttpClient.create()).build();
             DynamoDbAsyncClient leases = DynamoDbAsyncClient.builder().endpointOverride(keyline.endpoint())
                     .region(KeylineExtension.REGION).credentialsProvider(KeylineExtension.credentials())
                     .httpClient(NettyNioAsyncHttpClient.create()).build();
             CloudWatchAsyncClient cloudWatch = CloudWatchAsyncClient.builder().endpointOverride(keyline.endpoint())
                     .region(KeylineExtension.REGION).credentialsProvider(KeylineExtension.credentials())
                     .httpClient(NettyNioAsyncHttpClient.create()).build()) {
            Scheduler scheduler = scheduler(arn, streams, leases, cloudWatch);
            Thread worker = new Thread(scheduler, "kcl-scheduler");
            worker.setDaemon(true);
            worker.start();
            try {
                // While it runs: updates of every item (each now carries padding, so the table splits), deletes, a batch and a transaction.
                for (int i = 0; i < ITEMS; i++) put(ddb, expected, "item-" + i, 1);
                for (int i = 0; i < ITEMS; i += 3) {
                    String id = "item-" + i;
                    ddb.updateItem(b -> b.tableName("orders").key(Map.of("id", s(id))).updateExpression("SET v = :v")
                            .expressionAttributeValues(Map.of(":v", n(2))));
                    expected.get(id).add("MODIFY 2");
                }
                for (int i = 1; i < ITEMS; i += 4) {
                    String id = "item-" + i;
                    ddb.deleteItem(b -> b.tableName("orders").key(Map.of("id", s(id))));
                    expected.get(id).add("REMOVE -");
                }
                ddb.batchWriteItem(b -> b.requestItems(Map.of("orders", List.of(
                        software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
                                .putRequest(p -> p.item(Map.of("id", s("batch-a"), "v", n(3)))).build(),
                        software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
                                .deleteRequest(d -> d.key(Map.of("id", s("item-2")))).build()))));
                expected.computeIfAbsent("batch-a", k -> new ArrayList<>()).add("INSERT 3");
                expected.get("item-2").add("REMOVE -");
                ddb.transactWriteItems(b -> b.transactItems(
                        t -> t.put(p -> p.tableName("orders").item(Map.of("id", s("tx-a"), "v", n(4)))),
                        t -> t.update(u -> u.tableName("orders").key(Map.of("id", s("item-4"))).updateExpression("SET v = :v")
                                .expressionAttributeValues(Map.of(":v", n(4))))));
                expected.computeIfAbsent("tx-a", k -> new ArrayList<>()).add("INSERT 4");
                expected.get("item-4").add("MODIFY 4");
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DELIVERY_SECONDS);
                while (System.nanoTime() < deadline && !seen.equals(expected) && problems.isEmpty()) Thread.sleep(100);
            } finally {
                try {
                    scheduler.startGracefulShutdown().get(20, TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    scheduler.shutdown();
                }
                worker.join(10_000);
            }
        }
        assertThat(partitions()).as("the table's partitions split under the writes").isGreaterThan(partitionsBefore);
        assertThat(problems).isEmpty();
        assertThat(new TreeMap<>(seen)).as("records per item, shards with records: %s", shardsWithRecords).isEqualTo(expected);
        assertThat(ddb.listTables().tableNames()).as("KCL's lease table, created in Keyline").contains(APPLICATION);
        assertThat(shardsWithRecords.size()).as("records came from the parent shard and its children").isGreaterThan(1);
    }

    private static final String APPLICATION = "keyline-kcl-consumer";

    private Scheduler scheduler(String arn, DynamoDbStreamsClient streams, DynamoDbAsyncClient leases, CloudWatchAsyncClient cloudWatch) {
        AmazonDynamoDBStreamsAdapterClient adapter = new AmazonDynamoDBStreamsAdapterClient(streams, KeylineExtension.REGION);
        ConfigsBuilder configs = new ConfigsBuilder(
                StreamsSchedulerFactory.createSingleStreamTracker(arn,
                        InitialPositionInStreamExtended.newInitialPosition(InitialPositionInStream.TRIM_HORIZON)),
                APPLICATION, adapter, leases, cloudWatch, "worker-1", Processor::new);
        RetrievalConfig retrieval = configs.retrievalConfig();
        retrieval.retrievalSpecificConfig(new DynamoDBStreamsPollingConfig(arn, adapter).idleTimeBetweenReadsInMillis(200));
        // KCL's defaults suit a long-running consumer (a parent shard polled every 10 s, leases assigned every 20 s);
        // a test wants the same steps sooner. The lease duration stays KCL's 10 s: a worker drops a lease it has not
        // renewed within it, and on a loaded machine renewals (every third of it) come late; at 2 s the single worker
        // dropped and re-took its own leases over and over, re-reading each shard from its start every time.
        LeaseManagementConfig leaseConfig = configs.leaseManagementConfig().shardSyncIntervalMillis(1_000)
                .failoverTimeMillis(FAILOVER_MILLIS).leaseAssignmentIntervalMillis(1_000L);
        // KCL 3 assigns leases only to workers that reported their metrics (every 30 s by default).
        leaseConfig.workerUtilizationAwareAssignmentConfig().workerMetricsReporterFreqInMillis(500).inMemoryWorkerMetricsCaptureFrequencyMillis(100);
        return StreamsSchedulerFactory.createScheduler(configs.checkpointConfig(),
                configs.coordinatorConfig().parentShardPollIntervalMillis(200).shardConsumerDispatchPollIntervalMillis(100),
                leaseConfig,
                configs.lifecycleConfig(), configs.metricsConfig().metricsFactory(new NullMetricsFactory()),
                configs.processorConfig(), retrieval, adapter);
    }

    /** Records each record's event, per item, in delivery order; checkpoints at shard end, as KCL requires. */
    private final class Processor implements DynamoDBStreamsShardRecordProcessor {
        private String shardId;

        @Override public void initialize(InitializationInput input) { shardId = input.shardId(); }

        @Override public void processRecords(DynamoDBStreamsProcessRecordsInput input) {
            for (DynamoDBStreamsClientRecord r : input.records()) {
                Record record = r.getRecord();
                String id = record.dynamodb().keys().get("id").s();
                Map<String, AttributeValue> image = record.dynamodb().hasNewImage() ? record.dynamodb().newImage() : Map.of();
                String v = image.containsKey("v") ? image.get("v").n() : "-";
                BigInteger sequence = new BigInteger(record.dynamodb().sequenceNumber());
                // KCL delivers at least once: a shard whose lease moved is read again from its last checkpoint.
                if (!delivered.add(sequence)) continue;
                BigInteger before = lastSequence.put(id, sequence);
                if (before != null && before.compareTo(sequence) >= 0) problems.add(id + ": sequence " + sequence + " after " + before);
                seen.computeIfAbsent(id, k -> java.util.Collections.synchronizedList(new ArrayList<>())).add(record.eventNameAsString() + " " + v);
                shardsWithRecords.add(shardId);
            }
        }

        @Override public void leaseLost(LeaseLostInput input) {}

        @Override public void shardEnded(ShardEndedInput input) {
            try {
                input.checkpointer().checkpoint();
            } catch (Exception e) {
                // The lease moved meanwhile (a slow renewal on a busy machine): its next holder reads the shard again.
            }
        }

        @Override public void shutdownRequested(ShutdownRequestedInput input) {
            try {
                input.checkpointer().checkpoint();
            } catch (Exception e) {
                // shutting down: the next worker reads again from the last checkpoint
            }
        }
    }

    private static void put(DynamoDbClient ddb, Map<String, List<String>> expected, String id, int v) {
        boolean exists = expected.containsKey(id) && !expected.get(id).isEmpty() && !expected.get(id).get(expected.get(id).size() - 1).startsWith("REMOVE");
        ddb.putItem(b -> b.tableName("orders").item(Map.of("id", s(id), "v", n(v), "pad", s(v == 0 ? "" : PAD))));
        expected.computeIfAbsent(id, k -> new ArrayList<>()).add((exists ? "MODIFY " : "INSERT ") + v);
    }

    private static int partitions() {
        var engine = keyline.engine();
        return engine.capacity().binding(engine.table("orders")).table().partitionCount();
    }

    private static AttributeValue s(String v) { return AttributeValue.builder().s(v).build(); }

    private static AttributeValue n(long v) { return AttributeValue.builder().n(Long.toString(v)).build(); }
}
