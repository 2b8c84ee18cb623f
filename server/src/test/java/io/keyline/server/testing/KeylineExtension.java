package io.keyline.server.testing;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.op.Operations;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsSettings;
import io.keyline.server.AdminRoutes;
import io.keyline.server.EngineMetrics;
import io.keyline.server.KeylineServer;
import io.keyline.server.ServerOptions;
import io.keyline.server.ServerSecurity;
import io.keyline.testing.TestStorage;
import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import java.net.URI;
import java.util.Objects;
import java.util.function.Function;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A Keyline server on a free loopback port, backed by a fresh engine on the test storage, with
 * AWS SDK v2 clients pointed at it. The storage is memory unless {@code -Dkeyline.test.storage}
 * names another kind ({@link TestStorage}): the server's end-to-end tests run again on RocksDB
 * that way (see this module's pom), hence "inMemory" means "a fresh, throwaway storage".
 *
 * <pre>{@code
 * @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory();
 * ... keyline.client().putItem(...);
 * }</pre>
 *
 * Registered on a static field, one server serves the whole test class; on an instance field,
 * each test gets its own. Clients are created on first use and closed with the server, then the
 * engine (and its storage) is closed. Not thread-safe to configure; the clients it hands out
 * are thread-safe.
 */
public final class KeylineExtension implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
    /** Dummy credentials: Keyline accepts any SigV4 signature for now. */
    public static final String ACCESS_KEY = "keyline";
    public static final String SECRET_KEY = "keyline-secret";
    public static final Region REGION = Region.US_EAST_1;

    private final Settings settings;
    private final Clock clock;
    private final Function<Engine, Operations> operationsFactory;
    private final ServerOptions serverOptions;

    private Engine engine;
    private Metrics metrics;
    private KeylineServer server;
    private URI endpoint;
    private DynamoDbClient client;
    private DynamoDbAsyncClient asyncClient;
    private boolean perTest;
    private ServerSecurity security;
    /** Nested test classes call beforeAll/afterAll again: the outermost pair owns the server. */
    private int classDepth;

    private KeylineExtension(Settings settings, Clock clock, Function<Engine, Operations> operations, ServerOptions options) {
        this.settings = Objects.requireNonNull(settings);
        this.clock = Objects.requireNonNull(clock);
        this.operationsFactory = Objects.requireNonNull(operations);
        this.serverOptions = Objects.requireNonNull(options);
    }

    /** Default settings, the system clock, every operation Keyline serves. */
    public static KeylineExtension inMemory() {
        return inMemory(Settings.defaults(), SystemClock.INSTANCE);
    }

    public static KeylineExtension inMemory(Settings settings, Clock clock) {
        return new KeylineExtension(settings, clock, Operations::new, ServerOptions.defaults().withWorkerThreads(4));
    }

    /** The same extension serving the given operations instead (for tests with fake operations). */
    public KeylineExtension withOperations(Function<Engine, Operations> operations) {
        return new KeylineExtension(settings, clock, operations, serverOptions);
    }

    public KeylineExtension withServerOptions(ServerOptions options) {
        return new KeylineExtension(settings, clock, operationsFactory, options);
    }

    /**
     * The same extension with this security (verification, TLS: {@link KeylineServer#secure}); call
     * it last, the other {@code with} methods do not carry it over. With TLS the endpoint is https.
     */
    public KeylineExtension withSecurity(ServerSecurity security) {
        KeylineExtension copy = new KeylineExtension(settings, clock, operationsFactory, serverOptions);
        copy.security = Objects.requireNonNull(security);
        return copy;
    }

    @Override public void beforeAll(ExtensionContext context) {
        if (classDepth++ == 0) start();
    }

    @Override public void afterAll(ExtensionContext context) {
        if (--classDepth == 0) stop();
    }

    @Override public void beforeEach(ExtensionContext context) {
        if (server == null) {
            perTest = true;
            start();
        }
    }

    @Override public void afterEach(ExtensionContext context) {
        if (perTest) {
            perTest = false;
            stop();
        }
    }

    /** Starts the server by hand (the JUnit callbacks call this). */
    public void start() {
        if (server != null) throw new IllegalStateException("already started");
        engine = new Engine(TestStorage.openOwned(), clock, settings);
        metrics = EngineMetrics.attach(engine, clock, MetricsSettings.defaults());
        server = new KeylineServer(operationsFactory.apply(engine), serverOptions, clock, AdminRoutes.of(engine, metrics), metrics);
        if (security != null) server.secure(security);
        int port = server.start("127.0.0.1", 0);
        endpoint = URI.create((server.tls() ? "https" : "http") + "://127.0.0.1:" + port);
    }

    /** Closes clients, server and engine, in that order; safe to call twice. */
    public void stop() {
        try {
            if (client != null) client.close();
            if (asyncClient != null) asyncClient.close();
            if (server != null) server.close();
        } finally {
            if (engine != null) engine.close();
            client = null;
            asyncClient = null;
            server = null;
            engine = null;
            metrics = null;
            endpoint = null;
        }
    }

    public URI endpoint() { return started(endpoint); }

    public int port() { return started(endpoint).getPort(); }

    public Engine engine() { return started(engine); }

    /** The metrics the server keeps (as {@code keyline serve} does by default). */
    public Metrics metrics() { return started(metrics); }

    public Clock clock() { return clock; }

    /** A synchronous client (URL-connection HTTP) on this server. */
    public synchronized DynamoDbClient client() {
        if (client == null) {
            client = DynamoDbClient.builder()
                    .endpointOverride(endpoint())
                    .region(REGION)
                    .credentialsProvider(credentials())
                    .httpClient(UrlConnectionHttpClient.create())
                    .build();
        }
        return client;
    }

    /**
     * A new synchronous client without SDK retries, for tests that count throttles: each one must
     * reach the test, and a manual clock does not move by itself. The caller closes it.
     */
    public DynamoDbClient noRetryClient() {
        return DynamoDbClient.builder().endpointOverride(endpoint()).region(REGION).credentialsProvider(credentials())
                .overrideConfiguration(c -> c.retryStrategy(software.amazon.awssdk.core.retry.RetryMode.STANDARD)
                        .retryPolicy(p -> p.numRetries(0)))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    /** An asynchronous client (Netty NIO HTTP) on this server. */
    public synchronized DynamoDbAsyncClient asyncClient() {
        if (asyncClient == null) {
            asyncClient = DynamoDbAsyncClient.builder()
                    .endpointOverride(endpoint())
                    .region(REGION)
                    .credentialsProvider(credentials())
                    .httpClient(NettyNioAsyncHttpClient.create())
                    .build();
        }
        return asyncClient;
    }

    /** A raw HTTP connection to this server, for requests no SDK would send. Close it after use. */
    public RawHttp raw() {
        return RawHttp.connect(endpoint());
    }

    public static StaticCredentialsProvider credentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY));
    }

    private static <T> T started(T value) {
        if (value == null) throw new IllegalStateException("Keyline is not running: register the extension with @RegisterExtension");
        return value;
    }
}
