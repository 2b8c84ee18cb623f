package io.keyline.simulator.advice;

import io.keyline.simulator.cost.MonthlyCost;
import io.keyline.simulator.report.Figures;
import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.Report;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Scan (or a filtered Query) that reads far more than it returns: DynamoDB charges for what it
 * evaluates, before the filter (docs/RULES.md#CAP-READ-WHOLE-ITEM, #PAGE-SIZE). The seeds' case:
 * ScannedCount 400,000 for Count 10, about 400 pages and 50,000 RCU. A query on a (sparse) index
 * keyed on what the filter tests reads only what it returns. A filter that kept nothing (Count 0)
 * has no ratio: the headline says what was read to return none, and the ratio's number is not
 * finite (null in JSON).
 */
final class ScanCheck implements Check {
    /** ScannedCount at least this many times Count is wasteful... */
    static final double WASTE_RATIO = 10;
    /** ...once a pattern has evaluated at least this many items. */
    static final long MIN_SCANNED = 1_000;

    @Override public List<Finding> check(Report report, MonthlyCost cost) {
        List<Finding> out = new ArrayList<>();
        for (PatternReport p : report.patterns()) {
            boolean scan = "Scan".equals(p.operation());
            if (!scan && !"Query".equals(p.operation())) continue;
            if (p.itemsScanned() < MIN_SCANNED || p.itemsScanned() < WASTE_RATIO * Math.max(1, p.itemsReturned())) continue;
            out.add(finding(p, scan, cost));
        }
        return out;
    }

    private static Finding finding(PatternReport p, boolean scan, MonthlyCost cost) {
        double requests = Math.max(1, p.requests());
        double scanned = p.itemsScanned() / requests, returned = p.itemsReturned() / requests;
        double pages = p.pages() / requests, units = p.consumedReadUnits() / requests;
        boolean none = p.itemsReturned() == 0;
        double ratio = none ? Double.POSITIVE_INFINITY : p.itemsScanned() / (double) p.itemsReturned();
        double monthly = p.consumedReadUnits() * cost.monthScale() / 1e6 * cost.prices().onDemandReadRequestUnitPerMillion();
        String what = (scan ? "Scan " : "Query ") + p.name();
        String counts = none
                ? " to return none (ScannedCount " + Figures.count(p.itemsScanned()) + ", Count 0, over " + requests(p) + ")"
                : " to return " + Figures.units(returned) + " (ScannedCount ÷ Count = " + Figures.units(ratio) + ")";
        String headline = what + " reads " + Figures.units(scanned) + " items" + counts + ": " + Figures.units(pages) + " pages and "
                + Figures.units(units) + " RCU a request" + (scan ? "; the filter saves nothing" : "; its filter discards "
                + (none ? "every item" : Figures.percent(1 - 1 / ratio)));
        Map<String, Double> n = new LinkedHashMap<>();
        n.put("itemsScannedPerRequest", scanned);
        n.put("itemsReturnedPerRequest", returned);
        n.put("scannedToReturned", ratio);
        n.put("pagesPerRequest", pages);
        n.put("readUnitsPerRequest", units);
        n.put("requests", (double) p.requests());
        n.put("monthlyOnDemandDollars", monthly);
        String fix = scan
                ? "A query would do: a GSI keyed on what the filter tests, sparse (the key written only on the items the scan "
                        + "keeps, e.g. a status only while PENDING), queried for its key, reads "
                        + (none ? "nothing" : "about " + Figures.units(returned) + " items a request") + " instead of " + Figures.units(scanned)
                        + (none ? " items a request" : "") + " (" + Figures.dollars(monthly) + " a month now on demand)."
                : "Put what the filter tests into the key: the sort key (begins_with, between) or a GSI's key, so the query "
                        + "reads only what it returns (" + Figures.dollars(monthly) + " a month now on demand).";
        return new Finding(Severity.WARNING, scan ? "SCAN_INSTEAD_OF_QUERY" : "FILTERED_QUERY", p.table(), p.index(), p.name(),
                headline, n, fix);
    }

    private static String requests(PatternReport p) {
        return p.requests() == 1 ? "1 request" : Figures.count(p.requests()) + " requests";
    }
}
