package io.keyline.simulator.report;

import java.time.Duration;
import java.util.Locale;

/**
 * How the report writes a number for a person: thousands separated by commas, at most one
 * decimal for units, dollars to the cent below $1,000 and whole above, shares as percentages
 * that never round a small share to 0, sizes in binary units. Locale-independent (the same text on
 * every machine, so tests and golden files hold). Stateless.
 */
public final class Figures {
    private Figures() {}

    /** 1234567 → "1,234,567". */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** Capacity units: 18000 → "18,000", 502.5 → "502.5", 0.04 → "0.04"; never "-0". */
    public static String units(double u) {
        if (Math.abs(u) < 0.005) return "0";
        if (Math.abs(u) < 1) return String.format(Locale.ROOT, "%.2f", u).replaceAll("0$", "");
        double rounded = Math.round(u * 10) / 10.0;
        return rounded == Math.rint(rounded) ? String.format(Locale.ROOT, "%,d", (long) rounded)
                : String.format(Locale.ROOT, "%,.1f", rounded);
    }

    /** A share in [0, 1] as a percentage: 0.03 → "3%", 0.0056 → "0.6%", 0.00001 → "<0.1%", 0.995 → "99.5%". */
    public static String percent(double share) {
        double p = share * 100;
        if (p == 0) return "0%";
        if (p < 0.1) return "<0.1%";
        if (p < 10 && Math.abs(p - Math.rint(p)) > 0.05) return String.format(Locale.ROOT, "%.1f%%", p);
        if (p > 99 && p < 100) return String.format(Locale.ROOT, "%.1f%%", Math.floor(p * 10) / 10);
        return String.format(Locale.ROOT, "%.0f%%", p);
    }

    /** US dollars: 1642.5 → "$1,642.50", 91241.3 → "$91,241". */
    public static String dollars(double d) {
        if (Math.abs(d) < 0.005) return "$0.00";
        return Math.abs(d) < 1000 ? String.format(Locale.ROOT, "$%,.2f", d) : String.format(Locale.ROOT, "$%,.0f", d);
    }

    /** Bytes in binary units: 900 → "900 B", 90600000000 → "84.4 GB". */
    public static String bytes(long b) {
        String[] names = {"B", "KB", "MB", "GB", "TB", "PB"};
        double v = b;
        int i = 0;
        while (Math.abs(v) >= 1024 && i < names.length - 1) {
            v /= 1024;
            i++;
        }
        return i == 0 ? b + " B" : String.format(Locale.ROOT, v >= 100 ? "%,.0f %s" : "%.1f %s", v, names[i]);
    }

    /** A simulated span: "10m", "1h 30m", "45s", "250ms". */
    public static String duration(Duration d) {
        if (d.toMillis() < 1000) return d.toMillis() + "ms";
        long s = d.toSeconds();
        StringBuilder out = new StringBuilder();
        if (s >= 86400) out.append(s / 86400).append("d ");
        if (s % 86400 >= 3600) out.append(s % 86400 / 3600).append("h ");
        if (s % 3600 >= 60) out.append(s % 3600 / 60).append("m ");
        if (s % 60 > 0) out.append(s % 60).append("s ");
        return out.toString().trim();
    }

    /** Latency in milliseconds: 0.42 → "0.42 ms", 12.3 → "12.3 ms", 1500 → "1,500 ms". */
    public static String millis(double ms) {
        if (ms < 10) return String.format(Locale.ROOT, "%.2f ms", ms);
        if (ms < 100) return String.format(Locale.ROOT, "%.1f ms", ms);
        return String.format(Locale.ROOT, "%,.0f ms", ms);
    }
}
