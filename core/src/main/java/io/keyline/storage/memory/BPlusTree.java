package io.keyline.storage.memory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A persistent (copy-on-write) B+tree of byte keys in unsigned order, with wide nodes so that a
 * million keys sit about four levels deep. Every update returns a new root and leaves the old
 * tree untouched: a root captured once is a frozen version that any number of threads may read
 * without locks, and versions share every node an update did not touch. An update copies only
 * the nodes on its path (each at most {@link #MAX} wide).
 *
 * <p>Invariants: every leaf is at the same depth; a leaf holds keys in ascending order with their
 * values; an inner node holds {@code n} children and {@code n - 1} separators, child {@code i}
 * holding the keys {@code k} with {@code keys[i-1] <= k < keys[i]}. Every node but the root holds
 * between {@link #MIN} and {@link #MAX} entries (leaf) or children (inner); an inner root holds at
 * least two children; the empty tree is {@code null}. Separators may name keys since deleted.
 *
 * <p>Search cost is dominated by memory latency, so every node also keeps {@code heads}: 16 bytes
 * of each key as two big-endian longs (zero-padded), taken after the prefix {@code skip} bytes long
 * that every key of the node shares (the common prefix of its first and last key, rounded down to
 * whole longs). A binary search checks the searched key against that prefix once (a key outside it
 * lies before or after every key of the node), then compares heads in the node's own array and
 * dereferences a key only when both longs tie. Comparing the padded heads is exact: where they
 * differ, the keys differ in the same direction (a shorter key that is a prefix of a longer one
 * pads with zeros and still sorts first); where they tie, the full keys decide. Taking the heads
 * after the shared prefix matters where many keys share their first 16 bytes: the records of one
 * stream (catalog prefix, tag, stream number) would otherwise tie on every head and fall through
 * to a whole-key comparison at each step.
 */
final class BPlusTree {
    /** Most entries of a leaf and most children of an inner node. */
    static final int MAX = 64;
    /** Fewest entries (leaf) or children (inner) of any node but the root. */
    static final int MIN = MAX / 2;
    /** A range delete of at least this many keys rebuilds the tree when that is cheaper than deleting one by one. */
    private static final int REBUILD_THRESHOLD = 4 * MAX;

    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private BPlusTree() {}

    /** An immutable node; arrays are exactly sized and never written after construction. */
    static final class Node {
        final byte[][] keys;
        /** How many leading bytes every key of the node shares, a multiple of 8; 0 for fewer than two keys. */
        final int skip;
        /** {@code heads[2i]} and {@code heads[2i+1]}: bytes {@code skip}..+7 and +8..+15 of {@code keys[i]}. */
        final long[] heads;
        /** A leaf's values, parallel to {@code keys}; null in an inner node. */
        final byte[][] values;
        /** An inner node's children; null in a leaf. */
        final Node[] children;

        private Node(byte[][] keys, int skip, long[] heads, byte[][] values, Node[] children) {
            this.keys = keys;
            this.skip = skip;
            this.heads = heads;
            this.values = values;
            this.children = children;
        }

        boolean isLeaf() { return children == null; }

        /** Entries of a leaf, children of an inner node. */
        int size() { return children == null ? keys.length : children.length; }
    }

    /** Bytes {@code offset .. offset+7} of key as a big-endian long, zero-padded past its end. */
    static long head(byte[] key, int offset) {
        if (key.length >= offset + Long.BYTES) return (long) LONG_BE.get(key, offset);
        long h = 0;
        for (int i = 0; i < Long.BYTES; i++) h = (h << 8) | (offset + i < key.length ? key[offset + i] & 0xff : 0);
        return h;
    }

    static int compare(byte[] a, byte[] b) { return Arrays.compareUnsigned(a, b); }

    /** The skip of a node holding {@code keys}: their common prefix (that of the first and the last), in whole longs. */
    static int skipOf(byte[][] keys) {
        if (keys.length < 2) return 0;
        byte[] first = keys[0];
        byte[] last = keys[keys.length - 1];
        int common = Arrays.mismatch(first, last);
        if (common < 0) common = first.length; // equal keys: only in a transient over-full node, never stored twice
        return common & ~(Long.BYTES - 1);
    }

    /** The heads of {@code keys} after {@code skip} bytes. */
    static long[] headsOf(byte[][] keys, int skip) {
        long[] heads = new long[2 * keys.length];
        for (int i = 0; i < keys.length; i++) {
            heads[2 * i] = head(keys[i], skip);
            heads[2 * i + 1] = head(keys[i], skip + Long.BYTES);
        }
        return heads;
    }

    /**
     * A node of {@code keys}, given heads taken after {@code headsSkip} bytes: they are kept when
     * that is still the keys' skip (the common case: an insert or delete inside the node), and
     * taken again otherwise (a key at an edge that lengthens or shortens the shared prefix).
     */
    private static Node node(byte[][] keys, long[] heads, int headsSkip, byte[][] values, Node[] children) {
        int skip = skipOf(keys);
        return new Node(keys, skip, skip == headsSkip ? heads : headsOf(keys, skip), values, children);
    }

    /**
     * Binary search of {@code node}'s keys: the index of key, or {@code -(insertion point) - 1}.
     */
    static int search(Node node, byte[] key) {
        int skip = node.skip;
        if (skip > 0) {
            // Every key of the node starts with the same skip bytes: a key that does not lies before or after them all.
            int c = Arrays.compareUnsigned(key, 0, Math.min(skip, key.length), node.keys[0], 0, skip);
            if (c < 0) return -1;
            if (c > 0) return -(node.keys.length + 1);
        }
        long h0 = head(key, skip);
        long h1 = head(key, skip + Long.BYTES);
        long[] heads = node.heads;
        int lo = 0;
        int hi = node.keys.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Long.compareUnsigned(heads[2 * mid], h0);
            if (c == 0) c = Long.compareUnsigned(heads[2 * mid + 1], h1);
            if (c == 0) c = Arrays.compareUnsigned(node.keys[mid], key);
            if (c < 0) lo = mid + 1;
            else if (c > 0) hi = mid - 1;
            else return mid;
        }
        return -(lo + 1);
    }

    /** The child of an inner node to descend into, from {@link #search}'s answer over its separators. */
    static int childIndex(int searchResult) { return searchResult >= 0 ? searchResult + 1 : -searchResult - 1; }

    /** The leaf entry index a {@link #search} answer points at: the key, or the first key above it. */
    static int entryIndex(int searchResult) { return searchResult >= 0 ? searchResult : -searchResult - 1; }

    /** The stored value for key, or null. The array is the tree's own: copy it before handing it out. */
    static byte[] find(Node node, byte[] key) {
        if (node == null) return null;
        while (!node.isLeaf()) node = node.children[childIndex(search(node, key))];
        int i = search(node, key);
        return i >= 0 ? node.values[i] : null;
    }

    // ---- put ----

    /** The tree with key mapped to value; both arrays are stored as given (the caller copies them). */
    static Node put(Node root, byte[] key, byte[] value) {
        if (root == null) return node(new byte[][] {key}, null, -1, new byte[][] {value}, null);
        Node next = putInto(root, key, value);
        if (next.size() <= MAX) return next;
        Split s = split(next);
        return node(new byte[][] {s.separator}, null, -1, null, new Node[] {s.left, s.right});
    }

    /** Returns the updated node, which may hold one entry or child too many for its parent to split. */
    private static Node putInto(Node node, byte[] key, byte[] value) {
        int i = search(node, key);
        if (node.isLeaf()) {
            if (i >= 0) {
                byte[][] values = node.values.clone();
                values[i] = value;
                return new Node(node.keys, node.skip, node.heads, values, null);
            }
            int at = -i - 1;
            return node(insert(node.keys, at, key), insertHeads(node.heads, at, key, node.skip), node.skip, insert(node.values, at, value), null);
        }
        int c = childIndex(i);
        Node child = putInto(node.children[c], key, value);
        if (child.size() <= MAX) return withChild(node, c, child);
        Split s = split(child);
        Node[] children = insert(node.children, c + 1, s.right);
        children[c] = s.left;
        return node(insert(node.keys, c, s.separator), insertHeads(node.heads, c, s.separator, node.skip), node.skip, null, children);
    }

    private static Node withChild(Node node, int c, Node child) {
        Node[] children = node.children.clone();
        children[c] = child;
        return new Node(node.keys, node.skip, node.heads, null, children);
    }

    /** Two halves of an over-full node and the separator between them. */
    private record Split(Node left, byte[] separator, Node right) {}

    private static Split split(Node node) {
        if (node.isLeaf()) {
            int mid = node.keys.length / 2;
            Node left = leafSlice(node, 0, mid);
            Node right = leafSlice(node, mid, node.keys.length);
            return new Split(left, right.keys[0], right);
        }
        int n = node.children.length;
        int mid = n / 2; // children [0, mid) go left; separator mid-1 moves up
        Node left = node(Arrays.copyOfRange(node.keys, 0, mid - 1), Arrays.copyOfRange(node.heads, 0, 2 * (mid - 1)), node.skip, null,
                Arrays.copyOfRange(node.children, 0, mid));
        Node right = node(Arrays.copyOfRange(node.keys, mid, n - 1), Arrays.copyOfRange(node.heads, 2 * mid, 2 * (n - 1)), node.skip, null,
                Arrays.copyOfRange(node.children, mid, n));
        return new Split(left, node.keys[mid - 1], right);
    }

    private static Node leafSlice(Node leaf, int from, int to) {
        return node(Arrays.copyOfRange(leaf.keys, from, to), Arrays.copyOfRange(leaf.heads, 2 * from, 2 * to), leaf.skip,
                Arrays.copyOfRange(leaf.values, from, to), null);
    }

    // ---- remove ----

    /** The tree without key; the very same root if key is absent. */
    static Node remove(Node root, byte[] key) {
        if (root == null) return null;
        Node next = removeFrom(root, key);
        if (next == root) return root;
        if (next.isLeaf()) return next.keys.length == 0 ? null : next;
        return next.children.length == 1 ? next.children[0] : next;
    }

    /** Returns the updated node (the same one if key is absent), which may hold one entry or child too few. */
    private static Node removeFrom(Node node, byte[] key) {
        int i = search(node, key);
        if (node.isLeaf()) {
            if (i < 0) return node;
            return node(delete(node.keys, i), deleteHeads(node.heads, i), node.skip, delete(node.values, i), null);
        }
        int c = childIndex(i);
        Node child = node.children[c];
        Node updated = removeFrom(child, key);
        if (updated == child) return node;
        if (updated.size() >= MIN) return withChild(node, c, updated);
        return rebalance(node, c, updated);
    }

    /** {@code node} with child {@code c} replaced by an under-full {@code child}, merged with or topped up from a sibling. */
    private static Node rebalance(Node node, int c, Node child) {
        int a = c > 0 ? c - 1 : c; // the pair (a, a+1) holds the child and one sibling
        Node left = a == c ? child : node.children[a];
        Node right = a == c ? node.children[a + 1] : child;
        Node joined = concat(left, node.keys[a], right);
        if (joined.size() <= MAX) {
            Node[] children = delete(node.children, a + 1);
            children[a] = joined;
            return node(delete(node.keys, a), deleteHeads(node.heads, a), node.skip, null, children);
        }
        Split s = split(joined); // both halves hold at least MIN, since joined holds more than MAX
        Node[] children = node.children.clone();
        children[a] = s.left;
        children[a + 1] = s.right;
        byte[][] keys = node.keys.clone();
        keys[a] = s.separator;
        long[] heads = node.heads.clone();
        heads[2 * a] = head(s.separator, node.skip);
        heads[2 * a + 1] = head(s.separator, node.skip + Long.BYTES);
        return node(keys, heads, node.skip, null, children);
    }

    /** Two adjacent nodes of one level as one (possibly over-full) node; inner nodes pull the separator down. */
    private static Node concat(Node left, byte[] separator, Node right) {
        if (left.isLeaf()) {
            byte[][] keys = join(left.keys, right.keys);
            // The halves' heads are kept when both halves took them after the same prefix as the whole does.
            long[] heads = left.skip == right.skip ? joinHeads(left.heads, right.heads) : null;
            return node(keys, heads, heads == null ? -1 : left.skip, join(left.values, right.values), null);
        }
        byte[][] keys = Arrays.copyOf(left.keys, left.keys.length + 1 + right.keys.length);
        keys[left.keys.length] = separator;
        System.arraycopy(right.keys, 0, keys, left.keys.length + 1, right.keys.length);
        return node(keys, null, -1, null, join(left.children, right.children));
    }

    // ---- range delete ----

    /**
     * The tree without the keys in {@code [from, to)}; the very same root if there are none. A few
     * keys are deleted one by one; when the range holds a large share of the tree, the survivors are
     * rebuilt into fresh packed nodes instead (linear in the tree, which is the cheaper of the two).
     */
    static Node removeRange(Node root, byte[] from, byte[] to) {
        if (root == null || compare(from, to) >= 0) return root;
        List<byte[]> doomed = new ArrayList<>();
        try (TreeCursor cursor = new TreeCursor(root, from, to, false)) {
            while (cursor.next()) doomed.add(cursor.storedKey());
        }
        if (doomed.isEmpty()) return root;
        if (doomed.size() >= REBUILD_THRESHOLD) {
            int total = count(root);
            // One by one costs about log(total) node copies per key; a rebuild touches every survivor once.
            if ((long) doomed.size() * Math.max(1, 32 - Integer.numberOfLeadingZeros(total)) >= total) {
                return rebuildWithout(root, from, to, total - doomed.size());
            }
        }
        Node next = root;
        for (byte[] key : doomed) next = remove(next, key);
        return next;
    }

    static int count(Node node) {
        if (node == null) return 0;
        if (node.isLeaf()) return node.keys.length;
        int n = 0;
        for (Node child : node.children) n += count(child);
        return n;
    }

    private static Node rebuildWithout(Node root, byte[] from, byte[] to, int survivors) {
        if (survivors == 0) return null;
        byte[][] keys = new byte[survivors][];
        byte[][] values = new byte[survivors][];
        int n = 0;
        try (TreeCursor below = new TreeCursor(root, null, from, false)) {
            while (below.next()) { keys[n] = below.storedKey(); values[n++] = below.storedValue(); }
        }
        try (TreeCursor above = new TreeCursor(root, to, null, false)) {
            while (above.next()) { keys[n] = above.storedKey(); values[n++] = above.storedValue(); }
        }
        return build(keys, values);
    }

    /**
     * A tree of the given ascending, distinct keys, nodes packed evenly: each level is cut into the
     * fewest nodes of at most {@link #MAX}, so every node but a lone root holds at least {@link #MIN}.
     */
    static Node build(byte[][] keys, byte[][] values) {
        int n = keys.length;
        if (n == 0) return null;
        int count = (n + MAX - 1) / MAX;
        Node[] level = new Node[count];
        byte[][] firstKeys = new byte[count][];
        for (int j = 0, start = 0; j < count; j++) {
            int end = (int) ((long) n * (j + 1) / count);
            level[j] = node(Arrays.copyOfRange(keys, start, end), null, -1, Arrays.copyOfRange(values, start, end), null);
            firstKeys[j] = keys[start];
            start = end;
        }
        while (level.length > 1) {
            int m = level.length;
            int parents = (m + MAX - 1) / MAX;
            Node[] up = new Node[parents];
            byte[][] upFirst = new byte[parents][];
            for (int j = 0, start = 0; j < parents; j++) {
                int end = (int) ((long) m * (j + 1) / parents);
                byte[][] separators = Arrays.copyOfRange(firstKeys, start + 1, end);
                up[j] = node(separators, null, -1, null, Arrays.copyOfRange(level, start, end));
                upFirst[j] = firstKeys[start];
                start = end;
            }
            level = up;
            firstKeys = upFirst;
        }
        return level[0];
    }

    // ---- array helpers ----

    private static <T> T[] insert(T[] a, int at, T x) {
        T[] out = Arrays.copyOf(a, a.length + 1);
        System.arraycopy(a, at, out, at + 1, a.length - at);
        out[at] = x;
        return out;
    }

    /** {@code a} with the heads of {@code key} after {@code skip} bytes inserted at entry {@code at}. */
    private static long[] insertHeads(long[] a, int at, byte[] key, int skip) {
        long[] out = Arrays.copyOf(a, a.length + 2);
        System.arraycopy(a, 2 * at, out, 2 * at + 2, a.length - 2 * at);
        out[2 * at] = head(key, skip);
        out[2 * at + 1] = head(key, skip + Long.BYTES);
        return out;
    }

    private static <T> T[] delete(T[] a, int at) {
        T[] out = Arrays.copyOf(a, a.length - 1);
        System.arraycopy(a, at + 1, out, at, a.length - at - 1);
        return out;
    }

    private static long[] deleteHeads(long[] a, int at) {
        long[] out = Arrays.copyOf(a, a.length - 2);
        System.arraycopy(a, 2 * at + 2, out, 2 * at, a.length - 2 * at - 2);
        return out;
    }

    private static <T> T[] join(T[] a, T[] b) {
        T[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static long[] joinHeads(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
