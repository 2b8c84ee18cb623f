package io.keyline.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class KeyspacesTest {
    private static byte[] hex(String h) { return HexFormat.of().parseHex(h); }

    @Test void prefixEndIsTheFirstKeyAfterEveryKeyWithThePrefix() {
        assertThat(Keyspaces.prefixEnd(hex("0102"))).containsExactly(0x01, 0x03);
        assertThat(Keyspaces.prefixEnd(hex("01ff"))).as("trailing 0xFF bytes carry").containsExactly(0x02);
        assertThat(Keyspaces.prefixEnd(hex("ffff"))).as("no key follows all of them").isNull();
        assertThat(Keyspaces.prefixEnd(new byte[0])).isNull();
        byte[] prefix = hex("00ff7f");
        byte[] end = Keyspaces.prefixEnd(prefix);
        for (String key : new String[] {"00ff7f", "00ff7f00", "00ff7fffffff"}) {
            assertThat(Arrays.compareUnsigned(hex(key), end)).as(key).isNegative();
        }
        assertThat(Arrays.compareUnsigned(hex("00ff80"), end)).isZero();
        assertThat(Keyspaces.prefixEnd(Keyspaces.prefix(7))).isEqualTo(Keyspaces.end(7));
    }
}
