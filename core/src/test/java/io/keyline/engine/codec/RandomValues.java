package io.keyline.engine.codec;

import io.keyline.model.AttributeValue;
import io.keyline.model.Binary;
import io.keyline.model.Numbers;
import io.keyline.model.ScalarType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** Seeded generators of attribute values that favour edge cases, and DynamoDB's key order. */
final class RandomValues {
    private static final int[] CODE_POINTS = {0x00, 0x01, 'a', 'b', 'c', 0x7F, 0x80, 0xFF, 0x7FF, 0x800, 0xFFFD,
            0xFFFF, 0xE000, 0x10000, 0x1F600, 0x10FFFF};
    private static final byte[] BYTES = {0x00, 0x01, 0x41, 0x7f, (byte) 0x80, (byte) 0xfe, (byte) 0xff};

    private final Random random;

    RandomValues(long seed) { random = new Random(seed); }

    Random random() { return random; }

    AttributeValue scalar(ScalarType type) {
        return switch (type) {
            case S -> AttributeValue.s(string());
            case N -> AttributeValue.n(number());
            case B -> new AttributeValue.B(Binary.wrap(bytes()));
        };
    }

    String string() {
        StringBuilder sb = new StringBuilder();
        int length = random.nextInt(7);
        for (int i = 0; i < length; i++) sb.appendCodePoint(CODE_POINTS[random.nextInt(CODE_POINTS.length)]);
        return sb.toString();
    }

    byte[] bytes() {
        byte[] b = new byte[random.nextInt(7)];
        for (int i = 0; i < b.length; i++) b[i] = BYTES[random.nextInt(BYTES.length)];
        return b;
    }

    /** Small integers, clustered decimals (many near-ties and digit prefixes) and the full range. */
    BigDecimal number() {
        int kind = random.nextInt(4);
        if (kind == 0) return BigDecimal.valueOf(random.nextInt(2001) - 1000);
        int digits = kind == 1 ? 1 + random.nextInt(4) : 1 + random.nextInt(Numbers.MAX_PRECISION);
        int exponent = kind == 1 ? random.nextInt(5) - 2
                : Numbers.MIN_EXPONENT + random.nextInt(Numbers.MAX_EXPONENT - Numbers.MIN_EXPONENT + 1);
        StringBuilder sb = new StringBuilder();
        sb.append((char) ('1' + random.nextInt(9)));
        for (int i = 1; i < digits; i++) sb.append((char) ('0' + (kind == 1 ? random.nextInt(2) * 9 : random.nextInt(10))));
        BigDecimal v = new BigDecimal(new BigInteger(sb.toString()), digits - 1 - exponent);
        return Numbers.normalize(random.nextBoolean() ? v : v.negate());
    }

    /** Any attribute value, nested up to {@code depth} levels. */
    AttributeValue any(int depth) {
        int kind = random.nextInt(depth > 0 ? 10 : 8);
        return switch (kind) {
            case 0 -> AttributeValue.s(string());
            case 1 -> AttributeValue.n(random.nextInt(3) == 0 ? new BigDecimal(random.nextLong()).scaleByPowerOfTen(-3) : number());
            case 2 -> new AttributeValue.B(Binary.wrap(bytes()));
            case 3 -> AttributeValue.bool(random.nextBoolean());
            case 4 -> AttributeValue.nul();
            case 5 -> {
                Set<String> set = new LinkedHashSet<>();
                for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) set.add(string());
                yield new AttributeValue.SS(set);
            }
            case 6 -> {
                Set<BigDecimal> set = new LinkedHashSet<>();
                for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) set.add(number());
                yield new AttributeValue.NS(set);
            }
            case 7 -> {
                Set<Binary> set = new LinkedHashSet<>();
                for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) set.add(Binary.wrap(bytes()));
                yield new AttributeValue.BS(set);
            }
            case 8 -> {
                List<AttributeValue> list = new ArrayList<>();
                for (int i = 0, n = random.nextInt(4); i < n; i++) list.add(any(depth - 1));
                yield new AttributeValue.L(list);
            }
            default -> new AttributeValue.M(item(depth - 1));
        };
    }

    Map<String, AttributeValue> item(int depth) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (int i = 0, n = random.nextInt(6); i < n; i++) item.put(string() + i, any(depth));
        return item;
    }

    /** DynamoDB's order of two key values of one type. */
    static int compare(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.S x && b instanceof AttributeValue.S y) {
            return Arrays.compareUnsigned(x.value().getBytes(StandardCharsets.UTF_8), y.value().getBytes(StandardCharsets.UTF_8));
        }
        if (a instanceof AttributeValue.N x && b instanceof AttributeValue.N y) return x.value().compareTo(y.value());
        if (a instanceof AttributeValue.B x && b instanceof AttributeValue.B y) return x.value().compareTo(y.value());
        throw new IllegalArgumentException(a + " vs " + b);
    }

    static final Comparator<AttributeValue> DYNAMODB_ORDER = RandomValues::compare;
}
