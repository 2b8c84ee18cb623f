package io.keyline.storage.memory;

import io.keyline.storage.Cursor;
import io.keyline.storage.StorageException;
import java.util.Arrays;

/**
 * A walk of one frozen {@link BPlusTree} version between bounds ({@code from} inclusive,
 * {@code to} exclusive), ascending or descending. Opening it is one root-to-leaf descent with a
 * binary search per node; it then keeps the path (each inner node and the child taken) in two
 * small arrays, so a step moves within the current leaf and climbs only at a leaf's end: amortized
 * O(1), with no allocation per step.
 *
 * <p>Threading: one thread at a time; the tree it walks is immutable, so writers never affect it.
 */
final class TreeCursor implements Cursor {
    /** Deeper than any tree that fits in memory: a tree of height 12 holds over 32^11 keys. */
    private static final int MAX_DEPTH = 12;

    private final byte[] from;
    private final byte[] to;
    private final boolean reverse;
    private final BPlusTree.Node[] path = new BPlusTree.Node[MAX_DEPTH];
    private final int[] taken = new int[MAX_DEPTH];
    private int depth; // inner nodes on the path; path[depth - 1] is the leaf's parent
    private BPlusTree.Node leaf;
    /** Index in the leaf: of the current entry once on one; one step before the first entry before that. */
    private int pos;
    private boolean onEntry;
    private boolean exhausted;
    private boolean closed;

    TreeCursor(BPlusTree.Node root, byte[] from, byte[] to, boolean reverse) {
        this.from = from;
        this.to = to;
        this.reverse = reverse;
        if (root == null) {
            exhausted = true;
            return;
        }
        byte[] bound = reverse ? to : from;
        BPlusTree.Node node = root;
        while (!node.isLeaf()) {
            int c;
            if (bound == null) c = reverse ? node.children.length - 1 : 0;
            else c = BPlusTree.childIndex(BPlusTree.search(node, bound));
            path[depth] = node;
            taken[depth++] = c;
            node = node.children[c];
        }
        leaf = node;
        if (bound == null) pos = reverse ? leaf.keys.length : -1;
        else pos = BPlusTree.entryIndex(BPlusTree.search(leaf, bound)) - (reverse ? 0 : 1);
    }

    @Override public boolean next() {
        if (closed) throw new StorageException("cursor is closed");
        onEntry = false;
        if (exhausted) return false;
        if (!(reverse ? stepBack() : stepForward())) return finish();
        byte[] key = leaf.keys[pos];
        boolean beyond = reverse
                ? from != null && BPlusTree.compare(key, from) < 0
                : to != null && BPlusTree.compare(key, to) >= 0;
        if (beyond) return finish();
        onEntry = true;
        return true;
    }

    private boolean finish() {
        exhausted = true;
        leaf = null;
        return false;
    }

    private boolean stepForward() {
        if (++pos < leaf.keys.length) return true;
        int d = depth - 1;
        while (d >= 0 && taken[d] + 1 >= path[d].children.length) d--;
        if (d < 0) return false;
        BPlusTree.Node node = path[d].children[++taken[d]];
        for (d++; d < depth; d++) {
            path[d] = node;
            taken[d] = 0;
            node = node.children[0];
        }
        leaf = node;
        pos = 0;
        return true;
    }

    private boolean stepBack() {
        if (--pos >= 0) return true;
        int d = depth - 1;
        while (d >= 0 && taken[d] == 0) d--;
        if (d < 0) return false;
        BPlusTree.Node node = path[d].children[--taken[d]];
        for (d++; d < depth; d++) {
            path[d] = node;
            taken[d] = node.children.length - 1;
            node = node.children[taken[d]];
        }
        leaf = node;
        pos = leaf.keys.length - 1;
        return true;
    }

    @Override public byte[] key() { return storedKey().clone(); }

    @Override public byte[] value() { return storedValue().clone(); }

    /** The current key as the tree holds it; for the tree's own use, which never writes to it. */
    byte[] storedKey() {
        checkOnEntry();
        return leaf.keys[pos];
    }

    byte[] storedValue() {
        checkOnEntry();
        return leaf.values[pos];
    }

    private void checkOnEntry() {
        if (!onEntry) throw new IllegalStateException("cursor is not on an entry");
    }

    @Override public void close() {
        closed = true;
        exhausted = true;
        onEntry = false;
        leaf = null;
        Arrays.fill(path, null);
    }
}
