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

/**
 * A GSI whose writes (nearly) all land on one partition: that partition's 1,000 WCU
 * (docs/RULES.md#CAP-PARTITION-WRITE) then caps every write to the table, because a write is
 * admitted only if each GSI it touches has room (docs/RULES.md#GSI-BACK-PRESSURE). The seeds'
 * day-keyed index: "every write lands on partition 1 of 1 of GSI by-day: the table is capped at
 * 1,000 WCU by this index; 99% of its entries are never read".
 */
final class GsiConcentrationCheck implements Check {
    /** At least this share of a GSI's write units on its hottest partition is concentration. */
    static final double CONCENTRATED_SHARE = 0.9;
    /** ...when that partition also reached this share of its ceiling in its busiest second (or throttled). */
    static final double BUSY_SHARE_OF_CEILING = 0.5;

    @Override public List<Finding> check(Report report, MonthlyCost cost) {
        List<Finding> out = new ArrayList<>();
        for (TableReport t : report.tables()) {
            for (ResourceReport g : t.gsis()) {
                if (g.totals().consumedWriteUnits() <= 0 || g.hottestPartitions().isEmpty()) continue;
                ResourceReport.PartitionLoad hot = g.hottestPartitions().get(0);
                double share = hot.consumedWriteUnits() / g.totals().consumedWriteUnits();
                boolean throttled = g.totals().writeThrottleEvents() > 0;
                if (share < CONCENTRATED_SHARE || !(throttled || hot.peakShareOfCeiling() >= BUSY_SHARE_OF_CEILING)) continue;
                out.add(finding(t, g, hot, share, throttled));
            }
        }
        return out;
    }

    private static Finding finding(TableReport t, ResourceReport g, ResourceReport.PartitionLoad hot, double share, boolean throttled) {
        // the table's write units for each unit the GSI takes: the cap the index puts on the table
        double tablePerGsiUnit = t.table().totals().consumedWriteUnits() / g.totals().consumedWriteUnits();
        double cap = Rules.PARTITION_WRITE_CEILING / share * tablePerGsiUnit;
        double neverRead = g.entriesWritten() == 0 ? 0 : Math.max(0, 1 - (double) g.entriesRead() / g.entriesWritten());
        String lands = share >= 0.99 ? "every write lands on" : Figures.percent(share) + " of writes land on";
        String headline = lands + " partition " + hot.ordinal() + " of " + g.partitionCount() + " of GSI " + g.index()
                + ": the table is capped at " + Figures.units(cap) + " WCU by this index"
                + (neverRead >= UnreadIndexCheck.MOSTLY_UNREAD ? "; " + Figures.percent(neverRead) + " of its entries are never read" : "");
        Map<String, Double> n = new LinkedHashMap<>();
        n.put("shareOfWritesOnHottestPartition", share);
        n.put("hottestPartition", (double) hot.ordinal());
        n.put("partitionCount", (double) g.partitionCount());
        n.put("tableWriteCapUnitsPerSecond", cap);
        n.put("peakShareOfCeiling", hot.peakShareOfCeiling());
        n.put("writeThrottleEvents", (double) g.totals().writeThrottleEvents());
        n.put("entriesNeverReadShare", neverRead);
        String key = keyAttribute(t, g);
        String fix = "Spread GSI " + g.index() + "'s writes over its partitions: "
                + (neverRead >= UnreadIndexCheck.MOSTLY_UNREAD ? "make it sparse (write " + key + " only on the items its queries read), then " : "")
                + "shard its partition key (" + key + "#0 … #N-1, the suffix calculated from an item id; N in the finding on its key), "
                + "or key it on an attribute with many values and keep " + key + " in the sort key.";
        return new Finding(throttled ? Severity.CRITICAL : Severity.WARNING, "GSI_SINGLE_PARTITION", t.design().name(), g.index(),
                null, headline, n, fix);
    }

    static String keyAttribute(TableReport t, ResourceReport g) {
        var d = Resources.gsi(t, g.index());
        return d == null ? "its key" : d.partitionKey();
    }
}
