package io.keyline.simulator.advice;

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
 * A GSI whose entries are mostly written and never read: it is paid for in write units and
 * storage for every item, to answer queries about a few. A sparse index (the key attribute
 * written only on the items the queries want, docs/RULES.md#GSI-SPARSE) holds only those. The
 * share read is entries returned by reads ÷ entries written, an upper bound on the share of
 * distinct entries ever read (an entry read twice counts twice).
 */
final class UnreadIndexCheck implements Check {
    /** At least this share never read is "mostly never read". */
    static final double MOSTLY_UNREAD = 0.9;
    /** Below this many entries written, the run says too little. */
    static final long MIN_WRITTEN = 1_000;

    @Override public List<Finding> check(Report report, MonthlyCost cost) {
        List<Finding> out = new ArrayList<>();
        for (TableReport t : report.tables()) {
            for (ResourceReport g : t.gsis()) {
                if (g.entriesWritten() < MIN_WRITTEN) continue;
                double neverRead = Math.max(0, 1 - (double) g.entriesRead() / g.entriesWritten());
                if (neverRead < MOSTLY_UNREAD) continue;
                MonthlyCost.ResourceCost c = Resources.cost(cost, g);
                double writes = c == null ? 0 : c.onDemandWrites(), storage = c == null ? 0 : c.storage();
                Map<String, Double> n = new LinkedHashMap<>();
                n.put("entriesWritten", (double) g.entriesWritten());
                n.put("entriesRead", (double) g.entriesRead());
                n.put("neverReadShare", neverRead);
                n.put("monthlyWriteDollarsOnDemand", writes);
                n.put("monthlyStorageDollars", storage);
                String key = GsiConcentrationCheck.keyAttribute(t, g);
                String headline = Figures.percent(neverRead) + " of GSI " + g.index() + "'s entries are never read ("
                        + Figures.count(g.entriesWritten()) + " written, " + Figures.count(g.entriesRead()) + " read): it costs "
                        + Figures.dollars(writes) + " a month in writes on demand and " + Figures.dollars(storage) + " in storage";
                String fix = "Make it sparse: write " + key + " only on the items its queries read (e.g. only while a state holds; "
                        + "REMOVE it after), so the rest never enter the index and cost nothing in it.";
                out.add(new Finding(Severity.WARNING, "INDEX_MOSTLY_UNREAD", t.design().name(), g.index(), null, headline, n, fix));
            }
        }
        return out;
    }
}
