package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * When a read is sent again, and after how long (docs/CLUSTER.md, "Failure run"). Right after a
 * Cassandra node dies, and until the failure detector of the other nodes convicts it (a few
 * seconds), a coordinator still counts it among a partition's replicas: a read at QUORUM then
 * fails with {@link ReadFailureException} ("2 responses were required but only 1 replica
 * responded, 1 failed") or times out, although a quorum of live replicas exists. A read changes
 * nothing, so it is sent again, after a backoff that doubles from {@link #FIRST_PAUSE_MILLIS}
 * up to {@link #MAX_PAUSE_MILLIS}, at most {@link #ATTEMPTS} times in all: about 7 s, longer than
 * a detection window on loopback. Only then does the failure reach the engine (as a
 * {@code StorageException}, which the server answers with a 500 InternalServerError that every
 * SDK retries).
 *
 * <p>Retried: a read failure (except a read that scanned too many tombstones, which a second
 * send repeats), a read timeout, too few replicas alive, the driver's own timeout, and a table or
 * keyspace the coordinator says does not exist: Keyline names only tables it created, so that
 * coordinator has not yet taken the schema change (Cassandra spreads schema by gossip; the
 * failure run saw it for a table created 30 s before, around a node's death). Anything else
 * (a bad statement, a closed session) fails at once. Writes have their own loop in
 * {@link CassandraStorage}. Stateless apart from the pause function; thread-safe.
 */
final class ReadRetry {
    /** Sends of one read in all. */
    static final int ATTEMPTS = 8;
    static final long FIRST_PAUSE_MILLIS = 100;
    static final long MAX_PAUSE_MILLIS = 2_000;
    /** The failure code of a read that scanned more tombstones than {@code tombstone_failure_threshold}. */
    private static final int TOMBSTONE_FAILURE = 0x0001;

    /** Waits between two sends (a sleep, or nothing in tests). */
    interface Pause {
        void millis(long millis) throws InterruptedException;
    }

    /** Blocking reads sleep; asynchronous ones wait on the common timer. */
    static final ReadRetry DEFAULT = new ReadRetry(Thread::sleep, true);

    private final Pause pause;
    /** Whether an asynchronous read waits on a timer (true) or calls {@link #pause} on the completing thread (tests). */
    private final boolean onTimer;

    /** A retry whose every wait, asynchronous ones too, is {@code pause}'s (tests count the pauses). */
    ReadRetry(Pause pause) { this(pause, false); }

    private ReadRetry(Pause pause, boolean onTimer) {
        this.pause = pause;
        this.onTimer = onTimer;
    }

    /** Whether a read that failed with {@code failure} (perhaps wrapped by a future) may be sent again. */
    static boolean retryable(Throwable failure) {
        Throwable t = unwrap(failure);
        if (t instanceof ReadFailureException f) {
            return f.getReasonMap().isEmpty() || f.getReasonMap().values().stream().anyMatch(code -> code != TOMBSTONE_FAILURE);
        }
        if (t instanceof InvalidQueryException q) return schemaNotYetSeen(q.getMessage());
        return t instanceof ReadTimeoutException || t instanceof UnavailableException || t instanceof DriverTimeoutException;
    }

    /** Whether a refusal says the statement's table or keyspace is unknown to the coordinator (Cassandra 5's and 4's words). */
    private static boolean schemaNotYetSeen(String message) {
        return message != null && (message.matches("(table|keyspace) \\S+ does not exist") || message.startsWith("unconfigured table"));
    }

    /** The pause after failed send number {@code attempt} (1 for the first). */
    static long pauseMillis(int attempt) {
        long pause = FIRST_PAUSE_MILLIS << Math.min(attempt - 1, 20);
        return Math.min(pause, MAX_PAUSE_MILLIS);
    }

    /** Runs a blocking read, sending it again while it fails retryably and sends are left. */
    <T> T run(Supplier<T> read) {
        for (int attempt = 1; ; attempt++) {
            try {
                return read.get();
            } catch (RuntimeException e) {
                if (attempt >= ATTEMPTS || !retryable(e)) throw e;
                try {
                    pause.millis(pauseMillis(attempt));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /**
     * An asynchronous read, sent again (after the pause, on a timer, never blocking the driver's
     * threads) while it fails retryably and sends are left; the last failure completes the result.
     */
    <T> CompletableFuture<T> runAsync(Supplier<CompletableFuture<T>> read) {
        CompletableFuture<T> result = new CompletableFuture<>();
        attempt(read, 1, result);
        return result;
    }

    private <T> void attempt(Supplier<CompletableFuture<T>> read, int attempt, CompletableFuture<T> result) {
        CompletableFuture<T> sent;
        try {
            sent = read.get();
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
            return;
        }
        sent.whenComplete((value, failure) -> {
            if (failure == null) {
                result.complete(value);
            } else if (attempt >= ATTEMPTS || !retryable(failure)) {
                result.completeExceptionally(unwrap(failure));
            } else {
                Executor later = onTimer
                        ? CompletableFuture.delayedExecutor(pauseMillis(attempt), TimeUnit.MILLISECONDS)
                        : command -> {
                            try {
                                pause.millis(pauseMillis(attempt));
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            command.run();
                        };
                later.execute(() -> attempt(read, attempt + 1, result));
            }
        });
    }

    private static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) t = t.getCause();
        return t;
    }
}
