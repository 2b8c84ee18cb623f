package io.keyline.capacity;

/**
 * What the capacity model tells whoever watches it (the metrics layer): units charged and
 * throttle events, at the moment the model books them, so that a watcher's totals equal the
 * model's own counters ({@link CapacitySnapshot}) exactly. The model calls it only when its
 * mode is not {@link CapacityMode#OFF}; {@link #NONE} is the default and costs a volatile read.
 *
 * <p>Threading: called on request threads, outside the partitions' locks, concurrently;
 * implementations must be thread-safe and quick (they run on every request).
 */
public interface CapacityObserver {
    /** Watches nothing. */
    CapacityObserver NONE = new CapacityObserver() {};

    /**
     * Units the model charged to a table's or a GSI's partitions: a served read, an admitted write
     * (every part of it, once the whole write was admitted), or in account mode a write served
     * over a limit. A refused write charges nothing.
     */
    default void consumed(PartitionMap map, boolean write, double units) {}

    /**
     * One throttle event on {@code map} (in account mode: one the model would have refused),
     * booked as the model counts it (docs/RULES.md#THROTTLE-REASONS: one per resource that
     * refused). {@code partition} is the position of the partition the request went to;
     * {@link PartitionMap#explain} turns the event into words, at a cost: call it rarely.
     */
    default void throttled(PartitionMap map, boolean write, LimitKind limit, int partition) {}
}
