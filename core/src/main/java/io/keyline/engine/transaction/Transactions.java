package io.keyline.engine.transaction;

import io.keyline.engine.api.BatchAdmission;
import io.keyline.engine.api.CancellationReason;
import io.keyline.engine.api.ItemRef;
import io.keyline.engine.api.TransactionCancelled;
import io.keyline.engine.api.WriteAction;
import io.keyline.engine.store.ItemLocks;
import io.keyline.engine.store.ItemStore;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs validated transactions against the item store.
 *
 * <p>Writes are serializable per item set: every involved item is locked (stripes in ascending
 * order, {@link io.keyline.engine.store.ItemLocks}), read, every condition is checked, and all writes
 * go to storage in one atomic batch. All conditions are evaluated, as DynamoDB reports every
 * failed one; any failure cancels the whole transaction with one {@link CancellationReason} per
 * action. Contention follows DynamoDB: an item held by another transaction cancels this one at
 * once with a TransactionConflict reason on that action; an item busy with a single-item write
 * is waited for at most {@link #LOCK_WAIT_NANOS}, then also counts as a conflict; a single-item
 * write meeting a transaction gets TransactionConflictException (see ItemLocks). Reads
 * ({@link #read}) come from one storage snapshot, so they never see half a transaction.
 *
 * <p>One per engine; thread-safe.
 */
public final class Transactions {
    /**
     * How long a transaction waits for an item busy with a single-item write before giving up
     * with TransactionConflict (inferred, docs/RULES.md#TX-CONFLICT: DynamoDB does not document it; single-item writes take
     * microseconds here, so the bound only matters under heavy contention].
     */
    public static final long LOCK_WAIT_NANOS = 50_000_000L;

    private final ItemStore items;
    private final IdempotencyTokens tokens;
    private final BatchAdmission admission;
    private final WriteAdmission writeAdmission;

    public Transactions(ItemStore items, Clock clock, BatchAdmission admission) {
        this(items, clock, admission, WriteAdmission.ADMIT_ALL);
    }

    /** @param writeAdmission the capacity check of a planned transaction (all actions or none) */
    public Transactions(ItemStore items, Clock clock, BatchAdmission admission, WriteAdmission writeAdmission) {
        this(items, new IdempotencyTokens(clock), admission, writeAdmission);
    }

    /** @param tokens the ClientRequestTokens, in memory or stamped into storage */
    public Transactions(ItemStore items, IdempotencyTokens tokens, BatchAdmission admission, WriteAdmission writeAdmission) {
        this.items = items;
        this.tokens = tokens;
        this.admission = admission;
        this.writeAdmission = writeAdmission;
    }

    public IdempotencyTokens tokens() { return tokens; }

    /** The admission decision of BatchGetItem and BatchWriteItem. */
    public BatchAdmission admission() { return admission; }

    /**
     * Applies every action or none.
     *
     * @throws TransactionCancelled with one reason per action, when nothing was written
     */
    public List<ItemStore.WriteResult> write(List<WriteAction> actions) {
        return write(actions, null);
    }

    /**
     * As {@link #write(List)}, with the stamp of the request's ClientRequestToken (or null) in
     * the same storage batch as the items (docs/RULES.md#TX-IDEMPOTENCY-DURABLE).
     */
    public List<ItemStore.WriteResult> write(List<WriteAction> actions, IdempotencyTokens.Stamp stamp) {
        List<ItemRef> refs = new ArrayList<>(actions.size());
        for (WriteAction a : actions) refs.add(a.ref());
        try {
            return items.writeAll(refs, LOCK_WAIT_NANOS, oldItems -> {
                List<Map<String, AttributeValue>> newItems = plan(actions, oldItems);
                List<CancellationReason> refused = writeAdmission.admit(actions, oldItems, newItems);
                if (refused != null) throw new TransactionCancelled(refused);
                return newItems;
            }, batch -> {
                if (stamp != null) stamp.addTo(batch);
            });
        } catch (ItemStore.LockConflict conflict) {
            List<CancellationReason> reasons = new ArrayList<>(actions.size());
            for (int i = 0; i < actions.size(); i++) {
                reasons.add(conflict.positions().contains(i) ? CancellationReason.transactionConflict(ItemLocks.TRANSACTION_ONGOING) : CancellationReason.NONE);
            }
            throw new TransactionCancelled(reasons);
        }
    }

    /** The items, null where absent, from one snapshot. */
    public List<Map<String, AttributeValue>> read(List<ItemRef> refs) {
        return items.getAll(refs);
    }

    private static List<Map<String, AttributeValue>> plan(List<WriteAction> actions, List<Map<String, AttributeValue>> oldItems) {
        List<Map<String, AttributeValue>> newItems = new ArrayList<>(actions.size());
        List<CancellationReason> reasons = new ArrayList<>(actions.size());
        boolean failed = false;
        for (int i = 0; i < actions.size(); i++) {
            WriteAction a = actions.get(i);
            Map<String, AttributeValue> old = oldItems.get(i);
            CancellationReason reason = CancellationReason.NONE;
            Map<String, AttributeValue> next = old;
            if (a.condition() != null && !a.condition().test(old)) {
                reason = CancellationReason.conditionalCheckFailed(a.returnOldOnFailure() ? old : null);
            } else if (a.mutation() != null) {
                try {
                    next = a.mutation().apply(old);
                } catch (ApiException e) {
                    if (!"ValidationException".equals(e.name())) throw e;
                    reason = CancellationReason.validationError(e.getMessage());
                }
            }
            failed |= reason != CancellationReason.NONE;
            reasons.add(reason);
            newItems.add(next);
        }
        if (failed) throw new TransactionCancelled(reasons);
        return newItems;
    }
}
