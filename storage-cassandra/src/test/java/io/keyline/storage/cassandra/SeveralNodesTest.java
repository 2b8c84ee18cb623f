package io.keyline.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.Operations;
import io.keyline.storage.Coordination;
import io.keyline.testing.OperationCalls;
import io.keyline.time.SystemClock;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two Keyline nodes (two engines, each with its own storage and coordination) on one Cassandra
 * keyspace (docs/CLUSTER.md, "Several Keyline nodes"): the shared catalog and the GSI change logs
 * under leases. Slow: it needs Cassandra ({@link TestCluster}).
 */
@Tag("slow")
class SeveralNodesTest {
    private static final String KEYSPACE = "several_nodes";
    private final List<Engine> engines = new ArrayList<>();

    @BeforeEach void emptyKeyspace() {
        CassandraOptions options = TestCluster.options(KEYSPACE);
        new CassandraStorage(TestCluster.session(), options, Clock.systemUTC()).truncate();
        try (CassandraCoordination c = CassandraCoordination.open(options, Clock.systemUTC(), "truncate")) {
            c.truncate();
        }
    }

    @AfterEach void closeNodes() {
        for (Engine e : engines) e.close();
    }

    /** A node in account mode (nothing throttles), with GSI changes due after {@code gsiLag}. */
    private Operations node(String name, Duration gsiLag) { return node(name, gsiLag, false); }

    /** ... and, if {@code dies}, one that never lets a lease go: closing it is a crash, as far as leases go. */
    private Operations node(String name, Duration gsiLag, boolean dies) {
        CassandraOptions options = TestCluster.options(KEYSPACE);
        CassandraCoordination shared = CassandraCoordination.open(options, Clock.systemUTC(), name);
        Coordination coordination = !dies ? shared : (Coordination) java.lang.reflect.Proxy.newProxyInstance(
                Coordination.class.getClassLoader(), new Class<?>[] {Coordination.class}, (proxy, method, args) -> {
                    if (method.getName().equals("release")) return false;
                    try {
                        return method.invoke(shared, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        Settings settings = Settings.defaults().withGsiLag(gsiLag)
                .withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT));
        Engine engine = new Engine(new CassandraStorage(TestCluster.session(), options, Clock.systemUTC()), SystemClock.INSTANCE,
                settings, coordination);
        engines.add(engine);
        return new Operations(engine);
    }

    private static Map<String, Object> call(Operations node, String op, String json) { return OperationCalls.call(node, op, json); }

    private static String createWithGsi(String name) {
        return "{'TableName':'" + name + "','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}]}";
    }

    @Test void tablesCreatedAtOnceOnTwoNodesGetDistinctKeyspacesAndOneNameGoesToOneNode() {
        Operations a = node("a", Duration.ZERO);
        Operations b = node("b", Duration.ZERO);
        ConcurrentLinkedQueue<String> refused = new ConcurrentLinkedQueue<>();
        List<CompletableFuture<Void>> runs = new ArrayList<>();
        for (Operations n : List.of(a, b)) {
            String prefix = n == a ? "ta" : "tb";
            runs.add(CompletableFuture.runAsync(() -> {
                for (int i = 0; i < 5; i++) call(n, "CreateTable", createWithGsi(prefix + i));
                try {
                    call(n, "CreateTable", createWithGsi("both"));
                } catch (ApiException e) {
                    refused.add(e.name());
                }
            }));
        }
        runs.forEach(CompletableFuture::join);
        assertThat(refused).containsExactly("ResourceInUseException");
        for (Engine e : engines) {
            e.catalog().refresh();
            List<TableMetadata> tables = e.catalog().all();
            assertThat(tables).hasSize(11);
            Set<Long> keyspaces = new HashSet<>();
            for (TableMetadata t : tables) {
                assertThat(keyspaces.add(t.keyspaceId())).as("keyspace of %s", t.name()).isTrue();
                for (IndexMetadata i : t.indexes()) assertThat(keyspaces.add(i.keyspaceId())).as("keyspace of %s", i.name()).isTrue();
            }
        }
        assertThat(engines.get(0).catalog().get("both").keyspaceId()).isEqualTo(engines.get(1).catalog().get("both").keyspaceId());
    }

    @Test void aTableCreatedUpdatedAndDeletedOnOneNodeIsSeenByTheOther() throws InterruptedException {
        Operations a = node("a", Duration.ZERO);
        Operations b = node("b", Duration.ZERO);
        call(a, "CreateTable", createWithGsi("tbl"));
        // b has never heard of t: the request makes it re-read the catalog at once
        call(b, "PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k'},'g':{'S':'x'}}}");
        Map<String, Object> got = call(a, "GetItem", "{'TableName':'tbl','Key':{'p':{'S':'k'}},'ConsistentRead':true}");
        assertThat(got).containsKey("Item");
        // an update b did not ask for is seen within about a second (the catalog poll)
        call(a, "UpdateTable", "{'TableName':'tbl','DeletionProtectionEnabled':true}");
        assertThat(eventually(() -> Boolean.TRUE.equals(table(b, "tbl").get("DeletionProtectionEnabled")), Duration.ofSeconds(3))).isTrue();
        call(b, "UpdateTable", "{'TableName':'tbl','DeletionProtectionEnabled':false}");
        call(b, "DeleteTable", "{'TableName':'tbl'}");
        assertThat(eventually(() -> OperationCalls.fail(a, "DescribeTable", "{'TableName':'tbl'}") != null, Duration.ofSeconds(3))).isTrue();
    }

    @Test void gsiWritesThroughTwoNodesLeaveEveryGsiEqualToItsTable() throws InterruptedException {
        Operations a = node("a", Duration.ZERO);
        Operations b = node("b", Duration.ZERO);
        call(a, "CreateTable", createWithGsi("tbl"));
        List<CompletableFuture<Void>> runs = new ArrayList<>();
        for (Operations n : List.of(a, b)) {
            int parity = n == a ? 0 : 1;
            runs.add(CompletableFuture.runAsync(() -> {
                for (int i = parity; i < 60; i += 2) {
                    call(n, "PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k" + i + "'},'g':{'S':'g" + (i % 7) + "'}}}");
                    // a second write moves the entry: the first record's entry must go
                    if (i % 3 == 0) call(n, "PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k" + i + "'},'g':{'S':'h" + (i % 5) + "'}}}");
                    if (i % 10 == 0) call(n, "DeleteItem", "{'TableName':'tbl','Key':{'p':{'S':'k" + i + "'}}}");
                }
            }));
        }
        runs.forEach(CompletableFuture::join);
        for (Engine e : engines) assertThat(e.indexes().propagator().awaitIdle(Duration.ofSeconds(30))).isTrue();
        for (Operations n : List.of(a, b)) assertThat(scan(n, "tbl", true)).isEqualTo(scan(n, "tbl", false)).hasSize(54);
    }

    @Test void recordsANodeClosedCleanlyLeftUnappliedAreAppliedByTheOtherAtItsNextLook() throws InterruptedException {
        double seconds = recordsLeftUnappliedAreAppliedByTheOther(false);
        assertThat(seconds).as("the leases were let go: the other's next look (every 2 s)").isLessThan(5);
    }

    @Test void recordsADeadNodeLeftUnappliedAreAppliedByTheOtherWithinTheLeaseTime() throws InterruptedException {
        double seconds = recordsLeftUnappliedAreAppliedByTheOther(true);
        assertThat(seconds).as("the lease (10 s) runs out, then the other's next look (every 2 s)").isLessThan(15);
    }

    /** A node writes 20 records and goes (closed, or dead); returns the seconds until the other node applied them. */
    private double recordsLeftUnappliedAreAppliedByTheOther(boolean dies) throws InterruptedException {
        Operations a = node("a", Duration.ZERO);
        Operations b = node("b", Duration.ofHours(1), dies); // b applies nothing of its own before it goes
        call(a, "CreateTable", createWithGsi("tbl"));
        for (int i = 0; i < 20; i++) call(b, "PutItem", "{'TableName':'tbl','Item':{'p':{'S':'k" + i + "'},'g':{'S':'g" + i + "'}}}");
        assertThat(scan(a, "tbl", true)).isEmpty();
        engines.remove(1).close();
        long gone = System.nanoTime();
        assertThat(eventually(() -> scan(a, "tbl", true).size() == 20, Duration.ofSeconds(25))).isTrue();
        double seconds = (System.nanoTime() - gone) / 1e9;
        System.out.printf("records of a node %s applied by the other %.1f s after it went%n", dies ? "that died" : "closed cleanly", seconds);
        assertThat(scan(a, "tbl", true)).isEqualTo(scan(a, "tbl", false));
        return seconds;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> table(Operations n, String name) {
        return (Map<String, Object>) call(n, "DescribeTable", "{'TableName':'" + name + "'}").get("Table");
    }

    /** The items of the table, or of its GSI, as "p=g" strings in order. */
    @SuppressWarnings("unchecked")
    private static Set<String> scan(Operations n, String table, boolean gsi) {
        Set<String> out = new TreeSet<>();
        for (Object o : (List<Object>) call(n, "Scan", "{'TableName':'" + table + "'" + (gsi ? ",'IndexName':'byG'" : "") + "}").get("Items")) {
            Map<String, Object> item = (Map<String, Object>) o;
            out.add(((Map<String, Object>) item.get("p")).get("S") + "=" + ((Map<String, Object>) item.get("g")).get("S"));
        }
        return out;
    }

    private static boolean eventually(java.util.function.BooleanSupplier condition, Duration within) throws InterruptedException {
        long end = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < end) {
            try {
                if (condition.getAsBoolean()) return true;
            } catch (ApiException | AssertionError e) {
                // not yet
            }
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }
}
