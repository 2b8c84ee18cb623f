package io.keyline.simulator.advice;

import io.keyline.simulator.cost.MonthlyCost;
import io.keyline.simulator.report.Report;
import java.util.List;

/** One anti-pattern detector: a pure function of the report and its cost. */
interface Check {
    List<Finding> check(Report report, MonthlyCost cost);
}
