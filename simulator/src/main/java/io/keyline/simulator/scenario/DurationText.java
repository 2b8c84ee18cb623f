package io.keyline.simulator.scenario;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as a scenario writes them: numbers with units ms, s, m, h, d, summed ("1h30m", "250ms"). */
final class DurationText {
    private static final Pattern PART = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(ms|s|m|h|d)");

    private DurationText() {}

    /** @throws IllegalArgumentException if the text is not such a duration */
    static Duration parse(String text) {
        Matcher m = PART.matcher(text);
        int at = 0;
        BigDecimal nanos = BigDecimal.ZERO;
        while (at < text.length() && m.find(at) && m.start() == at) {
            long unit = switch (m.group(2)) {
                case "ms" -> 1_000_000L;
                case "s" -> 1_000_000_000L;
                case "m" -> 60_000_000_000L;
                case "h" -> 3_600_000_000_000L;
                default -> 86_400_000_000_000L;
            };
            nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit)));
            at = m.end();
        }
        if (at == 0 || at != text.length()) throw new IllegalArgumentException("'" + text + "' is not a duration such as 10m, 90s or 1h30m");
        return Duration.ofNanos(nanos.longValue());
    }
}
