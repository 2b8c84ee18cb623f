package io.keyline.engine.cluster;

import java.util.Set;

/**
 * Which node decides each token, as the capacity exchange needs it ({@link CapacityExchange}):
 * {@link Ownership} in a running cluster, a fixed split in tests. Threading: called by request
 * threads and the exchange's thread; implementations answer from what they last read, without I/O.
 */
public interface RangeOwners {
    /** This node's name. */
    String self();

    /** The name of the node that decides {@code token}'s range, or "" while none does. */
    String ownerOf(long token);

    /** The other nodes that decide ranges now: the ones this node exchanges with. Empty alone. */
    Set<String> others();
}
