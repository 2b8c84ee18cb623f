package io.keyline.simulator.report;

import java.util.List;

/**
 * One table: its design, and what the table itself and each of its GSIs went through.
 *
 * @param design     the table as created
 * @param table      the base table's resource (index null)
 * @param gsis       one per GSI, in the design's order
 * @param itemCount  items at the end of the run
 * @param storageBytes the table's size at the end, as DynamoDB bills it (item sizes plus 100 bytes each)
 * @param largestItemCollectionBytes the largest item collection (items sharing a partition key,
 *                   with their LSI entries) at the end; 0 without LSIs
 */
public record TableReport(TableDesign design, ResourceReport table, List<ResourceReport> gsis,
        long itemCount, long storageBytes, long largestItemCollectionBytes) {}
