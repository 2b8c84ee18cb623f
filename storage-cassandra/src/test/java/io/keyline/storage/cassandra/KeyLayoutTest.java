package io.keyline.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The layout's order argument, checked on random keys: no Cassandra needed. */
class KeyLayoutTest {
    private static final Comparator<byte[]> UNSIGNED = Arrays::compareUnsigned;

    @Test void headThenTailOrderIsKeyOrder() {
        Random random = new Random(18L);
        List<byte[]> keys = randomKeys(random, 3000);
        for (int i = 0; i + 1 < keys.size(); i++) {
            byte[] a = keys.get(i);
            byte[] b = keys.get(i + 1);
            int byKey = Integer.signum(Arrays.compareUnsigned(a, b));
            int byHead = Integer.signum(Arrays.compareUnsigned(KeyLayout.head(a), KeyLayout.head(b)));
            int byParts = byHead != 0 ? byHead : Integer.signum(Arrays.compareUnsigned(KeyLayout.tail(a), KeyLayout.tail(b)));
            assertThat(byParts).as("%s vs %s", hex(a), hex(b)).isEqualTo(byKey);
            assertThat(KeyLayout.key(KeyLayout.head(a), KeyLayout.tail(a))).isEqualTo(a);
        }
    }

    @Test void storedBytesKeepOrderAndRoundTrip() {
        Random random = new Random(19L);
        List<byte[]> keys = randomKeys(random, 1000);
        for (int i = 0; i + 1 < keys.size(); i++) {
            byte[] a = keys.get(i);
            assertThat(KeyLayout.unstored(KeyLayout.stored(a))).isEqualTo(a);
            // Cassandra compares blobs as unsigned bytes (java.nio's compareTo would be signed)
            assertThat(Integer.signum(Arrays.compareUnsigned(KeyLayout.stored(a).array(), KeyLayout.stored(keys.get(i + 1)).array())))
                    .isEqualTo(Integer.signum(Arrays.compareUnsigned(a, keys.get(i + 1))));
        }
    }

    @Test void shardsNeverInterleave() {
        Random random = new Random(20L);
        List<byte[]> keys = randomKeys(random, 3000);
        // in key order, once a shard is left it never comes back
        List<String> seen = new ArrayList<>();
        for (byte[] key : keys) {
            String shard = hex(KeyLayout.shard(key));
            if (seen.isEmpty() || !seen.get(seen.size() - 1).equals(shard)) {
                assertThat(seen).as("shard %s reappears", shard).doesNotContain(shard);
                seen.add(shard);
            }
        }
        assertThat(seen).isSortedAccordingTo(Comparator.comparing(HexFormat.of()::parseHex, UNSIGNED));
    }

    @Test void aRangeInsideOneHeadIsRecognised() {
        byte[] head = HexFormat.of().parseHex("000000000000000780000000000000ff");
        byte[] next = HexFormat.of().parseHex("00000000000000078000000000000100");
        assertThat(KeyLayout.withinOneHead(KeyLayout.key(head, new byte[] {1}), next)).isTrue();
        assertThat(KeyLayout.withinOneHead(head, KeyLayout.key(head, new byte[] {(byte) 0xff}))).isTrue();
        assertThat(KeyLayout.withinOneHead(head, KeyLayout.key(next, new byte[] {0}))).isFalse();
        assertThat(KeyLayout.withinOneHead(Arrays.copyOf(head, 15), next)).isFalse();
        assertThat(KeyLayout.withinOneHead(head, null)).isFalse();
        assertThat(KeyLayout.lowerTail(head, KeyLayout.key(head, new byte[] {5}))).containsExactly(5);
        assertThat(KeyLayout.upperTail(head, next)).isNull();
        assertThat(KeyLayout.upperTail(head, KeyLayout.key(head, new byte[] {9}))).containsExactly(9);
    }

    /** Sorted keys of 0 to 20 bytes from a small alphabet, so that heads, shards and prefixes collide. */
    private static List<byte[]> randomKeys(Random random, int count) {
        byte[] alphabet = {0x00, 0x01, 0x7f, (byte) 0x80, (byte) 0xff};
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] key = new byte[random.nextInt(21)];
            for (int j = 0; j < key.length; j++) key[j] = alphabet[random.nextInt(j < 12 ? 2 : alphabet.length)];
            keys.add(key);
        }
        keys.sort(UNSIGNED);
        return keys;
    }

    private static String hex(byte[] b) { return HexFormat.of().formatHex(b); }
}
