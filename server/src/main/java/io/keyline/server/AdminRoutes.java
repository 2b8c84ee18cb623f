package io.keyline.server;

import io.keyline.engine.Engine;
import io.keyline.engine.metering.CapacityReport;
import io.keyline.metadata.Namespace;
import io.keyline.metrics.Metrics;
import io.keyline.server.cloudwatch.CloudWatchEndpoint;
import io.keyline.storage.StorageHealth;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Read-only admin pages served on {@code GET <path>} beside the DynamoDB API, each a JSON
 * document built on demand: {@code /admin/partitions} is the capacity model's partition map
 * (tables, GSIs, partitions, consumed units, throttles), {@code /metrics} the metrics in
 * Prometheus' text format ({@link PrometheusExposition}), {@code /admin/top} what {@code keyline top}
 * shows ({@link TopReport}), {@code /dashboard} the live dashboard ({@link DashboardPages}); with
 * metrics, CloudWatch's POST requests are answered beside them ({@link CloudWatchEndpoint}).
 * Immutable; the suppliers must be
 * thread-safe (they run on worker threads).
 */
public final class AdminRoutes {
    /** The partition map of every table and GSI. */
    public static final String PARTITIONS = "/admin/partitions";
    /** The metrics in Prometheus' text format. */
    public static final String METRICS = "/metrics";
    /** Per table and GSI: units in the last second and minute, throttles by reason, the hottest partition ({@link TopReport}). */
    public static final String TOP = "/admin/top";

    /** A page that is not JSON: its content type and bytes. */
    record TextPage(String contentType, byte[] body) {}

    /** By path: the page, given the request's raw query string (null if none). */
    private final Map<String, Function<String, Object>> routes;
    /** CloudWatch's read API over the metrics, or null without metrics. */
    private final CloudWatchEndpoint cloudWatch;
    /** What the health check reports (docs/RULES.md#STORAGE-RECOVERY). */
    private final Supplier<StorageHealth> storageHealth;

    private AdminRoutes(Map<String, Function<String, Object>> routes, CloudWatchEndpoint cloudWatch, Supplier<StorageHealth> storageHealth) {
        this.routes = Map.copyOf(routes);
        this.cloudWatch = cloudWatch;
        this.storageHealth = storageHealth;
    }

    public static AdminRoutes none() { return new AdminRoutes(Map.of(), null, () -> StorageHealth.SERVING); }

    /** The admin pages of an engine. */
    public static AdminRoutes of(Engine engine) {
        return new AdminRoutes(Map.of(PARTITIONS, query -> CapacityReport.json(engine.capacity().snapshot())), null,
                engine.storage()::health);
    }

    /**
     * The admin pages of an engine, {@code GET /metrics} (Prometheus) of its metrics and the
     * CloudWatch endpoint over them ({@link CloudWatchEndpoint}); {@code GET /admin/top} names each
     * table's hottest key from Contributor Insights where on.
     */
    public static AdminRoutes of(Engine engine, Metrics metrics) {
        return of(engine, metrics, null);
    }

    /**
     * The same, with {@code GET /admin/top} naming each table's hottest key from {@code hotKeys}
     * (null: Contributor Insights of the region shown). {@code /admin/top} and the dashboard show
     * the default region's tables, or those of the region {@code ?region=} names ({@link RegionChoice}).
     */
    public static AdminRoutes of(Engine engine, Metrics metrics, TopReport.HotKeys hotKeys) {
        Map<String, Function<String, Object>> routes = new HashMap<>(DashboardPages.routes(engine, metrics));
        routes.put(PARTITIONS, query -> CapacityReport.json(engine.capacity().snapshot()));
        routes.put(METRICS, query -> new TextPage(PrometheusExposition.CONTENT_TYPE,
                PrometheusExposition.scrape(metrics.store(), engine.storage().health())));
        routes.put(TOP, query -> {
            Namespace ns = RegionChoice.of(metrics, query);
            TopReport.HotKeys keys = hotKeys != null ? hotKeys : new InsightsHotKeys(engine.inRegion(ns.region()));
            return TopReport.json(ns, RegionChoice.snapshot(engine, metrics, ns), metrics, keys, engine.settings().itemCollectionLimitBytes());
        });
        return new AdminRoutes(routes, new CloudWatchEndpoint(metrics.store(), metrics::namespaceOf, engine), engine.storage()::health);
    }

    /** The storage's state now, for the health check. */
    StorageHealth storageHealth() { return storageHealth.get(); }

    /** The CloudWatch endpoint, or null if there is none. */
    CloudWatchEndpoint cloudWatch() { return cloudWatch; }

    /** The page at {@code path} for a request with this raw query string (null if none), or null if there is none. */
    Supplier<Object> get(String path, String query) {
        Function<String, Object> page = routes.get(path);
        return page == null ? null : () -> page.apply(query);
    }
}
