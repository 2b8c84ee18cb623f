package io.keyline.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.storage.Fence;
import io.keyline.storage.FencedOut;
import io.keyline.storage.WriteBatch;
import io.keyline.time.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The write path's fence on Cassandra (docs/RULES.md#CLUSTER-FENCE): two storages, two Keyline
 * nodes' views of one keyspace, on one manual clock. A batch whose term has ended is refused
 * with nothing written; a batch that passed its check and then paused (a node stopped between
 * deciding and sending) reaches Cassandra after the next owner's write of the same key: it
 * loses to it, whatever the order they arrived in, and the stale node reports it failed. Slow:
 * it needs Cassandra ({@link TestCluster}).
 */
@Tag("slow")
class FencedWritesTest {
    private static final String KEYSPACE = "fenced_writes";
    private static final byte[] KEY = "0123456789abcdef-item-x".getBytes(StandardCharsets.UTF_8);
    private final ManualClock clock = new ManualClock(java.time.Instant.now());
    private CassandraStorage stale;
    private CassandraStorage owner;

    /** A term that ends when the test says: the fence a node's ownership gives its writes. */
    private final class Term implements Fence {
        volatile long end;

        Term(long end) { this.end = end; }

        @Override public long endMillis() { return end; }

        @Override public long nowMillis() { return clock.millis(); }
    }

    @BeforeEach void emptyKeyspace() {
        CassandraOptions options = TestCluster.options(KEYSPACE);
        new CassandraStorage(TestCluster.session(), options, Clock.systemUTC()).truncate();
        stale = new CassandraStorage(TestCluster.session(), options, clock::now);
        owner = new CassandraStorage(TestCluster.session(), options, clock::now);
    }

    @AfterEach void close() {
        stale.close();
        owner.close();
    }

    private static byte[] bytes(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    @Test void aBatchWhoseTermEndedIsRefusedWithNothingWritten() {
        Term ended = new Term(clock.millis());
        assertThatThrownBy(() -> stale.write(new WriteBatch().put(KEY, bytes("stale")).fence(ended)))
                .isInstanceOfSatisfying(FencedOut.class, e -> assertThat(e.refused()).isTrue());
        assertThat(owner.get(KEY)).isNull();
        assertThat(stale.get(KEY)).isNull();
    }

    @Test void aBatchInsideItsTermIsWritten() {
        stale.write(new WriteBatch().put(KEY, bytes("mine")).fence(new Term(clock.millis() + 7_000)));
        assertThat(owner.get(KEY)).isEqualTo(bytes("mine"));
    }

    @Test void aStaleBatchThatArrivesAfterTheNextOwnersWriteLosesToItAndIsNotAcknowledged() throws Exception {
        Term term = new Term(clock.millis() + 7_000);
        CountDownLatch sending = new CountDownLatch(1);
        CountDownLatch resume = new CountDownLatch(1);
        stale.beforeSend = () -> {
            sending.countDown();
            try {
                resume.await();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        };
        CompletableFuture<Void> write = CompletableFuture.runAsync(() -> stale.write(new WriteBatch().put(KEY, bytes("stale")).fence(term)));
        assertThat(sending.await(60, TimeUnit.SECONDS)).isTrue(); // checked: its version is below the term's end

        // the stale node stays stopped past its lease; the next owner takes the range and writes the key
        clock.advance(Duration.ofSeconds(11));
        owner.write(new WriteBatch().put(KEY, bytes("owner")));
        resume.countDown();

        try {
            write.join();
            throw new AssertionError("the stale write was acknowledged");
        } catch (CompletionException e) {
            assertThat(e.getCause()).isInstanceOfSatisfying(FencedOut.class, f -> assertThat(f.refused()).isFalse());
        }
        assertThat(owner.get(KEY)).isEqualTo(bytes("owner"));
        try (CassandraStorage fresh = new CassandraStorage(TestCluster.session(), TestCluster.options(KEYSPACE), clock::now)) {
            assertThat(fresh.get(KEY)).as("a third node's strongly consistent read").isEqualTo(bytes("owner"));
        }
    }
}
