package io.keyline.simulator.render;

import io.keyline.simulator.advice.Finding;
import io.keyline.simulator.advice.Severity;
import io.keyline.simulator.report.Figures;
import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code --compare BEFORE AFTER}: two runs side by side, as a person judges a redesign: the key
 * figures with their change, then the findings the redesign resolved, those it introduced and
 * those that remain. A finding is the same in both runs when its check and its subject (table,
 * index, pattern) are ({@link Finding#identity()}). Stateless.
 */
public final class CompareReport {
    private CompareReport() {}

    /** One figure of both runs. */
    record Figure(String name, double before, double after, Function<Double, String> format) {}

    public static String render(String beforeName, Outcome before, String afterName, Outcome after) {
        StringBuilder out = new StringBuilder();
        out.append("keyline simulate --compare · ").append(beforeName).append(" → ").append(afterName).append("\n\nKey figures\n");
        TextTable t = new TextTable("", ">before", ">after", ">change");
        for (Figure f : figures(before, after)) {
            t.row(f.name(), text(f, f.before()), text(f, f.after()), change(f.before(), f.after()));
        }
        out.append(t.render("  "));
        section(out, "Findings resolved (in " + beforeName + ", not in " + afterName + ")", only(before, after));
        section(out, "Findings introduced (in " + afterName + ", not in " + beforeName + ")", only(after, before));
        section(out, "Findings in both (as " + afterName + " has them)", both(after, before));
        return out.toString();
    }

    /** {@code --compare --json}: both documents, and the findings resolved and introduced by identity. */
    public static String json(String beforeName, Outcome before, String afterName, Outcome after) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("format", "keyline-simulate-compare/1");
        doc.put("beforeFile", beforeName);
        doc.put("afterFile", afterName);
        Map<String, Object> figures = new LinkedHashMap<>();
        for (Figure f : figures(before, after)) {
            Map<String, Object> pair = new LinkedHashMap<>();
            pair.put("before", f.before());
            pair.put("after", f.after()); // NaN (not applicable) is written as null
            figures.put(f.name(), pair);
        }
        doc.put("figures", figures);
        doc.put("resolved", only(before, after));
        doc.put("introduced", only(after, before));
        doc.put("before", JsonReport.document(before));
        doc.put("after", JsonReport.document(after));
        return JsonReport.write(doc);
    }

    static List<Figure> figures(Outcome b, Outcome a) {
        Function<Double, String> count = v -> Figures.count(Math.round(v));
        Function<Double, String> units = Figures::units;
        Function<Double, String> dollars = Figures::dollars;
        List<Figure> f = new ArrayList<>();
        f.add(new Figure("requests", sum(b, PatternReport::requests), sum(a, PatternReport::requests), count));
        f.add(new Figure("requests failed", sum(b, PatternReport::failed), sum(a, PatternReport::failed), count));
        f.add(new Figure("throttled attempts", sum(b, PatternReport::throttledAttempts), sum(a, PatternReport::throttledAttempts), count));
        f.add(new Figure("throttle events", resources(b, CompareReport::ownThrottleEvents), resources(a, CompareReport::ownThrottleEvents), count));
        f.add(new Figure("writes refused by GSI back-pressure", tables(b, CompareReport::backPressureRefusals),
                tables(a, CompareReport::backPressureRefusals), count));
        f.add(new Figure("peak WCU a second, tables", tables(b, r -> r.totals().peakConsumedWriteUnitsPerSecond()),
                tables(a, r -> r.totals().peakConsumedWriteUnitsPerSecond()), units));
        f.add(new Figure("peak WCU a second, GSIs", gsis(b, r -> r.totals().peakConsumedWriteUnitsPerSecond()),
                gsis(a, r -> r.totals().peakConsumedWriteUnitsPerSecond()), units));
        f.add(new Figure("partitions", resources(b, r -> (double) r.partitionCount()), resources(a, r -> (double) r.partitionCount()), count));
        f.add(new Figure("GSI entries", gsis(b, r -> (double) Math.max(0, r.entryCount())), gsis(a, r -> (double) Math.max(0, r.entryCount())), count));
        f.add(new Figure("worst p99 latency (ms)", worstP99(b), worstP99(a), Figures::millis));
        f.add(new Figure("storage, bytes billed", b.cost().resources().stream().mapToDouble(c -> c.storageBytes()).sum(),
                a.cost().resources().stream().mapToDouble(c -> c.storageBytes()).sum(), v -> Figures.bytes(Math.round(v))));
        f.add(new Figure("on demand, a month", b.cost().totals().onDemand(), a.cost().totals().onDemand(), dollars));
        f.add(new Figure("provisioned as declared, a month", declared(b), declared(a), dollars));
        f.add(new Figure("provisioned at peak, a month", b.cost().totals().provisionedAtPeak(), a.cost().totals().provisionedAtPeak(), dollars));
        for (Severity s : Severity.values()) {
            f.add(new Figure("findings " + s.name().toLowerCase(), severity(b, s), severity(a, s), count));
        }
        return f;
    }

    /** A resource's own throttle events (a table's GSI back-pressure refusals are its GSIs' events, counted there). */
    private static double ownThrottleEvents(ResourceReport r) {
        return r.totals().readThrottleEvents() + r.totals().writeThrottleEvents();
    }

    private static double backPressureRefusals(ResourceReport r) {
        return r.totals().gsiBackPressureRefusals();
    }

    /** NaN: the figure does not apply to that run (e.g. provisioned as declared, for a run on demand). */
    private static String text(Figure f, double v) {
        return Double.isNaN(v) ? "-" : f.format().apply(v);
    }

    private static String change(double before, double after) {
        if (Double.isNaN(before) || Double.isNaN(after)) return "";
        if (before == after) return "=";
        if (before == 0) return "new";
        double c = (after - before) / before;
        if (c >= 9) return "×" + Figures.units(after / before);
        return (c > 0 ? "+" : "−") + Figures.percent(Math.abs(c));
    }

    private static void section(StringBuilder out, String title, List<Finding> findings) {
        out.append('\n').append(title).append('\n');
        if (findings.isEmpty()) out.append("  none\n");
        for (Finding f : findings) {
            String label = String.format("  %-9s ", f.severity());
            TerminalReport.wrap(out, f.headline() + " [" + f.subject() + "]", label, " ".repeat(label.length()));
        }
    }

    /** Findings of {@code of} with no finding of the same identity in {@code other}. */
    static List<Finding> only(Outcome of, Outcome other) {
        Set<String> ids = other.findings().stream().map(Finding::identity).collect(Collectors.toSet());
        return of.findings().stream().filter(f -> !ids.contains(f.identity())).toList();
    }

    private static List<Finding> both(Outcome of, Outcome other) {
        Set<String> ids = other.findings().stream().map(Finding::identity).collect(Collectors.toSet());
        return of.findings().stream().filter(f -> ids.contains(f.identity())).toList();
    }

    private static double sum(Outcome o, Function<PatternReport, Long> f) {
        return o.report().patterns().stream().mapToDouble(p -> f.apply(p)).sum();
    }

    private static double declared(Outcome o) {
        return o.cost().totals().anyProvisioned() ? o.cost().totals().provisioned() : Double.NaN;
    }

    private static double worstP99(Outcome o) {
        return o.report().patterns().stream().filter(p -> p.latency() != null).mapToDouble(p -> p.latency().p99()).max().orElse(0);
    }

    private static double severity(Outcome o, Severity s) {
        return o.findings().stream().filter(f -> f.severity() == s).count();
    }

    private static double tables(Outcome o, Function<ResourceReport, Double> f) {
        return o.report().tables().stream().mapToDouble(t -> f.apply(t.table())).sum();
    }

    private static double gsis(Outcome o, Function<ResourceReport, Double> f) {
        return o.report().tables().stream().flatMap(t -> t.gsis().stream()).mapToDouble(f::apply).sum();
    }

    private static double resources(Outcome o, Function<ResourceReport, Double> f) {
        double sum = 0;
        for (TableReport t : o.report().tables()) {
            sum += f.apply(t.table());
            for (ResourceReport g : t.gsis()) sum += f.apply(g);
        }
        return sum;
    }
}
