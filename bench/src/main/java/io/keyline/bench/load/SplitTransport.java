package io.keyline.bench.load;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sends requests to several servers in turn (round robin): the load of one target split across
 * its Keyline nodes (docs/CLUSTER.md). Thread-safe, as each transport is; closes them all.
 */
public final class SplitTransport implements Transport {
    private final List<Transport> transports;
    private final AtomicLong sent = new AtomicLong();

    public SplitTransport(List<Transport> transports) {
        if (transports.isEmpty()) throw new IllegalArgumentException("no transport");
        this.transports = List.copyOf(transports);
    }

    @Override public void send(Object request, Completion completion) {
        transports.get((int) Math.floorMod(sent.getAndIncrement(), (long) transports.size())).send(request, completion);
    }

    @Override public void close() {
        transports.forEach(Transport::close);
    }
}
