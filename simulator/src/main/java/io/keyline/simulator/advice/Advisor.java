package io.keyline.simulator.advice;

import io.keyline.simulator.cost.MonthlyCost;
import io.keyline.simulator.report.Report;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs every check over a report and returns the findings, most severe first and, within a
 * severity, in the checks' order (throttling before design before cost). Stateless; the same
 * report gives the same findings.
 */
public final class Advisor {
    private static final List<Check> CHECKS = List.of(new ThrottlingCheck(), new GsiConcentrationCheck(),
            new GsiKeyCardinalityCheck(), new HotKeyCheck(), new ScanCheck(), new UnreadIndexCheck(),
            new ProjectionCheck(), new ItemCollectionCheck(), new BillingModeCheck());

    private Advisor() {}

    public static List<Finding> advise(Report report, MonthlyCost cost) {
        List<Finding> all = new ArrayList<>();
        for (Check c : CHECKS) all.addAll(c.check(report, cost));
        all.sort(Comparator.comparing(Finding::severity)); // stable: checks' order kept within a severity
        return List.copyOf(all);
    }
}
