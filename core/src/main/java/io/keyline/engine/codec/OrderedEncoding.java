package io.keyline.engine.codec;

import io.keyline.model.AttributeValue;
import io.keyline.model.Binary;
import io.keyline.model.Numbers;
import io.keyline.model.ScalarType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Order-preserving, self-delimiting encodings of key values: for two values of one type, the
 * unsigned byte order of their encodings is DynamoDB's order, and no encoding is a prefix of
 * another, so concatenated components (and whatever follows them) still compare component by
 * component. Persisted format: never change an encoding without a new keyspace format.
 *
 * <p>S (UTF-8 bytes) and B (raw bytes): each 0x00 written as 0x00 0xFF, then the terminator
 * 0x00 0x01. The terminator sorts below any continuation, so a prefix sorts first, and
 * encodings of values starting with p all start with the unterminated encoding of p.
 *
 * <p>N: one class byte (0x01 negative, 0x02 zero, 0x03 positive); for non-zero values one
 * exponent byte (leading-digit exponent + 130, which spans DynamoDB's -130..+125 in exactly one
 * byte) and the significant digits two per byte as {@code 2 * pair + more}, where the low bit
 * says another byte follows; an odd last digit is padded with 0. Negative numbers invert the
 * exponent and digit bytes, reversing their order. At most 21 bytes. Stateless, thread-safe.
 */
final class OrderedEncoding {
    static final int NEGATIVE = 0x01;
    static final int ZERO = 0x02;
    static final int POSITIVE = 0x03;
    private static final int ESCAPE = 0xFF;
    private static final int TERMINATOR = 0x01;
    private static final int EXPONENT_BIAS = -Numbers.MIN_EXPONENT;

    private OrderedEncoding() {}

    static void write(ByteSink out, AttributeValue value) {
        if (value instanceof AttributeValue.S s) writeString(out, s.value());
        else if (value instanceof AttributeValue.N n) writeNumber(out, n.value());
        else if (value instanceof AttributeValue.B b) writeBytes(out, b.value().unsafeArray(), true);
        else throw new IllegalArgumentException("a key value must be S, N or B, not " + (value == null ? "null" : value.type()));
    }

    static AttributeValue read(ByteSource in, ScalarType type) {
        return switch (type) {
            case S -> new AttributeValue.S(new String(readBytes(in), StandardCharsets.UTF_8));
            case N -> new AttributeValue.N(readNumber(in));
            case B -> new AttributeValue.B(Binary.wrap(readBytes(in)));
        };
    }

    /**
     * A string's UTF-8 bytes, escaped and terminated, as {@link #writeBytes} writes them. ASCII
     * characters are their own UTF-8 bytes, so the common key is written without encoding it
     * into a temporary array first (tokens are computed several times per write).
     */
    static void writeString(ByteSink out, String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                writeBytes(out, s.substring(i).getBytes(StandardCharsets.UTF_8), true);
                return;
            }
            out.write(c);
            if (c == 0) out.write(ESCAPE);
        }
        out.write(0);
        out.write(TERMINATOR);
    }

    /** The escaped bytes, with the terminator unless the caller wants a begins_with prefix. */
    static void writeBytes(ByteSink out, byte[] bytes, boolean terminate) {
        for (byte b : bytes) {
            out.write(b);
            if (b == 0) out.write(ESCAPE);
        }
        if (terminate) {
            out.write(0);
            out.write(TERMINATOR);
        }
    }

    static byte[] readBytes(ByteSource in) {
        byte[] data = in.data();
        int start = in.position();
        int length = 0;
        int escapes = 0;
        while (true) {
            int b = in.read();
            if (b != 0) { length++; continue; }
            int next = in.read();
            if (next == TERMINATOR) break;
            if (next != ESCAPE) throw new IllegalArgumentException("corrupt key: 0x00 followed by " + next);
            length++;
            escapes++;
        }
        byte[] out = new byte[length];
        if (escapes == 0) {
            System.arraycopy(data, start, out, 0, length);
            return out;
        }
        for (int i = start, o = 0; o < length; i++) {
            out[o++] = data[i];
            if (data[i] == 0) i++;
        }
        return out;
    }

    static void writeNumber(ByteSink out, BigDecimal value) {
        BigDecimal v = Numbers.normalize(value);
        if (v.signum() == 0) {
            out.write(ZERO);
            return;
        }
        String digits = v.unscaledValue().abs().toString();
        int exponent = Numbers.leadingExponent(v);
        if (digits.length() > Numbers.MAX_PRECISION || exponent < Numbers.MIN_EXPONENT || exponent > Numbers.MAX_EXPONENT) {
            throw new IllegalArgumentException("number outside DynamoDB's range: " + v);
        }
        int flip = v.signum() < 0 ? 0xFF : 0;
        out.write(v.signum() < 0 ? NEGATIVE : POSITIVE);
        out.write((exponent + EXPONENT_BIAS) ^ flip);
        for (int i = 0; i < digits.length(); i += 2) {
            int pair = (digits.charAt(i) - '0') * 10 + (i + 1 < digits.length() ? digits.charAt(i + 1) - '0' : 0);
            int more = i + 2 < digits.length() ? 1 : 0;
            out.write((2 * pair + more) ^ flip);
        }
    }

    static BigDecimal readNumber(ByteSource in) {
        int sign = in.read();
        if (sign == ZERO) return BigDecimal.ZERO;
        if (sign != NEGATIVE && sign != POSITIVE) throw new IllegalArgumentException("corrupt key: number class " + sign);
        int flip = sign == NEGATIVE ? 0xFF : 0;
        int exponent = (in.read() ^ flip) - EXPONENT_BIAS;
        StringBuilder digits = new StringBuilder(Numbers.MAX_PRECISION + 1);
        int b;
        do {
            if (digits.length() >= Numbers.MAX_PRECISION) throw new IllegalArgumentException("corrupt key: more than 38 digits");
            b = in.read() ^ flip;
            int pair = b >>> 1;
            if (pair > 99) throw new IllegalArgumentException("corrupt key: digit pair " + pair);
            digits.append((char) ('0' + pair / 10)).append((char) ('0' + pair % 10));
        } while ((b & 1) == 1);
        BigInteger unscaled = new BigInteger(digits.toString());
        BigDecimal magnitude = new BigDecimal(unscaled, digits.length() - 1 - exponent);
        return Numbers.normalize(sign == NEGATIVE ? magnitude.negate() : magnitude);
    }
}
