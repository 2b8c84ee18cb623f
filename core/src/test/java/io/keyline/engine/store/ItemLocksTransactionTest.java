package io.keyline.engine.store;

import io.keyline.engine.store.ItemLocks;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.error.ApiException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/** How transactions and single-item writes meet in {@link ItemLocks}. */
class ItemLocksTransactionTest {
    private final ItemLocks locks = new ItemLocks();

    private static byte[] key(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    /** Runs on another thread, so the locks' owner differs from the test thread. */
    private static <T> T elsewhere(java.util.function.Supplier<T> work) throws Exception {
        return CompletableFuture.supplyAsync(work).get(10, TimeUnit.SECONDS);
    }

    @Test void aTransactionTakesAllAndReleasesAll() throws Exception {
        byte[][] keys = {key("a"), key("b")};
        int[] stripes = locks.stripesFor(keys);
        assertThat(locks.lockForTransaction(stripes, keys, 0)).isEmpty();
        locks.unlockForTransaction(stripes, keys);
        assertThat(elsewhere(() -> {
            List<Integer> busy = locks.lockForTransaction(stripes, keys, 0);
            if (busy.isEmpty()) locks.unlockForTransaction(stripes, keys);
            return busy;
        })).isEmpty();
    }

    @Test void anItemHeldByATransactionRefusesSingleWritesAndOtherTransactions() throws Exception {
        byte[][] held = {key("held")};
        int[] stripes = locks.stripesFor(held);
        assertThat(locks.lockForTransaction(stripes, held, 0)).isEmpty();
        try {
            ApiException e = elsewhere(() -> catchThrowableOfType(() -> locks.lockForWrite(key("held")), ApiException.class));
            assertThat(e.name()).isEqualTo("TransactionConflictException");
            byte[][] mine = {key("free"), key("held")};
            // A wait of a minute would outlast elsewhere()'s 10 s: the transaction gives up at once.
            List<Integer> busy = elsewhere(() -> locks.lockForTransaction(locks.stripesFor(mine), mine, 60_000_000_000L));
            assertThat(busy).contains(1);
        } finally {
            locks.unlockForTransaction(stripes, held);
        }
    }

    @Test void anItemBusyWithASingleWriteIsWaitedForBriefly() throws Exception {
        ReentrantLock single = locks.lockForWrite(key("w"));
        try {
            byte[][] mine = {key("w")};
            assertThat(elsewhere(() -> locks.lockForTransaction(locks.stripesFor(mine), mine, 1_000_000L))).containsExactly(0);
        } finally {
            single.unlock();
        }
        byte[][] mine = {key("w")};
        int[] stripes = locks.stripesFor(mine);
        assertThat(elsewhere(() -> {
            List<Integer> busy = locks.lockForTransaction(stripes, mine, 1_000_000L);
            if (busy.isEmpty()) locks.unlockForTransaction(stripes, mine);
            return busy;
        })).isEmpty();
    }
}
