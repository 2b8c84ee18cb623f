package io.keyline.engine.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.engine.Engine;
import io.keyline.engine.api.NotOwner;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.op.Operations;
import io.keyline.storage.Fence;
import io.keyline.storage.FencedOut;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.testing.MemoryCoordination;
import io.keyline.testing.OperationCalls;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The fence of range ownership (docs/RULES.md#CLUSTER-FENCE) with two engines on one memory
 * storage, a {@link MemoryCoordination} and a manual clock: the duties threads run a round only
 * when the test moves time, and a node is "paused" by holding its write and cutting it off from
 * the coordination. A write decided before its node lost the range is refused, and the new
 * owner's write is what a strongly consistent read returns; a renewal in time extends a term, a
 * late one ends it for good, and so does letting a range go.
 */
class FencingTest {
    private static final String TABLE = "{'TableName':'fenced','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
            + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}";
    private final ManualClockNodes nodes = new ManualClockNodes();
    private final ManualClock clock = nodes.clock;
    private final MemoryCoordination cluster = nodes.cluster;
    private final MemoryStorage data = nodes.data;

    @AfterEach void closeNodes() { nodes.close(); }

    /** A node whose server forwards (its requests are checked), once its first round is done. */
    private Engine node(String name) { return node(name, new PausingStorage(data)); }

    private Engine node(String name, Storage storage) { return nodes.node(name, storage); }

    private void advance(Duration d, Engine... engines) { nodes.advance(d, engines); }

    private static void waitFor(BooleanSupplier condition) { ManualClockNodes.waitFor(condition); }

    private static Map<String, Object> call(Engine node, String op, String json) {
        return OperationCalls.call(new Operations(node), op, json);
    }

    private static long tokenOf(String p) { return KeyCodec.token(AttributeValue.s(p)); }

    @Test void aConditionalWriteDecidedBeforeItsNodeLostTheRangeIsRefusedAndTheNewOwnersWriteStands() throws Exception {
        PausingStorage aStorage = new PausingStorage(data);
        Engine a = node("http://a", aStorage);
        assertThat(a.ownership().ownRanges()).hasSize(Ownership.RANGES);
        call(a, "CreateTable", TABLE);
        call(a, "PutItem", "{'TableName':'fenced','Item':{'p':{'S':'x'},'n':{'N':'1'}}}");

        // a decides a conditional increment on n = 1 and pauses before its write reaches the storage
        aStorage.pauseNextFencedWrite();
        CompletableFuture<Map<String, Object>> stale = CompletableFuture.supplyAsync(() -> call(a, "UpdateItem",
                "{'TableName':'fenced','Key':{'p':{'S':'x'}},'UpdateExpression':'SET n = n + :one','ConditionExpression':'n = :one',"
                        + "'ExpressionAttributeValues':{':one':{'N':'1'}}}"));
        aStorage.awaitPaused();
        cluster.freeze("http://a"); // paused: no renewal either

        // b starts, a's lease runs out, b takes every range and writes the item
        Engine b = node("http://b");
        advance(GsiLogLease.TERM.plusSeconds(1), b);
        assertThat(b.ownership().ownRanges()).hasSize(Ownership.RANGES);
        call(b, "UpdateItem", "{'TableName':'fenced','Key':{'p':{'S':'x'}},'UpdateExpression':'SET n = :ten',"
                + "'ExpressionAttributeValues':{':ten':{'N':'10'}}}");

        // a wakes up and finishes its write: refused with nothing written, which the server answers with a retryable 503
        cluster.thaw("http://a");
        aStorage.resume();
        assertThat(causeOf(stale)).isInstanceOfSatisfying(NotOwner.class, e -> assertThat(e.address()).isEmpty());
        assertThat(call(b, "GetItem", "{'TableName':'fenced','Key':{'p':{'S':'x'}},'ConsistentRead':true}"))
                .isEqualTo(Map.of("Item", Map.of("p", Map.of("S", "x"), "n", Map.of("N", "10"))));
        // and a decides nothing more of the range: its term is over
        assertThatThrownBy(() -> call(a, "GetItem", "{'TableName':'fenced','Key':{'p':{'S':'x'}}}")).isInstanceOf(NotOwner.class);
    }

    @Test void aWriteInsideItsTermIsWrittenThoughItWaitedAcrossARenewal() throws Exception {
        PausingStorage aStorage = new PausingStorage(data);
        Engine a = node("http://a", aStorage);
        call(a, "CreateTable", TABLE);
        aStorage.pauseNextFencedWrite();
        CompletableFuture<Map<String, Object>> put = CompletableFuture.supplyAsync(() ->
                call(a, "PutItem", "{'TableName':'fenced','Item':{'p':{'S':'y'},'n':{'N':'1'}}}"));
        aStorage.awaitPaused();
        advance(GsiLogLease.RENEW_EVERY, a); // renewed in time: the term goes on
        aStorage.resume();
        put.join();
        assertThat(call(a, "GetItem", "{'TableName':'fenced','Key':{'p':{'S':'y'}},'ConsistentRead':true}")).containsKey("Item");
        assertThat(aStorage.fencedWrites).isPositive();
    }

    @Test void aRenewalInTimeExtendsTheTermAndALateOneEndsItForGood() {
        Engine a = node("http://a");
        Fence first = a.ownership().fenceOf(tokenOf("x"));
        assertThat(first).isNotNull();
        assertThat(first.holds()).isTrue();
        long end = first.endMillis();

        advance(GsiLogLease.RENEW_EVERY, a);
        assertThat(a.ownership().fenceOf(tokenOf("x"))).isSameAs(first);
        assertThat(first.endMillis()).isEqualTo(end + GsiLogLease.RENEW_EVERY.toMillis());

        // the next renewal completes just after the term's end (the node paused), though before the lease ran out
        advance(Duration.ofMillis(first.endMillis() - clock.millis() + 1), a);
        assertThat(first.holds()).isFalse();
        Fence second = a.ownership().fenceOf(tokenOf("x"));
        assertThat(second).isNotSameAs(first);
        assertThat(second.holds()).isTrue();
        assertThat(a.ownership().ownRanges()).hasSize(Ownership.RANGES); // still its ranges, in new terms

        advance(GsiLogLease.RENEW_EVERY, a);
        assertThat(first.holds()).as("an ended term never holds again").isFalse();
        assertThatThrownBy(() -> data.write(new WriteBatch().put(new byte[] {1}, new byte[] {2}).fence(first)))
                .isInstanceOfSatisfying(FencedOut.class, e -> assertThat(e.refused()).isTrue());
        assertThat(data.get(new byte[] {1})).isNull();
        data.write(new WriteBatch().put(new byte[] {1}, new byte[] {2}).fence(a.ownership().fenceOf(tokenOf("x"))));
        assertThat(data.get(new byte[] {1})).isEqualTo(new byte[] {2});
    }

    @Test void aRangeLetGoEndsItsTerm() {
        Engine a = node("http://a");
        List<Fence> before = new ArrayList<>();
        for (int r = 0; r < Ownership.RANGES; r++) before.add(a.ownership().fenceOf(tokenOfRange(r)));
        Engine b = node("http://b");
        // a's next round sees two live nodes and lets its surplus go after the grace
        advance(GsiLogLease.RENEW_EVERY, a);
        clock.advance(Duration.ofMillis(Ownership.RELEASE_GRACE_MILLIS));
        waitFor(() -> a.ownership().ownRanges().size() == Ownership.RANGES / 2);
        List<Integer> kept = a.ownership().ownRanges();
        for (int r = 0; r < Ownership.RANGES; r++) {
            if (kept.contains(r)) {
                assertThat(a.ownership().fenceOf(tokenOfRange(r))).isSameAs(before.get(r));
                assertThat(before.get(r).holds()).isTrue();
            } else {
                assertThat(before.get(r).holds()).as("range %d let go", r).isFalse();
                assertThat(a.ownership().fenceOf(tokenOfRange(r))).isNull();
            }
        }
        advance(GsiLogLease.RENEW_EVERY, b);
        assertThat(b.ownership().ownRanges()).hasSize(Ownership.RANGES / 2).doesNotContainAnyElementsOf(kept);
    }

    /** A token in range {@code r}. */
    private static long tokenOfRange(int r) { return ((long) r << (Long.SIZE - 6)) ^ Long.MIN_VALUE; }

    private static Throwable causeOf(CompletableFuture<?> f) {
        try {
            f.join();
            throw new AssertionError("expected the write to fail");
        } catch (CompletionException e) {
            return e.getCause();
        }
    }

    /** The shared storage as one node sees it (closing it closes nothing): it can hold that node's next fenced write (the node pauses mid-write). */
    private static final class PausingStorage extends io.keyline.testing.StorageView {
        private volatile CountDownLatch paused;
        private volatile CountDownLatch gate;
        private volatile boolean armed;
        volatile int fencedWrites;

        PausingStorage(Storage inner) { super(inner); }

        void pauseNextFencedWrite() {
            paused = new CountDownLatch(1);
            gate = new CountDownLatch(1);
            armed = true;
        }

        void awaitPaused() throws InterruptedException {
            assertThat(paused.await(20, TimeUnit.SECONDS)).as("the write reached the storage").isTrue();
        }

        void resume() { gate.countDown(); }

        @Override public void write(WriteBatch batch) {
            if (batch.fence() != null) {
                fencedWrites++;
                if (armed) {
                    armed = false;
                    paused.countDown();
                    try {
                        gate.await();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                }
            }
            super.write(batch);
        }
    }
}
