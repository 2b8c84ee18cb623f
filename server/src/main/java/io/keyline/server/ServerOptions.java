package io.keyline.server;

import java.time.Duration;

/**
 * Tunables of a {@link KeylineServer}. Immutable.
 *
 * @param maxRequestBytes largest request body accepted, before and after decompression
 * @param workerThreads   threads that decode requests and run operations (never Netty's event loop)
 * @param requestIdSeed   seed of the request-id sequence, so ids differ between server runs
 * @param shutdownTimeout the grace period of {@link KeylineServer#close()}: how long requests
 *                        already running (or queued for a worker) get to finish and be answered
 *                        (docs/RULES.md#SERVER-DRAIN)
 */
public record ServerOptions(int maxRequestBytes, int workerThreads, long requestIdSeed, Duration shutdownTimeout) {
    /** DynamoDB rejects request bodies over 16 MB (API reference, BatchWriteItem; test_manual_requests.py). */
    public static final int DYNAMODB_MAX_REQUEST_BYTES = 16 * 1024 * 1024;
    /** Long enough for a 100-action transaction on a slow disk; short enough for a service manager's stop. */
    public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(10);

    public ServerOptions {
        if (maxRequestBytes <= 0) throw new IllegalArgumentException("maxRequestBytes must be positive");
        if (workerThreads <= 0) throw new IllegalArgumentException("workerThreads must be positive");
        if (shutdownTimeout == null || shutdownTimeout.isNegative()) {
            throw new IllegalArgumentException("shutdownTimeout must be zero or positive");
        }
    }

    public static ServerOptions defaults() {
        int workers = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        return new ServerOptions(DYNAMODB_MAX_REQUEST_BYTES, workers, 0L, DEFAULT_SHUTDOWN_GRACE);
    }

    public ServerOptions withRequestIdSeed(long seed) {
        return new ServerOptions(maxRequestBytes, workerThreads, seed, shutdownTimeout);
    }

    public ServerOptions withWorkerThreads(int threads) {
        return new ServerOptions(maxRequestBytes, threads, requestIdSeed, shutdownTimeout);
    }

    public ServerOptions withMaxRequestBytes(int bytes) {
        return new ServerOptions(bytes, workerThreads, requestIdSeed, shutdownTimeout);
    }

    public ServerOptions withShutdownTimeout(Duration grace) {
        return new ServerOptions(maxRequestBytes, workerThreads, requestIdSeed, grace);
    }
}
