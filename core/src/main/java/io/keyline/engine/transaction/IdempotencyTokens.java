package io.keyline.engine.transaction;

import io.keyline.error.Errors;
import io.keyline.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * ClientRequestToken idempotency of TransactWriteItems. A token names one request for
 * {@link #WINDOW} after that request completed successfully: the same request again returns the
 * first result without running, a different request with the token is
 * IdempotentParameterMismatchException, and a request whose token is still running is
 * TransactionInProgressException. A failed request leaves no trace, so a retry runs again.
 * Time is the injected clock's; entries are dropped lazily once their window has passed.
 * Thread-safe (one monitor guards the maps; the work itself runs outside it).
 */
public final class IdempotencyTokens {
    /** docs/RULES.md#TX-IDEMPOTENCY: a token is valid for 10 minutes after the first request completes. */
    public static final Duration WINDOW = Duration.ofMinutes(10);
    /** The exception's description in the API reference; the live text may differ (inferred: docs/RULES.md#TX-IDEMPOTENCY). */
    static final String MISMATCH = "DynamoDB rejected the request because you retried a request with a different payload "
            + "but with an idempotent token that was already used.";
    /** Wording observed in the wild (aws-sdk-java-v2 issue 2518). */
    static final String IN_PROGRESS = "Transaction from previous request is still in progress";

    private record Entry(Object fingerprint, Object result, Instant completedAt) {}

    private final Clock clock;
    private final Map<String, Entry> completed = new LinkedHashMap<>();
    private final Set<String> running = new HashSet<>();

    public IdempotencyTokens(Clock clock) { this.clock = clock; }

    /**
     * Runs {@code work} once per token and fingerprint within the window.
     *
     * @param fingerprint what makes two requests "the same" (compared with equals)
     */
    public Object run(String token, Object fingerprint, Supplier<Object> work) {
        synchronized (this) {
            expire();
            Entry e = completed.get(token);
            if (e != null) {
                if (!e.fingerprint().equals(fingerprint)) throw Errors.idempotentParameterMismatch(MISMATCH);
                return e.result();
            }
            if (!running.add(token)) throw Errors.transactionInProgress(IN_PROGRESS);
        }
        try {
            Object result = work.get();
            synchronized (this) {
                completed.put(token, new Entry(fingerprint, result, clock.now()));
            }
            return result;
        } finally {
            synchronized (this) {
                running.remove(token);
            }
        }
    }

    /** Number of tokens remembered now (for tests and metrics). */
    public synchronized int size() {
        expire();
        return completed.size();
    }

    /** Entries are in completion order, so expired ones are a prefix. */
    private void expire() {
        Instant cutoff = clock.now().minus(WINDOW);
        Iterator<Entry> it = completed.values().iterator();
        while (it.hasNext()) {
            if (it.next().completedAt().isAfter(cutoff)) break;
            it.remove();
        }
    }
}
