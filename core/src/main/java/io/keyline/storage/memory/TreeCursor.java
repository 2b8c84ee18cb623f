package io.keyline.storage.memory;

import io.keyline.storage.Cursor;
import io.keyline.storage.StorageException;
import java.util.ArrayList;

/**
 * An in-order walk of one frozen {@link Treap} version between bounds ({@code from}
 * inclusive, {@code to} exclusive), ascending or descending. The stack holds the nodes still to
 * visit on the path from the root, so each step is amortized O(1) and memory is O(depth).
 *
 * <p>Threading: one thread at a time; the tree it walks is immutable, so writers never affect it.
 */
final class TreeCursor implements Cursor {
    private final ArrayList<Treap.Node> stack = new ArrayList<>();
    private final byte[] from;
    private final byte[] to;
    private final boolean reverse;
    private Treap.Node current;
    private boolean closed;

    TreeCursor(Treap.Node root, byte[] from, byte[] to, boolean reverse) {
        this.from = from;
        this.to = to;
        this.reverse = reverse;
        Treap.Node node = root;
        while (node != null) {
            if (reverse) {
                if (to == null || Treap.compare(node.key, to) < 0) { stack.add(node); node = node.right; }
                else node = node.left;
            } else {
                if (from == null || Treap.compare(node.key, from) >= 0) { stack.add(node); node = node.left; }
                else node = node.right;
            }
        }
    }

    @Override public boolean next() {
        if (closed) throw new StorageException("cursor is closed");
        if (stack.isEmpty()) { current = null; return false; }
        Treap.Node node = stack.remove(stack.size() - 1);
        boolean beyond = reverse
                ? from != null && Treap.compare(node.key, from) < 0
                : to != null && Treap.compare(node.key, to) >= 0;
        if (beyond) {
            stack.clear();
            current = null;
            return false;
        }
        // Every node below on the inner side lies between this node and the next stacked one.
        for (Treap.Node n = reverse ? node.left : node.right; n != null; n = reverse ? n.right : n.left) stack.add(n);
        current = node;
        return true;
    }

    @Override public byte[] key() { return on().key.clone(); }

    @Override public byte[] value() { return on().value.clone(); }

    private Treap.Node on() {
        if (current == null) throw new IllegalStateException("cursor is not on an entry");
        return current;
    }

    @Override public void close() {
        closed = true;
        stack.clear();
        current = null;
    }
}
