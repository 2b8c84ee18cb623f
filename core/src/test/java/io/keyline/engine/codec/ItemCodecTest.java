package io.keyline.engine.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ItemCodecTest {
    @Test void randomItemsRoundTripWithAttributeOrder() {
        RandomValues values = new RandomValues(31);
        for (int i = 0; i < 5000; i++) {
            Map<String, AttributeValue> item = values.item(3);
            Map<String, AttributeValue> decoded = ItemCodec.decode(ItemCodec.encode(item));
            assertThat(decoded).isEqualTo(item);
            assertThat(new ArrayList<>(decoded.keySet())).containsExactlyElementsOf(item.keySet());
            assertNestedOrder(item, decoded);
        }
    }

    /** Map equality ignores order; DynamoDB echoes nested maps and sets in the order they came in. */
    private static void assertNestedOrder(Object expected, Object actual) {
        if (expected instanceof Map<?, ?> e && actual instanceof Map<?, ?> a) {
            assertThat(new ArrayList<Object>(a.keySet())).containsExactlyElementsOf(new ArrayList<Object>(e.keySet()));
            for (Object k : e.keySet()) assertNestedOrder(e.get(k), a.get(k));
        } else if (expected instanceof AttributeValue.M e && actual instanceof AttributeValue.M a) {
            assertNestedOrder(e.values(), a.values());
        } else if (expected instanceof AttributeValue.L e && actual instanceof AttributeValue.L a) {
            for (int i = 0; i < e.values().size(); i++) assertNestedOrder(e.values().get(i), a.values().get(i));
        } else if (expected instanceof AttributeValue.SS e && actual instanceof AttributeValue.SS a) {
            assertThat(new ArrayList<>(a.values())).containsExactlyElementsOf(e.values());
        } else if (expected instanceof AttributeValue.NS e && actual instanceof AttributeValue.NS a) {
            assertThat(new ArrayList<>(a.values())).containsExactlyElementsOf(e.values());
        }
    }

    @Test void numbersKeepTheirExactValue() {
        for (String n : new String[] {"0", "-0.000", "1", "-1", "1E+125", "-1E-130", "9.9999999999999999999999999999999999999E+125",
                "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "0.1", "100"}) {
            Map<String, AttributeValue> item = Map.of("n", AttributeValue.n(n));
            AttributeValue.N decoded = (AttributeValue.N) ItemCodec.decode(ItemCodec.encode(item)).get("n");
            assertThat(decoded).isEqualTo(AttributeValue.n(n));
            assertThat(decoded.text()).isEqualTo(AttributeValue.n(n).text());
        }
    }

    @Test void decodedItemIsAFreshMutableMap() {
        Map<String, AttributeValue> decoded = ItemCodec.decode(ItemCodec.encode(Map.of("a", AttributeValue.n(1))));
        decoded.put("b", AttributeValue.n(2));
        assertThat(decoded).hasSize(2);
    }

    @Test void everyTruncationAndCorruptionFailsAsIllegalArgument() {
        RandomValues values = new RandomValues(32);
        Random random = new Random(33);
        for (int i = 0; i < 300; i++) {
            Map<String, AttributeValue> item = values.item(2);
            byte[] bytes = ItemCodec.encode(item);
            for (int cut = 0; cut < bytes.length; cut++) {
                byte[] truncated = Arrays.copyOf(bytes, cut);
                assertThatThrownBy(() -> ItemCodec.decode(truncated)).isInstanceOf(IllegalArgumentException.class);
            }
            byte[] corrupt = bytes.clone();
            corrupt[random.nextInt(corrupt.length)] = (byte) random.nextInt(256);
            try {
                ItemCodec.decode(corrupt);
            } catch (IllegalArgumentException expected) {
                // A flipped byte may still decode (e.g. inside a string); it must never fail otherwise.
            }
        }
        assertThatThrownBy(() -> ItemCodec.decode(new byte[] {2, 0})).hasMessageContaining("version 2");
        byte[] trailing = Arrays.copyOf(ItemCodec.encode(Map.of()), 3);
        assertThatThrownBy(() -> ItemCodec.decode(trailing)).hasMessageContaining("after the last attribute");
        byte[] duplicate = {1, 2, 1, 'a', 7, 1, 'a', 7};
        assertThatThrownBy(() -> ItemCodec.decode(duplicate)).hasMessageContaining("twice");
    }

    @Test void encodingIsCompact() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("id", AttributeValue.s("user#1"));
        item.put("age", AttributeValue.n(42));
        item.put("ok", AttributeValue.bool(true));
        // version, count, then: 1+2 name, 1+1+6 S; 1+3 name, 1+1+1 N; 1+2 name, 1 BOOL.
        assertThat(ItemCodec.encode(item)).hasSize(2 + 11 + 7 + 4);
    }

    /**
     * Names and string values are a LEB128 length then the UTF-8 bytes, whichever path wrote
     * them: ASCII strings are copied a character a byte, others go through the UTF-8 encoder,
     * including an ASCII run that turns non-ASCII at its end and lengths whose prefix takes two bytes.
     */
    @Test void stringsAreLengthPrefixedUtf8WhateverTheirCharacters() {
        String[] strings = {"", "a", "x".repeat(127), "x".repeat(128), "y".repeat(300), "é", "abcé", "x".repeat(127) + "é",
                "\u0080", "\u00ff", "\u0100", "日本", "\ud83d\ude00", "a\u0000b", "\u007f"};
        for (String name : strings) {
            for (String value : strings) {
                Map<String, AttributeValue> item = new LinkedHashMap<>();
                item.put(name, AttributeValue.s(value));
                java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
                expected.write(ItemCodec.FORMAT_VERSION);
                expected.write(1);
                writeUtf8(expected, name);
                expected.write(ItemCodec.S);
                writeUtf8(expected, value);
                assertThat(ItemCodec.encode(item)).as("%s = %s", name, value).isEqualTo(expected.toByteArray());
                assertThat(ItemCodec.decode(ItemCodec.encode(item))).isEqualTo(item);
            }
        }
    }

    /** The per-thread buffer is reused: a large item, then a small one, each encodes alone. */
    @Test void aSmallItemAfterALargeOneCarriesNothingOver() {
        Map<String, AttributeValue> large = new LinkedHashMap<>();
        large.put("data", AttributeValue.s("z".repeat(200_000)));
        Map<String, AttributeValue> small = new LinkedHashMap<>();
        small.put("k", AttributeValue.s("v"));
        byte[] smallAlone = ItemCodec.encode(small);
        assertThat(ItemCodec.decode(ItemCodec.encode(large))).isEqualTo(large);
        assertThat(ItemCodec.encode(small)).isEqualTo(smallAlone).hasSize(7);
    }

    private static void writeUtf8(java.io.ByteArrayOutputStream out, String s) {
        byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        long n = utf8.length;
        while ((n & ~0x7fL) != 0) {
            out.write((int) ((n & 0x7f) | 0x80));
            n >>>= 7;
        }
        out.write((int) n);
        out.write(utf8, 0, utf8.length);
    }
}
