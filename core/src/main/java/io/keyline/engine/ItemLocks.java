package io.keyline.engine;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks that serialize read-modify-write on one item (conditional writes, updates).
 * A key maps to one stripe by hash; unrelated keys may share a stripe, which costs a little
 * waiting but never correctness. Multi-item callers (transactions) must take stripes in
 * ascending index order via {@link #stripesFor} to avoid deadlock. Thread-safe.
 */
public final class ItemLocks {
    private static final int STRIPES = 4096;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

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
}
