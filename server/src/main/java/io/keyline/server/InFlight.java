package io.keyline.server;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Counts API requests between dispatch to a worker and the moment their reply is written, so
 * that {@link KeylineServer#close()} can wait for the last replies before it stops the event
 * loops that write them; and says when the server is draining (closing: requests already
 * running finish, new ones are turned away with a retryable error). Thread-safe (one lock). The wait is a bounded shutdown wait measured by
 * {@link Condition#awaitNanos}, not engine time, so it reads no clock itself.
 */
final class InFlight {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition idle = lock.newCondition();
    private int count;
    /** Set once, when the server starts to close: requests that arrive from then on are turned away. */
    private volatile boolean draining;

    void startDraining() {
        draining = true;
    }

    boolean draining() {
        return draining;
    }

    void enter() {
        lock.lock();
        try {
            count++;
        } finally {
            lock.unlock();
        }
    }

    void exit() {
        lock.lock();
        try {
            if (--count == 0) idle.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until no request is in flight.
     *
     * @return the part of the timeout left, in nanoseconds; zero or less if it passed first
     */
    long awaitIdle(long timeoutNanos) throws InterruptedException {
        long nanos = timeoutNanos;
        lock.lock();
        try {
            while (count > 0) {
                if (nanos <= 0) return nanos;
                nanos = idle.awaitNanos(nanos);
            }
            return Math.max(nanos, 1);
        } finally {
            lock.unlock();
        }
    }
}
