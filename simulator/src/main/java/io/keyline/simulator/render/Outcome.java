package io.keyline.simulator.render;

import io.keyline.simulator.advice.Advisor;
import io.keyline.simulator.advice.Finding;
import io.keyline.simulator.cost.CostModel;
import io.keyline.simulator.cost.MonthlyCost;
import io.keyline.simulator.report.Report;
import java.util.List;

/**
 * A simulation's report with what is derived from it: the month's cost and the findings. What
 * every renderer reads.
 */
public record Outcome(Report report, MonthlyCost cost, List<Finding> findings) {

    /** Prices the report (its own price overrides applied) and advises on it. */
    public static Outcome of(Report report) {
        MonthlyCost cost = CostModel.of(report);
        return new Outcome(report, cost, Advisor.advise(report, cost));
    }
}
