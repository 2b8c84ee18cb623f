package io.keyline.metrics;

import io.keyline.metadata.Namespace;
import java.util.List;

/**
 * Records how each request ended, as DynamoDB's request metrics count it:
 * SuccessfulRequestLatency and ReturnedItemCount (Query and Scan) of a success, per table and
 * operation; ThrottledRequests of a request refused by a throttle (which is not a user error);
 * ConditionalCheckFailedRequests and TransactionConflict per table (not user errors either);
 * SystemErrors (HTTP 500) per table and operation; and every other HTTP 400 as UserErrors, which
 * has no dimension. Latency is the caller's measure on the injected clock. Each request is
 * recorded in the namespace (account and region) it was signed for; the overload without one
 * records in the default namespace. Thread-safe.
 */
public final class RequestMetrics {
    /** docs/RULES.md#THROTTLE-EXCEPTION: the three throttling errors. */
    private static final List<String> THROTTLING = List.of(
            "ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded");

    private final MetricsStore store;
    private final Namespace home;

    RequestMetrics(MetricsStore store, Namespace home) {
        this.store = store;
        this.home = home;
    }

    /** A request of the default namespace; see {@link #finished(Namespace, String, List, long, long, String, int)}. */
    public void finished(String operation, List<String> tables, long latencyNanos, long returnedItems,
                         String error, int httpStatus) {
        finished(home, operation, tables, latencyNanos, returnedItems, error, httpStatus);
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
            double millis = latencyNanos / 1e6;
            for (String t : tables) {
                store.record(SeriesKey.operation(ns, t, Metric.SUCCESSFUL_REQUEST_LATENCY, operation), millis);
                if (returnedItems >= 0) store.record(SeriesKey.operation(ns, t, Metric.RETURNED_ITEM_COUNT, operation), returnedItems);
            }
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
}
