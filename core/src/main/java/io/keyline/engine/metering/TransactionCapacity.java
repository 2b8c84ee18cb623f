package io.keyline.engine.metering;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.engine.api.CancellationReason;
import io.keyline.engine.api.WriteAction;
import io.keyline.engine.transaction.WriteAdmission;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Capacity of transactions (docs/RULES.md#CAP-TRANSACTION: every item is prepared and committed, so 2×):
 * admits each planned write of a TransactWriteItems on its table and GSIs, a ConditionCheck as
 * a write of the item it checks; a refused action cancels the transaction with a
 * {@code ThrottlingError} reason at its position. The transaction is one request: a partition
 * in credit when it is first reached admits every action on it, all charged in full (so a 4 MB
 * transaction passes on an idle partition). Actions admitted before the refused one keep
 * their charge, as the prepare phase of a cancelled DynamoDB transaction consumes capacity
 * (inferred, same entry). Thread-safe.
 */
public final class TransactionCapacity implements WriteAdmission {
    private final CapacityRegistry registry;
    private final ItemCapacity items;

    public TransactionCapacity(CapacityRegistry registry, ItemCapacity items) {
        this.registry = registry;
        this.items = items;
    }

    @Override public List<CancellationReason> admit(List<WriteAction> actions, List<Map<String, AttributeValue>> oldItems,
                                                    List<Map<String, AttributeValue>> newItems) {
        items.beginRequest();
        try {
            for (int i = 0; i < actions.size(); i++) {
                WriteAction a = actions.get(i);
                try {
                    items.admitWrite(registry.binding(a.table()), a.key(), oldItems.get(i), newItems.get(i), true);
                } catch (ApiException e) {
                    if (!ItemCapacity.isThrottling(e)) throw e;
                    return CancellationReason.only(actions.size(), i, CancellationReason.throttled(e.getMessage()));
                }
            }
            return null;
        } finally {
            items.endRequest();
        }
    }

    /**
     * What a committed transaction consumed, one entry per table in the order tables first
     * appear among the actions (docs/RULES.md#CAP-TRANSACTION: TransactWriteItems reports a list).
     */
    public List<ConsumedCapacity> consumed(List<WriteAction> actions, List<Map<String, AttributeValue>> oldItems,
                                           List<Map<String, AttributeValue>> newItems) {
        Map<String, ConsumedCapacity> byTable = new LinkedHashMap<>();
        for (int i = 0; i < actions.size(); i++) {
            WriteAction a = actions.get(i);
            ConsumedCapacity c = items.priceWrite(registry.binding(a.table()), a.key(), oldItems.get(i), newItems.get(i), true);
            byTable.merge(a.table().name(), c, ConsumedCapacity::plus);
        }
        return new ArrayList<>(byTable.values());
    }
}
