package io.keyline.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads byte sizes as people write them: {@code 4096}, {@code 64KB}, {@code 10MB}, {@code 10GB}
 * (binary units: 1 KB = 1,024 bytes, as DynamoDB counts them). At least one byte. Stateless.
 */
public final class ByteSizeConverter implements ITypeConverter<Long> {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(b|kb|k|mb|m|gb|g|tb|t)?");

    @Override public Long convert(String value) {
        Matcher m = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) throw new TypeConversionException("'" + value + "' is not a size (examples: 4096, 64KB, 10MB, 10GB)");
        long amount = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "b" : m.group(2);
        int shift = switch (unit.charAt(0)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            case 't' -> 40;
            default -> 0;
        };
        if (amount == 0) throw new TypeConversionException("'" + value + "' must be at least one byte");
        if (Long.numberOfLeadingZeros(amount) <= shift) throw new TypeConversionException("'" + value + "' is too large");
        return amount << shift;
    }
}
