package io.keyline.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Shape properties the contract test cannot see: balance and structural sharing. */
class TreapTest {
    private static byte[] key(int i) { return ByteBuffer.allocate(4).putInt(i).array(); }

    private static int depth(Treap.Node node) {
        return node == null ? 0 : 1 + Math.max(depth(node.left), depth(node.right));
    }

    @Test void sequentialInsertsStayBalanced() {
        SplittableRandom random = new SplittableRandom(1);
        Treap.Node root = null;
        int n = 100_000;
        for (int i = 0; i < n; i++) root = Treap.put(root, key(i), key(i), random.nextInt());
        // log2(100000) is about 17; a random treap's depth stays within a small multiple of it.
        assertThat(depth(root)).isBetween(17, 60);
        for (int i = 0; i < n; i += 997) assertThat(Treap.find(root, key(i)).value).isEqualTo(key(i));
    }

    @Test void updatesLeaveOldVersionsIntactAndShareUntouchedNodes() {
        SplittableRandom random = new SplittableRandom(2);
        Treap.Node v1 = null;
        for (int i = 0; i < 1000; i++) v1 = Treap.put(v1, key(i), key(i), random.nextInt());
        Treap.Node v2 = Treap.put(v1, key(500), new byte[] {9}, random.nextInt());
        Treap.Node v3 = Treap.removeRange(v2, key(100), key(900));
        assertThat(Treap.find(v1, key(500)).value).isEqualTo(key(500));
        assertThat(Treap.find(v2, key(500)).value).containsExactly(9);
        assertThat(Treap.find(v3, key(500))).isNull();
        assertThat(Treap.find(v3, key(950))).isNotNull();
        assertThat(countShared(v1, v2)).isGreaterThan(900);
        assertThat(Treap.removeRange(v1, key(5000), key(6000))).isSameAs(v1);
        assertThat(Treap.remove(v1, key(5000))).isSameAs(v1);
    }

    /** Nodes of {@code b} that are the very same objects as in {@code a}. */
    private static int countShared(Treap.Node a, Treap.Node b) {
        Set<Treap.Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        collect(a, seen);
        return countIn(b, seen);
    }

    private static void collect(Treap.Node n, Set<Treap.Node> out) {
        if (n == null) return;
        out.add(n);
        collect(n.left, out);
        collect(n.right, out);
    }

    private static int countIn(Treap.Node n, Set<Treap.Node> seen) {
        if (n == null) return 0;
        return (seen.contains(n) ? 1 : 0) + countIn(n.left, seen) + countIn(n.right, seen);
    }
}
