package io.keyline.capacity;

import static io.keyline.capacity.Items.item;
import static io.keyline.capacity.Items.n;
import static io.keyline.capacity.Items.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.model.AttributeValue;
import io.keyline.model.Binary;
import io.keyline.model.ItemSize;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Checks io.keyline.model.ItemSize against docs/RULES.md's SIZE- entries, the basis of every unit. */
class ItemSizeRulesTest {

    @Test
    void stringsCountUtf8BytesNotUtf16Units() { // docs/RULES.md#SIZE-SCALAR; dynalite's UTF-16 mistake
        assertThat(ItemSize.of(s("abc"))).isEqualTo(3);
        assertThat(ItemSize.of(s("é"))).isEqualTo(2);
        assertThat(ItemSize.of(s("€"))).isEqualTo(3);
        assertThat(ItemSize.of(s("😀"))).isEqualTo(4);
    }

    @Test
    void binaryCountsRawBytesNotBase64() { // docs/RULES.md#SIZE-SCALAR
        assertThat(ItemSize.of(new AttributeValue.B(Binary.of(new byte[10])))).isEqualTo(10);
    }

    @Test
    void numbersFollowTheDigitModel() { // docs/RULES.md#SIZE-NUMBER (dynalite valSize)
        assertThat(ItemSize.of(n("0"))).isEqualTo(1);
        assertThat(ItemSize.of(n("3"))).isEqualTo(2);
        assertThat(ItemSize.of(n("12"))).isEqualTo(2);      // d=2, e=1 odd
        assertThat(ItemSize.of(n("1.2"))).isEqualTo(3);     // d=2, e=0 even: +1
        assertThat(ItemSize.of(n("123"))).isEqualTo(3);
        assertThat(ItemSize.of(n("-3"))).isEqualTo(3);      // negative: +1
        assertThat(ItemSize.of(n("3000"))).isEqualTo(2);    // trailing zeros trimmed
        assertThat(ItemSize.of(n("0.003"))).isEqualTo(2);   // leading zeros trimmed
        BigDecimal digits38 = new BigDecimal("1" + "2".repeat(37));
        assertThat(ItemSize.of(new AttributeValue.N(digits38))).isEqualTo(20);                 // d=38, e=37 odd
        assertThat(ItemSize.of(new AttributeValue.N(digits38.movePointLeft(1)))).isEqualTo(21); // d=38, e=36 even
    }

    @Test
    void scalarsAndContainers() { // docs/RULES.md#SIZE-SCALAR, #SIZE-CONTAINER
        assertThat(ItemSize.of(AttributeValue.Bool.TRUE)).isEqualTo(1);
        assertThat(ItemSize.of(AttributeValue.Null.INSTANCE)).isEqualTo(1);
        assertThat(ItemSize.of(new AttributeValue.L(List.of()))).isEqualTo(3);
        assertThat(ItemSize.of(new AttributeValue.L(List.of(s("a"), s("bc"))))).isEqualTo(3 + (1 + 1) + (1 + 2));
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        m.put("k", s("v"));
        assertThat(ItemSize.of(new AttributeValue.M(m))).isEqualTo(3 + 1 + 1 + 1);
        assertThat(ItemSize.of(new AttributeValue.SS(new LinkedHashSet<>(List.of("ab", "c"))))).isEqualTo(3);
        assertThat(ItemSize.of(new AttributeValue.NS(Set.of(new BigDecimal("3"), new BigDecimal("12"))))).isEqualTo(4);
    }

    @Test
    void namesCountAndThereIsNoPerItemOverhead() { // docs/RULES.md#SIZE-ITEM (test_long_get)
        assertThat(ItemSize.of(item("p", "ab", "att", "xyz"))).isEqualTo(1 + 2 + 3 + 3);
        Map<String, AttributeValue> exactly4k = item("p", Items.bytes(4096 - 1));
        assertThat(Units.getItem(ItemSize.of(exactly4k), ReadConsistency.STRONG)).isEqualTo(1);
        Map<String, AttributeValue> longName = item("a".repeat(4096), "v");
        assertThat(Units.getItem(ItemSize.of(longName), ReadConsistency.STRONG)).isEqualTo(2);
    }
}
