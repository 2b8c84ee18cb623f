package io.keyline.simulator.run;

import io.keyline.protocol.JsonObject;

/**
 * One request of the simulated client.
 *
 * @param atNanos   when it is sent, nanoseconds of simulated time after the start
 * @param pattern   index into {@link Workload#patterns()}
 * @param operation the DynamoDB operation name, e.g. "PutItem"
 * @param body      the request as a client would send it
 * @param followPages for a Query or Scan: true to read every page, sending each LastEvaluatedKey
 *                  back as ExclusiveStartKey until none comes (one request, its latency covering
 *                  all pages); false to read the first page only
 */
public record SimRequest(long atNanos, int pattern, String operation, JsonObject body, boolean followPages) {
    /** A request that reads one page at most. */
    public SimRequest(long atNanos, int pattern, String operation, JsonObject body) {
        this(atNanos, pattern, operation, body, false);
    }
}
