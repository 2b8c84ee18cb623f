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
 * @param idleTimeout     a connection with no request for this long is closed; zero for never
 *                        (docs/RULES.md#SERVER-CONNECTION-LIMITS)
 * @param requestReadTimeout a request whose body has not all arrived this long after its headers
 *                        is dropped with its connection; zero for never
 * @param maxBufferedRequestBytes request bytes held at once across all connections, past which a
 *                        body is refused with a retryable 503 (docs/RULES.md#SERVER-CONNECTION-LIMITS)
 */
public record ServerOptions(int maxRequestBytes, int workerThreads, long requestIdSeed, Duration shutdownTimeout,
                            Duration idleTimeout, Duration requestReadTimeout, long maxBufferedRequestBytes) {
    /** DynamoDB rejects request bodies over 16 MB (API reference, BatchWriteItem; test_manual_requests.py). */
    public static final int DYNAMODB_MAX_REQUEST_BYTES = 16 * 1024 * 1024;
    /** Long enough for a 100-action transaction on a slow disk; short enough for a service manager's stop. */
    public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(10);
    /** Longer than any SDK's pool keeps an idle connection (60 s by default), so a client closes first. */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(5);
    /** A 16 MB body at 1 MB/s takes 16 s; a client slower than a quarter of that is holding a buffer. */
    public static final Duration DEFAULT_REQUEST_READ_TIMEOUT = Duration.ofSeconds(60);

    public ServerOptions {
        if (maxRequestBytes <= 0) throw new IllegalArgumentException("maxRequestBytes must be positive");
        if (workerThreads <= 0) throw new IllegalArgumentException("workerThreads must be positive");
        if (shutdownTimeout == null || shutdownTimeout.isNegative()) {
            throw new IllegalArgumentException("shutdownTimeout must be zero or positive");
        }
        if (idleTimeout == null || idleTimeout.isNegative() || requestReadTimeout == null || requestReadTimeout.isNegative()) {
            throw new IllegalArgumentException("timeouts must be zero or positive");
        }
        if (maxBufferedRequestBytes < maxRequestBytes) {
            throw new IllegalArgumentException("maxBufferedRequestBytes must hold at least one largest request");
        }
    }

    public static ServerOptions defaults() {
        int workers = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        // A quarter of the heap: room for the bodies, their parsed form and everything else.
        long buffered = Math.max(DYNAMODB_MAX_REQUEST_BYTES, Runtime.getRuntime().maxMemory() / 4);
        return new ServerOptions(DYNAMODB_MAX_REQUEST_BYTES, workers, 0L, DEFAULT_SHUTDOWN_GRACE,
                DEFAULT_IDLE_TIMEOUT, DEFAULT_REQUEST_READ_TIMEOUT, buffered);
    }

    public ServerOptions withRequestIdSeed(long seed) {
        return new ServerOptions(maxRequestBytes, workerThreads, seed, shutdownTimeout, idleTimeout, requestReadTimeout, maxBufferedRequestBytes);
    }

    public ServerOptions withWorkerThreads(int threads) {
        return new ServerOptions(maxRequestBytes, threads, requestIdSeed, shutdownTimeout, idleTimeout, requestReadTimeout, maxBufferedRequestBytes);
    }

    public ServerOptions withMaxRequestBytes(int bytes) {
        return new ServerOptions(bytes, workerThreads, requestIdSeed, shutdownTimeout, idleTimeout, requestReadTimeout, maxBufferedRequestBytes);
    }

    public ServerOptions withShutdownTimeout(Duration grace) {
        return new ServerOptions(maxRequestBytes, workerThreads, requestIdSeed, grace, idleTimeout, requestReadTimeout, maxBufferedRequestBytes);
    }

    public ServerOptions withConnectionTimeouts(Duration idle, Duration requestRead) {
        return new ServerOptions(maxRequestBytes, workerThreads, requestIdSeed, shutdownTimeout, idle, requestRead, maxBufferedRequestBytes);
    }

    public ServerOptions withMaxBufferedRequestBytes(long bytes) {
        return new ServerOptions(maxRequestBytes, workerThreads, requestIdSeed, shutdownTimeout, idleTimeout, requestReadTimeout, bytes);
    }
}
