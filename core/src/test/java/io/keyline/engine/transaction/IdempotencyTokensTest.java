package io.keyline.engine.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.error.ApiException;
import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class IdempotencyTokensTest {
    private final ManualClock clock = new ManualClock();
    private final IdempotencyTokens tokens = new IdempotencyTokens(clock);
    private final AtomicInteger runs = new AtomicInteger();

    private Object run(String token, Object fingerprint) {
        return tokens.run(token, fingerprint, () -> "result " + runs.incrementAndGet());
    }

    @Test void sameRequestReturnsTheFirstResultWithoutRunning() {
        assertThat(run("t", List.of("a"))).isEqualTo("result 1");
        assertThat(run("t", List.of("a"))).isEqualTo("result 1");
        assertThat(runs.get()).isEqualTo(1);
    }

    @Test void differentRequestIsAMismatch() {
        run("t", List.of("a"));
        ApiException e = catchThrowableOfType(() -> run("t", List.of("b")), ApiException.class);
        assertThat(e.name()).isEqualTo("IdempotentParameterMismatchException");
        assertThat(run("other", List.of("b"))).isEqualTo("result 2");
    }

    @Test void theWindowIsTenMinutesFromCompletion() {
        run("t", List.of("a"));
        clock.advance(Duration.ofMinutes(10));
        assertThat(tokens.size()).isZero();
        assertThat(run("t", List.of("b"))).isEqualTo("result 2");
    }

    @Test void failuresAreNotRemembered() {
        catchThrowableOfType(() -> tokens.run("t", "x", () -> { throw new IllegalStateException(); }), IllegalStateException.class);
        assertThat(run("t", "x")).isEqualTo("result 1");
    }

    @Test void aTokenStillRunningIsInProgress() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        Thread first = new Thread(() -> tokens.run("t", "x", () -> {
            started.countDown();
            try {
                finish.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "done";
        }));
        first.start();
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        ApiException e = catchThrowableOfType(() -> run("t", "x"), ApiException.class);
        finish.countDown();
        first.join();
        assertThat(e.name()).isEqualTo("TransactionInProgressException");
        assertThat(run("t", "x")).isEqualTo("done");
    }

    // ---- stamped into storage (docs/RULES.md#TX-IDEMPOTENCY-DURABLE) ----

    private final Storage storage = new MemoryStorage();

    /** The work of a stamped request: its stamp goes into the batch it writes, as a transaction's does. */
    private Object stamped(IdempotencyTokens on, String token, Object fingerprint) {
        return on.run(token, fingerprint, stamp -> {
            WriteBatch batch = new WriteBatch().put(Keyspaces.key(99, new byte[] {1}), new byte[] {1});
            stamp.addTo(batch);
            storage.write(batch);
            return "result " + runs.incrementAndGet();
        }, () -> "replayed");
    }

    private int storedStamps() {
        int n = 0;
        try (Cursor c = storage.range(Keyspaces.key(Keyspaces.CATALOG, new byte[] {TokenStampLayout.TAG}),
                Keyspaces.key(Keyspaces.CATALOG, new byte[] {TokenStampLayout.TAG + 1}), false)) {
            while (c.next()) n++;
        }
        return n;
    }

    @Test void aStampedTokenOutlivesTheProcessThatRanIt() {
        assertThat(stamped(new IdempotencyTokens(clock, storage), "t", List.of("a"))).isEqualTo("result 1");
        IdempotencyTokens restarted = new IdempotencyTokens(clock, storage);
        assertThat(restarted.size()).isEqualTo(1);
        assertThat(stamped(restarted, "t", List.of("a"))).isEqualTo("replayed");
        assertThat(runs.get()).isEqualTo(1);
        ApiException e = catchThrowableOfType(() -> stamped(restarted, "t", List.of("b")), ApiException.class);
        assertThat(e.name()).isEqualTo("IdempotentParameterMismatchException");
    }

    @Test void theWindowHoldsAcrossARestartAndExpiredStampsAreDeleted() {
        stamped(new IdempotencyTokens(clock, storage), "t", List.of("a"));
        clock.advance(IdempotencyTokens.WINDOW.minusSeconds(1));
        IdempotencyTokens restarted = new IdempotencyTokens(clock, storage);
        assertThat(stamped(restarted, "t", List.of("a"))).isEqualTo("replayed");
        clock.advance(Duration.ofSeconds(2));
        assertThat(restarted.size()).isZero();
        assertThat(storedStamps()).isZero();
        assertThat(stamped(restarted, "t", List.of("b"))).isEqualTo("result 2");
        assertThat(storedStamps()).isEqualTo(1);
        clock.advance(IdempotencyTokens.WINDOW);
        new IdempotencyTokens(clock, storage); // loading finds it expired
        assertThat(storedStamps()).isZero();
    }

    @Test void aRequestThatFailsAfterStampingLeavesNoStamp() {
        IdempotencyTokens tokens = new IdempotencyTokens(clock, storage);
        catchThrowableOfType(() -> tokens.run("t", "x", stamp -> {
            stamp.addTo(new WriteBatch()); // the batch is never written
            throw new IllegalStateException();
        }, () -> "replayed"), IllegalStateException.class);
        assertThat(storedStamps()).isZero();
        assertThat(stamped(new IdempotencyTokens(clock, storage), "t", "x")).isEqualTo("result 1");
    }

    @Test void membersInAnotherOrderAreTheSameRequest() {
        Map<String, Object> ab = new LinkedHashMap<>();
        ab.put("a", List.of("1", Map.of("x", true)));
        ab.put("b", "2");
        Map<String, Object> ba = new LinkedHashMap<>();
        ba.put("b", "2");
        ba.put("a", List.of("1", Map.of("x", true)));
        assertThat(RequestDigest.of(ab)).isEqualTo(RequestDigest.of(ba));
        assertThat(RequestDigest.of(ab)).isNotEqualTo(RequestDigest.of(Map.of("a", List.of("1", Map.of("x", false)), "b", "2")));
        assertThat(RequestDigest.of(List.of("ab", "c"))).isNotEqualTo(RequestDigest.of(List.of("a", "bc")));
    }

    // ---- shared by several nodes on one storage (docs/RULES.md#CLUSTER-TOKENS-SHARED) ----

    private IdempotencyTokens sharedNode() {
        return new IdempotencyTokens(clock, storage, true);
    }

    private int storedCopies() {
        int n = 0;
        try (Cursor c = storage.range(Keyspaces.key(Keyspaces.CATALOG, new byte[] {TokenStampLayout.BY_TOKEN_TAG}),
                Keyspaces.key(Keyspaces.CATALOG, new byte[] {TokenStampLayout.BY_TOKEN_TAG + 1}), false)) {
            while (c.next()) n++;
        }
        return n;
    }

    @Test void aRetryThroughANodeThatNeverSawTheRequestIsNotRunAgain() {
        IdempotencyTokens first = sharedNode();
        IdempotencyTokens second = sharedNode(); // started before the request: nothing loaded
        assertThat(stamped(first, "t", List.of("a"))).isEqualTo("result 1");
        assertThat(stamped(second, "t", List.of("a"))).isEqualTo("replayed");
        assertThat(runs.get()).isEqualTo(1);
        ApiException e = catchThrowableOfType(() -> stamped(second, "t", List.of("b")), ApiException.class);
        assertThat(e.name()).isEqualTo("IdempotentParameterMismatchException");
        // a token of which "t" is a prefix is another token
        assertThat(stamped(second, "tt", List.of("a"))).isEqualTo("result 2");
    }

    @Test void withoutSharingANodeThatNeverSawTheRequestRunsItAgain() {
        IdempotencyTokens first = new IdempotencyTokens(clock, storage);
        IdempotencyTokens second = new IdempotencyTokens(clock, storage);
        stamped(first, "t", List.of("a"));
        assertThat(stamped(second, "t", List.of("a"))).isEqualTo("result 2");
        assertThat(storedCopies()).isZero(); // one process alone writes no by-token copy
    }

    @Test void aSharedStampExpiresWithItsWindowAndItsCopyIsDeletedWithIt() {
        IdempotencyTokens first = sharedNode();
        IdempotencyTokens second = sharedNode();
        stamped(first, "t", List.of("a"));
        assertThat(storedCopies()).isEqualTo(1);
        clock.advance(IdempotencyTokens.WINDOW.minusSeconds(1));
        assertThat(stamped(second, "t", List.of("a"))).isEqualTo("replayed");
        clock.advance(Duration.ofSeconds(2));
        assertThat(stamped(second, "t", List.of("b"))).isEqualTo("result 2"); // past the window: a new request
        assertThat(first.size()).isZero(); // the first node's entry expires, and its stamp and copy are deleted
        assertThat(storedStamps()).isEqualTo(1);
        assertThat(storedCopies()).isEqualTo(1);
        assertThat(stamped(first, "t", List.of("b"))).isEqualTo("replayed"); // the newer stamp, found by the other node
        clock.advance(IdempotencyTokens.WINDOW);
        sharedNode(); // a start finds every stamp expired and deletes it, copy too
        assertThat(storedStamps()).isZero();
        assertThat(storedCopies()).isZero();
    }
}
