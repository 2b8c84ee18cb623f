package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The one Cassandra node the tests of a JVM share: started on first use with the project's
 * {@code scripts/cassandra} (fetched from Maven Central on first use, then cached in
 * ~/.cache/keyline/cassandra) on 127.0.0.1, CQL port {@value #CQL_PORT}, so that it never meets
 * a development cluster on 9042, with its data in this module's target/cassandra-test; killed
 * by its pid when the JVM exits (the data is thrown away, so no clean shutdown is needed).
 * With {@code -Dkeyline.cassandra=HOST:PORT} the tests use that cluster instead and start nothing.
 * When Cassandra cannot be fetched the tests are skipped (aborted) with the reason; any other
 * failure to start fails them.
 *
 * <p>Threading: {@link #session} is synchronized; the node starts at most once per JVM.
 */
public final class TestCluster {
    /** A running cluster to use instead of starting one. */
    public static final String PROPERTY = "keyline.cassandra";
    static final int CQL_PORT = 19042;
    private static final int STORAGE_PORT = 17000;
    private static CqlSession session;
    private static String contactPoint;
    private static String unavailable;

    private TestCluster() {}

    /** The contact point of the test cluster, starting it if needed. */
    public static synchronized String contactPoint() {
        session();
        return contactPoint;
    }

    /** A driver session on the test cluster (shared: do not close it), starting the node if needed. */
    public static synchronized CqlSession session() {
        Assumptions.assumeTrue(unavailable == null, () -> unavailable);
        if (session != null) return session;
        String configured = System.getProperty(PROPERTY, "");
        contactPoint = configured.isBlank() ? startNode() : configured;
        CassandraOptions points = CassandraOptions.of(contactPoint);
        InetSocketAddress first = points.contactPoints().get(0);
        session = CqlSession.builder().addContactPoint(new InetSocketAddress(first.getHostString(), first.getPort()))
                .withLocalDatacenter(CassandraOptions.DEFAULT_DATACENTER)
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
                        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
                        .build())
                .build();
        CqlSession opened = session;
        Runtime.getRuntime().addShutdownHook(new Thread(opened::close, "cassandra-test-session-close"));
        return session;
    }

    /** Options for a storage of the test cluster in {@code keyspace}: replication 1, QUORUM. */
    public static CassandraOptions options(String keyspace) {
        return CassandraOptions.of(contactPoint()).withKeyspace(keyspace).withConsistency("QUORUM");
    }

    private static String startNode() {
        Path script = locateScript();
        Path run = Path.of("target", "cassandra-test").toAbsolutePath();
        run(script, run, 600, "stop"); // a node a crashed run left behind, if any (by its recorded pid)
        deleteTree(run);
        Result fetch = run(script, run, 900, "fetch");
        if (fetch.exit != 0) {
            unavailable = "Cassandra could not be fetched from Maven Central, so the Cassandra tests are skipped: " + fetch.tail();
            Assumptions.abort(unavailable);
        }
        Result start = run(script, run, 600, "start", "1");
        if (start.exit != 0) throw new IllegalStateException("scripts/cassandra start 1 failed: " + start.tail());
        long pid = Long.parseLong(read(run.resolve("n1/pid")).trim());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly),
                "cassandra-test-node-kill"));
        return "127.0.0.1:" + CQL_PORT;
    }

    private record Result(int exit, String output) {
        String tail() {
            List<String> lines = output.lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        }
    }

    private static Result run(Path script, Path run, int timeoutSeconds, String... args) {
        try {
            Path log = Files.createTempFile("keyline-cassandra-", ".log");
            List<String> command = new java.util.ArrayList<>(List.of("bash", script.toString()));
            command.addAll(List.of(args));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().put("KEYLINE_CASSANDRA_RUN", run.toString());
            builder.environment().put("CASSANDRA_CQL_PORT", Integer.toString(CQL_PORT));
            builder.environment().put("CASSANDRA_STORAGE_PORT", Integer.toString(STORAGE_PORT));
            builder.environment().putIfAbsent("CASSANDRA_HEAP", "512M");
            Process process = builder.start();
            if (!process.waitFor(timeoutSeconds, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(-1, read(log) + "\n(timed out after " + timeoutSeconds + " s)");
            }
            String output = read(log);
            Files.deleteIfExists(log);
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** scripts/cassandra of this checkout, from the module's directory (Surefire's working directory) or the root. */
    private static Path locateScript() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path script = dir.resolve("scripts/cassandra");
            if (Files.isRegularFile(script)) return script;
        }
        throw new IllegalStateException("scripts/cassandra not found above " + Path.of("").toAbsolutePath());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
