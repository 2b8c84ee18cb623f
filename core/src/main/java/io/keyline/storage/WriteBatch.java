package io.keyline.storage;

import java.util.ArrayList;
import java.util.List;

/**
 * Mutations applied atomically by {@link Storage#write}, in order. Built by one thread;
 * not thread-safe.
 */
public final class WriteBatch {
    /** One mutation: a put (value non-null), a delete (value null) or a range delete. */
    public record Mutation(Kind kind, byte[] key, byte[] value, byte[] endKey) {}

    public enum Kind { PUT, DELETE, DELETE_RANGE }

    private final List<Mutation> mutations = new ArrayList<>();
    private Fence fence;

    public WriteBatch put(byte[] key, byte[] value) {
        mutations.add(new Mutation(Kind.PUT, key, value, null));
        return this;
    }

    public WriteBatch delete(byte[] key) {
        mutations.add(new Mutation(Kind.DELETE, key, null, null));
        return this;
    }

    /** Deletes every key with {@code from <= key < to}. */
    public WriteBatch deleteRange(byte[] from, byte[] to) {
        mutations.add(new Mutation(Kind.DELETE_RANGE, from, null, to));
        return this;
    }

    /**
     * Cluster mode: the batch may be written only inside this term, and also inside any fence it
     * already had (docs/RULES.md#CLUSTER-FENCE); null adds none.
     */
    public WriteBatch fence(Fence term) {
        fence = Fence.both(fence, term);
        return this;
    }

    /** The term the batch must be written in, or null: none (one process alone, or a range nobody owns). */
    public Fence fence() { return fence; }

    public List<Mutation> mutations() { return mutations; }

    public boolean isEmpty() { return mutations.isEmpty(); }

    public int size() { return mutations.size(); }
}
