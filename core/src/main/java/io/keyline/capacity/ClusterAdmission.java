package io.keyline.capacity;

/**
 * What the capacity model asks of the other Keyline nodes that admit requests of the same tables
 * (cluster mode, docs/CLUSTER.md "Capacity across nodes"). The node that owns a token's range is
 * the one whose partition at that token counts: a write part at a token another node owns is
 * refused while that node's partition there is in debt, and, once admitted, is reported to it
 * (docs/RULES.md#CLUSTER-GSI-BACK-PRESSURE). A model alone has none ({@link CapacityModel#cluster()}
 * is null), and pays one null check per write part.
 *
 * <p>Threading: implementations are called by request threads, under no lock of the model's.
 */
public interface ClusterAdmission {
    /**
     * Whether the write part (or read) at {@code token} of {@code map} is refused because another node
     * owns the token and last said its partition there is in debt until after {@code nowNanos}.
     */
    boolean refusedElsewhere(PartitionMap map, long token, long nowNanos);

    /**
     * A write part admitted here, all parts of its write having been admitted, or a read charged
     * here in write-equivalent units (a read unit is a third of a write unit on a partition's
     * ceiling): told to the token's owner if that is another node.
     */
    void admitted(PartitionMap map, long token, long sort, double units);
}
