package io.keyline.bench.load;

/**
 * Sends one prepared request and reports its outcome. Implementations are thread-safe;
 * completions may run on any thread (often the I/O thread) and must be short.
 */
public interface Transport extends AutoCloseable {
    /** Status of a request that failed without an HTTP answer (connection lost, timeout). */
    int NO_ANSWER = -1;

    /** Outcome callback: the HTTP status (200 is success) and, for failures, a short sample of the body. */
    interface Completion { void complete(int status, String errorSample); }

    void send(Object request, Completion completion);

    @Override void close();
}
