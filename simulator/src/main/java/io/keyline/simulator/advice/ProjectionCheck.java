package io.keyline.simulator.advice;

import io.keyline.simulator.cost.MonthlyCost;
import io.keyline.simulator.report.Figures;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableDesign;
import io.keyline.simulator.report.TableReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A GSI projection that makes each index write cost more than one unit: an index write is charged
 * by the entry's size in 1 KB units (docs/RULES.md#CAP-INDEX-WRITE, #CAP-INDEX-ENTRY), so ALL (or a
 * wide INCLUDE) over items past 1 KB multiplies the index's write bill; KEYS_ONLY entries of small
 * keys cost one unit. The saving is what the index's writes cost above one unit an entry.
 */
final class ProjectionCheck implements Check {
    /** Mean units per index write above which the projection is worth a look. */
    static final double UNITS_PER_ENTRY = 1.05;

    @Override public List<Finding> check(Report report, MonthlyCost cost) {
        List<Finding> out = new ArrayList<>();
        for (TableReport t : report.tables()) {
            for (ResourceReport g : t.gsis()) {
                TableDesign.IndexDesign d = Resources.gsi(t, g.index());
                if (d == null || "KEYS_ONLY".equals(d.projectionType()) || g.entriesWritten() == 0) continue;
                double perEntry = Resources.writeUnitsPerEntry(g);
                if (perEntry < UNITS_PER_ENTRY) continue;
                double extraUnits = (perEntry - 1) * g.entriesWritten() * cost.monthScale();
                double extra = extraUnits / 1e6 * cost.prices().onDemandWriteRequestUnitPerMillion();
                Map<String, Double> n = new LinkedHashMap<>();
                n.put("writeUnitsPerEntry", perEntry);
                n.put("averageEntryBytes", g.averageEntryBytes());
                n.put("extraWriteUnitsPerMonth", extraUnits);
                n.put("extraMonthlyDollarsOnDemand", extra);
                String headline = "GSI " + g.index() + " projects " + d.projectionType() + ": each index write costs "
                        + Figures.units(perEntry) + " WCU (entries of " + Figures.bytes(Math.round(g.averageEntryBytes()))
                        + ") where KEYS_ONLY would cost 1; " + Figures.dollars(extra) + " a month of extra writes on demand";
                String fix = "Project only what the index's queries return (INCLUDE those attributes, or KEYS_ONLY and read the "
                        + "rest from the table); a projection cannot change, so create the new GSI, move the queries, drop the old.";
                out.add(new Finding(perEntry >= 2 ? Severity.WARNING : Severity.INFO, "PROJECTION_WRITE_COST", t.design().name(),
                        g.index(), null, headline, n, fix));
            }
        }
        return out;
    }
}
