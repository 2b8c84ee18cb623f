package io.keyline.simulator.cost;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A price table in US dollars: what DynamoDB charges per request unit on demand, per capacity-unit
 * hour provisioned, and per GB-month stored (standard table class). The defaults are us-east-1's
 * (docs/RULES.md#PRICE-DEFAULTS); a scenario overrides any of them by key. Immutable.
 *
 * @param onDemandWriteRequestUnitPerMillion dollars per million write request units
 * @param onDemandReadRequestUnitPerMillion  dollars per million read request units
 * @param provisionedWcuPerHour dollars per provisioned write capacity unit and hour
 * @param provisionedRcuPerHour dollars per provisioned read capacity unit and hour
 * @param storagePerGbMonth     dollars per GB (2^30 bytes) stored for a month
 */
public record Prices(double onDemandWriteRequestUnitPerMillion, double onDemandReadRequestUnitPerMillion,
        double provisionedWcuPerHour, double provisionedRcuPerHour, double storagePerGbMonth) {

    /** The keys a scenario's {@code prices} map may use, as the record's components are named. */
    public static final List<String> KEYS = List.of("onDemandWriteRequestUnitPerMillion",
            "onDemandReadRequestUnitPerMillion", "provisionedWcuPerHour", "provisionedRcuPerHour", "storagePerGbMonth");

    /** The region the defaults are for. */
    public static final String DEFAULT_REGION = "us-east-1";

    /** us-east-1, standard table class (docs/RULES.md#PRICE-DEFAULTS). */
    public static Prices defaults() {
        return new Prices(0.625, 0.125, 0.00065, 0.00013, 0.25);
    }

    public Prices {
        for (double p : new double[] {onDemandWriteRequestUnitPerMillion, onDemandReadRequestUnitPerMillion,
                provisionedWcuPerHour, provisionedRcuPerHour, storagePerGbMonth}) {
            if (!(p >= 0) || Double.isInfinite(p)) throw new IllegalArgumentException("a price must be a finite number ≥ 0, not " + p);
        }
    }

    /**
     * These prices with some replaced.
     *
     * @throws IllegalArgumentException for a key not in {@link #KEYS} (the message lists them) or a
     *         negative price
     */
    public Prices with(Map<String, Double> overrides) {
        Map<String, Double> all = asMap();
        for (Map.Entry<String, Double> e : overrides.entrySet()) {
            if (!all.containsKey(e.getKey())) {
                throw new IllegalArgumentException("unknown price '" + e.getKey() + "': the keys are " + String.join(", ", KEYS));
            }
            all.put(e.getKey(), e.getValue());
        }
        return new Prices(all.get(KEYS.get(0)), all.get(KEYS.get(1)), all.get(KEYS.get(2)), all.get(KEYS.get(3)), all.get(KEYS.get(4)));
    }

    /** By key, in {@link #KEYS} order. */
    public Map<String, Double> asMap() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put(KEYS.get(0), onDemandWriteRequestUnitPerMillion);
        m.put(KEYS.get(1), onDemandReadRequestUnitPerMillion);
        m.put(KEYS.get(2), provisionedWcuPerHour);
        m.put(KEYS.get(3), provisionedRcuPerHour);
        m.put(KEYS.get(4), storagePerGbMonth);
        return m;
    }
}
