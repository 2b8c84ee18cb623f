package io.keyline.reliability.load;

import io.keyline.reliability.process.ProcessMemory;
import java.util.concurrent.atomic.AtomicLong;

/** Samples a process's RSS every 100 ms on its own thread and keeps the peak. */
final class MemorySampler {
    private final AtomicLong peak = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    MemorySampler(long pid) {
        thread = new Thread(() -> {
            while (running) {
                long rss = ProcessMemory.residentBytes(pid);
                peak.accumulateAndGet(rss, Math::max);
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "rss-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops sampling; returns the peak RSS in bytes. */
    long stop() throws InterruptedException {
        running = false;
        thread.join(5_000);
        return peak.get();
    }
}
