package io.keyline.reliability.process;

import io.keyline.bench.target.ServerProcess;
import io.keyline.time.Clock;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One Keyline server as a child process on a fixed loopback port, started again after each
 * {@link #kill} with the same arguments (so the same data directory). Its output is appended to
 * one log file across restarts. It is up when {@code GET /} answers 200 (the health check); the
 * launch and the wait are the bench module's {@link ServerProcess}, which starts the benchmarks'
 * servers too. {@link #kill} is SIGKILL ({@link Process#destroyForcibly} on Unix): no shutdown
 * hook runs, so what survives is what the storage had handed to the operating system. Not
 * thread-safe: one thread (the harness's) starts and kills it.
 */
public final class KeylineProcess implements AutoCloseable {
    /** The first start of {@code bin/keyline} may build the jar and record its class-data archive. */
    public static final Duration FIRST_START = Duration.ofMinutes(10);
    /** A port just freed by a killed server can stay busy briefly; starting again is retried. */
    private static final int START_ATTEMPTS = 5;

    private final Launcher launcher;
    private final List<String> serveArguments;
    private final Path log;
    private final int port;
    private final Clock clock;
    private Process process;
    private int starts;

    /**
     * A tool's server: a new one, started (within {@link #FIRST_START}) and answering; closed
     * again if it does not come up. The tools open it in a try-with-resources.
     */
    public static KeylineProcess started(Launcher launcher, List<String> serveArguments, Path log, Clock clock) throws IOException {
        KeylineProcess server = new KeylineProcess(launcher, serveArguments, log, clock);
        try {
            server.start(FIRST_START);
            return server;
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    public KeylineProcess(Launcher launcher, List<String> serveArguments, Path log, Clock clock) throws IOException {
        this.launcher = launcher;
        this.serveArguments = List.copyOf(serveArguments);
        this.log = log;
        this.port = freePort();
        this.clock = clock;
    }

    public URI endpoint() { return URI.create("http://127.0.0.1:" + port); }

    public int port() { return port; }

    public int starts() { return starts; }

    public boolean isAlive() { return process != null && process.isAlive(); }

    public long pid() { return process.pid(); }

    /** Starts the server and waits for its health check; returns the time from launch to ready. */
    public Duration start(Duration timeout) throws IOException {
        if (isAlive()) throw new IllegalStateException("already running");
        IOException last = null;
        for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
            try {
                return startOnce(timeout);
            } catch (IOException e) {
                last = e;
                sleep(500);
            }
        }
        throw last;
    }

    private Duration startOnce(Duration timeout) throws IOException {
        List<String> command = new ArrayList<>(launcher.command());
        command.add("serve");
        command.add("--host");
        command.add("127.0.0.1");
        command.add("--port");
        command.add(Integer.toString(port));
        command.addAll(serveArguments);
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        starts++;
        ServerProcess started = ServerProcess.start("keyline", builder, log, port, timeout, clock, p -> healthy());
        process = started.process();
        return started.readyAfter();
    }

    /** True if GET / answers 200 now. */
    public boolean healthy() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            s.setSoTimeout(2000);
            OutputStream out = s.getOutputStream();
            out.write(("GET / HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String head = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
            return head.startsWith("HTTP/1.1 200");
        } catch (IOException e) {
            return false;
        }
    }

    /** SIGKILL, and waits until the process is gone. */
    public void kill() {
        if (process == null) return;
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        waitGone(Duration.ofSeconds(30));
    }

    /** SIGTERM (the server drains and flushes), SIGKILL if it has not exited within the grace. */
    public void stop(Duration grace) {
        if (process == null || !process.isAlive()) return;
        process.destroy();
        if (!waitGone(grace)) kill();
    }

    /** The server's resident set size in bytes, from /proc (Linux); -1 where there is none. */
    public long residentBytes() {
        if (!isAlive()) return -1;
        return ProcessMemory.residentBytes(process.pid());
    }

    private boolean waitGone(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        stop(Duration.ofSeconds(15));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
