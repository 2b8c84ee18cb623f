/**
 * How load is sent and measured: two transports (a lightweight raw Netty HTTP/1.1 client and the
 * AWS SDK for Java v2 async client), one driver with closed-loop (N in flight) and open-loop
 * (fixed rate, latency measured from the intended send time, so free of coordinated omission)
 * modes, HdrHistogram latencies, and process CPU read from /proc.
 */
package io.keyline.bench.load;
