package io.keyline.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders one {@code GET /admin/top} document as {@code keyline top}'s text: a header, one row per
 * table and GSI with aligned columns, and a diagnosis line for each table that throttles while it
 * uses under a fifth of its provisioned capacity, naming the partition or GSI responsible (the
 * seeds' diagnosis: throttled at a few percent of provisioned is a partition-level problem,
 * frequently a GSI's). A pure function of the document; with {@code ansi} the throttle cells and
 * the diagnosis are in bold red, without it the text has no escape codes. Stateless.
 */
final class TopView {
    /** Below this share of its provisioned units, a throttled table has a partition (or GSI) problem. */
    static final double UNDER_PROVISIONED_SHARE = 0.2;
    private static final String RED = "\033[1;31m";
    private static final String RESET = "\033[0m";
    private static final String[] HEADER = {"", "TABLE / GSI", "BILLING", "PARTS", "RCU 1s", "RCU 1m", "RCU MAX",
        "WCU 1s", "WCU 1m", "WCU MAX", "THROTTLES 1s", "THROTTLES 1m", "HOTTEST PARTITION", "HOTTEST KEY"};
    /** Columns aligned right (numbers); the others align left. */
    private static final boolean[] RIGHT = {false, false, false, true, true, true, true, true, true, true, false, false, false, false};
    private static final int THROTTLES_1S = 10;
    private static final int THROTTLES_1M = 11;

    private TopView() {}

    /** The text of one refresh of {@code document} read from {@code endpoint}, lines ending in a newline. */
    static String render(Map<String, Object> document, String endpoint, boolean ansi) {
        TopDocument doc = new TopDocument(document);
        StringBuilder out = new StringBuilder();
        out.append("keyline top · ").append(endpoint).append(" · ")
                .append(Instant.ofEpochMilli(doc.number("timeMillis").longValue()))
                .append(" · capacity ").append(doc.string("mode"));
        if (document.get("region") != null) out.append(" · region ").append(doc.string("region"));
        if (!Boolean.TRUE.equals(document.get("metrics"))) out.append(" · metrics off: no rates (serve --metrics on)");
        out.append('\n');
        out.append("units a second: last second (1s), average of the last minute (1m), available (MAX: provisioned or "
                + "on-demand ceiling); throttle events by reason\n\n");
        List<TopDocument> resources = doc.docs("resources");
        if (resources.isEmpty()) return out.append("no tables\n").toString();

        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (TopDocument r : resources) rows.add(row(r));
        int[] widths = new int[HEADER.length];
        for (String[] row : rows) for (int c = 0; c < row.length; c++) widths[c] = Math.max(widths[c], row[c].length());
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            boolean throttled = !row[0].isBlank() && row != HEADER;
            for (int c = 0; c < row.length; c++) {
                if (c > 0) line.append("  ");
                String cell = pad(row[c], widths[c], RIGHT[c]);
                boolean highlight = ansi && throttled && (c == 0 || c == THROTTLES_1S || c == THROTTLES_1M) && !row[c].equals("-");
                line.append(highlight ? RED + cell + RESET : cell);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        String note = hotKeyNote(resources);
        List<String> diagnoses = diagnoses(resources);
        if (note != null || !diagnoses.isEmpty()) out.append('\n');
        if (note != null) out.append("HOTTEST KEY -: ").append(note).append(" (the capacity model counts partitions, not keys)\n");
        for (String diagnosis : diagnoses) out.append(ansi ? RED + diagnosis + RESET : diagnosis).append('\n');
        List<String> indexes = indexLines(resources);
        if (!indexes.isEmpty()) out.append('\n');
        for (String line : indexes) out.append(line).append('\n');
        return out.toString();
    }

    /**
     * What the index services report, where there is something to say: a GSI whose changes wait
     * (propagation lag above 0), a GSI backfilling, a table's largest item collection.
     */
    private static List<String> indexLines(List<TopDocument> resources) {
        List<String> lines = new ArrayList<>();
        for (TopDocument r : resources) {
            String name = r.string("table") + (r.string("index") == null ? "" : "/" + r.string("index"));
            Number lag = present(r, "propagationLagMillis");
            if (lag != null && lag.longValue() > 0) lines.add(String.format(Locale.ROOT, "GSI %s: propagation lag %,d ms", name, lag.longValue()));
            Number backfill = present(r, "backfillPercent");
            if (backfill != null) lines.add(String.format(Locale.ROOT, "GSI %s: backfilling, %.1f%% scanned", name, backfill.doubleValue()));
            Number collection = present(r, "largestItemCollectionBytes");
            if (collection != null) {
                lines.add(String.format(Locale.ROOT, "table %s: largest item collection %,d of %,d bytes", name, collection.longValue(),
                        r.number("itemCollectionLimitBytes").longValue()));
            }
        }
        return lines;
    }

    private static Number present(TopDocument r, String name) {
        return r.raw().get(name) instanceof Number n ? n : null;
    }

    private static String[] row(TopDocument r) {
        TopDocument read = r.doc("read");
        TopDocument write = r.doc("write");
        TopDocument throttles = r.doc("throttles");
        String lastSecond = reasons(throttles.doc("lastSecond"));
        String lastMinute = reasons(throttles.doc("lastMinute"));
        String name = r.string("index") == null ? r.string("table") : "  " + r.string("index") + " (GSI)";
        String hotKey = r.string("hottestKey");
        return new String[] {
            lastMinute.equals("-") ? " " : "!", name, r.string("billingMode").equals("PAY_PER_REQUEST") ? "ON-DEMAND" : "PROVISIONED",
            units(r.number("partitionCount").doubleValue()),
            units(read.number("lastSecond").doubleValue()), units(read.number("lastMinute").doubleValue() / 60),
            units(read.number("available").doubleValue()),
            units(write.number("lastSecond").doubleValue()), units(write.number("lastMinute").doubleValue() / 60),
            units(write.number("available").doubleValue()),
            lastSecond, lastMinute, partition(r.doc("hottestPartition"), r.number("partitionCount").intValue()), hotKey == null ? "-" : hotKey};
    }

    /** What the server says to do where it knows no hottest key ("enable Contributor Insights"), or null. */
    private static String hotKeyNote(List<TopDocument> resources) {
        for (TopDocument r : resources) if (r.string("hottestKey") == null && r.string("hottestKeyNote") != null) return r.string("hottestKeyNote");
        return null;
    }

    /** "WriteKeyRange 12, WriteProvisioned 3", or "-" when none. */
    private static String reasons(TopDocument byMetric) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Object> e : byMetric.raw().entrySet()) {
            String metric = e.getKey();
            if (metric.equals("ReadThrottleEvents") || metric.equals("WriteThrottleEvents")) continue; // the reasons add up to these
            parts.add(shortReason(metric) + " " + units(((Number) e.getValue()).doubleValue()));
        }
        return parts.isEmpty() ? "-" : String.join(", ", parts);
    }

    /** WriteKeyRangeThroughputThrottleEvents → WriteKeyRange. */
    static String shortReason(String metric) {
        return metric.replace("ThroughputThrottleEvents", "").replace("ThrottleEvents", "");
    }

    /** "3/20 0ccccccc..19999999 100%", with " debt N" when its bucket is in debt; "-" when none was used. */
    private static String partition(TopDocument p, int partitions) {
        if (p == null) return "-";
        String text = String.format(Locale.ROOT, "%d/%d %s..%s %.0f%%", p.number("position").intValue(), partitions,
                p.string("firstToken").substring(0, 8), p.string("lastToken").substring(0, 8),
                100 * p.number("shareOfCeiling").doubleValue());
        double debt = p.number("debt").doubleValue();
        return debt > 0 ? text + " debt " + units(debt) : text;
    }

    /**
     * One line per table that throttled in the last minute while using under a fifth of its
     * provisioned units of that kind (reads or writes), naming the GSI or partition responsible.
     */
    static List<String> diagnoses(List<TopDocument> resources) {
        List<String> lines = new ArrayList<>();
        for (TopDocument table : resources) {
            if (table.string("index") != null || !table.string("billingMode").equals("PROVISIONED")) continue;
            for (String kind : new String[] {"Write", "Read"}) {
                TopDocument units = table.doc(kind.toLowerCase(Locale.ROOT));
                double provisioned = units.number("provisioned").doubleValue();
                double used = Math.max(units.number("lastSecond").doubleValue(), units.number("lastMinute").doubleValue() / 60);
                if (provisioned <= 0 || used >= UNDER_PROVISIONED_SHARE * provisioned) continue;
                TopDocument cause = cause(resources, table.string("table"), kind);
                if (cause == null) continue;
                lines.add(String.format(Locale.ROOT, "diagnosis: table %s throttles %ss at %s of its %s provisioned %s "
                                + "(a partition-level problem): %s", table.string("table"), kind.toLowerCase(Locale.ROOT),
                        percent(used / provisioned), units(provisioned), kind.equals("Write") ? "WCU" : "RCU", blame(cause, kind)));
            }
        }
        return lines;
    }

    /** Of a table's own entry and its GSIs', the one with the most throttle events of that kind in the last minute; a GSI wins ties. */
    private static TopDocument cause(List<TopDocument> resources, String table, String kind) {
        TopDocument cause = null;
        long most = 0;
        for (TopDocument r : resources) {
            if (!r.string("table").equals(table)) continue;
            long events = throttleEvents(r.doc("throttles").doc("lastMinute"), kind);
            if (events > most || (events == most && events > 0 && r.string("index") != null)) {
                cause = r;
                most = events;
            }
        }
        return cause;
    }

    private static long throttleEvents(TopDocument byMetric, String kind) {
        long events = 0;
        for (Map.Entry<String, Object> e : byMetric.raw().entrySet()) {
            if (e.getKey().startsWith(kind) && !e.getKey().equals(kind + "ThrottleEvents")) events += ((Number) e.getValue()).longValue();
        }
        return events;
    }

    /** "GSI ByDay, partition 1 of 1 (tokens …) at 100% of its ceiling (WriteKeyRange 12 in the last minute)". */
    private static String blame(TopDocument cause, String kind) {
        StringBuilder b = new StringBuilder(cause.string("index") == null ? "the table's own" : "GSI " + cause.string("index"));
        TopDocument p = cause.doc("hottestPartition");
        TopDocument byMetric = cause.doc("throttles").doc("lastMinute");
        boolean keyRange = byMetric.raw().containsKey(kind + "KeyRangeThroughputThrottleEvents");
        if (p != null && keyRange) {
            b.append(String.format(Locale.ROOT, ", partition %d of %d (tokens %s..%s) at %s of its ceiling",
                    p.number("position").intValue(), cause.number("partitionCount").intValue(), p.string("firstToken"),
                    p.string("lastToken"), percent(p.number("shareOfCeiling").doubleValue())));
        } else if (cause.string("index") != null) {
            TopDocument units = cause.doc(kind.toLowerCase(Locale.ROOT));
            b.append(String.format(Locale.ROOT, ", whose own %s %s a second are spent", units(units.number("available").doubleValue()),
                    kind.equals("Write") ? "WCU" : "RCU"));
        }
        String hotKey = cause.string("hottestKey");
        if (hotKey != null) b.append(", hottest key ").append(hotKey);
        List<String> reasons = new ArrayList<>();
        for (Map.Entry<String, Object> e : byMetric.raw().entrySet()) {
            if (e.getKey().startsWith(kind) && !e.getKey().equals(kind + "ThrottleEvents")) {
                reasons.add(shortReason(e.getKey()) + " " + units(((Number) e.getValue()).doubleValue()));
            }
        }
        return b.append(" (").append(String.join(", ", reasons)).append(" in the last minute)").toString();
    }

    private static String percent(double share) {
        double p = 100 * share;
        return p > 0 && p < 1 ? String.format(Locale.ROOT, "%.1f%%", p) : String.format(Locale.ROOT, "%.0f%%", p);
    }

    /** Units with thousands separators: whole numbers as such, fractions to one decimal. */
    static String units(double value) {
        if (value == Math.rint(value) || Math.abs(value) >= 100) return String.format(Locale.ROOT, "%,.0f", value);
        return String.format(Locale.ROOT, "%,.1f", value);
    }

    private static String pad(String cell, int width, boolean right) {
        String fill = " ".repeat(width - cell.length());
        return right ? fill + cell : cell + fill;
    }
}
