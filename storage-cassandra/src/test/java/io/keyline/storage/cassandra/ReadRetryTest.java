package io.keyline.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.WriteType;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The retry of reads through a Cassandra node's detection window ({@link ReadRetry}), with the
 * driver's own exception types as a coordinator reports them (no Cassandra needed): what is
 * retried, how long it waits, and that the last failure comes through once the sends are spent.
 */
class ReadRetryTest {
    /** What the failure run saw right after a SIGKILL: a replica still counted, failing the QUORUM read. */
    private static ReadFailureException deadReplica() {
        return new ReadFailureException(null, DefaultConsistencyLevel.QUORUM, 1, 2, 1, false, Map.of());
    }

    private final List<Long> pauses = new ArrayList<>();
    private final ReadRetry retry = new ReadRetry(pauses::add);

    @Test void aReadFailingWhileAReplicaIsNotYetConvictedIsSentAgainUntilItSucceeds() {
        AtomicInteger sends = new AtomicInteger();
        String value = retry.run(() -> {
            if (sends.incrementAndGet() <= 3) throw deadReplica();
            return "row";
        });
        assertThat(value).isEqualTo("row");
        assertThat(sends).hasValue(4);
        assertThat(pauses).containsExactly(100L, 200L, 400L);
    }

    @Test void theLastFailureComesThroughOnceTheSendsAreSpentAfterAboutSevenSeconds() {
        AtomicInteger sends = new AtomicInteger();
        assertThatThrownBy(() -> retry.run(() -> {
            sends.incrementAndGet();
            throw deadReplica();
        })).isInstanceOf(ReadFailureException.class).hasMessageContaining("2 responses were required but only 1 replica responded, 1 failed");
        assertThat(sends).hasValue(ReadRetry.ATTEMPTS);
        assertThat(pauses).containsExactly(100L, 200L, 400L, 800L, 1_600L, 2_000L, 2_000L);
        long waited = pauses.stream().mapToLong(Long::longValue).sum();
        assertThat(waited).as("longer than a detection window on loopback, short of a client's patience").isBetween(5_000L, 10_000L);
    }

    @Test void timeoutsAndTooFewReplicasAreRetriedButNotWritesOrBadStatements() {
        assertThat(ReadRetry.retryable(deadReplica())).isTrue();
        assertThat(ReadRetry.retryable(new ReadTimeoutException(null, DefaultConsistencyLevel.QUORUM, 1, 2, false))).isTrue();
        assertThat(ReadRetry.retryable(new UnavailableException(null, DefaultConsistencyLevel.QUORUM, 2, 1))).isTrue();
        assertThat(ReadRetry.retryable(new DriverTimeoutException("Query timed out after PT2S"))).isTrue();
        assertThat(ReadRetry.retryable(new CompletionException(deadReplica()))).as("as a future reports it").isTrue();
        assertThat(ReadRetry.retryable(new WriteTimeoutException(null, DefaultConsistencyLevel.QUORUM, 1, 2, WriteType.BATCH_LOG)))
                .as("writes have their own loop").isFalse();
        assertThat(ReadRetry.retryable(new InvalidQueryException(null, "line 1:7 no viable alternative at input 'FORM'"))).isFalse();
        assertThat(ReadRetry.retryable(new IllegalStateException("Session is closed"))).isFalse();
    }

    @Test void aTableTheCoordinatorDoesNotKnowYetIsRetried() {
        // Cassandra 5's words, seen in the failure run: a coordinator that had not yet taken a new table's schema
        assertThat(ReadRetry.retryable(new InvalidQueryException(null, "table keyspace_4 does not exist"))).isTrue();
        assertThat(ReadRetry.retryable(new InvalidQueryException(null, "unconfigured table keyspace_4"))).as("Cassandra 4's").isTrue();
        assertThat(ReadRetry.retryable(new InvalidQueryException(null, "keyspace failure_1 does not exist"))).isTrue();
    }

    @Test void aReadThatScannedTooManyTombstonesFailsAtOnce() throws Exception {
        ReadFailureException tombstones = new ReadFailureException(null, DefaultConsistencyLevel.QUORUM, 1, 2, 1, false,
                Map.of(InetAddress.getLoopbackAddress(), 0x0001));
        assertThat(ReadRetry.retryable(tombstones)).isFalse();
        AtomicInteger sends = new AtomicInteger();
        assertThatThrownBy(() -> retry.run(() -> {
            sends.incrementAndGet();
            throw new InvalidQueryException(null, "bad");
        })).isInstanceOf(InvalidQueryException.class);
        assertThat(sends).hasValue(1);
        assertThat(pauses).isEmpty();
    }

    @Test void anAsynchronousReadIsSentAgainAndItsLastFailureCompletesTheResult() {
        AtomicInteger sends = new AtomicInteger();
        CompletableFuture<String> ok = retry.runAsync(() -> sends.incrementAndGet() <= 2
                ? CompletableFuture.failedFuture(deadReplica()) : CompletableFuture.completedFuture("page"));
        assertThat(ok.join()).isEqualTo("page");
        assertThat(sends).hasValue(3);

        sends.set(0);
        CompletableFuture<String> spent = retry.runAsync(() -> {
            sends.incrementAndGet();
            return CompletableFuture.failedFuture(new ReadTimeoutException(null, DefaultConsistencyLevel.QUORUM, 1, 2, false));
        });
        assertThatThrownBy(spent::join).hasCauseInstanceOf(ReadTimeoutException.class);
        assertThat(sends).hasValue(ReadRetry.ATTEMPTS);
    }

    @Test void theDefaultWaitsOnATimerForAnAsynchronousRead() {
        AtomicInteger sends = new AtomicInteger();
        long start = System.nanoTime();
        String page = ReadRetry.DEFAULT.<String>runAsync(() -> sends.incrementAndGet() == 1
                ? CompletableFuture.failedFuture(deadReplica()) : CompletableFuture.completedFuture("page")).join();
        assertThat(page).isEqualTo("page");
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(ReadRetry.FIRST_PAUSE_MILLIS);
    }
}
