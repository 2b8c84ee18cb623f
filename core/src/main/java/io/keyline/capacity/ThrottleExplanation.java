package io.keyline.capacity;

import java.util.Locale;

/**
 * Why one request was throttled, in the capacity model's own numbers, as data: the server logs
 * {@link #text()} and a dashboard can show the same record. Built only for the throttles that
 * are reported ({@link PartitionMap#explain}), never on the admission path. Immutable.
 *
 * <p>Units are those of the limit that refused: read units for a read, write units for a write.
 * A partition's ceiling is one bucket of write-equivalent units in which a read unit costs a third
 * (docs/RULES.md#CAP-PARTITION-LINEAR), so its figures are given in write-equivalent units.
 *
 * @param refused            whether the request was refused ({@code enforce}); false in {@code account} mode,
 *                           where the model only counts what would have throttled
 * @param tableName          the table the request named
 * @param indexName          the GSI whose partitions refused, or null for the table's own
 * @param write              a write (for a GSI: the base table's write that the index refused)
 * @param reason             DynamoDB's throttling reason (docs/RULES.md#THROTTLE-REASONS)
 * @param partition          position of the partition the request went to, 0-based in token order
 * @param partitions         how many partitions the table or GSI has
 * @param firstToken         the first token of that partition (signed 64-bit, as stored)
 * @param lastToken          its last token
 * @param partitionUsed      write-equivalent units the partition used in the current second
 * @param partitionCeiling   its ceiling a second (docs/RULES.md#CAP-PARTITION-WRITE: 1,000 write-equivalent units)
 * @param partitionBanked    what its bucket holds now; negative is debt being repaid
 * @param resourceUsed       units the table or GSI used in the current second
 * @param resourceAvailable  units a second it serves: provisioned, or the on-demand ceiling
 * @param resourceBanked     what its bucket holds now (burst); negative is debt
 * @param onDemand           whether the table or GSI is on-demand
 * @param baseTableUsed      for a GSI's throttle: units the base table used in the current second, else NaN
 * @param baseTableAvailable for a GSI's throttle: units a second the base table serves, else NaN
 * @param advice             what to do about it, or null (e.g. a small provisioned table's first throttle)
 */
public record ThrottleExplanation(boolean refused, String tableName, String indexName, boolean write, ThrottlingReason reason,
                                  int partition, int partitions, long firstToken, long lastToken,
                                  double partitionUsed, double partitionCeiling, double partitionBanked,
                                  double resourceUsed, double resourceAvailable, double resourceBanked,
                                  boolean onDemand, double baseTableUsed, double baseTableAvailable, String advice) {

    /** The same explanation with advice. */
    public ThrottleExplanation withAdvice(String more) {
        return new ThrottleExplanation(refused, tableName, indexName, write, reason, partition, partitions, firstToken, lastToken,
                partitionUsed, partitionCeiling, partitionBanked, resourceUsed, resourceAvailable, resourceBanked,
                onDemand, baseTableUsed, baseTableAvailable, more);
    }

    /** The same explanation of a GSI's throttle with its base table's use this second. */
    public ThrottleExplanation withBaseTable(double used, double available) {
        return new ThrottleExplanation(refused, tableName, indexName, write, reason, partition, partitions, firstToken, lastToken,
                partitionUsed, partitionCeiling, partitionBanked, resourceUsed, resourceAvailable, resourceBanked,
                onDemand, used, available, advice);
    }

    /** "table T" or "GSI G of table T". */
    public String resource() {
        return indexName == null ? "table " + tableName : "GSI " + indexName + " of table " + tableName;
    }

    /** One line: what was throttled, where, why, and the numbers that decided it. */
    public String text() {
        String unit = write ? "WCU" : "RCU";
        StringBuilder b = new StringBuilder();
        b.append(refused ? "throttled " : "would have throttled (--capacity account) ").append(write ? "write" : "read")
                .append(" on ").append(resource());
        if (indexName != null && write) {
            b.append(refused ? " (the index refused the base table's write: GSI back-pressure)"
                    : " (the index would have refused the base table's write: GSI back-pressure)");
        }
        b.append(": ").append(reason.wire());
        b.append("; partition ").append(partition + 1).append(" of ").append(partitions)
                .append(String.format(Locale.ROOT, " (tokens %016x..%016x)", firstToken, lastToken));
        b.append(" used ").append(units(partitionUsed)).append(" of its ").append(units(partitionCeiling))
                .append(" write-equivalent units this second, bucket ").append(units(partitionBanked));
        b.append("; the ").append(indexName == null ? "table" : "index").append(" used ").append(units(resourceUsed))
                .append(" of ").append(units(resourceAvailable)).append(' ').append(unit).append(" a second (")
                .append(onDemand ? "on-demand ceiling" : "provisioned").append(percent(resourceUsed, resourceAvailable))
                .append(") this second, bucket ").append(units(resourceBanked));
        if (indexName != null && !Double.isNaN(baseTableUsed)) {
            b.append("; the base table used ").append(units(baseTableUsed)).append(" of ").append(units(baseTableAvailable))
                    .append(' ').append(unit).append(" a second (").append(percent(baseTableUsed, baseTableAvailable).substring(2)).append(')');
        }
        if (advice != null) b.append(". ").append(advice);
        return b.toString();
    }

    /** Units as a person reads them: 18,000 or 502.5, never -0 (a bucket drained to the last fraction). */
    static String units(double v) {
        double r = Math.round(v * 10) / 10.0;
        if (r == 0) r = 0; // -0.0 prints as "-0"
        return String.format(Locale.ROOT, r == Math.rint(r) ? "%,.0f" : "%,.1f", r);
    }

    private static String percent(double used, double available) {
        return available > 0 ? String.format(Locale.ROOT, ", %.0f%%", 100 * used / available) : "";
    }
}
