package io.keyline.engine.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class Murmur3Test {
    private static byte[] ascii(String s) { return s.getBytes(StandardCharsets.ISO_8859_1); }

    private static byte[] repeat(String hexByte, int times) { return HexFormat.of().parseHex(hexByte.repeat(times)); }

    @Test void referenceVectorsWhereBothVariantsAgree() {
        // Published MurmurHash3_x64_128 (seed 0) results; no tail byte is 0x80 or above.
        assertThat(Murmur3.hash128(new byte[0], 0, 0)).containsExactly(0L, 0L);
        assertThat(Murmur3.hash128(ascii("hello"), 0, 5)[0]).isEqualTo(0xcbd8a7b341bd9b02L);
        byte[] fox = ascii("The quick brown fox jumps over the lazy dog");
        assertThat(Murmur3.hash128(fox, 0, fox.length)).containsExactly(0xe34bbc7bbc071b6cL, 0x7a433ca9c49a9347L);
    }

    @Test void cassandraTokensIncludingSignExtendedTailBytes() {
        // Tokens Cassandra's Murmur3Partitioner gives these partition key bytes.
        assertThat(Murmur3.token(ascii("123"))).isEqualTo(-7468325962851647638L);
        assertThat(Murmur3.token(ascii("9223372036854775807"))).isEqualTo(7162290910810015547L);
        assertThat(Murmur3.token(repeat("10", 8))).isEqualTo(1446172840243228796L);
        assertThat(Murmur3.token(repeat("fe", 8))).isEqualTo(-8927430733708461935L);
        assertThat(Murmur3.token(repeat("fe", 4))).isEqualTo(4566408979886474012L);
        assertThat(Murmur3.token(repeat("fe", 16))).isEqualTo(-833317529301936754L);
        assertThat(Murmur3.token(repeat("fe", 17))).isEqualTo(-1672437813826982685L);
        assertThat(Murmur3.token(repeat("ff", 16))).isEqualTo(-2824192546314762522L);
        assertThat(Murmur3.token(repeat("00", 16))).isEqualTo(5457549051747178710L);
        assertThat(Murmur3.token(HexFormat.of().parseHex("00ff10fa99".repeat(10)))).isEqualTo(5837342703291459765L);
        assertThat(Murmur3.token(HexFormat.of().parseHex("e2e7"))).isEqualTo(-8582699461035929883L);
        assertThat(Murmur3.token(HexFormat.of().parseHex("e2e7e2e7e2e701"))).isEqualTo(2222373981930033306L);
        assertThat(Murmur3.token(HexFormat.of().parseHex("ff010203"))).isEqualTo(-2839127690952877842L);
    }

    @Test void offsetAndLengthSelectTheHashedBytes() {
        byte[] padded = ascii("xxhelloyy");
        assertThat(Murmur3.hash128(padded, 2, 5)).containsExactly(Murmur3.hash128(ascii("hello"), 0, 5));
    }

    @Test void everyTailLengthIsHashedDistinctly() {
        byte[] data = repeat("a5", 40);
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (int length = 0; length <= 40; length++) seen.add(Murmur3.token(data, 0, length));
        assertThat(seen).hasSize(41);
    }
}
