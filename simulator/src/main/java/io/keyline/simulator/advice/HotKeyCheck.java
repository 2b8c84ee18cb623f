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
 * A key busier than one partition can serve: no table capacity and no adaptive capacity lifts one
 * key above its partition's ceiling (docs/RULES.md#CAP-PARTITION-WRITE, #CAP-ADAPTIVE-ISOLATION).
 * The shard count follows the seeds: peak units ÷ the ceiling, then 2 to 2.5 times that for
 * headroom and uneven spread (8,000 writes a second: 8 shards, 16-20). A key's units are its peak
 * accesses a second times the resource's mean units per access. For writes the peak is the
 * demand, the writes the client offered the key ({@link ResourceReport#topDemandKeys}), since a
 * throttled key's admitted writes stop at the ceiling whatever it was asked for; reads, and a
 * report without demand, use Contributor Insights' accessed keys. GSIs with few distinct keys are
 * {@link GsiKeyCardinalityCheck}'s, not this check's.
 */
final class HotKeyCheck implements Check {
    /** A key at this share of a partition's ceiling is hot. */
    static final double HOT_SHARE = 0.8;
    /** At most this many hot keys reported per table or GSI. */
    static final int MAX_PER_RESOURCE = 3;
    /**
     * A measured rate is random (Poisson arrivals, thinned when sampled): a busiest minute of a
     * key asked for 8,000 writes a second comes out at 7,960-8,040. Within this share above a
     * multiple of the ceiling, the shard count is that multiple's, as the seeds count 8,000 ÷ 1,000.
     */
    static final double RATE_NOISE = 0.01;

    @Override public List<Finding> check(Report report, MonthlyCost cost) {
        List<Finding> out = new ArrayList<>();
        for (TableReport t : report.tables()) {
            for (ResourceReport r : Resources.all(t)) {
                if (r.index() != null && r.distinctPartitionKeys() <= GsiKeyCardinalityCheck.FEW_KEYS) continue;
                boolean writes = Resources.writeDominated(r);
                double ceiling = writes ? Rules.PARTITION_WRITE_CEILING : Rules.PARTITION_READ_CEILING;
                double unitsPerAccess = writes ? Resources.writeUnitsPerEntry(r)
                        : r.entriesRead() == 0 ? 1 : r.totals().consumedReadUnits() / r.entriesRead();
                int reported = 0;
                boolean demand = writes && r.topDemandKeys() != null && !r.topDemandKeys().isEmpty();
                for (ResourceReport.KeyCount k : demand ? r.topDemandKeys() : r.topKeys()) {
                    double peak = k.peakPerSecond() * unitsPerAccess;
                    boolean throttled = r.topThrottledKeys().stream().anyMatch(x -> x.partitionKey().equals(k.partitionKey()));
                    // demand is the whole story; an admitted count understates a throttled key
                    if (peak < HOT_SHARE * ceiling && (demand || !throttled)) continue;
                    out.add(finding(t, r, k, peak, ceiling, writes, throttled, demand));
                    if (++reported == MAX_PER_RESOURCE) break;
                }
            }
        }
        return out;
    }

    /** A rate as a person reads it: whole above 100 (8,021.5 measured is "8,022"), else as units. */
    private static String rate(double perSecond) {
        return perSecond >= 100 ? Figures.count(Math.round(perSecond)) : Figures.units(perSecond);
    }

    /** @param demand whether {@code k} counts the writes offered (else the accesses admitted) */
    private static Finding finding(TableReport t, ResourceReport r, ResourceReport.KeyCount k, double peak, double ceiling,
            boolean writes, boolean throttled, boolean demand) {
        long[] shards = Resources.shards(peak, ceiling, RATE_NOISE);
        String kind = writes ? "writes" : "reads";
        String unit = writes ? "WCU" : "RCU";
        String headline = "key " + k.partitionKey() + " of " + Resources.name(r) + (demand ? " is asked for " : " peaks at ")
                + rate(k.peakPerSecond()) + " " + kind + " a second (" + rate(peak) + " " + unit + ")"
                + (throttled && demand ? ", throttled" : "") + ": one partition serves " + Figures.units(ceiling)
                + " " + unit + "; it needs " + shards[0] + " shard" + (shards[0] == 1 ? "" : "s") + ", " + shards[1] + "-" + shards[2]
                + " with headroom";
        Map<String, Double> n = new LinkedHashMap<>();
        n.put(demand ? "peakOfferedPerSecond" : "peakAccessesPerSecond", k.peakPerSecond());
        n.put("peakUnitsPerSecond", peak);
        n.put("partitionCeiling", ceiling);
        n.put("shardsNeeded", (double) shards[0]);
        n.put("shardsWithHeadroomLow", (double) shards[1]);
        n.put("shardsWithHeadroomHigh", (double) shards[2]);
        n.put("accesses", (double) k.count());
        String fix = "Write-shard the key: " + k.partitionKey() + "#0 … #" + (shards[2] - 1) + ". Calculated shards (hash(item id) % "
                + shards[2] + ") keep point reads to one query and spread as evenly as the ids do; random shards spread perfectly "
                + "but every read, even of one item, becomes " + shards[2] + " parallel queries (each at least 0.5 RCU) merged in the "
                + "client. Reading the whole key costs " + shards[2] + " queries either way. The count is permanent (changing it "
                + "rewrites every item): err high.";
        return new Finding(throttled ? Severity.CRITICAL : Severity.WARNING, "HOT_KEY", t.design().name(), r.index(), null,
                headline, n, fix);
    }
}
