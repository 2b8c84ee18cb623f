package io.keyline.simulator.advice;

import io.keyline.capacity.Rules;
import io.keyline.simulator.cost.MonthlyCost;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableDesign;
import io.keyline.simulator.report.TableReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Readings of the report's records that several checks share. Stateless. */
final class Resources {
    private Resources() {}

    /** The table's resource, then its GSIs'. */
    static List<ResourceReport> all(TableReport t) {
        List<ResourceReport> all = new ArrayList<>();
        all.add(t.table());
        all.addAll(t.gsis());
        return all;
    }

    static long throttleEvents(ResourceReport r) {
        return r.totals().readThrottleEvents() + r.totals().writeThrottleEvents();
    }

    static TableDesign.IndexDesign gsi(TableReport t, String name) {
        return t.design().gsis().stream().filter(i -> i.name().equals(name)).findFirst().orElse(null);
    }

    /** The reason with the most events, or null when none. */
    static String mainReason(Map<String, Long> byReason) {
        if (byReason == null) return null;
        return byReason.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
    }

    /** Whether writes dominate the resource's load, measured against each kind's partition ceiling. */
    static boolean writeDominated(ResourceReport r) {
        return r.totals().consumedWriteUnits() / Rules.PARTITION_WRITE_CEILING
                >= r.totals().consumedReadUnits() / Rules.PARTITION_READ_CEILING;
    }

    /** Mean write units per entry written (1 when nothing was written). */
    static double writeUnitsPerEntry(ResourceReport r) {
        return r.entriesWritten() == 0 ? 1 : r.totals().consumedWriteUnits() / r.entriesWritten();
    }

    /**
     * The write units a second the client asked of a resource's most demanded keys at their peaks
     * (offered writes, throttled or not, × the mean units per entry written); 0 without demand.
     */
    static double offeredWriteUnits(ResourceReport r) {
        if (r.topDemandKeys() == null) return 0;
        double perSecond = r.topDemandKeys().stream().mapToDouble(ResourceReport.KeyCount::peakPerSecond).sum();
        return perSecond * writeUnitsPerEntry(r);
    }

    /** The shards a key needs for peakUnits against a ceiling: the minimum, then 2× and 2.5× it for headroom (the seeds' 8 → 16-20). */
    static long[] shards(double peakUnits, double ceiling) {
        return shards(peakUnits, ceiling, 0);
    }

    /**
     * As {@link #shards(double, double)} for a measured rate, which is random: units within
     * {@code noise} (a share) above a whole number of ceilings need that number (8,040 WCU measured
     * for 8,000 asked: 8 shards).
     */
    static long[] shards(double peakUnits, double ceiling, double noise) {
        double x = peakUnits / ceiling;
        long whole = (long) Math.floor(x);
        long min = Math.max(1, whole > 0 && x <= whole * (1 + noise) ? whole : (long) Math.ceil(x - 1e-9));
        return new long[] {min, 2 * min, (long) Math.ceil(2.5 * min)};
    }

    /** Write operations, as patterns name them. */
    static final java.util.Set<String> WRITES = java.util.Set.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems");

    /**
     * First attempts ÷ successes of the write patterns on a table (at least 1): how much more the
     * clients asked for than they got, so a throttled peak scales up to the demand.
     */
    static double writeDemandFactor(io.keyline.simulator.report.Report report, TableReport t) {
        long asked = 0, got = 0;
        for (var p : report.patterns()) {
            if (!p.table().equals(t.design().name()) || !WRITES.contains(p.operation())) continue;
            asked += p.requests();
            got += p.succeeded();
        }
        return got == 0 || asked <= got ? 1 : (double) asked / got;
    }

    static MonthlyCost.ResourceCost cost(MonthlyCost cost, ResourceReport r) {
        return cost.resources().stream()
                .filter(c -> c.table().equals(r.table()) && Objects.equals(c.index(), r.index()))
                .findFirst().orElse(null);
    }

    /** "GSI by-day" or "table Orders". */
    static String name(ResourceReport r) {
        return r.index() == null ? "table " + r.table() : "GSI " + r.index();
    }
}
