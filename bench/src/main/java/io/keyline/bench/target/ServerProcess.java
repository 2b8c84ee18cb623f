package io.keyline.bench.target;

import io.keyline.time.Clock;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import io.keyline.bench.load.RawRequests;

/**
 * One server started as a child process, with its output in a log file. It is ready when its
 * {@link Readiness} probe says so (for the benchmarks: it answers a ListTables request with any
 * HTTP status); {@link #readyAfter} is the time from launch to then. {@link #close} destroys it
 * (and its children). The one launch-and-wait of the project's child servers: the benchmarks'
 * targets here, and the reliability harnesses' Keyline (its {@code KeylineProcess}, started
 * again after each kill). Not thread-safe.
 */
public final class ServerProcess implements AutoCloseable {
    private static final long PROBE_INTERVAL_MILLIS = 10;

    /** Whether the server on {@code port} is ready now; called every few milliseconds until it is. */
    @FunctionalInterface
    public interface Readiness {
        boolean ready(int port);
    }

    private final String name;
    private final Process process;
    private final int port;
    private final Duration readyAfter;

    private ServerProcess(String name, Process process, int port, Duration readyAfter) {
        this.name = name;
        this.process = process;
        this.port = port;
        this.readyAfter = readyAfter;
    }

    /** Launches the command in workDir and waits up to {@code timeout} for its first answer (to ListTables). */
    public static ServerProcess start(String name, List<String> command, Path workDir, Path log, int port,
                                      Duration timeout, Clock clock) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        return start(name, builder, log, port, timeout, clock, p -> answers(p, clock));
    }

    /**
     * Launches {@code builder} (its output already redirected to {@code log}) and waits up to
     * {@code timeout} until {@code readiness} holds; if the process exits first or the time runs
     * out, it is gone (killed with its children) and an IOException pointing at the log says so.
     */
    public static ServerProcess start(String name, ProcessBuilder builder, Path log, int port, Duration timeout, Clock clock,
                                      Readiness readiness) throws IOException {
        long launched = clock.nanos();
        Process p = builder.start();
        long deadline = launched + timeout.toNanos();
        while (clock.nanos() < deadline) {
            if (!p.isAlive()) {
                throw new IOException(name + " exited with " + p.exitValue() + " before answering; see " + log);
            }
            if (readiness.ready(port)) {
                return new ServerProcess(name, p, port, Duration.ofNanos(clock.nanos() - launched));
            }
            sleep(PROBE_INTERVAL_MILLIS);
        }
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        throw new IOException(name + " did not answer on port " + port + " within " + timeout + "; see " + log);
    }

    /** True if something on the port answers a ListTables request with an HTTP status line. */
    static boolean answers(int port, Clock clock) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            s.setSoTimeout(2000);
            byte[] request = RawRequests.encode("127.0.0.1", port, "ListTables", "{}".getBytes(StandardCharsets.UTF_8),
                    clock.now().atZone(ZoneOffset.UTC));
            OutputStream out = s.getOutputStream();
            out.write(request);
            out.flush();
            InputStream in = s.getInputStream();
            byte[] head = in.readNBytes(12);
            return new String(head, StandardCharsets.US_ASCII).startsWith("HTTP/1.1 ");
        } catch (IOException e) {
            return false;
        }
    }

    public String name() { return name; }

    public int port() { return port; }

    /** The process whose CPU is charged: the server itself (java or node). */
    public long pid() { return process.pid(); }

    public Duration readyAfter() { return readyAfter; }

    public boolean isAlive() { return process.isAlive(); }

    /** The child itself, for callers that end it their own way (a SIGKILL without a shutdown, say). */
    public Process process() { return process; }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
