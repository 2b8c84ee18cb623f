package io.keyline.simulator.run;

import io.keyline.protocol.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything the runner needs from a scenario, already resolved: the tables as the CreateTable
 * requests a client would send, the items to load before the clock starts, the access patterns
 * and the traffic they generate. The scenario package builds it; the runner never reads YAML.
 *
 * @param name     the scenario's name, for the report
 * @param seed     the scenario's random seed (the traffic is already seeded with it; the runner uses
 *                 it for anything random of its own, e.g. retry jitter)
 * @param duration simulated time the traffic covers
 * @param createTables CreateTable request bodies, in the order they are created
 * @param preloads items written before the clock starts, without consuming capacity
 * @param patterns the access patterns in scenario order; {@link SimRequest#pattern()} indexes it
 * @param client   how the simulated client retries throttled requests
 * @param traffic  the requests, generated lazily
 * @param prices   price overrides by {@code Prices} key (see docs/SIMULATOR.md), may be empty
 * @param region   the price table's region name, e.g. "us-east-1"
 * @param quotas   the account quotas the engine applies (the scenario's {@code quotas})
 * @param start    simulated time zero, the virtual clock's UTC instant at the start (the
 *                 scenario's {@code startTime}): the engine's clock starts there, as do the
 *                 traffic's time-based values
 */
public record Workload(String name, long seed, Duration duration, List<JsonObject> createTables,
        List<Preload> preloads, List<Pattern> patterns, ClientModel client, TrafficSource traffic,
        Map<String, Double> prices, String region, Quotas quotas, Instant start) {

    /**
     * Where a workload starts when it names no start: 2026-01-01T00:00:00Z, the engine's manual
     * clock origin, and a scenario file's default {@code startTime}.
     */
    public static final Instant DEFAULT_START = Instant.parse("2026-01-01T00:00:00Z");

    /** A workload starting at {@link #DEFAULT_START}. */
    public Workload(String name, long seed, Duration duration, List<JsonObject> createTables,
            List<Preload> preloads, List<Pattern> patterns, ClientModel client, TrafficSource traffic,
            Map<String, Double> prices, String region, Quotas quotas) {
        this(name, seed, duration, createTables, preloads, patterns, client, traffic, prices, region, quotas, DEFAULT_START);
    }

    /** A workload under the account's default quotas (the contract's first form, kept for callers of it). */
    public Workload(String name, long seed, Duration duration, List<JsonObject> createTables,
            List<Preload> preloads, List<Pattern> patterns, ClientModel client, TrafficSource traffic,
            Map<String, Double> prices, String region) {
        this(name, seed, duration, createTables, preloads, patterns, client, traffic, prices, region, Quotas.DEFAULT);
    }

    /**
     * The account's adjustable quotas the tables were checked against, which the runner's engine
     * must apply too ({@code CapacitySettings.withTableQuota}): a table provisioned at 180,000 WCU
     * exists only in an account whose per-table quota was raised (docs/RULES.md#QUOTA-TABLE).
     *
     * @param tableReadCapacityUnits  per-table maximum of read units (table plus its GSIs)
     * @param tableWriteCapacityUnits per-table maximum of write units (table plus its GSIs)
     */
    public record Quotas(long tableReadCapacityUnits, long tableWriteCapacityUnits) {
        /** DynamoDB's default per-table quota, 40,000 each (io.keyline.capacity.Rules.DEFAULT_TABLE_QUOTA). */
        public static final Quotas DEFAULT = new Quotas(io.keyline.capacity.Rules.DEFAULT_TABLE_QUOTA,
                io.keyline.capacity.Rules.DEFAULT_TABLE_QUOTA);
    }

    /**
     * Items loaded into a table before the clock starts.
     *
     * @param table the table's name
     * @param count how many items
     * @param items item {@code i} (0 ≤ i &lt; count) as PutItem's {@code Item} map, deterministic in i
     */
    public record Preload(String table, long count, ItemSource items) {}

    /** Builds preloaded items; deterministic, so the same seed loads the same table. */
    @FunctionalInterface
    public interface ItemSource {
        JsonObject item(long index);
    }

    /**
     * One access pattern.
     *
     * @param name      the scenario's name for it
     * @param operation the DynamoDB operation it sends (PutItem, UpdateItem, DeleteItem, GetItem,
     *                  Query, Scan, BatchWriteItem, TransactWriteItems, ...)
     * @param table     the table it targets
     * @param index     the index a Query or Scan reads, or null
     * @param peakRate  the highest rate (requests per second) its rate curve reaches, so the
     *                  runner can choose how to sample before generating anything
     * @param allPages  Query and Scan: the client follows LastEvaluatedKey to the last page (each
     *                  page another request, sent when the previous answer arrives); false: it
     *                  reads the first page only. Always false for other operations.
     */
    public record Pattern(String name, String operation, String table, String index, double peakRate,
            boolean allPages) {
        /** A pattern that reads one page per request (the contract's first form, kept for callers of it). */
        public Pattern(String name, String operation, String table, String index, double peakRate) {
            this(name, operation, table, index, peakRate, false);
        }
    }

    /**
     * The simulated client's retry policy for throttled requests (ProvisionedThroughputExceeded,
     * ThrottlingException, RequestLimitExceeded), as an AWS SDK applies it.
     *
     * @param maxAttempts first attempt included; 1 means never retry
     * @param baseDelay   the first backoff; each retry doubles it, with full jitter
     * @param maxDelay    the cap on one backoff
     */
    public record ClientModel(int maxAttempts, Duration baseDelay, Duration maxDelay) {}
}
