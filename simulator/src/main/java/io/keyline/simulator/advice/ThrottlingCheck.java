package io.keyline.simulator.advice;

import io.keyline.capacity.Rules;
import io.keyline.simulator.cost.MonthlyCost;
import io.keyline.simulator.report.Figures;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableReport;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table that throttled, and whether capacity or a partition is to blame. The seeds' rule:
 * throttling while the table consumes a small share of what it provisions (at most a fifth, as
 * {@code keyline top} uses) is a partition problem, and the partition is often a GSI's
 * (docs/RULES.md#GSI-BACK-PRESSURE): raising the table's capacity cannot fix it. A key-range
 * reason says the same at any share, provisioned or on demand. A GSI's throttle events are its
 * own (a table's do not include the writes its GSIs refused), so the culprit is the resource
 * whose own events are most; a GSI that refused its table's writes says how many.
 */
final class ThrottlingCheck implements Check {
    /** At or below this share of provisioned units, throttling is a partition problem. */
    static final double PARTITION_PROBLEM_SHARE = 0.2;

    @Override public List<Finding> check(Report report, MonthlyCost cost) {
        List<Finding> out = new ArrayList<>();
        for (TableReport t : report.tables()) {
            ResourceReport culprit = Resources.all(t).stream().filter(r -> Resources.throttleEvents(r) > 0)
                    .max(Comparator.comparingLong(Resources::throttleEvents)).orElse(null);
            if (culprit == null) continue;
            out.add(finding(t, culprit, report.simulated().toNanos() / 1e9));
        }
        return out;
    }

    private static Finding finding(TableReport t, ResourceReport culprit, double seconds) {
        boolean writes = culprit.totals().writeThrottleEvents() >= culprit.totals().readThrottleEvents();
        String reason = Resources.mainReason(culprit.totals().throttleEventsByReason());
        boolean keyRange = reason != null && reason.contains("KeyRange");
        boolean provisioned = "PROVISIONED".equals(t.design().billingMode());
        ResourceReport table = t.table();
        // the table's own consumption in the minutes anything of it throttled
        double consumed = 0, provisionedUnits = 0;
        int minutes = 0;
        for (int i = 0; i < table.minutes().size(); i++) {
            ResourceReport.Minute m = table.minutes().get(i);
            if (!throttledIn(t, i)) continue;
            consumed += writes ? m.consumedWriteUnits() : m.consumedReadUnits();
            provisionedUnits += writes ? m.provisionedWriteUnits() : m.provisionedReadUnits();
            minutes++;
        }
        if (minutes == 0) { // no per-minute series: the run's average against the declared units
            consumed = (writes ? table.totals().consumedWriteUnits() : table.totals().consumedReadUnits()) / seconds;
            provisionedUnits = writes ? t.design().writeCapacityUnits() : t.design().readCapacityUnits();
        } else {
            consumed /= minutes * 60.0;
            provisionedUnits /= minutes;
        }
        if (provisionedUnits == 0) provisionedUnits = writes ? t.design().writeCapacityUnits() : t.design().readCapacityUnits();
        double share = provisionedUnits > 0 ? consumed / provisionedUnits : 0;
        String unit = writes ? "WCU" : "RCU";
        String where = culprit.index() == null ? "in table " + t.design().name() : "in GSI " + culprit.index();
        ResourceReport.PartitionLoad hot = culprit.hottestPartitions().isEmpty() ? null : culprit.hottestPartitions().get(0);
        String partition = hot == null ? "" : " (partition " + hot.ordinal() + " of " + culprit.partitionCount()
                + (reason == null ? "" : ", " + reason) + ")";

        Map<String, Double> n = new LinkedHashMap<>();
        if (provisioned) n.put("consumedShareOfProvisioned", share);
        n.put("consumedUnitsPerSecond", consumed);
        if (provisioned) n.put("provisionedUnitsPerSecond", provisionedUnits);
        n.put("throttleEvents", (double) Resources.throttleEvents(culprit));
        n.put("throttledRequests", (double) culprit.totals().throttledRequests());
        long refused = culprit.index() == null || table.gsiBackPressureRefusalsByIndex() == null ? 0
                : table.gsiBackPressureRefusalsByIndex().getOrDefault(culprit.index(), 0L);
        if (refused > 0) n.put("gsiBackPressureRefusals", (double) refused);
        n.put("partitionCount", (double) culprit.partitionCount());
        if (hot != null) n.put("hotPartition", (double) hot.ordinal());

        // A key-range reason is DynamoDB naming a partition's ceiling, whatever share of the table's
        // units was in use (a status index at 26% throttles for the same reason as one at 3%).
        boolean partitionProblem = keyRange || (provisioned && share <= PARTITION_PROBLEM_SHARE);
        if (partitionProblem) {
            String headline = (provisioned ? "throttled at " + Figures.percent(share) + " of provisioned" : "throttled on demand")
                    + ": a partition problem, " + where + partition + refusedWrites(t, refused);
            String fix = (provisioned ? "Raising the table's " + unit + " will not help: " : "")
                    + "the limit is one partition's " + (writes ? "1,000 WCU" : "3,000 RCU") + ". "
                    + (culprit.index() != null
                            ? "Fix GSI " + culprit.index() + "'s partition key: make the index sparse and shard its key (see the findings on it)."
                            : writes && !anyHotKey(culprit) ? sharedPartition(culprit)
                            : "Spread the table's hot key (write sharding; see the hot-key finding).");
            return new Finding(Severity.CRITICAL, "PARTITION_THROTTLING", t.design().name(), culprit.index(), null, headline, n, fix);
        }
        String headline = (provisioned ? "throttled at " + Figures.percent(share) + " of provisioned" : "throttled on demand")
                + ": the " + (culprit.index() == null ? "table" : "GSI " + culprit.index()) + " needs more capacity"
                + (reason == null ? "" : " (" + reason + ")");
        String fix = provisioned
                ? "Provision at least the peak (" + Figures.units(peak(culprit, writes)) + " " + unit + ") with headroom, or switch to on demand."
                : "Raise the on-demand maximum or the account quota, or warm the table (WarmThroughput) before the peak.";
        return new Finding(Severity.CRITICAL, "CAPACITY_THROTTLING", t.design().name(), culprit.index(), null, headline, n, fix);
    }

    /**
     * For a GSI that refused its table's writes: how many attempts (each retry counts, as throttle
     * events do), as the table's diagnosis needs saying: its own throttle events exclude them.
     */
    private static String refusedWrites(TableReport t, long refused) {
        return refused == 0 ? "" : "; its back-pressure refused " + Figures.count(refused) + " write attempts of table " + t.design().name();
    }

    /** Whether a key of the table was asked for a partition's worth of writes (HotKeyCheck's rule); true without demand figures. */
    private static boolean anyHotKey(ResourceReport r) {
        if (r.topDemandKeys() == null || r.topDemandKeys().isEmpty()) return true;
        double perEntry = Resources.writeUnitsPerEntry(r);
        return r.topDemandKeys().stream().anyMatch(k -> k.peakPerSecond() * perEntry >= HotKeyCheck.HOT_SHARE * Rules.PARTITION_WRITE_CEILING);
    }

    /** The fix when no one key is too busy: busy keys sharing a partition, which splits in time or can be pre-split. */
    private static String sharedPartition(ResourceReport r) {
        ResourceReport.KeyCount busiest = r.topDemandKeys().get(0);
        int before = r.minutes().isEmpty() ? r.partitionCount() : r.minutes().get(0).partitionCount();
        return "No key is asked for more than a partition serves (the busiest, " + busiest.partitionKey() + ", "
                + Figures.units(Math.round(busiest.peakPerSecond() * Resources.writeUnitsPerEntry(r))) + " WCU): several busy keys "
                + "share a partition. DynamoDB splits a hot partition within minutes"
                + (r.partitionCount() > before ? " (here from " + before + " to " + r.partitionCount() + " partitions)" : "")
                + "; to avoid the throttling before it does, give the table more partitions from the start (more provisioned WCU, "
                + "or WarmThroughput) or more, smaller keys.";
    }

    private static double peak(ResourceReport r, boolean writes) {
        return writes ? r.totals().peakConsumedWriteUnitsPerSecond() : r.totals().peakConsumedReadUnitsPerSecond();
    }

    private static boolean throttledIn(TableReport t, int minute) {
        for (ResourceReport r : Resources.all(t)) {
            if (minute < r.minutes().size()) {
                ResourceReport.Minute m = r.minutes().get(minute);
                if (m.readThrottleEvents() + m.writeThrottleEvents() > 0) return true;
            }
        }
        return false;
    }
}
