package io.keyline.server;

import io.keyline.engine.Engine;
import io.keyline.engine.metering.CapacityReport;
import io.keyline.metrics.Metrics;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Read-only admin pages served on {@code GET <path>} beside the DynamoDB API, each a JSON
 * document built on demand: {@code /admin/partitions} is the capacity model's partition map
 * (tables, GSIs, partitions, consumed units, throttles), {@code /metrics} the metrics in
 * Prometheus' text format ({@link PrometheusExposition}), {@code /dashboard} the live dashboard
 * ({@link DashboardPages}). Immutable; the suppliers must be
 * thread-safe (they run on worker threads).
 */
public final class AdminRoutes {
    /** The partition map of every table and GSI. */
    public static final String PARTITIONS = "/admin/partitions";
    /** The metrics in Prometheus' text format. */
    public static final String METRICS = "/metrics";

    /** A page that is not JSON: its content type and bytes. */
    record TextPage(String contentType, byte[] body) {}

    private final Map<String, Supplier<Object>> routes;

    private AdminRoutes(Map<String, Supplier<Object>> routes) { this.routes = Map.copyOf(routes); }

    public static AdminRoutes none() { return new AdminRoutes(Map.of()); }

    /** The admin pages of an engine. */
    public static AdminRoutes of(Engine engine) {
        return new AdminRoutes(Map.of(PARTITIONS, () -> CapacityReport.json(engine.capacity().snapshot())));
    }

    /** The admin pages of an engine, {@code GET /metrics} (Prometheus) of its metrics and the dashboard. */
    public static AdminRoutes of(Engine engine, Metrics metrics) {
        Map<String, Supplier<Object>> routes = new java.util.HashMap<>(DashboardPages.routes(engine, metrics));
        routes.put(PARTITIONS, () -> CapacityReport.json(engine.capacity().snapshot()));
        routes.put(METRICS, () -> new TextPage(PrometheusExposition.CONTENT_TYPE, PrometheusExposition.scrape(metrics.store())));
        return new AdminRoutes(routes);
    }

    /** The page at {@code path}, or null if there is none. */
    Supplier<Object> get(String path) { return routes.get(path); }
}
