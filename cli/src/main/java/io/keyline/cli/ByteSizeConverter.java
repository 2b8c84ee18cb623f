package io.keyline.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads byte sizes as people write them: {@code 4096}, {@code 64KB}, {@code 10MB}, {@code 10GB}
 * (binary units: 1 KB = 1024 bytes, as DynamoDB counts item sizes). Must be positive. Stateless.
 */
public final class ByteSizeConverter implements ITypeConverter<Long> {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(b|kb|mb|gb|tb)?");

    @Override public Long convert(String value) {
        Matcher m = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) throw new TypeConversionException("'" + value + "' is not a size (examples: 4096, 64KB, 10GB)");
        long amount = Long.parseLong(m.group(1));
        int shift = m.group(2) == null ? 0 : switch (m.group(2)) {
            case "kb" -> 10;
            case "mb" -> 20;
            case "gb" -> 30;
            case "tb" -> 40;
            default -> 0;
        };
        if (amount <= 0) throw new TypeConversionException("'" + value + "' must be positive");
        if (amount > (Long.MAX_VALUE >> shift)) throw new TypeConversionException("'" + value + "' is too large");
        return amount << shift;
    }
}
