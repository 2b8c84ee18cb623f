package io.keyline.engine.transaction;

import io.keyline.error.Errors;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * ClientRequestToken idempotency of TransactWriteItems. A token names one request for
 * {@link #WINDOW} after that request completed successfully: the same request again returns the
 * first result without running, a different request with the token is
 * IdempotentParameterMismatchException, and a request whose token is still running is
 * TransactionInProgressException. A failed request leaves no trace, so a retry runs again.
 *
 * <p>Durable (docs/RULES.md#TX-IDEMPOTENCY-DURABLE): with storage, the work is handed a
 * {@link Stamp} that it writes into the transaction's own storage batch, so a crash keeps the
 * transaction and its token together or neither. At start-up the stamps still inside the window
 * are loaded; a retry of one of them, whose first result was lost with the process, is answered
 * by the caller's {@code replay} instead (DynamoDB's answer to a retry: success, nothing
 * applied). Expired stamps are deleted from storage, outside the monitor; a stamp's key holds its
 * completion time, so deleting an expired stamp never removes a newer one of the same token.
 * Time is the injected clock's; entries expire lazily, on the next call.
 *
 * <p>Shared (cluster mode: docs/RULES.md#CLUSTER-TOKENS-SHARED):
 * several Keyline nodes serve one storage, and a retry may reach a node that never saw the first
 * request (it arrived through another node, or the range's owner changed since). Each stamp is
 * then also written under its token, and a token this node does not remember is looked up there
 * before the request runs: one short range read, paid only by requests with a token. The node
 * that decides a transaction is the one owner of its first item's range, so one token's request
 * never runs on two nodes at once, and a new owner reads the stamps of its predecessor's writes,
 * which completed inside the predecessor's term (docs/RULES.md#CLUSTER-FENCE).
 *
 * <p>Thread-safe: one monitor guards the maps; the work and storage writes run outside it.
 */
public final class IdempotencyTokens {
    /** docs/RULES.md#TX-IDEMPOTENCY: a token is valid for 10 minutes after the first request completes. */
    public static final Duration WINDOW = Duration.ofMinutes(10);
    /** The exception's description in the API reference; the live text may differ (inferred: docs/RULES.md#TX-IDEMPOTENCY). */
    static final String MISMATCH = "DynamoDB rejected the request because you retried a request with a different payload "
            + "but with an idempotent token that was already used.";
    /** Wording observed in the wild (aws-sdk-java-v2 issue 2518). */
    static final String IN_PROGRESS = "Transaction from previous request is still in progress";

    /**
     * A completed request: its fingerprint's digest, its first result (null when it was loaded
     * from storage), when it completed, and its stamp's storage key (null when not stored).
     */
    private record Entry(String digest, Object result, Instant completedAt, byte[] storedKey) {}

    private final Clock clock;
    private final Storage storage;
    private final Map<String, Entry> completed = new LinkedHashMap<>();
    private final Set<String> running = new HashSet<>();
    private final boolean shared;

    /** Tokens kept in memory only (lost on restart). */
    public IdempotencyTokens(Clock clock) {
        this.clock = clock;
        this.storage = null;
        this.shared = false;
    }

    /** Tokens stamped into {@code storage} by the transactions that use them; loads the stamps still valid. */
    public IdempotencyTokens(Clock clock, Storage storage) {
        this(clock, storage, false);
    }

    /**
     * As {@link #IdempotencyTokens(Clock, Storage)}; {@code shared} when other Keyline nodes serve
     * the same storage: every stamp is then also written under its token, and a token not
     * remembered here is looked up there (docs/RULES.md#CLUSTER-TOKENS-SHARED).
     */
    public IdempotencyTokens(Clock clock, Storage storage, boolean shared) {
        this.clock = clock;
        this.storage = storage;
        this.shared = shared;
        List<byte[]> expired = new ArrayList<>();
        Instant cutoff = clock.now().minus(WINDOW);
        for (TokenStampLayout.Stored s : TokenStampLayout.readAll(storage)) {
            if (!s.completedAt().isAfter(cutoff)) {
                expired.add(s.key());
                continue;
            }
            Entry previous = completed.remove(s.token()); // an older stamp whose delete was lost
            if (previous != null) expired.add(previous.storedKey());
            completed.put(s.token(), new Entry(s.digest(), null, s.completedAt(), s.key()));
        }
        delete(expired);
    }

    /**
     * After the storage reopened in place (docs/RULES.md#STORAGE-RECOVERY-RESTART): a transaction
     * whose write was reported failed (so its token was not remembered) may be there after all;
     * its stamp is, too. Loads the stamps still valid that memory lacks, as a start does, so a retry
     * of such a transaction is answered, not applied again. Returns how many it added.
     */
    public int reloadAfterReopen() {
        if (storage == null) return 0;
        List<TokenStampLayout.Stored> stored = TokenStampLayout.readAll(storage);
        int added = 0;
        synchronized (this) {
            Instant cutoff = clock.now().minus(WINDOW);
            Map<String, Entry> merged = new LinkedHashMap<>();
            List<Map.Entry<String, Entry>> all = new ArrayList<>(completed.entrySet());
            for (TokenStampLayout.Stored s : stored) {
                if (!s.completedAt().isAfter(cutoff) || completed.containsKey(s.token())) continue;
                all.add(Map.entry(s.token(), new Entry(s.digest(), null, s.completedAt(), s.key())));
                added++;
            }
            if (added == 0) return 0;
            // Kept in completion order, which expiry relies on.
            all.sort(java.util.Comparator.comparing(e -> e.getValue().completedAt()));
            for (Map.Entry<String, Entry> e : all) merged.put(e.getKey(), e.getValue());
            completed.clear();
            completed.putAll(merged);
        }
        return added;
    }

    /**
     * What a request with a token writes beside its items: call {@link #addTo} once, while
     * building the storage batch that applies the request (just before it is committed).
     */
    public final class Stamp {
        private final String token;
        private final String digest;
        private Instant completedAt;
        private byte[] key;

        private Stamp(String token, String digest) {
            this.token = token;
            this.digest = digest;
        }

        /** Adds the token's record to {@code batch}; a no-op for tokens kept in memory only. */
        public void addTo(WriteBatch batch) {
            if (storage == null) return;
            completedAt = clock.now();
            key = TokenStampLayout.key(completedAt, token);
            batch.put(key, TokenStampLayout.value(digest));
            if (shared) batch.put(TokenStampLayout.byTokenKey(token, completedAt), TokenStampLayout.value(digest));
        }
    }

    /**
     * Runs {@code work} once per token and fingerprint within the window.
     *
     * @param fingerprint what makes two requests "the same" (a tree of maps, lists and scalars,
     *                    compared by {@link RequestDigest})
     */
    public Object run(String token, Object fingerprint, Supplier<Object> work) {
        return run(token, fingerprint, stamp -> work.get(), () -> null);
    }

    /**
     * Runs {@code work} once per token and fingerprint within the window; {@code work} writes its
     * stamp with its own batch. A retry whose first result is not in memory (the process
     * restarted since) is answered by {@code replay}.
     */
    public Object run(String token, Object fingerprint, Function<Stamp, Object> work, Supplier<Object> replay) {
        String digest = RequestDigest.of(fingerprint);
        List<byte[]> expired;
        Entry seen;
        synchronized (this) {
            expired = expire();
            seen = completed.get(token);
            if (seen == null && !running.add(token)) {
                delete(expired);
                throw Errors.transactionInProgress(IN_PROGRESS);
            }
        }
        delete(expired);
        if (seen != null) return answer(seen, digest, replay);
        try {
            Entry stored = shared ? stored(token) : null;
            if (stored != null) return answer(stored, digest, replay);
            Stamp stamp = new Stamp(token, digest);
            Object result = work.apply(stamp);
            synchronized (this) {
                completed.put(token, new Entry(digest, result, clock.now(), stamp.key));
            }
            return result;
        } finally {
            synchronized (this) {
                running.remove(token);
            }
        }
    }

    /** The answer to a request whose token completed before: its first result, or the replay; a mismatch if its payload differs. */
    private static Object answer(Entry seen, String digest, Supplier<Object> replay) {
        if (!seen.digest().equals(digest)) throw Errors.idempotentParameterMismatch(MISMATCH);
        return seen.result() != null ? seen.result() : replay.get();
    }

    /** The stamp another node (or this one, before a restart) stored for {@code token} within the window, or null. */
    private Entry stored(String token) {
        TokenStampLayout.Stored s = TokenStampLayout.newest(storage, token);
        if (s == null || !s.completedAt().isAfter(clock.now().minus(WINDOW))) return null;
        return new Entry(s.digest(), null, s.completedAt(), s.key());
    }

    /** Number of tokens remembered now (for tests and metrics). */
    public int size() {
        List<byte[]> expired;
        int size;
        synchronized (this) {
            expired = expire();
            size = completed.size();
        }
        delete(expired);
        return size;
    }

    /**
     * Drops the expired entries and returns the storage keys of their stamps. Entries are in
     * completion order (near enough: each is timed when it registers), so expired ones are a prefix.
     */
    private List<byte[]> expire() {
        Instant cutoff = clock.now().minus(WINDOW);
        List<byte[]> keys = List.of();
        Iterator<Entry> it = completed.values().iterator();
        while (it.hasNext()) {
            Entry e = it.next();
            if (e.completedAt().isAfter(cutoff)) break;
            it.remove();
            if (e.storedKey() != null) {
                if (keys.isEmpty()) keys = new ArrayList<>();
                keys.add(e.storedKey());
            }
        }
        return keys;
    }

    /** Deletes expired stamps; if storage refuses, the next start-up deletes them (they are expired by then too). */
    private void delete(List<byte[]> keys) {
        if (keys.isEmpty() || storage == null) return;
        WriteBatch batch = new WriteBatch();
        for (byte[] key : keys) {
            batch.delete(key);
            if (shared) batch.delete(TokenStampLayout.byTokenKeyOf(key));
        }
        try {
            storage.write(batch);
        } catch (RuntimeException e) {
            // housekeeping only: the request this call serves must not fail for it
        }
    }
}
