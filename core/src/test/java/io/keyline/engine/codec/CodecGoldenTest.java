package io.keyline.engine.codec;

import io.keyline.engine.api.KeyRange;
import io.keyline.model.AttributeValue;
import io.keyline.model.Binary;
import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Fixed inputs of both persisted encodings against their golden hex. */
class CodecGoldenTest {
    private static final String MAX = "9.9999999999999999999999999999999999999E+125";

    private static AttributeValue bin(String hex) { return new AttributeValue.B(Binary.wrap(HexFormat.of().parseHex(hex))); }

    private static byte[] longBytes(long v) { return KeyCodec.tokenStart(0, v ^ Long.MIN_VALUE); }

    @Test void keyEncodingIsPinned() {
        Map<String, byte[]> cases = new LinkedHashMap<>();
        cases.put("item S pk", KeyCodec.itemKey(1, AttributeValue.s("a"), null));
        cases.put("item S pk S sk with NUL", KeyCodec.itemKey(1, AttributeValue.s("a\0b"), AttributeValue.s("x\0")));
        cases.put("item S pk unicode", KeyCodec.itemKey(1, AttributeValue.s("\u00fc\u20ac\ud83d\ude00"), null));
        cases.put("item B pk", KeyCodec.itemKey(2, bin("00ff01"), bin("")));
        String[] numbers = {"0", "1", "-1", "1.5", "-1.5", "10", "0.01", "1E-130", "-1E-130", MAX, "-" + MAX,
                "123456789012345678901234567890.12345678"};
        for (String n : numbers) cases.put("item N pk " + n, KeyCodec.itemKey(3, AttributeValue.n(n), null));
        cases.put("item N pk N sk", KeyCodec.itemKey(3, AttributeValue.n(7), AttributeValue.n("-0.5")));
        cases.put("item keyspace near max", KeyCodec.itemKey(0xFFFFFFFFFFFFFFFEL, AttributeValue.s("k"), null));
        cases.put("index key", KeyCodec.indexKey(4, List.of(AttributeValue.s("t"), AttributeValue.n(1)),
                List.of(AttributeValue.s("eu"), AttributeValue.n(3)), AttributeValue.s("base"), AttributeValue.n(9)));
        cases.put("index key no range", KeyCodec.indexKey(4, List.of(AttributeValue.s("t")), List.of(), AttributeValue.s("base"), null));
        cases.put("token of S user#1", longBytes(KeyCodec.token(AttributeValue.s("user#1"))));
        cases.put("token of N 42", longBytes(KeyCodec.token(AttributeValue.n(42))));
        cases.put("token of B 0102", longBytes(KeyCodec.token(bin("0102"))));
        cases.put("token start", KeyCodec.tokenStart(5, -1));
        cases.put("segment 1 of 4 start", KeyCodec.segmentBounds(5, 1, 4).start());
        cases.put("segment 1 of 4 end", KeyCodec.segmentBounds(5, 1, 4).end());
        KeyRange begins = KeyCodec.beginsWithRange(6, AttributeValue.s("p"), AttributeValue.s("ab"));
        cases.put("begins_with start", begins.start());
        cases.put("begins_with end", begins.end());
        Golden.verify("key-codec", cases);
    }

    @Test void itemEncodingIsPinned() {
        Map<String, byte[]> cases = new LinkedHashMap<>();
        cases.put("empty item", ItemCodec.encode(Map.of()));
        Map<String, AttributeValue> scalars = new LinkedHashMap<>();
        scalars.put("s", AttributeValue.s("h\u00e9llo"));
        scalars.put("empty", AttributeValue.s(""));
        scalars.put("n", AttributeValue.n("-12.5"));
        scalars.put("big", AttributeValue.n("123456789012345678901234567890.12345678"));
        scalars.put("exp", AttributeValue.n("1E+100"));
        scalars.put("tiny", AttributeValue.n("-1E-130"));
        scalars.put("zero", AttributeValue.n(0));
        scalars.put("b", bin("00ff"));
        scalars.put("t", AttributeValue.bool(true));
        scalars.put("f", AttributeValue.bool(false));
        scalars.put("nul", AttributeValue.nul());
        cases.put("scalars", ItemCodec.encode(scalars));
        Map<String, AttributeValue> collections = new LinkedHashMap<>();
        collections.put("ss", new AttributeValue.SS(new LinkedHashSet<>(List.of("b", "a"))));
        collections.put("ns", new AttributeValue.NS(new LinkedHashSet<>(List.of(new BigDecimal("3"), new BigDecimal("-0.25"),
                new BigDecimal("98765432109876543210")))));
        collections.put("bs", new AttributeValue.BS(new LinkedHashSet<>(List.of(Binary.wrap(new byte[] {1}), Binary.wrap(new byte[0])))));
        collections.put("l", new AttributeValue.L(List.of(AttributeValue.n(1), AttributeValue.s("x"),
                new AttributeValue.L(List.of()), AttributeValue.nul())));
        Map<String, AttributeValue> inner = new LinkedHashMap<>();
        inner.put("z", AttributeValue.n(26));
        inner.put("a", new AttributeValue.M(Map.of()));
        collections.put("m", new AttributeValue.M(inner));
        cases.put("collections", ItemCodec.encode(collections));
        Map<String, AttributeValue> order = new LinkedHashMap<>();
        order.put("zeta", AttributeValue.n(1));
        order.put("alpha", AttributeValue.n(2));
        order.put("\ud83d\ude00", AttributeValue.n(3));
        cases.put("attribute order kept", ItemCodec.encode(order));
        Golden.verify("item-codec", cases);
    }
}
