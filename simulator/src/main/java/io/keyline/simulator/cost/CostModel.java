package io.keyline.simulator.cost;

import io.keyline.engine.catalog.TableStatistics;
import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableDesign;
import io.keyline.simulator.report.TableReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Prices a {@link Report}: the simulated traffic extrapolated to a 730-hour month, on demand
 * (request units) and provisioned (capacity-unit hours, as declared and as the observed peak would
 * need), plus storage. Stateless.
 *
 * <p>How the month is reached: the simulated window is taken to repeat for the whole month, so
 * units consumed are multiplied by {@code 730 h ÷ simulated hours} (a 10-minute run × 4,380).
 * Storage is the size at the end of the run, held for the month. Capacity-unit hours do not depend
 * on the traffic: declared units × 730 h.
 *
 * <p>What requests cost: a request unit is billed for what the capacity model consumed, so a
 * throttled attempt costs nothing (DynamoDB bills no throttled request), a failed conditional
 * write costs its units (docs/RULES.md#CAP-WRITE-FAILED-CONDITION), and GSI writes are billed on
 * the GSI's own line (docs/RULES.md#CAP-INDEX-OWNER). Requests that gave up throttled are
 * reported apart, as what serving them would add.
 *
 * <p>Sizes: 100 bytes of overhead per item and per index entry (docs/RULES.md#SIZE-STORAGE); a GSI
 * whose size the runner did not measure is estimated as min(table items, entries written) entries
 * of its mean entry size.
 */
public final class CostModel {
    /** The month AWS prices by: 24 × 365 ÷ 12 (docs/RULES.md#PRICE-DEFAULTS). */
    public static final double HOURS_PER_MONTH = 730;
    /** A billed GB: 2^30 bytes. */
    public static final double BYTES_PER_GB = 1024.0 * 1024 * 1024;
    private static final Set<String> THROTTLING_ERRORS =
            Set.of("ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded");

    private CostModel() {}

    /** The report priced with the defaults overridden by {@link Report#prices()}. */
    public static MonthlyCost of(Report report) {
        return of(report, Prices.defaults().with(report.prices() == null ? Map.of() : report.prices()));
    }

    public static MonthlyCost of(Report report, Prices prices) {
        double hours = report.simulated().toNanos() / 3.6e12;
        if (!(hours > 0)) throw new IllegalArgumentException("a report of no simulated time cannot be priced");
        double scale = HOURS_PER_MONTH / hours;
        List<MonthlyCost.ResourceCost> lines = new ArrayList<>();
        double onDemand = 0, provisioned = 0, atPeak = 0, storage = 0;
        boolean anyProvisioned = false;
        for (TableReport t : report.tables()) {
            TableDesign d = t.design();
            anyProvisioned |= "PROVISIONED".equals(d.billingMode());
            lines.add(line(t.table(), d.writeCapacityUnits(), d.readCapacityUnits(), t.itemCount(), t.storageBytes(), false, prices, scale));
            for (ResourceReport g : t.gsis()) {
                TableDesign.IndexDesign gd = d.gsis().stream().filter(i -> i.name().equals(g.index())).findFirst().orElse(null);
                long wcu = gd == null ? 0 : gd.writeCapacityUnits(), rcu = gd == null ? 0 : gd.readCapacityUnits();
                boolean measured = g.storageBytes() >= 0;
                long entries = measured ? Math.max(0, g.entryCount()) : Math.min(t.itemCount(), g.entriesWritten());
                long bytes = measured ? g.storageBytes()
                        : Math.round(entries * (g.averageEntryBytes() + TableStatistics.STORAGE_OVERHEAD_BYTES_PER_ITEM));
                lines.add(line(g, wcu, rcu, entries, bytes, !measured, prices, scale));
            }
        }
        for (MonthlyCost.ResourceCost c : lines) {
            onDemand += c.onDemand();
            provisioned += c.provisioned();
            atPeak += c.provisionedAtPeak();
            storage += c.storage();
        }
        double unservedWrites = 0, unservedReads = 0;
        for (PatternReport p : report.patterns()) {
            long gaveUp = p.errors() == null ? 0 : p.errors().entrySet().stream()
                    .filter(e -> THROTTLING_ERRORS.contains(e.getKey())).mapToLong(Map.Entry::getValue).sum();
            if (gaveUp == 0 || p.succeeded() == 0) continue;
            unservedWrites += gaveUp * p.consumedWriteUnits() / p.succeeded() * scale;
            unservedReads += gaveUp * p.consumedReadUnits() / p.succeeded() * scale;
        }
        double unserved = unservedWrites / 1e6 * prices.onDemandWriteRequestUnitPerMillion()
                + unservedReads / 1e6 * prices.onDemandReadRequestUnitPerMillion();
        MonthlyCost.Totals totals = new MonthlyCost.Totals(onDemand + storage, provisioned + storage, atPeak + storage,
                storage, anyProvisioned, unservedWrites, unservedReads, onDemand + storage + unserved);
        String region = report.region() == null ? Prices.DEFAULT_REGION : report.region();
        return new MonthlyCost(prices, region, hours, scale, List.copyOf(lines), totals);
    }

    private static MonthlyCost.ResourceCost line(ResourceReport r, long wcu, long rcu, long entries, long bytes,
            boolean estimated, Prices prices, double scale) {
        double writes = r.totals().consumedWriteUnits() * scale;
        double reads = r.totals().consumedReadUnits() * scale;
        long peakWcu = (long) Math.ceil(r.totals().peakConsumedWriteUnitsPerSecond() - 1e-9);
        long peakRcu = (long) Math.ceil(r.totals().peakConsumedReadUnitsPerSecond() - 1e-9);
        return new MonthlyCost.ResourceCost(r.table(), r.index(), writes, reads,
                writes / 1e6 * prices.onDemandWriteRequestUnitPerMillion(),
                reads / 1e6 * prices.onDemandReadRequestUnitPerMillion(),
                wcu, rcu, capacityHours(wcu, rcu, prices),
                peakWcu, peakRcu, capacityHours(peakWcu, peakRcu, prices),
                entries, bytes, estimated, bytes / BYTES_PER_GB * prices.storagePerGbMonth());
    }

    private static double capacityHours(long wcu, long rcu, Prices prices) {
        return (wcu * prices.provisionedWcuPerHour() + rcu * prices.provisionedRcuPerHour()) * HOURS_PER_MONTH;
    }
}
