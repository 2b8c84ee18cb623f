package io.keyline.server;

import io.keyline.error.ApiException;
import io.keyline.metadata.Namespace;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.RequestMetrics;
import io.keyline.protocol.JsonObject;
import io.keyline.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Tells the metrics how each API request ended: its operation, the tables it named (TableName,
 * or the tables of a batch's RequestItems or a transaction's TransactItems), its latency on the
 * injected clock, the items a Query or Scan returned, and its error, in the namespace of the
 * region the request was signed for ({@link Metrics#namespaceOf}). {@link #NONE} records
 * nothing and reads no clock (metrics off). Public so that the bench measures the server's own
 * recording in process (io.keyline.bench.engine.ObservabilityCostBenchmark). Immutable; thread-safe.
 */
public final class RequestMetering {
    public static final RequestMetering NONE = new RequestMetering(null, null, null);

    private final RequestMetrics metrics;
    private final Clock clock;
    private final Metrics namespaces;

    RequestMetering(Metrics metrics, Clock clock) {
        this(metrics.requests(), clock, metrics);
    }

    private RequestMetering(RequestMetrics metrics, Clock clock, Metrics namespaces) {
        this.metrics = metrics;
        this.clock = clock;
        this.namespaces = namespaces;
    }

    /** What a server with {@code metrics} records: {@link #NONE} when they are null or off. */
    public static RequestMetering of(Metrics metrics, Clock clock) {
        return metrics == null || metrics.requests() == null ? NONE : new RequestMetering(metrics, clock);
    }

    public long start() { return metrics == null ? 0 : clock.nanos(); }

    /**
     * A request that ran its operation: {@code result} on success, else {@code error}.
     *
     * @param region the region the request was signed for, or null (the default region)
     */
    public void finished(String region, String operation, JsonObject request, long start, Object result, Throwable error) {
        finished(null, region, operation, request, start, result, error);
    }

    /**
     * The same for a request of a verified {@code account} (null: the server's own), recorded in
     * that account's namespace of the region (docs/RULES.md#AUTH-ACCOUNTS).
     */
    public void finished(String account, String region, String operation, JsonObject request, long start, Object result,
                         Throwable error) {
        if (metrics == null) return;
        long latency = clock.nanos() - start;
        Namespace ns = namespaces.namespaceOf(region);
        if (account != null && !account.equals(ns.account())) ns = new Namespace(account, ns.region());
        if (error == null && request != null && request.get("TableName") instanceof String table) {
            // One table, the common case: no list is made.
            metrics.finished(ns, operation, table, latency, returnedItems(operation, result), null, 200);
            return;
        }
        List<String> tables = tables(request);
        if (error == null) {
            metrics.finished(ns, operation, tables, latency, returnedItems(operation, result), null, 200);
        } else if (error instanceof ApiException e) {
            metrics.finished(ns, operation, tables, latency, -1, e.name(), e.httpStatus());
        } else if (error instanceof io.keyline.storage.StorageUnavailableException) {
            metrics.finished(ns, operation, tables, latency, -1, "ServiceUnavailable", 503);
        } else {
            metrics.finished(ns, operation, tables, latency, -1, "InternalServerError", 500);
        }
    }

    /** The items a Query or Scan returned, or -1 for other operations. */
    private static long returnedItems(String operation, Object result) {
        if ((operation.equals("Query") || operation.equals("Scan")) && result instanceof Map<?, ?> m
                && m.get("Count") instanceof Number n) {
            return n.longValue();
        }
        return -1;
    }

    /**
     * A request refused before its operation ran (bad target, signature or body): a user or system
     * error, in the default region's account (the request's region may be unknown).
     */
    void refused(Reply reply) {
        if (metrics == null) return;
        metrics.finished("", List.of(), 0, -1, "Refused", reply.status());
    }

    /** The tables a request names, each once, in order. */
    static List<String> tables(JsonObject request) {
        if (request == null) return List.of();
        if (request.get("TableName") instanceof String name) return List.of(name);
        Set<String> out = new LinkedHashSet<>();
        if (request.get("RequestItems") instanceof Map<?, ?> items) {
            for (Object k : items.keySet()) if (k instanceof String s) out.add(s);
        }
        if (request.get("TransactItems") instanceof List<?> list) {
            for (Object o : list) {
                if (!(o instanceof Map<?, ?> item)) continue;
                for (Object action : item.values()) {
                    if (action instanceof Map<?, ?> a && a.get("TableName") instanceof String s) out.add(s);
                }
            }
        }
        return new ArrayList<>(out);
    }
}
