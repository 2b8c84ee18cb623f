package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.PartitionMap;
import io.keyline.engine.cluster.Ownership;
import io.keyline.engine.codec.KeyCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Capacity across two {@code keyline serve --storage cassandra} nodes (docs/CLUSTER.md,
 * "Capacity across nodes"), driven with the AWS SDK: a GSI partition written through both nodes
 * by base items of both nodes' ranges holds its 1,000 WCU in total, and a table provisioned at
 * 100 WCU written through both is admitted at about 100 WCU in total. The figures are the
 * engines' own (units each node admitted), summed. Slow: it needs Cassandra.
 */
@Tag("slow")
class ClusterCapacityTest {
    private static final String KEYSPACE = "cluster_capacity";
    private static final long WINDOW_SECONDS = 10;
    private TwoServeNodes nodes;
    private ServeCommand.Running first;
    private ServeCommand.Running second;
    private DynamoDbClient a;
    private DynamoDbClient b;

    @BeforeEach void twoNodes() throws InterruptedException {
        nodes = new TwoServeNodes(KEYSPACE);
        first = nodes.first;
        second = nodes.second;
        a = nodes.clientWithoutRetries(first);
        b = nodes.clientWithoutRetries(second);
    }

    @AfterEach void close() throws Exception {
        if (nodes != null) nodes.close();
    }

    private static AttributeValue s(String value) { return AttributeValue.fromS(value); }

    /**
     * Waits for the first throttle and then until {@code burstSpent} (at most {@code giveUpSeconds}
     * in all), lets {@value #SETTLE_SECONDS} s pass (a GSI partition's burst), then returns the
     * write units both nodes admitted on {@code arn} over {@value #WINDOW_SECONDS} s, a second;
     * stops the writers.
     */
    private double measure(AtomicLong firstThrottle, BooleanSupplier burstSpent, AtomicBoolean stop, List<CompletableFuture<Void>> writers,
                           String arn, long giveUpSeconds) throws InterruptedException {
        long giveUp = System.nanoTime() + giveUpSeconds * 1_000_000_000L;
        while ((firstThrottle.get() == 0 || !burstSpent.getAsBoolean()) && System.nanoTime() < giveUp
                && writers.stream().noneMatch(CompletableFuture::isDone)) Thread.sleep(50);
        double rate = 0;
        if (firstThrottle.get() != 0 && burstSpent.getAsBoolean()) {
            Thread.sleep(SETTLE_SECONDS * 1000);
            double before = admitted(arn);
            Thread.sleep(WINDOW_SECONDS * 1000);
            rate = (admitted(arn) - before) / WINDOW_SECONDS;
        }
        stop.set(true);
        writers.forEach(CompletableFuture::join);
        return rate;
    }

    private static final long SETTLE_SECONDS = 5;

    /** Write units both nodes admitted on the table or GSI of {@code arn}. */
    private double admitted(String arn) {
        return first.engine().capacity().map(arn).consumed(true) + second.engine().capacity().map(arn).consumed(true);
    }

    /** Write units {@code node} holds banked at the table level of {@code arn} (its share of the burst), or +∞ before it knows the table. */
    private static double banked(ServeCommand.Running node, String arn) {
        PartitionMap map = node.engine().capacity().map(arn);
        return map == null ? Double.POSITIVE_INFINITY : map.banked(true);
    }

    /** Whether the first node owns the range of partition key {@code key}. */
    private boolean firstOwns(String key) {
        return first.engine().ownership().ownRanges().contains(Ownership.rangeOf(KeyCodec.token(new io.keyline.model.AttributeValue.S(key))));
    }

    /**
     * 260 items of 100 KB (100 WCU on the table and on the GSI, ALL projected), half in each
     * node's ranges, all with one GSI key, "hot", are written first; then eight writers, four a
     * node, delete them: each delete of an item is decided by its owner and charges 100 WCU to the
     * GSI partition of "hot", which one node owns. Deletes store little, so the count is the
     * admission's, not the storage's speed: on this shared machine Cassandra stored well under
     * 1,000 KB of puts a second, below the ceiling. Counted from {@value #SETTLE_SECONDS} s after
     * the first throttle for {@value #WINDOW_SECONDS} s.
     */
    @Test void aGsiPartitionWrittenThroughTwoNodesIsHeldAtItsCeilingInTotal() throws Exception {
        a.createTable(t -> t.tableName("orders").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                .attributeDefinitions(d -> d.attributeName("id").attributeType(ScalarAttributeType.S),
                        d -> d.attributeName("day").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("by_day").keySchema(k -> k.attributeName("day").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
        String gsiArn = first.engine().catalog().get("orders").index("by_day").arn();
        String filler = "x".repeat(100 * 1024 - 40);
        List<String> ids = new ArrayList<>();
        int firsts = 0;
        for (int i = 0; ids.size() < 260; i++) {
            String id = "o" + i;
            boolean mine = firstOwns(id);
            if (mine && firsts == 130 || !mine && ids.size() - firsts == 130) continue;
            if (mine) firsts++;
            ids.add(id);
        }
        List<CompletableFuture<Void>> putters = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            int from = w;
            DynamoDbClient node = w % 2 == 0 ? a : b;
            putters.add(CompletableFuture.runAsync(() -> {
                for (int i = from; i < ids.size(); ) {
                    String id = ids.get(i);
                    try {
                        node.putItem(p -> p.tableName("orders").item(Map.of("id", s(id), "day", s("hot"), "pad", s(filler))));
                        i += 4;
                    } catch (DynamoDbException e) {
                        if (e.statusCode() < 500 && !"ThrottlingException".equals(e.awsErrorDetails().errorCode())) throw e;
                    }
                }
            }));
        }
        putters.forEach(CompletableFuture::join);
        AtomicLong throttled = new AtomicLong();
        AtomicLong firstThrottle = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong wrongError = new AtomicLong();
        List<CompletableFuture<Void>> writers = new ArrayList<>();
        int w = 0;
        for (DynamoDbClient node : List.of(a, a, a, a, b, b, b, b)) {
            int writer = w++;
            writers.add(CompletableFuture.runAsync(() -> {
                for (int i = writer; i < ids.size() && !stop.get(); ) {
                    String id = ids.get(i);
                    try {
                        node.deleteItem(d -> d.tableName("orders").key(Map.of("id", s(id))));
                        i += 8;
                    } catch (DynamoDbException e) {
                        if (e.statusCode() >= 500) continue; // a busy machine's 503 (an owner not reached in time): the writer goes on
                        if (e.statusCode() != 400 || !"ThrottlingException".equals(e.awsErrorDetails().errorCode())) throw e;
                        String body = e.awsErrorDetails().rawResponse().asUtf8String();
                        if (!body.contains("IndexWriteKeyRangeThroughputExceeded") || !body.contains("/index/by_day")) wrongError.incrementAndGet();
                        throttled.incrementAndGet();
                        firstThrottle.compareAndSet(0, System.nanoTime());
                    }
                }
            }));
        }
        double wcuPerSecond = measure(firstThrottle, () -> true, stop, writers, gsiArn, 120);
        System.out.printf("GSI partition through two nodes: %.0f WCU/s admitted in total over %d s from %d s after the first throttle "
                + "(%d throttled, %d with another reason)%n", wcuPerSecond, WINDOW_SECONDS, SETTLE_SECONDS, throttled.get(), wrongError.get());
        assertThat(firstThrottle.get()).as("the GSI partition was throttled").isPositive();
        assertThat(wrongError.get()).as("refusals name the GSI's key range").isZero();
        assertThat(wcuPerSecond).as("one GSI partition's ceiling in total, not one per node").isBetween(600.0, 1300.0);
    }

    /**
     * A table provisioned at 100 WCU, its 300 s burst (30,000 WCU) included. Eight writers, four a
     * node, put 40 KB items (40 WCU) on 16 keys, half in each node's ranges, that exist, on the
     * condition that they do not: every admitted put is charged and stored nothing
     * (docs/RULES.md#CAP-WRITE-FAILED-CONDITION), so the figure is the admission's, not the
     * storage's speed. Each node banks its share of the burst, so the first throttle does not
     * say the burst is spent (one node's may be, for a moment, while the shares swing): counted
     * for {@value #WINDOW_SECONDS} s from {@value #SETTLE_SECONDS} s after both nodes' banks are
     * spent, read from their engines. Until then the table admits its banked burst once in
     * total, however the nodes' shares swing.
     */
    @Test
    void aProvisionedTableWrittenThroughTwoNodesIsAdmittedAtItsUnitsInTotal() throws Exception {
        long created = System.nanoTime();
        a.createTable(t -> t.tableName("budget").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(100L).writeCapacityUnits(100L))
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                .attributeDefinitions(d -> d.attributeName("id").attributeType(ScalarAttributeType.S)));
        String arn = first.engine().catalog().get("budget").arn();
        List<String> keys = new ArrayList<>();
        int firsts = 0;
        for (int i = 0; keys.size() < 16; i++) {
            String key = "k" + i;
            boolean mine = firstOwns(key);
            if (mine && firsts == 8 || !mine && keys.size() - firsts == 8) continue;
            if (mine) firsts++;
            keys.add(key);
            a.putItem(p -> p.tableName("budget").item(Map.of("id", s(key))));
        }
        String filler = "x".repeat(40 * 1024 - 20);
        AtomicLong firstThrottle = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        List<CompletableFuture<Void>> writers = new ArrayList<>();
        int w = 0;
        for (DynamoDbClient node : List.of(a, a, a, a, b, b, b, b)) {
            int writer = w++;
            writers.add(CompletableFuture.runAsync(() -> {
                for (int n = 0; !stop.get(); n++) {
                    String key = keys.get((writer * 2 + n) % keys.size());
                    try {
                        node.putItem(p -> p.tableName("budget").item(Map.of("id", s(key), "pad", s(filler)))
                                .conditionExpression("attribute_not_exists(id)"));
                        throw new IllegalStateException("the key is present: the condition cannot hold");
                    } catch (ConditionalCheckFailedException e) {
                        // admitted and charged
                    } catch (DynamoDbException e) {
                        if (e.statusCode() >= 500) continue; // a busy machine's 503 (an owner not reached in time): the writer goes on
                        if (e.statusCode() != 400 || !"ProvisionedThroughputExceededException".equals(e.awsErrorDetails().errorCode())) throw e;
                        firstThrottle.compareAndSet(0, System.nanoTime());
                    }
                }
            }));
        }
        // each node banks its share of the burst: the sustained rate is counted once both banks are spent
        AtomicLong burstSpentAt = new AtomicLong();
        double[] admittedWithBurst = new double[1];
        BooleanSupplier burstSpent = () -> {
            boolean spent = banked(first, arn) < 40 && banked(second, arn) < 40;
            if (spent && burstSpentAt.get() == 0) {
                admittedWithBurst[0] = admitted(arn);
                burstSpentAt.set(System.nanoTime());
            }
            return spent;
        };
        double wcuPerSecond = measure(firstThrottle, burstSpent, stop, writers, arn, 240);
        double burstSeconds = (burstSpentAt.get() - created) / 1e9;
        System.out.printf("table of 100 WCU through two nodes: %.0f WCU admitted in the %.1f s until both nodes' banks were spent "
                + "(%.1f s after the first throttle), then %.0f WCU/s in total over %d s from %d s later (shares now %.2f and %.2f)%n",
                admittedWithBurst[0], burstSeconds, (burstSpentAt.get() - firstThrottle.get()) / 1e9, wcuPerSecond, WINDOW_SECONDS,
                SETTLE_SECONDS, first.engine().capacity().map(arn).writeShare(), second.engine().capacity().map(arn).writeShare());
        assertThat(firstThrottle.get()).as("the table was throttled").isPositive();
        assertThat(burstSpentAt.get()).as("both nodes spent their part of the burst").isPositive();
        // the burst is the table's 30,000 units, held in total: not one per node, and not lost when the shares swing
        assertThat(admittedWithBurst[0]).as("units admitted with the burst").isBetween(20_000.0, 30_000 + 100 * burstSeconds + 1_000);
        assertThat(wcuPerSecond).as("the table's 100 WCU in total, not 100 a node").isBetween(60.0, 140.0);
    }
}
