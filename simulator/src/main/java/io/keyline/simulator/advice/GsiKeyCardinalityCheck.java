package io.keyline.simulator.advice;

import io.keyline.capacity.Rules;
import io.keyline.simulator.cost.MonthlyCost;
import io.keyline.simulator.report.Figures;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A GSI keyed on something with few values: a date (all of a day's writes share one key, one
 * partition) or a status ("status code, where there are only a few possible status codes" is
 * AWS's own example of a bad partition key). Reported when the traffic makes it matter: the GSI
 * throttled, or its peak write units per distinct key reach half a partition's ceiling
 * (docs/RULES.md#CAP-PARTITION-WRITE). Keys a run never saw under pressure are left alone.
 */
final class GsiKeyCardinalityCheck implements Check {
    /** At most this many distinct partition keys is low cardinality. */
    static final long FEW_KEYS = 100;
    /** A partition key value that starts like an ISO-8601 date (2026-08-03, 2026-08, 2026-08-03T14). */
    private static final Pattern DATE = Pattern.compile("^\\d{4}-\\d{2}(-\\d{2})?([T ]\\d{2}.*)?$");

    @Override public List<Finding> check(Report report, MonthlyCost cost) {
        List<Finding> out = new ArrayList<>();
        for (TableReport t : report.tables()) {
            for (ResourceReport g : t.gsis()) {
                if (g.entriesWritten() == 0 || g.topKeys().isEmpty()) continue;
                String top = g.topKeys().get(0).partitionKey();
                boolean dated = DATE.matcher(top).matches();
                long distinct = Math.max(1, g.distinctPartitionKeys());
                double peak = g.totals().peakConsumedWriteUnitsPerSecond();
                boolean throttled = g.totals().writeThrottleEvents() > 0;
                boolean pressure = throttled || peak / distinct >= Rules.PARTITION_WRITE_CEILING / 2;
                if (!pressure || !(dated || distinct <= FEW_KEYS)) continue;
                // the writes offered its keys (puts only: an update's index keys depend on the stored
                // item), or its average scaled up by what the table's writers asked for (not its busiest
                // second: a throttled partition's is its burst, spent once), whichever is more
                double average = g.totals().consumedWriteUnits() / (report.simulated().toNanos() / 1e9);
                double demand = Math.max(Resources.offeredWriteUnits(g), average * Resources.writeDemandFactor(report, t));
                out.add(finding(t, g, top, dated, distinct, demand, throttled));
            }
        }
        return out;
    }

    /** @param demand the GSI's peak write units had every write been admitted: the writes offered its keys, or its peak scaled up */
    private static Finding finding(TableReport t, ResourceReport g, String top, boolean dated, long distinct, double demand,
            boolean throttled) {
        String key = GsiConcentrationCheck.keyAttribute(t, g);
        double peak = g.totals().peakConsumedWriteUnitsPerSecond();
        long[] shards = Resources.shards(demand, Rules.PARTITION_WRITE_CEILING, HotKeyCheck.RATE_NOISE);
        Map<String, Double> n = new LinkedHashMap<>();
        n.put("distinctPartitionKeys", (double) distinct);
        n.put("entriesWritten", (double) g.entriesWritten());
        n.put("peakWriteUnitsPerSecond", peak);
        n.put("demandWriteUnitsPerSecond", demand);
        n.put("maxWriteUnitsPerSecond", distinct * Rules.PARTITION_WRITE_CEILING);
        n.put("shardsNeeded", (double) shards[0]);
        n.put("shardsWithHeadroom", (double) shards[1]);
        String headline;
        String fix;
        if (dated) {
            headline = "GSI " + g.index() + " is keyed on a date (" + key + " = " + top + "): all of a day's writes share one key, one partition of "
                    + "1,000 WCU; at " + Figures.units(demand) + " WCU it needs " + shards[0] + " shards";
            fix = "Write only the items the index's queries want (sparse), and add a shard suffix to the date: " + key + " = "
                    + top + "#0 … #" + (shards[1] - 1) + " (" + shards[1] + " shards for " + Figures.units(demand)
                    + " WCU with headroom), the suffix calculated as hash(item id) % " + shards[1]
                    + " so a reader can find one item; a read of the day queries every shard and merges.";
        } else {
            headline = "GSI " + g.index() + "'s partition key " + key + " has " + Figures.count(distinct) + " distinct value"
                    + (distinct == 1 ? "" : "s") + " in " + Figures.count(g.entriesWritten()) + " entries written: its writes can use at most "
                    + Figures.count(distinct) + " partition" + (distinct == 1 ? "" : "s") + " (" + Figures.units(distinct * Rules.PARTITION_WRITE_CEILING)
                    + " WCU), and it needs " + Figures.units(demand) + " WCU";
            fix = "Index only the state that is queried (sparse: write " + key + " only while the item is in it, REMOVE it after), "
                    + "and shard the key: " + top + "#0 … #" + (shards[1] - 1) + " (" + shards[1] + " shards), or prefix it with a "
                    + "dimension of many values (tenant, customer).";
        }
        return new Finding(throttled ? Severity.CRITICAL : Severity.WARNING, dated ? "GSI_DATE_KEY" : "GSI_LOW_CARDINALITY_KEY",
                t.design().name(), g.index(), null, headline, n, fix);
    }
}
