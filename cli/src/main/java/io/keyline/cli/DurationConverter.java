package io.keyline.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads durations the way people write them: {@code 0}, {@code 250ms}, {@code 2s}, {@code 1.5s},
 * {@code 5m}, {@code 1h}, or ISO-8601 ({@code PT2S}). Negative durations are refused. Stateless.
 */
public final class DurationConverter implements ITypeConverter<Duration> {
    private static final Pattern SIMPLE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

    @Override public Duration convert(String value) {
        String v = value.trim().toLowerCase(java.util.Locale.ROOT);
        if (v.equals("0")) return Duration.ZERO;
        Matcher m = SIMPLE.matcher(v);
        if (m.matches()) {
            double amount = Double.parseDouble(m.group(1));
            double millis = switch (m.group(2)) {
                case "ms" -> amount;
                case "s" -> amount * 1_000;
                case "m" -> amount * 60_000;
                default -> amount * 3_600_000;
            };
            return Duration.ofMillis(Math.round(millis));
        }
        try {
            Duration d = Duration.parse(value.trim());
            if (d.isNegative()) throw new TypeConversionException("'" + value + "' is negative");
            return d;
        } catch (java.time.format.DateTimeParseException e) {
            throw new TypeConversionException("'" + value + "' is not a duration (examples: 0, 500ms, 2s, 1m)");
        }
    }
}
