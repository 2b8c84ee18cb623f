package io.keyline.cli;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.capacity.Rules;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.engine.config.TimeToLiveSettings;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsSettings;
import io.keyline.op.Operations;
import io.keyline.server.AdminRoutes;
import io.keyline.server.EngineMetrics;
import io.keyline.server.KeylineServer;
import io.keyline.server.ServerOptions;
import io.keyline.server.ServerSecurity;
import io.keyline.server.auth.AuthMode;
import io.keyline.server.auth.Authenticator;
import io.keyline.server.auth.CredentialStore;
import io.keyline.server.tls.PemTls;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageException;
import io.keyline.storage.cassandra.CassandraOptions;
import io.keyline.storage.cassandra.CassandraStorage;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.storage.rocksdb.RocksDbStorage;
import io.keyline.time.SystemClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code keyline serve}: opens storage, starts the engine and the HTTP server, logs one line
 * saying where it listens and where the data lives, and runs until SIGTERM or Ctrl-C, when it
 * closes the server (requests in flight finish), then the engine, which closes storage.
 */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        usageHelpWidth = 110,
        versionProvider = Version.class,
        description = {"Run the DynamoDB-compatible server until stopped (Ctrl-C or SIGTERM).", ""},
        footer = {"", "Point any DynamoDB client at it, e.g.:",
                "  aws dynamodb list-tables --endpoint-url http://localhost:8000"})
public final class ServeCommand implements Callable<Integer> {
    /** Logging starts on first use, so that its set-up overlaps with opening storage. */
    private static final class Log {
        static final Logger LOG = LoggerFactory.getLogger(ServeCommand.class);
    }

    @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on; 0.0.0.0 for every interface. Default: ${DEFAULT-VALUE}.")
    String host;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "8000",
            description = "TCP port to listen on; 0 picks a free one. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--in-memory",
            description = "Keep all data in memory (lost on exit) instead of on disk. For tests and demos.")
    boolean inMemory;

    @Option(names = "--data-dir", paramLabel = "DIR", defaultValue = "keyline-data",
            description = "Directory of the RocksDB data (created if missing; ignored with --in-memory). Default: ./${DEFAULT-VALUE}.")
    Path dataDir;

    @Option(names = "--table-create-delay", paramLabel = "DURATION", defaultValue = "0", converter = DurationConverter.class,
            description = "How long a new table or index stays CREATING before it is ACTIVE, as DynamoDB's do, "
                    + "and a new stream ENABLING before it is ENABLED (e.g. 500ms, 2s). Default: ${DEFAULT-VALUE}.")
    Duration tableCreateDelay;

    @Option(names = "--table-delete-delay", paramLabel = "DURATION", defaultValue = "0", converter = DurationConverter.class,
            description = "How long a deleted table, or a GSI deleted by UpdateTable, stays DELETING before it is gone, "
                    + "and a disabled stream DISABLING before it is DISABLED (e.g. 500ms, 2s). Default: ${DEFAULT-VALUE}.")
    Duration tableDeleteDelay;

    @Option(names = "--gsi-lag", paramLabel = "DURATION", defaultValue = "0", converter = DurationConverter.class,
            description = "How long a write takes to reach the global secondary indexes, so applications can test "
                    + "eventual consistency (e.g. 250ms). Default: ${DEFAULT-VALUE} (as fast as possible).")
    Duration gsiLag;

    @Option(names = "--ttl-delay", paramLabel = "DURATION", defaultValue = "2s", converter = DurationConverter.class,
            description = "How long after its Time to Live expiry an item may still be there: the expirer looks for expired "
                    + "items twice in this time (DynamoDB takes up to days). Default: ${DEFAULT-VALUE}.")
    Duration ttlDelay;

    @Option(names = "--ttl-change-interval", paramLabel = "DURATION", defaultValue = "1h", converter = DurationConverter.class,
            description = "After an UpdateTimeToLive, how long another change of the table's Time to Live is refused "
                    + "(docs/RULES.md#TTL-CHANGE-RATE). Default: ${DEFAULT-VALUE}, as DynamoDB; shorter for test suites.")
    Duration ttlChangeInterval;

    @Option(names = "--item-collection-limit", paramLabel = "SIZE", defaultValue = "10GB", converter = ByteSizeConverter.class,
            description = "Size limit of an item collection (items of one partition key plus their LSI entries) in tables "
                    + "with local secondary indexes (e.g. 64KB). Default: ${DEFAULT-VALUE}, as DynamoDB.")
    long itemCollectionLimit;

    @Option(names = "--region", paramLabel = "REGION", defaultValue = "us-east-1",
            description = "Default region: where a request that names no region goes, and the region of tables "
                    + "written before regions were kept apart. A signed request sees the tables of the region in "
                    + "its credential scope; ARNs and DescribeEndpoints name the request's region. "
                    + "Default: ${DEFAULT-VALUE}.")
    String region;

    @Option(names = "--shared-db",
            description = "One set of tables for every region (as DynamoDB Local's -sharedDb): all requests see the "
                    + "default region's tables; ARNs still name the request's region.")
    boolean sharedDb;

    @Option(names = "--capacity", paramLabel = "MODE", defaultValue = "enforce", converter = CapacityModeConverter.class,
            description = "DynamoDB's capacity physics: enforce (throttle as DynamoDB would), account (measure and "
                    + "report, never throttle) or off (no bookkeeping). Default: ${DEFAULT-VALUE}.")
    CapacityMode capacity;

    @Option(names = "--partition-split-size", paramLabel = "SIZE", defaultValue = "10GB", converter = ByteSizeConverter.class,
            description = "Size at which a partition splits; DynamoDB's is 10GB. Lower it (e.g. 1MB) to watch splits "
                    + "on small data at GET /admin/partitions. Default: 10GB.")
    long partitionSplitSize;

    @Option(names = "--table-quota", paramLabel = "UNITS",
            description = "Per-table throughput quota in read and in write units (table plus its GSIs); DynamoDB's "
                    + "default is " + Rules.DEFAULT_TABLE_QUOTA + " and is adjustable. Default: ${DEFAULT-VALUE}.")
    long tableQuota = Rules.DEFAULT_TABLE_QUOTA;

    @Option(names = "--partition-burst", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How many seconds of its 1,000 WCU / 3,000 RCU an idle partition banks. A partition not in "
                    + "debt admits any one request (a large batch or transaction) and is charged in full; in debt it "
                    + "throttles until the debt is repaid at its ceiling. Default: 7s (our estimate).")
    Duration partitionBurst;

    @Option(names = "--hot-partition-isolation", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long a partition must stay hot before adaptive capacity splits it off. Default: 1m (our estimate; AWS gives no figure).")
    Duration isolationDelay;

    @Option(names = "--no-partition-isolation", description = "Never split hot partitions (adaptive isolation off).")
    boolean noIsolation;

    @Option(names = "--on-demand-growth-delay", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long a new on-demand peak takes to raise the 2x-previous-peak ceiling. "
                    + "Default: 30m (AWS: growth beyond 2x within 30 minutes may throttle).")
    Duration onDemandGrowthDelay;

    // The default can also come from -Dkeyline.metrics, so bench/variants.sh can compare on and off as JVM options.
    @Option(names = "--metrics", paramLabel = "on|off", defaultValue = "${sys:keyline.metrics:-on}",
            description = "Keep DynamoDB's CloudWatch metrics and Keyline's own (GET /metrics for Prometheus; aws cloudwatch with --endpoint-url). off "
                    + "records nothing; throttles are still explained in the log. Default: on.")
    String metricsSwitch;

    @Option(names = "--metrics-retention", paramLabel = "DURATION[,DURATION]", defaultValue = "3h,15m",
            description = "How long metrics are kept: one-minute data points, then one-second data points "
                    + "(memory is fixed by these). Default: ${DEFAULT-VALUE}.")
    String metricsRetention;

    @Option(names = "--shutdown-grace", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "On SIGTERM or Ctrl-C, how long requests already running get to finish and be answered; requests "
                    + "that arrive meanwhile get a retryable 503 and their connection is closed. Default: ${DEFAULT-VALUE}.")
    Duration shutdownGrace;

    @Option(names = "--idle-timeout", paramLabel = "DURATION", defaultValue = "5m", converter = DurationConverter.class,
            description = "Close a connection that has had no request for this long (0: never). Default: ${DEFAULT-VALUE}.")
    Duration idleTimeout;

    @Option(names = "--request-read-timeout", paramLabel = "DURATION", defaultValue = "60s", converter = DurationConverter.class,
            description = "Drop a request (and its connection) whose body has not all arrived this long after its headers (0: never). "
                    + "Default: ${DEFAULT-VALUE}.")
    Duration requestReadTimeout;

    // Security (docs/SECURITY.md): --auth, --credentials, --tls-cert, --tls-key
    @Option(names = "--auth", paramLabel = "none|enforce",
            description = "Verify SigV4 signatures against --credentials (enforce) or only check their form (none, as DynamoDB "
                    + "Local). Default: none on a loopback address, enforce on any other.")
    String auth;

    @Option(names = "--credentials", paramLabel = "FILE",
            description = "Access keys in the AWS shared-credentials format: [sections] with aws_access_key_id, "
                    + "aws_secret_access_key and optionally aws_account_id; reread when it changes. Each account has its own tables.")
    Path credentialsFile;

    @Option(names = "--tls-cert", paramLabel = "PEM",
            description = "Serve HTTPS (only) on the port with this certificate chain (PEM); needs --tls-key.")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "PEM", description = "The certificate's private key (PEM, unencrypted PKCS#8).")
    Path tlsKey;

    // ---- Host checking (docs/SECURITY.md, "Host names") ----

    @Option(names = "--allowed-hosts", paramLabel = "NAMES", split = ",",
            description = "Host names, besides localhost, IP addresses and --host, that requests may call this server by "
                    + "(comma-separated; * for any). Checked under --auth none, so that a web page cannot reach the server "
                    + "through DNS rebinding; under --auth enforce only when given.")
    java.util.List<String> allowedHosts;

    /** The Host names the server answers to: checked under --auth none, and under enforce when --allowed-hosts is given. */
    io.keyline.server.HostCheck hostCheck(AuthMode mode) {
        if (mode == AuthMode.ENFORCE && allowedHosts == null) return io.keyline.server.HostCheck.ANY;
        return io.keyline.server.HostCheck.of(host, allowedHosts == null ? java.util.List.of() : allowedHosts);
    }

    /** The server's security from --auth, --credentials, --tls-cert, --tls-key and --allowed-hosts; a mistake is a StartupException. */
    ServerSecurity security() {
        AuthMode mode;
        try {
            mode = auth == null ? AuthMode.defaultFor(host) : AuthMode.parse(auth);
        } catch (IllegalArgumentException e) {
            throw new StartupException(e.getMessage(), e);
        }
        if (mode == AuthMode.ENFORCE && credentialsFile == null) {
            throw new StartupException("--auth enforce needs --credentials FILE (AWS shared-credentials format: [name] sections with "
                    + "aws_access_key_id and aws_secret_access_key)" + (auth == null ? "; it is the default when listening on "
                    + host + ", which is not a loopback address (--auth none to accept any signature)" : ""), null);
        }
        if ((tlsCert == null) != (tlsKey == null)) throw new StartupException("--tls-cert and --tls-key go together", null);
        try {
            Authenticator authenticator = Authenticator.none();
            if (mode == AuthMode.ENFORCE) {
                authenticator = Authenticator.enforce(CredentialStore.load(credentialsFile, SystemClock.INSTANCE), SystemClock.INSTANCE);
            }
            return new ServerSecurity(authenticator, tlsCert == null ? null : PemTls.serverContext(tlsCert, tlsKey), hostCheck(mode));
        } catch (IllegalArgumentException e) {
            throw new StartupException(e.getMessage(), e);
        }
    }

    // ---- cluster mode: storage in Apache Cassandra (docs/CLUSTER.md) ----

    @Option(names = "--storage", paramLabel = "KIND", defaultValue = "rocksdb",
            description = "Where the data lives: rocksdb (embedded, in --data-dir), memory (as --in-memory) or cassandra "
                    + "(an Apache Cassandra cluster, --cassandra; several Keyline nodes may share it). Default: ${DEFAULT-VALUE}.")
    String storageKind;

    @Option(names = "--cassandra", paramLabel = "HOST:PORT[,...]", defaultValue = "127.0.0.1:9042",
            description = "Contact points of the Cassandra cluster, with --storage cassandra (scripts/cassandra start runs one "
                    + "on this machine). Default: ${DEFAULT-VALUE}.")
    String cassandraPoints;

    @Option(names = "--keyspace", paramLabel = "NAME", defaultValue = CassandraOptions.DEFAULT_KEYSPACE,
            description = "Cassandra keyspace of the data, created if missing; Keyline nodes that share it serve the same tables. "
                    + "Default: ${DEFAULT-VALUE}.")
    String cassandraKeyspace;

    @Option(names = "--replication", paramLabel = "N", defaultValue = "1",
            description = "Replicas of each item when Keyline creates the Cassandra keyspace (3 for a 3-node cluster). Default: ${DEFAULT-VALUE}.")
    int cassandraReplication;

    @Option(names = "--consistency", paramLabel = "LEVEL", defaultValue = "QUORUM",
            description = "Cassandra consistency level of every read and write (QUORUM: a write acknowledged is read by any "
                    + "node while a majority of replicas is up). Default: ${DEFAULT-VALUE}.")
    String cassandraConsistency;

    /** The Cassandra storage options from the command line. */
    CassandraOptions cassandraOptions() {
        try {
            return CassandraOptions.of(cassandraPoints).withKeyspace(cassandraKeyspace).withReplication(cassandraReplication)
                    .withConsistency(cassandraConsistency);
        } catch (IllegalArgumentException e) {
            throw new StartupException(e.getMessage(), e);
        }
    }

    // The default can also come from -Dkeyline.durability, so bench/variants.sh can compare sync and async as JVM options.
    // sync is the default since its group commit kept 0.81 of async's PutItem throughput at 64 in flight (median of five
    // quiet pairs; issue 17's bar is 0.8): docs/BENCHMARKS.md, "Durability: group commit".
    @Option(names = "--durability", paramLabel = "sync|async", defaultValue = "${sys:keyline.durability:-sync}",
            description = "sync: a write is acknowledged only once the write-ahead log is on the device (concurrent writers "
                    + "share one sync), so it survives a power loss. async: once the log is handed to the operating system, "
                    + "so it survives a crash of Keyline but maybe not of the machine. Ignored with --in-memory. "
                    + "Default: sync.")
    String durability;

    @Override
    public Integer call() {
        Running running = start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                running.close();
                Log.LOG.info("Keyline stopped");
            } finally {
                stopped.countDown();
            }
        }, "keyline-shutdown"));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /**
     * Opens storage, engine and server and logs the start-up line; the caller closes what it
     * returns. Storage opens on its own thread (RocksDB loads a native library) while this one
     * sets up logging and warms up the HTTP pipeline, so start-up takes the longer of the two,
     * not their sum.
     */
    Running start() {
        if (!region.matches("[A-Za-z0-9._-]{1,64}")) {
            // the sigv4 scope's region form: the region becomes part of ARNs and catalog keys
            throw new StartupException("--region must be 1 to 64 letters, digits, dots, dashes or underscores, not '"
                    + region + "'", null);
        }
        ServerSecurity security = security();
        syncWrites(); // a bad --durability fails here, not on the storage thread
        CompletableFuture<Storage> opening = new CompletableFuture<>();
        Thread opener = new Thread(() -> {
            try {
                opening.complete(openStorage());
            } catch (Throwable e) {
                opening.completeExceptionally(e);
            }
        }, "keyline-open-storage");
        opener.setDaemon(true);
        opener.start();
        Logger log = Log.LOG;
        try {
            KeylineServer.warmUp();
        } catch (RuntimeException e) {
            log.debug("warm-up failed; the first request will be slower", e); // an optimisation only
        }
        Storage storage = await(opening);
        // cluster mode: other nodes forward to this one's port, so it is known before the engine starts taking ranges
        if (storage instanceof CassandraStorage && port == 0) port = freePort();

        Settings defaults = Settings.defaults();
        Settings settings = new Settings(region, defaults.accountId(), tableCreateDelay, tableDeleteDelay)
                .withGsiLag(gsiLag).withItemCollectionLimitBytes(itemCollectionLimit)
                .withCapacity(capacitySettings()).withSharedDb(sharedDb)
                .withTimeToLive(TimeToLiveSettings.defaults().withDeletionDelay(ttlDelay).withChangeInterval(ttlChangeInterval));
        // DescribeEndpoints must name this server, or clients doing endpoint discovery leave it
        if (port != 0) settings = settings.withEndpointAddress(displayHost(host) + ":" + port);
        io.keyline.storage.Coordination coordination = coordination(storage, security.tlsEnabled());
        Engine engine = new Engine(storage, SystemClock.INSTANCE, settings, coordination);
        Metrics metrics = EngineMetrics.attach(engine, SystemClock.INSTANCE, metricsSettings());
        KeylineServer server = new KeylineServer(new Operations(engine),
                ServerOptions.defaults().withRequestIdSeed(SystemClock.INSTANCE.now().toEpochMilli()).withShutdownTimeout(shutdownGrace)
                        .withConnectionTimeouts(idleTimeout, requestReadTimeout), SystemClock.INSTANCE,
                AdminRoutes.of(engine, metrics), metrics).secure(security);
        if (engine.ownership() != null) { // cluster mode: each item decided by the node that owns its range (docs/CLUSTER.md)
            byte[] secret = clusterSecret(coordination, server, engine);
            server.forwardToOwners(secret); // signs what it forwards (docs/RULES.md#CLUSTER-FORWARD-TRUST)
            server.exchangeCapacity(engine.capacityExchange(), secret); // capacity across nodes, signed likewise (docs/CLUSTER.md)
            server.lendAndBorrow(engine.itemLoans(), engine.borrower(), secret); // transactions across owners (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS)
            engine.ownership().enforce();
        }
        int bound;
        try {
            bound = server.start(host, port);
        } catch (java.io.UncheckedIOException e) {
            server.close();
            engine.close();
            throw new StartupException(e.getMessage(), e);
        }
        log.info("Keyline listening on {}://{}:{} (region {}{}), data {}{}, capacity {}, auth {}", security.tlsEnabled() ? "https" : "http",
                displayHost(host), bound, region, sharedDb ? ", tables shared by all regions" : "",
                storage.describe(), inMemory ? "" : " (durability " + durability.toLowerCase(java.util.Locale.ROOT) + ")",
                capacity.name().toLowerCase(java.util.Locale.ROOT),
                security.authenticator().mode().name().toLowerCase(java.util.Locale.ROOT));
        engine.expirer().start();
        return new Running(server, engine, bound);
    }

    /** {@code --metrics} and {@code --metrics-retention}. */
    MetricsSettings metricsSettings() {
        boolean on = switch (metricsSwitch.toLowerCase(java.util.Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                    "--metrics must be on or off, not " + metricsSwitch);
        };
        String[] parts = metricsRetention.split(",", 2);
        DurationConverter durations = new DurationConverter();
        Duration minutes = durations.convert(parts[0].trim());
        Duration seconds = parts.length > 1 ? durations.convert(parts[1].trim()) : MetricsSettings.DEFAULT_SECOND_RETENTION;
        return MetricsSettings.defaults().withEnabled(on).withRetention(minutes, seconds);
    }

    /** The capacity model's settings from the command line; what is not given keeps its default. */
    CapacitySettings capacitySettings() {
        CapacitySettings c = Settings.defaultCapacity().withMode(capacity)
                .withMaxPartitionBytes(partitionSplitSize).withTableQuota(tableQuota, tableQuota);
        if (partitionBurst != null) c = c.withPartitionBurst(partitionBurst);
        if (isolationDelay != null || noIsolation) {
            c = c.withIsolation(!noIsolation, isolationDelay != null ? isolationDelay : c.isolationDelay());
        }
        if (onDemandGrowthDelay != null) c = c.withOnDemandGrowthDelay(onDemandGrowthDelay);
        return c;
    }

    private static Storage await(CompletableFuture<Storage> opening) {
        try {
            return opening.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw e;
        }
    }

    private Storage openStorage() {
        String kind = inMemory ? "memory" : storageKind.toLowerCase(java.util.Locale.ROOT);
        if (kind.equals("memory")) return new MemoryStorage();
        if (kind.equals("cassandra")) {
            try {
                return CassandraStorage.open(cassandraOptions(), SystemClock.INSTANCE::now);
            } catch (StorageException e) {
                throw new StartupException(e.getMessage(), e);
            }
        }
        if (!kind.equals("rocksdb")) {
            throw new StartupException("--storage must be rocksdb, memory or cassandra, not " + storageKind, null);
        }
        try {
            return new RocksDbStorage(dataDir, syncWrites(), SystemClock.INSTANCE);
        } catch (StorageException e) {
            // Typically another Keyline holds the directory's lock, or it is not writable.
            throw new StartupException(e.getMessage(), e);
        }
    }

    /**
     * Cluster mode (docs/CLUSTER.md, "Several Keyline nodes"): on Cassandra, the catalog, the GSI
     * change logs' leases and the counters are shared with the other Keyline nodes of the keyspace.
     */
    private io.keyline.storage.Coordination coordination(Storage storage, boolean tls) {
        if (!(storage instanceof CassandraStorage)) return io.keyline.storage.Coordination.SINGLE_PROCESS;
        // the name other nodes know this one by: the address they forward to, then what makes it unique
        String advertised = host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host;
        String self = (tls ? "https://" : "http://") + displayHost(advertised) + ":" + port + " "
                + ProcessHandle.current().pid() + "@" + SystemClock.INSTANCE.now().toEpochMilli();
        try {
            return io.keyline.storage.cassandra.CassandraCoordination.open(cassandraOptions(), SystemClock.INSTANCE::now, self);
        } catch (StorageException e) {
            storage.close();
            throw new StartupException(e.getMessage(), e);
        }
    }

    /** The cluster's secret from the coordination tables (created by the first node), or a start-up failure. */
    private static byte[] clusterSecret(io.keyline.storage.Coordination coordination, KeylineServer server, Engine engine) {
        try {
            return coordination.clusterSecret();
        } catch (StorageException e) {
            server.close();
            engine.close();
            throw new StartupException(e.getMessage(), e);
        }
    }

    /** A port free on --host now (for --port 0 in cluster mode). */
    private int freePort() {
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName(host))) {
            return probe.getLocalPort();
        } catch (java.io.IOException e) {
            throw new StartupException("no free port on " + host + ": " + e.getMessage(), e);
        }
    }

    /** {@code --durability} (docs/RULES.md#DURABILITY): whether each write syncs the write-ahead log. */
    boolean syncWrites() {
        return switch (durability.toLowerCase(java.util.Locale.ROOT)) {
            case "sync" -> true;
            case "async" -> false;
            default -> throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                    "--durability must be sync or async, not " + durability);
        };
    }

    /** A started server and its engine; closing stops the server first, then the engine and its storage. */
    record Running(KeylineServer server, Engine engine, int port) implements AutoCloseable {
        @Override public void close() {
            try {
                server.close();
            } finally {
                engine.close();
            }
        }
    }

    /** An IPv6 literal needs brackets in a URL. */
    private static String displayHost(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }

    /** A start-up failure the user can fix (port taken, data directory unusable): no stack trace. */
    static final class StartupException extends RuntimeException {
        StartupException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
