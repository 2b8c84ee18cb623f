package io.keyline.simulator.advice;

import io.keyline.simulator.cost.CostModel;
import io.keyline.simulator.cost.MonthlyCost;
import io.keyline.simulator.report.Figures;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.TableReport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * On demand or provisioned, for this traffic: each table's month (with its GSIs and storage) on
 * demand, provisioned as declared, and provisioned at exactly the observed peak (no headroom, no
 * auto scaling: the cheapest provisioning that would have served the run). One finding per table,
 * always, as information; a provisioned table that throttled is priced as if its throttled
 * requests had been served (they are demand too).
 */
final class BillingModeCheck implements Check {
    @Override public List<Finding> check(Report report, MonthlyCost cost) {
        return report.tables().stream().map(t -> finding(report, t, cost)).toList();
    }

    /**
     * The WCU a resource would provision to serve what it was asked for: its busiest second, or,
     * when its clients asked for {@code demand} times what it admitted, its average admitted units
     * times that, if more. (Not the busiest second times the demand: a throttled partition's
     * busiest second is its burst, spent once.)
     */
    private static double peakWcu(MonthlyCost.ResourceCost c, double demand) {
        double averageWcu = c.writeRequestUnits() / (CostModel.HOURS_PER_MONTH * 3600);
        return Math.ceil(Math.max(c.peakWcu(), averageWcu * demand) - 1e-9);
    }

    /** At or above this average share of the busiest second, traffic is called steady. */
    static final double STEADY_SHARE = 0.5;

    private static Finding finding(Report report, TableReport t, MonthlyCost cost) {
        String name = t.design().name();
        List<MonthlyCost.ResourceCost> lines = cost.resources().stream().filter(c -> c.table().equals(name)).toList();
        // a throttled table's clients asked for more writes than it served: price what they asked for
        double demand = Resources.writeDemandFactor(report, t);
        var prices = cost.prices();
        double storage = lines.stream().mapToDouble(MonthlyCost.ResourceCost::storage).sum();
        double onDemand = lines.stream().mapToDouble(c -> c.onDemandWrites() * demand + c.onDemandReads()).sum() + storage;
        double declared = lines.stream().mapToDouble(MonthlyCost.ResourceCost::provisioned).sum() + storage;
        double atPeak = lines.stream().mapToDouble(c -> (peakWcu(c, demand) * prices.provisionedWcuPerHour()
                + c.peakRcu() * prices.provisionedRcuPerHour()) * CostModel.HOURS_PER_MONTH).sum() + storage;
        double peakWcu = lines.stream().mapToDouble(c -> peakWcu(c, demand)).sum();
        double wcu = lines.stream().mapToLong(MonthlyCost.ResourceCost::provisionedWcu).sum();
        boolean provisioned = "PROVISIONED".equals(t.design().billingMode());
        // average over peak: how much of provisioned-at-peak would be used
        double seconds = cost.simulatedHours() * 3600;
        double averageUnits = (t.table().totals().consumedWriteUnits() + t.table().totals().consumedReadUnits()) / seconds;
        double peakUnits = t.table().totals().peakConsumedWriteUnitsPerSecond() + t.table().totals().peakConsumedReadUnitsPerSecond();
        double utilisation = peakUnits == 0 ? 0 : averageUnits / peakUnits;

        Map<String, Double> n = new LinkedHashMap<>();
        n.put("onDemandMonthlyDollars", onDemand);
        if (provisioned) n.put("provisionedMonthlyDollars", declared);
        n.put("provisionedAtPeakMonthlyDollars", atPeak);
        n.put("averageShareOfPeak", utilisation);
        if (provisioned) n.put("provisionedWcu", wcu);
        n.put("peakWcu", peakWcu);
        n.put("writeDemandFactor", demand);
        String cheaper = onDemand <= atPeak ? "on demand" : "provisioned at the peak";
        String headline = "table " + name + " (with its GSIs and storage"
                + (demand > 1 ? ", every write it was asked for served: " + Figures.units(demand) + "× what it admitted" : "") + ") costs " + Figures.dollars(onDemand) + " a month on demand"
                + (provisioned ? ", " + Figures.dollars(declared) + " provisioned as declared" : "")
                + ", " + Figures.dollars(atPeak) + " provisioned at the observed peak: " + cheaper + " is cheaper for this traffic";
        String fix;
        if (onDemand <= atPeak) {
            fix = "On demand costs less here: the traffic averages " + Figures.percent(utilisation) + " of its peak, and provisioned "
                    + "capacity is paid for every hour" + (provisioned ? "; switch the table to PAY_PER_REQUEST" : "") + ".";
        } else {
            // "steady" only when it is: a throttled table's busiest second is its burst, far above its average
            fix = "Provisioned capacity costs less here" + (utilisation >= STEADY_SHARE
                    ? ": the traffic is steady (its average is " + Figures.percent(utilisation) + " of its peak)"
                    : ", although the traffic averages only " + Figures.percent(utilisation) + " of its busiest second")
                    + "; provision about the peak plus headroom, with auto scaling, or reserve capacity for a lower rate.";
        }
        if (provisioned && wcu > 0 && peakWcu > 0 && wcu > 5 * peakWcu) {
            fix += " The table and its GSIs provision " + Figures.units(wcu) + " WCU and peak at " + Figures.units(peakWcu) + ".";
        }
        return new Finding(Severity.INFO, "BILLING_MODE", name, null, null, headline, n, fix);
    }
}
