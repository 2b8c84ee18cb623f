package io.keyline.simulator.scenario;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The virtual clock's time as text: a {@link DateTimeFormatter} pattern in UTC ("yyyy-MM-dd" is
 * today's date, so a day-keyed index changes key at the virtual midnight), or the epoch in
 * seconds or milliseconds. A pattern's text is computed once per simulated second (finer fields
 * read as of the second) and cached in an immutable holder, so a racing reader sees either the
 * old or the new pair, both right for their second; thread-safe.
 */
final class TimeGenerator implements ValueGenerator {
    static final String EPOCH_SECONDS = "epochSeconds";
    static final String EPOCH_MILLIS = "epochMillis";

    private record Cached(long second, String text) {}

    private final String prefix;
    private final String format;
    private final DateTimeFormatter formatter;
    private volatile Cached cached = new Cached(Long.MIN_VALUE, "");

    /** @throws IllegalArgumentException if {@code format} is neither an epoch name nor a valid pattern */
    TimeGenerator(String format, String prefix) {
        this.format = format;
        this.prefix = prefix;
        this.formatter = format.equals(EPOCH_SECONDS) || format.equals(EPOCH_MILLIS)
                ? null : DateTimeFormatter.ofPattern(format).withZone(ZoneOffset.UTC);
    }

    @Override
    public String next(Draw draw) {
        long millis = draw.epochMillis();
        if (format.equals(EPOCH_MILLIS)) return prefix.concat(Long.toString(millis));
        long second = Math.floorDiv(millis, 1000L);
        if (formatter == null) return prefix.concat(Long.toString(second));
        Cached c = cached;
        if (c.second != second) {
            c = new Cached(second, prefix.concat(formatter.format(Instant.ofEpochSecond(second))));
            cached = c;
        }
        return c.text;
    }
}
