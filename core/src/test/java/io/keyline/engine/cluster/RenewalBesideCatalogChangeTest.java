package io.keyline.engine.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.op.Operations;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.testing.MemoryCoordination;
import io.keyline.testing.OperationCalls;
import io.keyline.time.ManualClock;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A catalog change that takes long must not hold back the node lease's renewal. On Cassandra a
 * DeleteTable drops one Cassandra table per keyspace (the table's and each index's), a second or
 * more each on a loaded machine, while it holds the catalog lock; the catalog refresh of the
 * cluster duties waits for that lock. When the renewal and the ownership round waited behind the
 * refresh, a DeleteTable of a table with two indexes let this node's terms run out, and the
 * requests of every other table got 503 ServiceUnavailable on a node that is alone in its
 * cluster (ScyllaDB's test_limits.py::test_limit_expression_len, run after a test that deletes
 * such a table, session 11).
 *
 * <p>Here one engine on a memory storage whose range deletes (a dropped table's) wait for the
 * test, a {@link MemoryCoordination} and a manual clock: the duties threads run only when the
 * test moves time.
 */
class RenewalBesideCatalogChangeTest {
    private static final String KEPT = "{'TableName':'kept','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
            + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}";
    private static final String DROPPED = "{'TableName':'dropped','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
            + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}";
    private final ManualClock clock = new ManualClock();
    private final MemoryCoordination cluster = new MemoryCoordination(clock);
    private final MemoryStorage data = new MemoryStorage();
    private final SlowDropStorage storage = new SlowDropStorage(data);
    private Engine node;

    @AfterEach void close() {
        storage.release();
        if (node != null) node.close();
        data.close();
    }

    @Test void theTermsHoldWhileADeleteTableWaitsForItsStorageWithTheCatalogLock() throws Exception {
        node = new Engine(storage, clock, Settings.defaults(), cluster.node("http://a"));
        node.ownership().enforce();
        awaitRounds(1);
        call("CreateTable", KEPT);
        call("CreateTable", DROPPED);
        call("PutItem", "{'TableName':'kept','Item':{'p':{'S':'x'}}}");

        storage.holdNextRangeDelete();
        CompletableFuture<Map<String, Object>> delete = CompletableFuture.supplyAsync(() -> call("DeleteTable", "{'TableName':'dropped'}"));
        storage.awaitHeld();

        // past the end of the terms the last renewal gave (TERM - SAFETY after it), a renewal at a time
        long seconds = (GsiLogLease.TERM.toMillis() - GsiLogLease.SAFETY_MILLIS) / 1_000 + 2;
        for (long s = 0; s < seconds; s += GsiLogLease.RENEW_EVERY.toSeconds()) {
            long before = node.ownership().rounds();
            clock.advance(GsiLogLease.RENEW_EVERY);
            awaitRounds(before + 1);
        }
        assertThat(call("GetItem", "{'TableName':'kept','Key':{'p':{'S':'x'}}}")).containsKey("Item");

        storage.release();
        assertThat(delete.get(20, TimeUnit.SECONDS)).containsKey("TableDescription");
    }

    private Map<String, Object> call(String op, String json) { return OperationCalls.call(new Operations(node), op, json); }

    private void awaitRounds(long rounds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (node.ownership().rounds() < rounds) {
            assertThat(System.nanoTime() - deadline).as("ownership round %d not run within 10 s: the renewal waits for the catalog", rounds)
                    .isNegative();
            Thread.sleep(2);
        }
    }

    /** A storage whose next batch with a range delete (a table dropped) waits until the test lets it go. */
    private static final class SlowDropStorage extends io.keyline.testing.StorageView {
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch gate = new CountDownLatch(1);
        private volatile boolean armed;

        SlowDropStorage(Storage inner) { super(inner); }

        void holdNextRangeDelete() { armed = true; }

        void awaitHeld() throws InterruptedException {
            assertThat(held.await(20, TimeUnit.SECONDS)).as("the DeleteTable reached the storage").isTrue();
        }

        void release() { gate.countDown(); }

        @Override public void write(WriteBatch batch) {
            if (armed && batch.mutations().stream().anyMatch(m -> m.kind() == WriteBatch.Kind.DELETE_RANGE)) {
                armed = false;
                held.countDown();
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
            super.write(batch);
        }
    }
}
