package io.keyline.cli;

import io.keyline.capacity.CapacityMode;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --capacity enforce|account|off}, in any case. Stateless. */
public final class CapacityModeConverter implements ITypeConverter<CapacityMode> {
    @Override public CapacityMode convert(String value) {
        try {
            return CapacityMode.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + value + "' is not one of enforce, account, off");
        }
    }
}
