/**
 * The server under hostile and steady load, measured from outside: {@link
 * io.keyline.reliability.load.FloodProbe} (many large bodies at once, slow connections, idle
 * connections: the server's RSS and a prober's latency meanwhile, and what the server answered)
 * and {@link io.keyline.reliability.load.Soak} (a steady mix of writes and reads for a long time:
 * RSS and p99 per window).
 */
package io.keyline.reliability.load;
