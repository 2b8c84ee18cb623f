package io.keyline.engine.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.model.AttributeValue;
import io.keyline.model.Binary;
import io.keyline.model.Numbers;
import io.keyline.model.ScalarType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * jqwik beside KeyCodecTest's seeded sweep: for random key values of each type (S over every
 * code point, N over DynamoDB's whole range and precision, B over every byte), the stored keys'
 * unsigned byte order is DynamoDB's order, in the partition key and in the sort key, and a key
 * decodes to the value it was made from. jqwik shrinks a counter-example to its smallest form.
 */
class KeyOrderPropertyTest {
    private static final long TABLE = 7;

    @Property(tries = 3000)
    void sortKeyByteOrderIsDynamoDbOrderForStrings(@ForAll("strings") AttributeValue a, @ForAll("strings") AttributeValue b) {
        sameOrder(a, b, ScalarType.S);
    }

    @Property(tries = 3000)
    void sortKeyByteOrderIsDynamoDbOrderForNumbers(@ForAll("numbers") AttributeValue a, @ForAll("numbers") AttributeValue b) {
        sameOrder(a, b, ScalarType.N);
    }

    @Property(tries = 3000)
    void sortKeyByteOrderIsDynamoDbOrderForBinary(@ForAll("binaries") AttributeValue a, @ForAll("binaries") AttributeValue b) {
        sameOrder(a, b, ScalarType.B);
    }

    private static void sameOrder(AttributeValue a, AttributeValue b, ScalarType type) {
        AttributeValue pk = AttributeValue.s("p");
        byte[] ka = KeyCodec.itemKey(TABLE, pk, a);
        byte[] kb = KeyCodec.itemKey(TABLE, pk, b);
        int expected = Integer.signum(RandomValues.compare(a, b));
        assertThat(Integer.signum(Arrays.compareUnsigned(ka, kb))).as("%s vs %s", a, b).isEqualTo(expected);
        // The same value as a partition key: equal values, equal keys (so equal tokens and one partition).
        if (expected == 0) assertThat(KeyCodec.itemKey(TABLE, a, null)).isEqualTo(KeyCodec.itemKey(TABLE, b, null));
        DecodedKey decoded = KeyCodec.decode(ka, ScalarType.S, type);
        assertThat(RandomValues.compare(decoded.sortKey(), a)).isZero();
        DecodedKey asPartition = KeyCodec.decode(KeyCodec.itemKey(TABLE, a, pk), type, ScalarType.S);
        assertThat(RandomValues.compare(asPartition.partitionKey(), a)).isZero();
    }

    @Provide
    Arbitrary<AttributeValue> strings() {
        Arbitrary<Integer> codePoint = Arbitraries.oneOf(
                Arbitraries.integers().between(0, 0x7F),
                Arbitraries.integers().between(0x80, 0xD7FF),
                Arbitraries.integers().between(0xE000, 0x10FFFF),
                Arbitraries.of(0, 1, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF));
        return codePoint.list().ofMaxSize(12).map(cps -> {
            StringBuilder sb = new StringBuilder();
            cps.forEach(sb::appendCodePoint);
            return (AttributeValue) AttributeValue.s(sb.toString());
        });
    }

    @Provide
    Arbitrary<AttributeValue> numbers() {
        Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(
                Arbitraries.bigIntegers().between(BigInteger.valueOf(-1000), BigInteger.valueOf(1000)),
                Arbitraries.strings().withChars("0123456789").ofMinLength(1).ofMaxLength(Numbers.MAX_PRECISION).map(BigInteger::new),
                Arbitraries.strings().withChars("09").ofMinLength(1).ofMaxLength(Numbers.MAX_PRECISION).map(BigInteger::new));
        return Combinators.combine(unscaled, Arbitraries.integers().between(-170, 170), Arbitraries.of(1, -1))
                .as((u, scale, sign) -> Numbers.normalize(new BigDecimal(sign > 0 ? u : u.negate(), scale)))
                .filter(d -> d.signum() == 0 || (Numbers.leadingExponent(d) >= Numbers.MIN_EXPONENT
                        && Numbers.leadingExponent(d) <= Numbers.MAX_EXPONENT))
                .map(d -> (AttributeValue) AttributeValue.n(d));
    }

    @Provide
    Arbitrary<AttributeValue> binaries() {
        Arbitrary<Byte> edge = Arbitraries.of((byte) 0x00, (byte) 0x01, (byte) 0x7F, (byte) 0x80, (byte) 0xFE, (byte) 0xFF);
        return Arbitraries.oneOf(Arbitraries.bytes(), edge).list().ofMaxSize(12).map(list -> {
            byte[] bytes = new byte[list.size()];
            for (int i = 0; i < bytes.length; i++) bytes[i] = list.get(i);
            return (AttributeValue) new AttributeValue.B(Binary.wrap(bytes));
        });
    }
}
