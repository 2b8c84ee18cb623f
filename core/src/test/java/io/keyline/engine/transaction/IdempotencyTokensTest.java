package io.keyline.engine.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.error.ApiException;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.List;
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
}
