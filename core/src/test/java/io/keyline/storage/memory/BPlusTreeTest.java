package io.keyline.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Shape properties the contract test cannot see: node sizes, depth, splits, merges, sharing. */
class BPlusTreeTest {
    private static byte[] key(int i) { return ByteBuffer.allocate(4).putInt(i).array(); }

    /** Checks every structural invariant of the class note and returns the tree's height (plain checks: trees are big). */
    private static int checkShape(BPlusTree.Node root) {
        if (root == null) return 0;
        require(root.isLeaf() ? root.keys.length > 0 : root.children.length >= 2, "root too small");
        return check(root, true, null, null);
    }

    private static int check(BPlusTree.Node node, boolean isRoot, byte[] low, byte[] high) {
        require(node.size() <= BPlusTree.MAX, "node over-full");
        require(isRoot || node.size() >= BPlusTree.MIN, "node under-full");
        require(node.heads.length == 2 * node.keys.length, "heads not parallel to keys");
        require(node.skip == BPlusTree.skipOf(node.keys), "skip is not the keys' common prefix");
        for (int i = 0; i < node.keys.length; i++) {
            require(Arrays.equals(node.keys[i], 0, node.skip, node.keys[0], 0, node.skip), "a key outside the node's prefix");
            require(node.heads[2 * i] == BPlusTree.head(node.keys[i], node.skip)
                    && node.heads[2 * i + 1] == BPlusTree.head(node.keys[i], node.skip + 8), "stale head");
            require(i == 0 || BPlusTree.compare(node.keys[i - 1], node.keys[i]) < 0, "keys out of order");
        }
        if (node.isLeaf()) {
            require(node.values.length == node.keys.length, "values not parallel to keys");
            for (byte[] k : node.keys) {
                require(low == null || BPlusTree.compare(k, low) >= 0, "key below its separator");
                require(high == null || BPlusTree.compare(k, high) < 0, "key at or above the next separator");
            }
            return 1;
        }
        require(node.keys.length == node.children.length - 1, "separator count");
        int height = -1;
        for (int c = 0; c < node.children.length; c++) {
            int h = check(node.children[c], false, c == 0 ? low : node.keys[c - 1], c == node.keys.length ? high : node.keys[c]);
            if (height < 0) height = h;
            require(h == height, "leaves at different depths");
        }
        return height + 1;
    }

    private static void require(boolean condition, String what) {
        if (!condition) throw new AssertionError(what);
    }

    @Test void headsCompareLikeTheKeys() {
        byte[][] keys = {{}, {0}, {0, 0}, {1}, {(byte) 0xff}, new byte[16], new byte[17], {0x7f, (byte) 0x80}};
        for (byte[] a : keys) {
            for (byte[] b : keys) {
                int byHeads = Long.compareUnsigned(BPlusTree.head(a, 0), BPlusTree.head(b, 0));
                if (byHeads == 0) byHeads = Long.compareUnsigned(BPlusTree.head(a, 8), BPlusTree.head(b, 8));
                if (byHeads != 0) assertThat(Integer.signum(byHeads)).isEqualTo(Integer.signum(BPlusTree.compare(a, b)));
            }
        }
    }

    @Tag("slow") // see README.md, "Tests"
    @Test void sequentialInsertsSplitIntoAShallowTree() {
        BPlusTree.Node root = null;
        int n = 1_000_000;
        for (int i = 0; i < n; i++) root = BPlusTree.put(root, key(i), key(i));
        // Sequential inserts leave half-full nodes, 32 wide: 31,250 leaves under 977 and 31 inner nodes and a root.
        assertThat(checkShape(root)).isEqualTo(4);
        assertThat(BPlusTree.count(root)).isEqualTo(n);
        for (int i = 0; i < n; i += 97) assertThat(BPlusTree.find(root, key(i))).isEqualTo(key(i));
        assertThat(BPlusTree.find(root, key(n))).isNull();
    }

    @Test void deletesMergeAndBorrowUntilTheTreeIsEmpty() {
        BPlusTree.Node root = null;
        int n = 20_000;
        for (int i = 0; i < n; i++) root = BPlusTree.put(root, key(i), key(i));
        int tall = checkShape(root);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) order.add(i);
        Collections.shuffle(order, new Random(3));
        for (int i = 0; i < n; i++) {
            root = BPlusTree.remove(root, key(order.get(i)));
            if (i % 1000 == 0) {
                checkShape(root);
                assertThat(BPlusTree.count(root)).isEqualTo(n - i - 1);
            }
        }
        assertThat(tall).isGreaterThanOrEqualTo(3);
        assertThat(root).isNull();
    }

    @Test void updatesLeaveOldVersionsIntactAndShareUntouchedNodes() {
        BPlusTree.Node v1 = null;
        for (int i = 0; i < 10_000; i++) v1 = BPlusTree.put(v1, key(i), key(i));
        BPlusTree.Node v2 = BPlusTree.put(v1, key(500), new byte[] {9});
        BPlusTree.Node v3 = BPlusTree.removeRange(v2, key(100), key(9000));
        assertThat(BPlusTree.find(v1, key(500))).isEqualTo(key(500));
        assertThat(BPlusTree.find(v2, key(500))).containsExactly(9);
        assertThat(BPlusTree.find(v3, key(500))).isNull();
        assertThat(BPlusTree.find(v3, key(9500))).isEqualTo(key(9500));
        assertThat(BPlusTree.count(v1)).isEqualTo(10_000);
        assertThat(BPlusTree.count(v3)).isEqualTo(1100);
        checkShape(v3);
        // A put copies one node per level; all other nodes are shared.
        int v1Nodes = nodes(v1, Collections.newSetFromMap(new IdentityHashMap<>()));
        assertThat(countShared(v1, v2)).isEqualTo(v1Nodes - checkShape(v1));
        assertThat(BPlusTree.removeRange(v1, key(20_000), key(30_000))).isSameAs(v1);
        assertThat(BPlusTree.removeRange(v1, key(30), key(30))).isSameAs(v1);
        assertThat(BPlusTree.remove(v1, key(20_000))).isSameAs(v1);
    }

    @Test void bigAndSmallRangeDeletesKeepTheShape() {
        int n = 50_000;
        BPlusTree.Node full = null;
        for (int i = 0; i < n; i++) full = BPlusTree.put(full, key(2 * i), key(i));
        int[][] ranges = {{0, 2 * n}, {0, 2 * n - 2}, {2, 2 * n}, {1000, 90_000}, {10_001, 10_301}, {5, 7}, {40_000, 40_000 + 2 * 300}};
        for (int[] r : ranges) {
            BPlusTree.Node after = BPlusTree.removeRange(full, key(r[0]), key(r[1]));
            int expected = n - (ceilHalf(r[1]) - ceilHalf(r[0]));
            assertThat(BPlusTree.count(after)).as("range %s", Arrays.toString(r)).isEqualTo(expected);
            checkShape(after);
            assertThat(BPlusTree.find(after, key(r[0] % 2 == 0 ? r[0] : r[0] + 1))).isNull();
            if (r[1] < 2 * n) assertThat(BPlusTree.find(after, key(r[1] % 2 == 0 ? r[1] : r[1] + 1))).isNotNull();
        }
        assertThat(BPlusTree.removeRange(full, key(0), key(2 * n))).isNull();
    }

    /** Even numbers below x: the stored keys 0, 2, 4, ... under x. */
    private static int ceilHalf(int x) { return (x + 1) / 2; }

    @Test void buildPacksAnyCountIntoAValidTree() {
        for (int n : new int[] {1, 2, 63, 64, 65, 128, 129, 4095, 4096, 4097, 100_000}) {
            byte[][] keys = new byte[n][];
            for (int i = 0; i < n; i++) keys[i] = key(i);
            BPlusTree.Node root = BPlusTree.build(keys, keys.clone());
            checkShape(root);
            assertThat(BPlusTree.count(root)).isEqualTo(n);
            assertThat(BPlusTree.find(root, key(n - 1))).isEqualTo(key(n - 1));
        }
    }

    /** Many thousands of random operations against a TreeMap, with versions kept and rechecked mid-way. */
    @Test void randomOperationsMatchATreeMapAcrossVersions() {
        randomOperations(new Random(20261130L), BPlusTreeTest::randomKey);
    }

    /**
     * The same with keys that share long prefixes, as a stream's records do (catalog prefix, tag,
     * stream and shard numbers, then a sequence): the heads are taken after each node's shared
     * prefix, and searched keys fall inside, before and after it, or are a prefix of it.
     */
    @Test void keysSharingLongPrefixesMatchATreeMap() {
        randomOperations(new Random(20261202L), BPlusTreeTest::prefixedKey);
    }

    private static byte[] prefixedKey(Random random) {
        int shape = random.nextInt(20);
        if (shape == 0) return randomKey(random);
        ByteBuffer b = ByteBuffer.allocate(shape == 1 ? 9 + random.nextInt(20) : 33);
        b.putLong(0).put((byte) 0x20);
        while (b.remaining() >= 8 + 16) b.putLong(random.nextInt(2)).putLong(random.nextInt(3));
        while (b.remaining() >= 8) b.putLong(random.nextInt(shape < 10 ? 300 : 70_000));
        while (b.hasRemaining()) b.put((byte) random.nextInt(3));
        return b.array();
    }

    private static void randomOperations(Random random, java.util.function.Function<Random, byte[]> randomKey) {
        NavigableMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
        BPlusTree.Node root = null;
        List<BPlusTree.Node> versions = new ArrayList<>();
        List<NavigableMap<byte[], byte[]>> frozen = new ArrayList<>();
        for (int op = 0; op < 60_000; op++) {
            int choice = random.nextInt(100);
            byte[] k = randomKey.apply(random);
            if (choice < 60) {
                byte[] v = key(op);
                root = BPlusTree.put(root, k, v);
                model.put(k, v);
            } else if (choice < 95) {
                root = BPlusTree.remove(root, k);
                model.remove(k);
            } else {
                byte[] to = randomKey.apply(random);
                root = BPlusTree.removeRange(root, k, to);
                if (Arrays.compareUnsigned(k, to) < 0) model.subMap(k, true, to, false).clear();
            }
            if (op % 5000 == 0) {
                versions.add(root);
                frozen.add(new TreeMap<>(model));
                checkShape(root);
            }
            byte[] probe = randomKey.apply(random);
            assertThat(BPlusTree.find(root, probe)).isEqualTo(model.get(probe));
            if (op % 500 == 0) {
                byte[] from = random.nextInt(4) == 0 ? null : randomKey.apply(random);
                byte[] to = random.nextInt(4) == 0 ? null : randomKey.apply(random);
                boolean reverse = random.nextBoolean();
                assertThat(walk(root, from, to, reverse)).containsExactlyElementsOf(modelRange(model, from, to, reverse));
            }
        }
        checkShape(root);
        for (int i = 0; i < versions.size(); i++) {
            assertThat(walk(versions.get(i), null, null, false)).containsExactlyElementsOf(modelRange(frozen.get(i), null, null, false));
            assertThat(walk(versions.get(i), null, null, true)).containsExactlyElementsOf(modelRange(frozen.get(i), null, null, true));
        }
    }

    @Test void cursorsCrossLeavesBothWaysAtEveryBound() {
        BPlusTree.Node root = null;
        int n = 3000;
        for (int i = 0; i < n; i++) root = BPlusTree.put(root, key(3 * i), key(i));
        NavigableMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
        for (int i = 0; i < n; i++) model.put(key(3 * i), key(i));
        Random random = new Random(5);
        for (int t = 0; t < 150; t++) {
            byte[] from = key(random.nextInt(3 * n + 10) - 5);
            byte[] to = key(random.nextInt(3 * n + 10) - 5);
            for (boolean reverse : new boolean[] {false, true}) {
                assertThat(walk(root, from, to, reverse)).containsExactlyElementsOf(modelRange(model, from, to, reverse));
            }
        }
    }

    /** Keys of 0..3 bytes from 16 byte values, and now and then 20 bytes sharing a 16-byte head. */
    private static byte[] randomKey(Random random) {
        if (random.nextInt(10) == 0) {
            byte[] k = new byte[16 + random.nextInt(5)];
            for (int i = 16; i < k.length; i++) k[i] = (byte) (random.nextInt(3) * 0x7f);
            return k;
        }
        byte[] k = new byte[random.nextInt(4)];
        for (int i = 0; i < k.length; i++) k[i] = (byte) (random.nextInt(16) * 17);
        return k;
    }

    private static List<String> walk(BPlusTree.Node root, byte[] from, byte[] to, boolean reverse) {
        List<String> out = new ArrayList<>();
        try (TreeCursor cursor = new TreeCursor(root, from, to, reverse)) {
            while (cursor.next()) out.add(Arrays.toString(cursor.key()) + "=" + Arrays.toString(cursor.value()));
            assertThat(cursor.next()).isFalse();
        }
        return out;
    }

    private static List<String> modelRange(NavigableMap<byte[], byte[]> model, byte[] from, byte[] to, boolean reverse) {
        NavigableMap<byte[], byte[]> sub = model;
        if (from != null && to != null) {
            sub = Arrays.compareUnsigned(from, to) >= 0 ? new TreeMap<>(Arrays::compareUnsigned) : model.subMap(from, true, to, false);
        } else if (from != null) sub = model.tailMap(from, true);
        else if (to != null) sub = model.headMap(to, false);
        if (reverse) sub = sub.descendingMap();
        List<String> out = new ArrayList<>();
        for (Map.Entry<byte[], byte[]> e : sub.entrySet()) out.add(Arrays.toString(e.getKey()) + "=" + Arrays.toString(e.getValue()));
        return out;
    }

    private static int nodes(BPlusTree.Node node, Set<BPlusTree.Node> out) {
        out.add(node);
        if (!node.isLeaf()) for (BPlusTree.Node c : node.children) nodes(c, out);
        return out.size();
    }

    /** Nodes of {@code b} that are the very same objects as in {@code a}. */
    private static int countShared(BPlusTree.Node a, BPlusTree.Node b) {
        Set<BPlusTree.Node> inA = Collections.newSetFromMap(new IdentityHashMap<>());
        nodes(a, inA);
        Set<BPlusTree.Node> inB = Collections.newSetFromMap(new IdentityHashMap<>());
        nodes(b, inB);
        inB.retainAll(inA);
        return inB.size();
    }
}
