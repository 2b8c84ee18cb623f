package io.keyline.server;

import io.keyline.engine.Engine;
import io.keyline.engine.metering.CapacityReport;
import io.keyline.metrics.Metrics;
import io.keyline.server.cloudwatch.CloudWatchEndpoint;
import java.util.HashMap;
import java.util.Map;
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

    private final Map<String, Supplier<Object>> routes;
    /** CloudWatch's read API over the metrics, or null without metrics. */
    private final CloudWatchEndpoint cloudWatch;

    private AdminRoutes(Map<String, Supplier<Object>> routes, CloudWatchEndpoint cloudWatch) {
        this.routes = Map.copyOf(routes);
        this.cloudWatch = cloudWatch;
    }

    private AdminRoutes(Map<String, Supplier<Object>> routes) { this(routes, null); }

    public static AdminRoutes none() { return new AdminRoutes(Map.of()); }

    /** The admin pages of an engine. */
    public static AdminRoutes of(Engine engine) {
        return new AdminRoutes(Map.of(PARTITIONS, () -> CapacityReport.json(engine.capacity().snapshot())));
    }

    /**
     * The admin pages of an engine, {@code GET /metrics} (Prometheus) of its metrics and the
     * CloudWatch endpoint over them ({@link CloudWatchEndpoint}); {@code GET /admin/top} names each
     * table's hottest key from Contributor Insights where on.
     */
    public static AdminRoutes of(Engine engine, Metrics metrics) {
        return of(engine, metrics, new InsightsHotKeys(engine));
    }

    /** The same, with {@code GET /admin/top} naming each table's hottest key from {@code hotKeys}. */
    public static AdminRoutes of(Engine engine, Metrics metrics, TopReport.HotKeys hotKeys) {
        Map<String, Supplier<Object>> routes = new HashMap<>(DashboardPages.routes(engine, metrics));
        routes.put(PARTITIONS, () -> CapacityReport.json(engine.capacity().snapshot()));
        routes.put(METRICS, () -> new TextPage(PrometheusExposition.CONTENT_TYPE, PrometheusExposition.scrape(metrics.store())));
        routes.put(TOP, () -> TopReport.json(engine.capacity().snapshot(), metrics, hotKeys));
        return new AdminRoutes(routes, new CloudWatchEndpoint(metrics.store()));
    }

    /** The CloudWatch endpoint, or null if there is none. */
    CloudWatchEndpoint cloudWatch() { return cloudWatch; }

    /** The page at {@code path}, or null if there is none. */
    Supplier<Object> get(String path) { return routes.get(path); }
}
