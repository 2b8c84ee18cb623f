package io.keyline.metrics;

import io.keyline.metadata.Namespace;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records how each request ended, as DynamoDB's request metrics count it:
 * SuccessfulRequestLatency and ReturnedItemCount (Query and Scan) of a success, per table and
 * operation; ThrottledRequests of a request refused by a throttle (which is not a user error);
 * ConditionalCheckFailedRequests and TransactionConflict per table (not user errors either);
 * SystemErrors (HTTP 500) per table and operation; and every other HTTP 400 as UserErrors, which
 * has no dimension. Latency is the caller's measure on the injected clock. Each request is
 * recorded in the namespace (account and region) it was signed for; the overloads without one
 * record in the default namespace. A success writes series handles kept per namespace, table and
 * operation (no key built, no lambda captured on a hit); the rarer outcomes look their series up
 * by key. Thread-safe.
 */
public final class RequestMetrics {
    /** docs/RULES.md#THROTTLE-EXCEPTION: the three throttling errors. */
    private static final List<String> THROTTLING = List.of(
            "ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded");

    private final MetricsStore store;
    private final Namespace home;
    /**
     * Table → operation → the series a success writes, resolved on first use: a success, the
     * request path's common case, builds no key and searches two maps keyed by strings it already
     * holds. Bounded by the tables that ever had a success (a name dropped by the store's purge
     * leaves an empty entry of two handles). The default namespace's, then the others'.
     */
    private final Map<String, Map<String, SuccessSeries>> homeSuccesses = new ConcurrentHashMap<>();
    private final Map<Namespace, Map<String, Map<String, SuccessSeries>>> otherSuccesses = new ConcurrentHashMap<>();

    RequestMetrics(MetricsStore store, Namespace home) {
        this.store = store;
        this.home = home;
    }

    /** A request of the default namespace; see {@link #finished(Namespace, String, List, long, long, String, int)}. */
    public void finished(String operation, List<String> tables, long latencyNanos, long returnedItems,
                         String error, int httpStatus) {
        finished(home, operation, tables, latencyNanos, returnedItems, error, httpStatus);
    }

    /** As {@link #finished(String, List, long, long, String, int)} for a request that named one table (most do). */
    public void finished(String operation, String table, long latencyNanos, long returnedItems, String error, int httpStatus) {
        finished(home, operation, table, latencyNanos, returnedItems, error, httpStatus);
    }

    /** As {@link #finished(Namespace, String, List, long, long, String, int)} for a request that named one table (most do). */
    public void finished(Namespace ns, String operation, String table, long latencyNanos, long returnedItems, String error,
                         int httpStatus) {
        if (error == null) succeeded(ns, operation, table, latencyNanos, returnedItems);
        else finished(ns, operation, List.of(table), latencyNanos, returnedItems, error, httpStatus);
    }

    /**
     * @param ns            the namespace the request was signed for (its region's tables)
     * @param operation     the operation's name (PutItem, Query, ...)
     * @param tables        the tables the request named (several for batches and transactions; may be empty)
     * @param latencyNanos  from the request's start to its reply, on the injected clock
     * @param returnedItems items a Query or Scan returned, or -1 for other operations
     * @param error         the error's short name (ConditionalCheckFailedException, ...), or null for a success
     * @param httpStatus    the reply's HTTP status
     */
    public void finished(Namespace ns, String operation, List<String> tables, long latencyNanos, long returnedItems,
                         String error, int httpStatus) {
        if (error == null) {
            for (String t : tables) succeeded(ns, operation, t, latencyNanos, returnedItems);
            return;
        }
        if (THROTTLING.contains(error)) {
            for (String t : tables) store.record(SeriesKey.operation(ns, t, Metric.THROTTLED_REQUESTS, operation), 1);
        } else if (error.equals("ConditionalCheckFailedException")) {
            for (String t : tables) store.record(SeriesKey.of(ns, t, null, Metric.CONDITIONAL_CHECK_FAILED_REQUESTS), 1);
        } else if (error.equals("TransactionConflictException")) {
            for (String t : tables) store.record(SeriesKey.of(ns, t, null, Metric.TRANSACTION_CONFLICT), 1);
        } else if (httpStatus >= 500) {
            if (tables.isEmpty()) store.record(SeriesKey.operation(ns, null, Metric.SYSTEM_ERRORS, operation), 1);
            for (String t : tables) store.record(SeriesKey.operation(ns, t, Metric.SYSTEM_ERRORS, operation), 1);
        } else if (httpStatus >= 400) {
            store.record(SeriesKey.account(ns, Metric.USER_ERRORS), 1);
        }
    }

    private void succeeded(Namespace ns, String operation, String table, long latencyNanos, long returnedItems) {
        Map<String, Map<String, SuccessSeries>> successes = ns == home || ns.equals(home) ? homeSuccesses
                : otherSuccesses.computeIfAbsent(ns, n -> new ConcurrentHashMap<>());
        Map<String, SuccessSeries> byOperation = successes.get(table);
        if (byOperation == null) byOperation = successes.computeIfAbsent(table, t -> new ConcurrentHashMap<>());
        SuccessSeries handles = byOperation.get(operation);
        if (handles == null) handles = byOperation.computeIfAbsent(operation, o -> new SuccessSeries());
        long now = store.clock().millis();
        Series latency = handles.latency;
        if (latency == null || latency.retired()) {
            handles.latency = latency = store.series(SeriesKey.operation(ns, table, Metric.SUCCESSFUL_REQUEST_LATENCY, operation));
        }
        latency.add(now, latencyNanos / 1e6);
        if (returnedItems < 0) return;
        Series returned = handles.returned;
        if (returned == null || returned.retired()) {
            handles.returned = returned = store.series(SeriesKey.operation(ns, table, Metric.RETURNED_ITEM_COUNT, operation));
        }
        returned.add(now, returnedItems);
    }

    /** The series of one table's successes of one operation; each made on its first value, as the store makes series. */
    private static final class SuccessSeries {
        volatile Series latency;
        volatile Series returned;
    }
}
