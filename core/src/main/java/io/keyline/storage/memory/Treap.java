package io.keyline.storage.memory;

import java.util.Arrays;

/**
 * A persistent (immutable, path-copying) treap of byte keys in unsigned order. Every update
 * returns a new root and leaves the old tree untouched, so a root captured once is a frozen,
 * consistent version that any number of threads may read without locks; versions share all
 * unchanged nodes. Expected depth is O(log n) because priorities are random (supplied by the
 * caller from a seeded source, so runs are reproducible).
 */
final class Treap {
    private Treap() {}

    /** An immutable node; {@code key} and {@code value} are never exposed without a copy. */
    static final class Node {
        final byte[] key;
        final byte[] value;
        final int priority;
        final Node left;
        final Node right;

        Node(byte[] key, byte[] value, int priority, Node left, Node right) {
            this.key = key;
            this.value = value;
            this.priority = priority;
            this.left = left;
            this.right = right;
        }

        Node withLeft(Node newLeft) { return newLeft == left ? this : new Node(key, value, priority, newLeft, right); }

        Node withRight(Node newRight) { return newRight == right ? this : new Node(key, value, priority, left, newRight); }
    }

    static int compare(byte[] a, byte[] b) { return Arrays.compareUnsigned(a, b); }

    static Node find(Node node, byte[] key) {
        while (node != null) {
            int c = compare(key, node.key);
            if (c == 0) return node;
            node = c < 0 ? node.left : node.right;
        }
        return null;
    }

    /** The tree with key mapped to value; {@code priority} is used only if the key is new. */
    static Node put(Node node, byte[] key, byte[] value, int priority) {
        if (node == null) return new Node(key, value, priority, null, null);
        int c = compare(key, node.key);
        if (c == 0) return new Node(node.key, value, node.priority, node.left, node.right);
        if (c < 0) {
            Node left = put(node.left, key, value, priority);
            if (left.priority > node.priority) { // rotate right to keep the heap order
                return new Node(left.key, left.value, left.priority, left.left, node.withLeft(left.right));
            }
            return node.withLeft(left);
        }
        Node right = put(node.right, key, value, priority);
        if (right.priority > node.priority) { // rotate left
            return new Node(right.key, right.value, right.priority, node.withRight(right.left), right.right);
        }
        return node.withRight(right);
    }

    /** The tree without key (the same tree if key is absent). */
    static Node remove(Node node, byte[] key) {
        if (node == null) return null;
        int c = compare(key, node.key);
        if (c == 0) return merge(node.left, node.right);
        return c < 0 ? node.withLeft(remove(node.left, key)) : node.withRight(remove(node.right, key));
    }

    /** The tree without the keys in {@code [from, to)}. */
    static Node removeRange(Node node, byte[] from, byte[] to) {
        if (node == null || compare(from, to) >= 0) return node;
        Node[] atFrom = split(node, from);
        Node[] atTo = split(atFrom[1], to);
        if (atTo[0] == null) return node;
        return merge(atFrom[0], atTo[1]);
    }

    /** {keys < key, keys >= key}. */
    static Node[] split(Node node, byte[] key) {
        if (node == null) return new Node[2];
        if (compare(node.key, key) < 0) {
            Node[] parts = split(node.right, key);
            parts[0] = node.withRight(parts[0]);
            return parts;
        }
        Node[] parts = split(node.left, key);
        parts[1] = node.withLeft(parts[1]);
        return parts;
    }

    /** Joins two trees where every key of {@code low} is below every key of {@code high}. */
    static Node merge(Node low, Node high) {
        if (low == null) return high;
        if (high == null) return low;
        if (low.priority > high.priority) return low.withRight(merge(low.right, high));
        return high.withLeft(merge(low, high.left));
    }
}
