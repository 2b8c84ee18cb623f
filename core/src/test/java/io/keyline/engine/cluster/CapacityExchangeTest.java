package io.keyline.engine.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.keyline.capacity.PartitionMap;
import io.keyline.engine.Engine;
import io.keyline.engine.cluster.ExchangeMessages.Answer;
import io.keyline.engine.cluster.ExchangeMessages.Report;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.op.Operations;
import io.keyline.testing.OperationCalls;
import io.keyline.testing.TestStorage;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Capacity across two Keyline nodes (docs/CLUSTER.md, "Capacity across nodes"): two engines,
 * each on its own storage (only their capacity models matter here) with the same tables, node
 * "a" owning the lower half of the token ranges and "b" the upper half, exchanging reports by a
 * direct call through the wire form, on one manual clock. Each node is sent only writes of base
 * items it owns, as forwarding would do. Each figure is checked against the same run without
 * the exchange, so the test shows what the exchange changes.
 */
class CapacityExchangeTest {
    private static final Duration STEP = Duration.ofMillis(10);
    private static final long ROUND_EVERY_STEPS = CapacityExchange.PERIOD.toMillis() / STEP.toMillis();

    private final ManualClock clock = new ManualClock();
    private final Map<String, Node> nodes = new HashMap<>();

    /** One node: an engine, its operations, and its exchange with the other. */
    private final class Node {
        final String name;
        final Engine engine;
        final Operations operations;
        final CapacityExchange exchange;

        Node(String name, RangeOwners owners) {
            this.name = name;
            this.engine = TestStorage.closeAfterTest(new Engine(TestStorage.open(), clock, Settings.defaults()));
            this.operations = new Operations(engine);
            this.exchange = new CapacityExchange(owners, engine.capacity(), clock);
        }

        Map<String, Object> call(String op, String json) { return OperationCalls.call(operations, op, json); }

        PartitionMap map(String arn) { return engine.capacity().map(arn); }
    }

    /** "a" owns ranges 0-31, "b" ranges 32-63. */
    private record HalfTheRanges(String self) implements RangeOwners {
        @Override public String ownerOf(long token) { return Ownership.rangeOf(token) < Ownership.RANGES / 2 ? "a" : "b"; }

        @Override public Set<String> others() { return Set.of(self.equals("a") ? "b" : "a"); }
    }

    /** "a" owns the even ranges, "b" the odd ones: every partition of a table spans both. */
    private record AlternateRanges(String self) implements RangeOwners {
        @Override public String ownerOf(long token) { return Ownership.rangeOf(token) % 2 == 0 ? "a" : "b"; }

        @Override public Set<String> others() { return Set.of(self.equals("a") ? "b" : "a"); }
    }

    private void twoNodes(boolean exchanging) { twoNodes(exchanging, HalfTheRanges::new); }

    private void twoNodes(boolean exchanging, java.util.function.Function<String, RangeOwners> owners) {
        for (String name : List.of("a", "b")) nodes.put(name, new Node(name, owners.apply(name)));
        if (!exchanging) return;
        // through the wire form, as between servers
        for (Node n : nodes.values()) {
            n.exchange.connect((to, report) -> Answer.decode(nodes.get(to).exchange.receive(Report.decode(report.encode())).encode()));
        }
    }

    private void createOnBoth(String json) {
        for (Node n : nodes.values()) n.call("CreateTable", json);
    }

    /** {@code count} partition keys with {@code prefix} whose tokens {@code owner} owns. */
    private static List<String> keysOf(String owner, String prefix, int count) {
        List<String> keys = new ArrayList<>();
        HalfTheRanges view = new HalfTheRanges(owner);
        for (int i = 0; keys.size() < count; i++) {
            String key = prefix + i;
            if (view.ownerOf(KeyCodec.token(new AttributeValue.S(key))).equals(owner)) keys.add(key);
        }
        return keys;
    }

    /** Runs {@code seconds} of writes: every step, each node puts one item by {@code item}; the nodes report every period if exchanging. */
    private void run(double seconds, boolean exchanging, Writer item, List<ApiException> refusals) {
        long steps = (long) (seconds * 1000 / STEP.toMillis());
        for (long s = 0; s < steps; s++) {
            clock.advance(STEP);
            for (Node n : List.of(nodes.get("a"), nodes.get("b"))) {
                String json = item.json(n, s);
                if (json == null) continue;
                try {
                    n.operations.dispatch("PutItem", OperationCalls.request(json));
                } catch (ApiException e) {
                    if (!Engine.isThrottling(e)) throw e;
                    if (refusals != null) refusals.add(e);
                }
            }
            if (exchanging && s % ROUND_EVERY_STEPS == 0) for (Node n : nodes.values()) n.exchange.round();
        }
    }

    private interface Writer {
        /** The PutItem request of {@code node} at {@code step}, or null for none. */
        String json(Node node, long step);
    }

    /** Units admitted by both nodes on the map of {@code arn} since they were made. */
    private double admitted(String arn) {
        return nodes.get("a").map(arn).consumed(true) + nodes.get("b").map(arn).consumed(true);
    }

    // ---- GSI back-pressure ----

    private static final String ORDERS = "{'TableName':'Orders','BillingMode':'PAY_PER_REQUEST',"
            + "'KeySchema':[{'AttributeName':'id','KeyType':'HASH'}],"
            + "'AttributeDefinitions':[{'AttributeName':'id','AttributeType':'S'},{'AttributeName':'day','AttributeType':'S'}],"
            + "'GlobalSecondaryIndexes':[{'IndexName':'ByDay','KeySchema':[{'AttributeName':'day','KeyType':'HASH'}],"
            + "'Projection':{'ProjectionType':'ALL'}}]}";
    private static final String PAD_10KB = "x".repeat(10_000);

    /**
     * Both nodes write base items of their own keys (100 puts a second each, 10 WCU each on the
     * table and on the GSI), all with one GSI partition key, "hot", whose range one node owns: the
     * GSI partition's writes, admitted by both nodes, total {@code gsi WCU/s} over 30 s after its burst.
     */
    private double gsiRate(boolean exchanging, List<ApiException> refusals) {
        twoNodes(exchanging);
        createOnBoth(ORDERS);
        Map<String, List<String>> keys = Map.of("a", keysOf("a", "order-", 500), "b", keysOf("b", "order-", 500));
        Writer put = (n, s) -> "{'TableName':'Orders','Item':{'id':{'S':'" + keys.get(n.name).get((int) (s % 500))
                + "'},'day':{'S':'hot'},'n':{'N':'" + s + "'},'pad':{'S':'" + PAD_10KB + "'}}}";
        String gsi = nodes.get("a").engine.catalog().get("Orders").index("ByDay").arn();
        run(15, exchanging, put, null); // the GSI partition's burst is spent
        double before = admitted(gsi);
        run(30, exchanging, put, refusals);
        return (admitted(gsi) - before) / 30;
    }

    @Test void aHotGsiPartitionWrittenThroughTwoNodesIsAdmittedAtItsCeilingInTotal() {
        List<ApiException> refusals = new ArrayList<>();
        double rate = gsiRate(true, refusals);
        System.out.printf("GSI partition through two nodes, exchanging: %.0f WCU/s admitted, %d refusals%n", rate, refusals.size());
        assertThat(rate).as("one GSI partition's 1,000 WCU in total").isBetween(850.0, 1150.0);
        String owner = new HalfTheRanges("a").ownerOf(KeyCodec.token(new AttributeValue.S("hot")));
        String indexArn = nodes.get("a").engine.catalog().get("Orders").index("ByDay").arn();
        // on-demand: ThrottlingException, the reason naming the GSI's key range, as on one node (docs/RULES.md#GSI-BACK-PRESSURE)
        assertThat(refusals).isNotEmpty().allSatisfy(e -> {
            assertThat(e.name()).isEqualTo("ThrottlingException");
            assertThat(e.extras().get("ThrottlingReasons"))
                    .isEqualTo(List.of(Map.of("reason", "IndexWriteKeyRangeThroughputExceeded", "resource", indexArn)));
        });
        assertThat(nodes.get(owner.equals("a") ? "b" : "a").map(indexArn).snapshot().partitions().stream()
                .mapToLong(p -> p.throttledWrites()).sum()).as("the node that does not own the GSI key refused writes too").isPositive();
    }

    @Test void withoutTheExchangeEachNodeAdmitsTheGsiPartitionsCeiling() {
        double rate = gsiRate(false, null);
        System.out.printf("GSI partition through two nodes, alone: %.0f WCU/s admitted%n", rate);
        assertThat(rate).as("the error the exchange removes: a ceiling per node").isGreaterThan(1700.0);
    }

    // ---- a partition whose keys both nodes own (docs/RULES.md#CLUSTER-PARTITION-HOME) ----

    private static final String EVENTS = "{'TableName':'Events','BillingMode':'PAY_PER_REQUEST',"
            + "'KeySchema':[{'AttributeName':'id','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'id','AttributeType':'S'}]}";

    /**
     * Ranges alternate between the nodes, so the table's first partition holds keys of both; each
     * node writes its own keys of that partition, 1,000 WCU a second each (10 KB puts every 10 ms):
     * the partition's writes, admitted by both, total {@code WCU/s} over 20 s after its burst.
     */
    private double spanningPartitionRate(boolean exchanging) {
        twoNodes(exchanging, AlternateRanges::new);
        createOnBoth(EVENTS);
        String arn = nodes.get("a").engine.catalog().get("Events").arn();
        Map<String, List<String>> keys = new HashMap<>();
        for (String name : List.of("a", "b")) {
            RangeOwners view = new AlternateRanges(name);
            PartitionMap map = nodes.get(name).map(arn);
            List<String> mine = new ArrayList<>();
            for (int i = 0; mine.size() < 200; i++) {
                long token = KeyCodec.token(new AttributeValue.S("e-" + i));
                if (view.ownerOf(token).equals(name) && map.partitionOf(token, Long.MIN_VALUE) == 0) mine.add("e-" + i);
            }
            keys.put(name, mine);
        }
        int partitions = nodes.get("a").map(arn).partitionCount();
        Writer put = (n, s) -> "{'TableName':'Events','Item':{'id':{'S':'" + keys.get(n.name).get((int) (s % 200))
                + "'},'n':{'N':'" + s + "'},'pad':{'S':'" + PAD_10KB + "'}}}";
        run(15, exchanging, put, null); // the partition's burst is spent
        double before = admitted(arn);
        run(20, exchanging, put, null);
        for (Node n : nodes.values()) assertThat(n.map(arn).partitionCount()).as("no split during the run").isEqualTo(partitions);
        return (admitted(arn) - before) / 20;
    }

    @Test void aPartitionWhoseKeysBothNodesOwnIsAdmittedAtItsCeilingInTotal() {
        double rate = spanningPartitionRate(true);
        System.out.printf("a partition spanning both nodes' ranges, exchanging: %.0f WCU/s admitted%n", rate);
        assertThat(rate).as("one partition's 1,000 WCU in total").isBetween(850.0, 1150.0);
    }

    @Test void withoutTheExchangeEachNodeAdmitsTheSpanningPartitionsCeiling() {
        double rate = spanningPartitionRate(false);
        System.out.printf("a partition spanning both nodes' ranges, alone: %.0f WCU/s admitted%n", rate);
        assertThat(rate).as("the error the exchange removes: a ceiling per node").isGreaterThan(1700.0);
    }

    // ---- table-level budgets ----

    private static final String BUDGET = "{'TableName':'Budget','BillingMode':'PROVISIONED',"
            + "'ProvisionedThroughput':{'ReadCapacityUnits':100,'WriteCapacityUnits':100},"
            + "'KeySchema':[{'AttributeName':'id','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'id','AttributeType':'S'}]}";
    private static final String PAD_5KB = "x".repeat(4_900);

    /**
     * A table provisioned at 100 WCU, written through both nodes on keys of their own ranges
     * (250 WCU a second each: 5 WCU puts every 20 ms): once the banked burst (300 s of 100 WCU)
     * is spent, the table's writes through both nodes total {@code WCU/s} over 60 s.
     */
    private double tableRate(boolean exchanging) {
        twoNodes(exchanging);
        createOnBoth(BUDGET);
        Map<String, List<String>> keys = Map.of("a", keysOf("a", "k-", 300), "b", keysOf("b", "k-", 300));
        Writer put = (n, s) -> s % 2 == 1 ? null : "{'TableName':'Budget','Item':{'id':{'S':'" + keys.get(n.name).get((int) (s / 2 % 300))
                + "'},'n':{'N':'" + s + "'},'pad':{'S':'" + PAD_5KB + "'}}}";
        String arn = nodes.get("a").engine.catalog().get("Budget").arn();
        run(200, exchanging, put, null);
        double before = admitted(arn);
        run(60, exchanging, put, null);
        return (admitted(arn) - before) / 60;
    }

    @Test void aProvisionedTableWrittenThroughTwoNodesIsAdmittedAtItsUnitsInTotal() {
        double rate = tableRate(true);
        System.out.printf("table of 100 WCU through two nodes, exchanging: %.1f WCU/s admitted%n", rate);
        assertThat(rate).as("the table's 100 WCU in total, not 100 a node").isBetween(85.0, 115.0);
    }

    @Test void withoutTheExchangeEachNodeAdmitsTheTablesUnits() {
        double rate = tableRate(false);
        System.out.printf("table of 100 WCU through two nodes, alone: %.1f WCU/s admitted%n", rate);
        assertThat(rate).isGreaterThan(180.0);
    }

    @Test void aNodeWithNoDemandHoldsTheFloorAndGetsItsShareOnceItWrites() {
        twoNodes(true);
        createOnBoth(BUDGET);
        Map<String, List<String>> keys = Map.of("a", keysOf("a", "k-", 300), "b", keysOf("b", "k-", 300));
        String arn = nodes.get("a").engine.catalog().get("Budget").arn();
        Writer onlyA = (n, s) -> n.name.equals("b") || s % 2 == 1 ? null : "{'TableName':'Budget','Item':{'id':{'S':'"
                + keys.get(n.name).get((int) (s / 2 % 300)) + "'},'n':{'N':'" + s + "'},'pad':{'S':'" + PAD_5KB + "'}}}";
        run(10, true, onlyA, null);
        assertThat(nodes.get("a").map(arn).writeShare()).as("the node that writes").isCloseTo(0.95, within(0.01));
        assertThat(nodes.get("b").map(arn).writeShare()).as("an idle node keeps a floor: 10% of an even share").isCloseTo(0.05, within(0.01));
        Writer both = (n, s) -> s % 2 == 1 ? null : "{'TableName':'Budget','Item':{'id':{'S':'"
                + keys.get(n.name).get((int) (s / 2 % 300)) + "'},'n':{'N':'" + s + "'},'pad':{'S':'" + PAD_5KB + "'}}}";
        run(3, true, both, null);
        assertThat(nodes.get("b").map(arn).writeShare()).as("within a few periods of writing").isBetween(0.4, 0.6);
        assertThat(nodes.get("a").map(arn).writeShare() + nodes.get("b").map(arn).writeShare()).isCloseTo(1.0, within(0.05));
    }

    /**
     * The table's 300 s burst (30,000 WCU at 100 WCU) is held in total while the shares swing:
     * node "b" writes alone for a second, so "a", with no demand yet, drops to the floor (5%), and
     * the bank its share gives up goes to "b" instead of being thrown away; once "a" writes too,
     * its share, and a bank to go with it, come back. Both then write 250 WCU a second: together
     * 400 above the table's rate, so the bank lasts about 75 s, and nothing is refused for 40 s,
     * as on one node. Before, "a" kept 1,500 banked units, was refused within seconds while "b"
     * still held 13,000, and a test that counted from that first refusal measured "b"'s burst.
     */
    @Test void theBurstBankFollowsTheSharesWhenTheySwingInsteadOfBeingDropped() {
        twoNodes(true);
        createOnBoth(BUDGET);
        Map<String, List<String>> keys = Map.of("a", keysOf("a", "k-", 300), "b", keysOf("b", "k-", 300));
        String arn = nodes.get("a").engine.catalog().get("Budget").arn();
        Writer onlyB = (n, s) -> n.name.equals("a") || s % 2 == 1 ? null : "{'TableName':'Budget','Item':{'id':{'S':'"
                + keys.get(n.name).get((int) (s / 2 % 300)) + "'},'n':{'N':'" + s + "'},'pad':{'S':'" + PAD_5KB + "'}}}";
        run(1, true, onlyB, null);
        PartitionMap a = nodes.get("a").map(arn);
        PartitionMap b = nodes.get("b").map(arn);
        assertThat(a.writeShare()).as("the idle node's share: the floor").isCloseTo(0.05, within(0.01));
        assertThat(a.banked(true) + b.banked(true)).as("the table's bank, less what b admitted, is still held by the two")
                .isBetween(30_000 - admitted(arn) - 50, 30_000.0);
        Writer both = (n, s) -> s % 2 == 1 ? null : "{'TableName':'Budget','Item':{'id':{'S':'"
                + keys.get(n.name).get((int) (s / 2 % 300)) + "'},'n':{'N':'" + s + "'},'pad':{'S':'" + PAD_5KB + "'}}}";
        List<ApiException> refusals = new ArrayList<>();
        for (int second = 0; second < 40; second++) {
            run(1, true, both, refusals);
            assertThat(a.banked(true) + b.banked(true)).as("never more than the table's bank, second %d", second).isLessThanOrEqualTo(30_000.0);
        }
        System.out.printf("burst through two nodes after a swing of the shares: %.0f WCU admitted in 41 s, %d refused, banks now %.0f and %.0f%n",
                admitted(arn), refusals.size(), a.banked(true), b.banked(true));
        assertThat(a.writeShare()).as("the shares are even again").isBetween(0.4, 0.6);
        assertThat(refusals).as("no write refused while the table has burst banked").isEmpty();
        assertThat(a.banked(true)).as("a holds its part of what is left").isGreaterThan(1_000.0);
    }

    // ---- Scan ----

    /**
     * Node "b" keeps a hot key of its ranges in debt (400 KB puts); node "a" scans segment 3 of 4,
     * which starts at that key's partition (the on-demand table's last quarter, "b"'s ranges): the
     * pages "a" admits count on "b"'s partition, and "a" refuses pages while "b"'s partition there is
     * in debt, with the reason of one node. Returns "a"'s refusals.
     */
    private List<ApiException> scanRefusals(boolean exchanging) {
        twoNodes(exchanging);
        createOnBoth("{'TableName':'Hot','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'id','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'id','AttributeType':'S'}]}");
        String hot = keysOf("b", "h-", 200).stream()
                .filter(k -> Ownership.rangeOf(KeyCodec.token(new AttributeValue.S(k))) >= 48).findFirst().orElseThrow();
        String pad = "x".repeat(390_000);
        List<ApiException> refusals = new ArrayList<>();
        Writer hotOnB = (n, s) -> n.name.equals("a") || s % 5 != 0 ? null
                : "{'TableName':'Hot','Item':{'id':{'S':'" + hot + "'},'n':{'N':'" + s + "'},'pad':{'S':'" + pad + "'}}}";
        for (int second = 0; second < 10; second++) {
            run(0.5, exchanging, hotOnB, null);
            for (int i = 0; i < 50; i++) {
                clock.advance(STEP);
                try {
                    nodes.get("a").call("Scan", "{'TableName':'Hot','Segment':3,'TotalSegments':4}");
                } catch (ApiException e) {
                    if (!Engine.isThrottling(e)) throw e;
                    refusals.add(e);
                }
                if (exchanging && i % ROUND_EVERY_STEPS == 0) for (Node n : nodes.values()) n.exchange.round();
            }
        }
        return refusals;
    }

    @Test void aScanPageOfAnotherNodesRangeIsRefusedWhileItsPartitionIsInDebt() {
        List<ApiException> refusals = scanRefusals(true);
        String arn = nodes.get("a").engine.catalog().get("Hot").arn();
        System.out.printf("Scan through the node that does not own the hot partition: %d of 500 pages refused%n", refusals.size());
        assertThat(refusals).isNotEmpty().allSatisfy(e -> {
            assertThat(e.name()).isEqualTo("ThrottlingException");
            assertThat(e.extras().get("ThrottlingReasons"))
                    .isEqualTo(List.of(Map.of("reason", "TableReadKeyRangeThroughputExceeded", "resource", arn)));
        });
    }

    @Test void withoutTheExchangeAScanOfAnotherNodesRangeIsNeverRefused() {
        assertThat(scanRefusals(false)).isEmpty();
    }

    // ---- one node ----

    @Test void aNodeThatOwnsEveryRangeExchangesNothingAndDecidesAlone() {
        Engine engine = TestStorage.closeAfterTest(new Engine(TestStorage.open(), clock, Settings.defaults()));
        RangeOwners alone = new RangeOwners() {
            @Override public String self() { return "a"; }

            @Override public String ownerOf(long token) { return "a"; }

            @Override public Set<String> others() { return Set.of(); }
        };
        CapacityExchange exchange = new CapacityExchange(alone, engine.capacity(), clock);
        exchange.connect((to, report) -> { throw new AssertionError("nothing is sent alone"); });
        OperationCalls.call(new Operations(engine), "CreateTable", BUDGET);
        exchange.round();
        assertThat(exchange.attached()).isFalse();
        assertThat(engine.capacity().model().cluster()).as("the model has no say of other nodes").isNull();
        assertThat(engine.capacity().map(engine.catalog().get("Budget").arn()).writeShare()).isEqualTo(1.0);
    }
}
