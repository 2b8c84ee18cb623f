package io.keyline.server;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Counts API requests between dispatch to a worker and the moment their reply is written, so
 * that {@link KeylineServer#close()} can wait for the last replies before it stops the event
 * loops that write them. Thread-safe (one lock). The wait is a bounded shutdown wait measured by
 * {@link Condition#awaitNanos}, not engine time, so it reads no clock itself.
 */
final class InFlight {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition idle = lock.newCondition();
    private int count;

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

    /** @return true if idle, false if the timeout passed first */
    boolean awaitIdle(long timeoutMillis) throws InterruptedException {
        long nanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        lock.lock();
        try {
            while (count > 0) {
                if (nanos <= 0) return false;
                nanos = idle.awaitNanos(nanos);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }
}
