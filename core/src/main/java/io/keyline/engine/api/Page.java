package io.keyline.engine.api;

import io.keyline.model.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * One page of a Query or Scan. Immutable.
 *
 * @param items the evaluated items that passed the filter, in read order, not yet projected
 * @param scannedCount items evaluated before the filter
 * @param lastEvaluatedKey the key attributes of the last item evaluated when the page stopped
 *        early (resume with it as ExclusiveStartKey), null when the range is exhausted
 */
public record Page(List<Map<String, AttributeValue>> items, int scannedCount,
                   Map<String, AttributeValue> lastEvaluatedKey, StopReason stopReason, PageStatistics statistics) {
    public Page { items = List.copyOf(items); }
}
