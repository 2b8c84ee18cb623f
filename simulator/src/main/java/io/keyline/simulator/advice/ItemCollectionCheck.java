package io.keyline.simulator.advice;

import io.keyline.engine.config.Settings;
import io.keyline.simulator.cost.MonthlyCost;
import io.keyline.simulator.report.Figures;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.TableReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table with LSIs whose largest item collection nears 10 GB: past it every write that grows the
 * collection fails (docs/RULES.md#LSI-ITEM-COLLECTION). A table without LSIs has no such limit.
 */
final class ItemCollectionCheck implements Check {
    /** From this share of the limit on, the collection is near it. */
    static final double NEAR = 0.5;
    /** From this share on, writes are about to fail. */
    static final double CRITICAL = 0.9;

    @Override public List<Finding> check(Report report, MonthlyCost cost) {
        List<Finding> out = new ArrayList<>();
        double limit = Settings.DEFAULT_ITEM_COLLECTION_LIMIT_BYTES;
        for (TableReport t : report.tables()) {
            if (t.design().lsis().isEmpty()) continue;
            double share = t.largestItemCollectionBytes() / limit;
            if (share < NEAR) continue;
            Map<String, Double> n = new LinkedHashMap<>();
            n.put("largestItemCollectionBytes", (double) t.largestItemCollectionBytes());
            n.put("shareOfLimit", share);
            String lsis = String.join(", ", t.design().lsis().stream().map(i -> i.name()).toList());
            String headline = "the largest item collection of table " + t.design().name() + " is "
                    + Figures.bytes(t.largestItemCollectionBytes()) + ", " + Figures.percent(share) + " of the 10 GB its LSI"
                    + (t.design().lsis().size() > 1 ? "s allow" : " allows") + " (" + lsis + "): past it, writes to that key fail "
                    + "with ItemCollectionSizeLimitExceededException";
            String fix = "Replace the LSI with a GSI of the same keys (no size limit; reads become eventually consistent), or "
                    + "spread the partition key (e.g. add a year or a bucket to it) so no collection grows without bound.";
            out.add(new Finding(share >= CRITICAL ? Severity.CRITICAL : Severity.WARNING, "ITEM_COLLECTION_NEAR_LIMIT",
                    t.design().name(), t.design().lsis().get(0).name(), null, headline, n, fix));
        }
        return out;
    }
}
