package io.keyline.engine.store;

import io.keyline.error.Errors;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks that serialize read-modify-write on one item (conditional writes, updates).
 * A key maps to one stripe by hash; unrelated keys may share a stripe, which costs a little
 * waiting but never correctness. Multi-item callers (transactions) must take stripes in
 * ascending index order via {@link #stripesFor} to avoid deadlock.
 *
 * <p>Transactions additionally register the exact keys they hold, so that contention on one
 * item behaves as in DynamoDB: a single-item write that meets a transaction holding its item
 * gets TransactionConflictException ({@link #lockForWrite}); a transaction that meets another
 * transaction holding one of its items gives up at once, and one that meets a single-item
 * write (or an unrelated key sharing a stripe) waits at most a short bound
 * ({@link #lockForTransaction}).
 *
 * <p>Cluster mode: items lent to another node's transaction ({@link #lend}, docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS)
 * are held as a transaction's are, but by no thread of this process: until the loan ends, a write
 * of one meets TransactionConflictException and a transaction naming one is cancelled with a
 * TransactionConflict reason, as if a transaction of this node held it. Thread-safe.
 */
public final class ItemLocks {
    /** Message of TransactionConflictException and of the TransactionConflict cancellation reason (inferred: docs/RULES.md#TX-CONFLICT). */
    public static final String TRANSACTION_ONGOING = "Transaction is ongoing for the item";

    private static final int STRIPES = 4096;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];
    private final Set<ByteBuffer> heldByTransactions = ConcurrentHashMap.newKeySet();
    /** Items lent to another node's transaction, by loan (empty but in cluster mode, and nearly always then). */
    private final java.util.Map<ByteBuffer, Long> lent = new ConcurrentHashMap<>();

    public ItemLocks() {
        for (int i = 0; i < STRIPES; i++) locks[i] = new ReentrantLock();
    }

    public int stripe(byte[] storageKey) {
        return Math.floorMod(Arrays.hashCode(storageKey) * 0x9E3779B9, STRIPES);
    }

    public ReentrantLock lock(byte[] storageKey) {
        ReentrantLock l = locks[stripe(storageKey)];
        l.lock();
        return l;
    }

    /**
     * The lock of a single-item write, held on return. Uncontended it costs one tryLock; when
     * a transaction holds this very item the write is refused with TransactionConflictException.
     */
    public ReentrantLock lockForWrite(byte[] storageKey) {
        ReentrantLock l = locks[stripe(storageKey)];
        if (!l.tryLock()) {
            if (heldByTransactions.contains(ByteBuffer.wrap(storageKey))) {
                throw Errors.transactionConflict(TRANSACTION_ONGOING);
            }
            l.lock();
        }
        if (!lent.isEmpty() && lent.containsKey(ByteBuffer.wrap(storageKey))) {
            l.unlock();
            throw Errors.transactionConflict(TRANSACTION_ONGOING);
        }
        return l;
    }

    /** Distinct stripe indices for several keys, ascending: the order to lock them in. */
    public int[] stripesFor(byte[]... storageKeys) {
        return Arrays.stream(storageKeys).mapToInt(this::stripe).distinct().sorted().toArray();
    }

    public void lockAll(int[] stripes) { for (int s : stripes) locks[s].lock(); }

    public void unlockAll(int[] stripes) {
        for (int i = stripes.length - 1; i >= 0; i--) locks[stripes[i]].unlock();
    }

    /**
     * Returns once every write that held an item lock when this was called has released it:
     * takes and releases each stripe in turn. The GSI backfill uses it as a barrier.
     */
    public void awaitCurrentHolders() {
        for (ReentrantLock l : locks) {
            l.lock();
            l.unlock();
        }
    }

    /**
     * Takes the stripes of a transaction's keys in ascending order and registers the keys as
     * held by a transaction. A stripe whose item another transaction holds is not waited for;
     * any other busy stripe is waited for at most {@code maxWaitNanos}. On failure everything
     * taken is released and the positions (into {@code keys}) of the items that could not be
     * locked are returned; an empty list means all are held: release with
     * {@link #unlockForTransaction}.
     */
    public List<Integer> lockForTransaction(int[] stripes, byte[][] keys, long maxWaitNanos) {
        for (int i = 0; i < stripes.length; i++) {
            if (!acquire(stripes[i], keys, maxWaitNanos)) {
                unlockAll(Arrays.copyOf(stripes, i));
                return positionsIn(stripes[i], keys);
            }
        }
        if (!lent.isEmpty()) {
            List<Integer> onLoan = new ArrayList<>();
            for (int i = 0; i < keys.length; i++) if (lent.containsKey(ByteBuffer.wrap(keys[i]))) onLoan.add(i);
            if (!onLoan.isEmpty()) {
                unlockAll(stripes);
                return onLoan;
            }
        }
        for (byte[] key : keys) heldByTransactions.add(ByteBuffer.wrap(key));
        return List.of();
    }

    /**
     * Lends {@code keys} to another node's transaction as loan {@code loan}: takes their stripes as
     * a transaction does (so writes under way finish first), marks them lent, and lets the stripes
     * go. Returns the positions of the items that could not be taken (another transaction or loan
     * holds them, or the wait ran out), with nothing lent; an empty list when all are lent until
     * {@link #endLoan}.
     */
    public List<Integer> lend(long loan, byte[][] keys, long maxWaitNanos) {
        int[] stripes = stripesFor(keys);
        List<Integer> busy = lockForTransaction(stripes, keys, maxWaitNanos);
        if (!busy.isEmpty()) return busy;
        for (byte[] key : keys) lent.put(ByteBuffer.wrap(key), loan);
        unlockForTransaction(stripes, keys);
        return List.of();
    }

    /** Ends loan {@code loan}: its items may be written here again. */
    public void endLoan(long loan, byte[][] keys) {
        for (byte[] key : keys) lent.remove(ByteBuffer.wrap(key), loan);
    }

    public void unlockForTransaction(int[] stripes, byte[][] keys) {
        for (byte[] key : keys) heldByTransactions.remove(ByteBuffer.wrap(key));
        unlockAll(stripes);
    }

    private boolean acquire(int stripe, byte[][] keys, long maxWaitNanos) {
        ReentrantLock l = locks[stripe];
        if (l.tryLock()) return true;
        for (byte[] key : keys) {
            if (stripe(key) == stripe && heldByTransactions.contains(ByteBuffer.wrap(key))) return false;
        }
        try {
            return l.tryLock(maxWaitNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private List<Integer> positionsIn(int stripe, byte[][] keys) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < keys.length; i++) if (stripe(keys[i]) == stripe) out.add(i);
        return out;
    }
}
