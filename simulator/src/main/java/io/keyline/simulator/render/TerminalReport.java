package io.keyline.simulator.render;

import io.keyline.simulator.advice.Finding;
import io.keyline.simulator.advice.Severity;
import io.keyline.simulator.cost.CostModel;
import io.keyline.simulator.cost.MonthlyCost;
import io.keyline.simulator.report.Figures;
import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report as a person reads it in a terminal: the diagnosis first (what is wrong and what to do,
 * most severe first), then the figures behind it in aligned tables: throughput per table and GSI,
 * throttles by reason, the hottest partitions and keys, the access patterns with their latency,
 * and the month's cost. Plain text, no colours, lines wrapped at {@link #WIDTH}. Stateless.
 */
public final class TerminalReport {
    /** Prose lines wrap here; tables are as wide as their columns. */
    static final int WIDTH = 110;
    private static final int KEYS_SHOWN = 3;

    private TerminalReport() {}

    public static String render(Outcome o) {
        Report r = o.report();
        StringBuilder out = new StringBuilder();
        out.append("keyline simulate · ").append(r.scenario()).append(" · seed ").append(r.seed()).append(" · ")
                .append(Figures.duration(r.simulated())).append(" simulated · prices of ").append(o.cost().region()).append("\n");
        sampling(out, r);
        out.append("\nDiagnosis\n");
        diagnosis(out, o.findings());
        out.append("\nThroughput per second (units: capacity units; average and peak over the run)\n");
        out.append(throughput(r).render("  "));
        throttles(out, r);
        partitions(out, r);
        keys(out, r);
        out.append("\nAccess patterns (latency: first attempt to final answer, retries included)\n");
        out.append(patterns(r).render("  "));
        out.append("\nMonthly cost (").append(Figures.units(CostModel.HOURS_PER_MONTH)).append(" h: the ")
                .append(Figures.duration(r.simulated())).append(" simulated × ").append(Figures.units(o.cost().monthScale()))
                .append(")\n");
        cost(out, o.cost());
        return out.toString();
    }

    private static void sampling(StringBuilder out, Report r) {
        if (r.sampling() == null) return;
        List<String> sampled = new ArrayList<>();
        r.sampling().forEach((p, f) -> {
            if (f < 1) sampled.add(p + " " + Figures.percent(f));
        });
        if (!sampled.isEmpty()) {
            wrap(out, "sampled (counts scaled back up): " + String.join(", ", sampled.stream().sorted().toList()), "", "  ");
        }
    }

    static void diagnosis(StringBuilder out, List<Finding> findings) {
        if (findings.stream().noneMatch(f -> f.severity() != Severity.INFO)) out.append("  No throttling and no design problem found.\n");
        for (Finding f : findings) {
            String label = String.format("  %-9s ", f.severity());
            wrap(out, f.headline() + " [" + f.subject() + "]", label, " ".repeat(label.length()));
            wrap(out, "fix: " + f.fix(), " ".repeat(label.length()), " ".repeat(label.length() + 5));
        }
    }

    private static TextTable throughput(Report r) {
        TextTable t = new TextTable("table / GSI", "mode", ">WCU prov", ">WCU avg", ">WCU peak", ">RCU prov", ">RCU avg",
                ">RCU peak", ">throttle events", ">refused by GSIs", ">partitions", ">items", ">storage");
        double seconds = r.simulated().toNanos() / 1e9;
        for (TableReport tr : r.tables()) {
            String mode = "PROVISIONED".equals(tr.design().billingMode()) ? "provisioned" : "on demand";
            t.row(row(tr.table(), tr.design().name(), mode, tr.design().writeCapacityUnits(), tr.design().readCapacityUnits(),
                    seconds, tr.itemCount(), tr.storageBytes(), tr.gsis().isEmpty() ? "-" : Figures.count(tr.table().totals().gsiBackPressureRefusals())));
            for (ResourceReport g : tr.gsis()) {
                var d = tr.design().gsis().stream().filter(i -> i.name().equals(g.index())).findFirst().orElse(null);
                t.row(row(g, "  GSI " + g.index(), "", d == null ? 0 : d.writeCapacityUnits(), d == null ? 0 : d.readCapacityUnits(),
                        seconds, g.entryCount(), g.storageBytes(), "-"));
            }
        }
        return t;
    }

    private static String[] row(ResourceReport r, String name, String mode, long wcu, long rcu, double seconds, long items, long bytes,
            String refusedByGsis) {
        ResourceReport.Totals t = r.totals();
        return new String[] {name, mode, wcu == 0 ? "-" : Figures.count(wcu), Figures.units(t.consumedWriteUnits() / seconds),
                Figures.units(t.peakConsumedWriteUnitsPerSecond()), rcu == 0 ? "-" : Figures.count(rcu),
                Figures.units(t.consumedReadUnits() / seconds), Figures.units(t.peakConsumedReadUnitsPerSecond()),
                Figures.count(t.readThrottleEvents() + t.writeThrottleEvents()), refusedByGsis, Figures.count(r.partitionCount()),
                items < 0 ? "-" : Figures.count(items), bytes < 0 ? "-" : Figures.bytes(bytes)};
    }

    private static void throttles(StringBuilder out, Report r) {
        TextTable t = new TextTable("table / GSI", "reason", ">events");
        for (TableReport tr : r.tables()) {
            for (ResourceReport res : resources(tr)) {
                Map<String, Long> byReason = res.totals().throttleEventsByReason();
                if (byReason == null) continue;
                byReason.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                        .forEach(e -> t.row(name(res), e.getKey(), Figures.count(e.getValue())));
            }
        }
        if (t.isEmpty()) return;
        out.append("\nThrottle events by reason (each table's and GSI's own, as CloudWatch counts them)\n").append(t.render("  "));
        for (TableReport tr : r.tables()) backPressure(out, tr);
    }

    /**
     * A table's writes its GSIs refused, said apart: CloudWatch counts them in the GSI's
     * WriteThrottleEvents, not the table's (docs/RULES.md#THROTTLE-EVENTS-BACK-PRESSURE), yet
     * they are the table's writes that failed.
     */
    private static void backPressure(StringBuilder out, TableReport tr) {
        long refused = tr.table().totals().gsiBackPressureRefusals();
        if (refused == 0) return;
        List<String> by = new ArrayList<>();
        Map<String, Long> byIndex = tr.table().gsiBackPressureRefusalsByIndex();
        if (byIndex != null) byIndex.forEach((gsi, n) -> by.add("GSI " + gsi + " " + Figures.count(n)));
        wrap(out, "GSI back-pressure: " + Figures.count(refused) + " write attempts of table " + tr.design().name()
                + " (retries included) were refused because a GSI had no capacity for its part (" + String.join(", ", by)
                + "): they are counted in the GSI's throttle events above, not in the table's.", "  ", "  ");
    }

    private static void partitions(StringBuilder out, Report r) {
        TextTable t = new TextTable("table / GSI", ">partition", "token range", ">WCU used", ">RCU used", ">busiest second", ">throttle events");
        for (TableReport tr : r.tables()) {
            for (ResourceReport res : resources(tr)) {
                res.hottestPartitions().stream().limit(KEYS_SHOWN).forEach(p -> t.row(name(res),
                        p.ordinal() + " of " + res.partitionCount(), p.tokenRange(), Figures.units(p.consumedWriteUnits()),
                        Figures.units(p.consumedReadUnits()), Figures.percent(p.peakShareOfCeiling()) + " of ceiling",
                        Figures.count(p.throttleEvents())));
            }
        }
        if (t.isEmpty()) return;
        out.append("\nHottest partitions (units over the run)\n").append(t.render("  "));
    }

    private static void keys(StringBuilder out, Report r) {
        TextTable t = new TextTable("table / GSI", "partition key", "sort key", ">accesses", ">peak a second", ">throttled");
        for (TableReport tr : r.tables()) {
            for (ResourceReport res : resources(tr)) {
                for (ResourceReport.KeyCount k : res.topKeys().stream().limit(KEYS_SHOWN).toList()) {
                    long throttled = res.topThrottledKeys().stream().filter(x -> x.partitionKey().equals(k.partitionKey())
                            && java.util.Objects.equals(x.sortKey(), k.sortKey())).mapToLong(ResourceReport.KeyCount::count).sum();
                    t.row(name(res), k.partitionKey(), k.sortKey() == null ? "" : k.sortKey(), Figures.count(k.count()),
                            Figures.units(k.peakPerSecond()), Figures.count(throttled));
                }
            }
        }
        if (t.isEmpty()) return;
        out.append("\nTop keys\n").append(t.render("  "));
    }

    private static TextTable patterns(Report r) {
        TextTable t = new TextTable("pattern", "operation", "target", ">requests", ">succeeded", ">throttled attempts", ">failed",
                ">RCU", ">WCU", ">p50", ">p99", ">max");
        for (PatternReport p : r.patterns()) {
            PatternReport.Latency l = p.latency();
            t.row(p.name(), p.operation(), p.table() + (p.index() == null ? "" : " / " + p.index()), Figures.count(p.requests()),
                    Figures.count(p.succeeded()), Figures.count(p.throttledAttempts()), Figures.count(p.failed()),
                    Figures.units(p.consumedReadUnits()), Figures.units(p.consumedWriteUnits()),
                    l == null ? "-" : Figures.millis(l.p50()), l == null ? "-" : Figures.millis(l.p99()), l == null ? "-" : Figures.millis(l.max()));
        }
        return t;
    }

    private static void cost(StringBuilder out, MonthlyCost c) {
        wrap(out, monthBasis(c), "  ", "  ");
        TextTable t = new TextTable("table / GSI", ">write units", ">read units", ">on demand", ">provisioned", ">at peak", ">storage", ">stored");
        for (MonthlyCost.ResourceCost rc : c.resources()) {
            t.row(rc.index() == null ? rc.table() : "  GSI " + rc.index(), Figures.count(Math.round(rc.writeRequestUnits())),
                    Figures.count(Math.round(rc.readRequestUnits())), Figures.dollars(rc.onDemand()),
                    rc.provisionedWcu() + rc.provisionedRcu() == 0 ? "-" : Figures.dollars(rc.provisioned()),
                    Figures.dollars(rc.provisionedAtPeak()), Figures.dollars(rc.storage()),
                    Figures.bytes(rc.storageBytes()) + (rc.storageEstimated() ? " (est.)" : ""));
        }
        out.append(t.render("  "));
        MonthlyCost.Totals s = c.totals();
        TextTable totals = new TextTable("a month, storage included", ">dollars");
        totals.row("on demand", Figures.dollars(s.onDemand()));
        if (s.anyProvisioned()) totals.row("provisioned as declared", Figures.dollars(s.provisioned()));
        totals.row("provisioned at the observed peak", Figures.dollars(s.provisionedAtPeak()));
        if (s.onDemandIfAllServed() > s.onDemand()) totals.row("on demand, every throttled request served", Figures.dollars(s.onDemandIfAllServed()));
        out.append('\n').append(totals.render("  "));
    }

    /**
     * What the month assumes, in the units it prices: the run's average rates held for 730 hours.
     * A run of the peak prices the peak all month, the most common reason a simulated bill is far
     * above one a team reports (examples/README.md, iot-after).
     */
    static String monthBasis(MonthlyCost c) {
        double seconds = CostModel.HOURS_PER_MONTH * 3600;
        double wcu = c.resources().stream().mapToDouble(MonthlyCost.ResourceCost::writeRequestUnits).sum() / seconds;
        double rcu = c.resources().stream().mapToDouble(MonthlyCost.ResourceCost::readRequestUnits).sum() / seconds;
        return "The month holds this run's average rates for all " + Figures.units(CostModel.HOURS_PER_MONTH) + " hours: "
                + Figures.units(wcu) + " write units and " + Figures.units(rcu) + " read units a second (GSIs included). A run of "
                + "the peak prices the peak all month: to price an average month, simulate a representative day (a daily rate curve).";
    }

    private static List<ResourceReport> resources(TableReport t) {
        List<ResourceReport> all = new ArrayList<>();
        all.add(t.table());
        all.addAll(t.gsis());
        return all;
    }

    private static String name(ResourceReport r) {
        return r.index() == null ? r.table() : r.table() + " / " + r.index();
    }

    /** Appends text wrapped at {@link #WIDTH}: the first line after {@code first}, the others after {@code rest}. */
    static void wrap(StringBuilder out, String text, String first, String rest) {
        String prefix = first;
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && prefix.length() + line.length() + 1 + word.length() > WIDTH) {
                out.append(prefix).append(line).append('\n');
                prefix = rest;
                line.setLength(0);
            }
            if (line.length() > 0) line.append(' ');
            line.append(word);
        }
        out.append(prefix).append(line).append('\n');
    }
}
