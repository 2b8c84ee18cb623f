package io.keyline.engine.query;

import io.keyline.engine.api.Page;
import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * For a local secondary index read that asks for attributes the index does not project: the
 * page's entries replaced by their base items, which DynamoDB fetches (and charges) one by one
 * (docs/RULES.md#CAP-READ-LSI-FETCH). An entry whose item was deleted since is dropped.
 * Stateless.
 */
public final class BaseItems {
    private BaseItems() {}

    public static Page fetch(ItemStore items, TableMetadata table, Page page) {
        List<Map<String, AttributeValue>> fetched = new ArrayList<>(page.items().size());
        List<Long> sizes = new ArrayList<>(page.items().size());
        for (Map<String, AttributeValue> entry : page.items()) {
            Map<String, AttributeValue> item = items.get(table, PrimaryKeys.fromItem(table.keySchema(), entry));
            if (item == null) continue;
            fetched.add(item);
            sizes.add(ItemSize.of(item));
        }
        return new Page(fetched, page.scannedCount(), page.lastEvaluatedKey(), page.stopReason(),
                page.statistics().withFetchedItemBytes(sizes));
    }
}
