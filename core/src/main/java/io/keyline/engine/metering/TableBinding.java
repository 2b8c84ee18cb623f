package io.keyline.engine.metering;

import io.keyline.capacity.IndexSpec;
import io.keyline.capacity.PartitionMap;
import io.keyline.capacity.TableCapacity;
import io.keyline.metadata.TableMetadata;
import java.util.List;

/**
 * What the request path needs of one table's capacity: the model's {@link TableCapacity}, and
 * each secondary index as the model prices it. Built from one {@link TableMetadata} instance
 * (compared by identity to spot a changed table). Immutable; the model objects it holds are
 * thread-safe.
 *
 * @param localIndexes LSIs: their writes are charged to the table's partition (docs/RULES.md#CAP-INDEX-OWNER)
 * @param globalIndexes GSIs with their own partition maps
 */
public record TableBinding(TableMetadata metadata, TableCapacity capacity, List<IndexSpec> localIndexes,
                           List<Gsi> globalIndexes) {

    public TableBinding {
        localIndexes = List.copyOf(localIndexes);
        globalIndexes = List.copyOf(globalIndexes);
    }

    /** One GSI: how its entries are priced and where its partitions are. */
    public record Gsi(IndexSpec spec, PartitionMap map) {}

    public PartitionMap table() { return capacity.table(); }
}
