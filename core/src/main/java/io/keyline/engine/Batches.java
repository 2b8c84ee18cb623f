package io.keyline.engine;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.engine.api.BatchAdmission;
import io.keyline.engine.api.ItemRef;
import io.keyline.engine.api.TransactionCancelled;
import io.keyline.engine.api.WriteAction;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.metering.TransactionCapacity;
import io.keyline.engine.store.ItemStore;
import io.keyline.engine.transaction.IdempotencyTokens;
import io.keyline.engine.transaction.Transactions;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The engine's verbs for requests that name several items: BatchGetItem, BatchWriteItem,
 * TransactGetItems and TransactWriteItems. Each verb hands one step to the engine's
 * transactions, idempotency tokens or transaction capacity; the operations keep validation and
 * the wire shapes. One per namespace view of the engine ({@link Engine#batches()}): the tables it
 * is handed are that namespace's, and its ClientRequestTokens are that namespace's own (two
 * regions never share a token). Thread-safe, as what it delegates to.
 */
public final class Batches {
    private final Transactions transactions;
    private final TransactionCapacity transactionCapacity;
    private final Namespace namespace;

    Batches(Transactions transactions, TransactionCapacity transactionCapacity, Namespace namespace) {
        this.transactions = transactions;
        this.transactionCapacity = transactionCapacity;
        this.namespace = namespace;
    }

    /** The same verbs for the tables of namespace {@code ns}. */
    Batches in(Namespace ns) { return new Batches(transactions, transactionCapacity, ns); }

    /** The admission decision of BatchGetItem and BatchWriteItem. */
    public BatchAdmission admission() { return transactions.admission(); }

    /** The stored key of an item: equal for two keys exactly when they name one item (a repeated item in a request). */
    public static byte[] itemKey(TableMetadata table, PrimaryKey key) {
        return KeyCodec.itemKey(table.keyspaceId(), key.partition(), key.sort());
    }

    /** The items, null where absent, all read from one storage snapshot. */
    public List<Map<String, AttributeValue>> readAll(List<ItemRef> refs) {
        return transactions.read(refs);
    }

    /**
     * Applies every action of a transaction or none; returns what it consumed, one entry per
     * table in the order tables first appear, when {@code priced}, else null.
     *
     * @throws TransactionCancelled with one reason per action, when nothing was written
     */
    public List<ConsumedCapacity> write(List<WriteAction> plan, boolean priced) {
        return write(plan, priced, null);
    }

    private List<ConsumedCapacity> write(List<WriteAction> plan, boolean priced, IdempotencyTokens.Stamp stamp) {
        List<ItemStore.WriteResult> results = transactions.write(plan, stamp);
        if (!priced) return null;
        List<Map<String, AttributeValue>> oldItems = new ArrayList<>(results.size());
        List<Map<String, AttributeValue>> newItems = new ArrayList<>(results.size());
        for (ItemStore.WriteResult r : results) {
            oldItems.add(r.oldItem());
            newItems.add(r.newItem());
        }
        return transactionCapacity.consumed(plan, oldItems, newItems);
    }

    /**
     * Runs {@code work} once per ClientRequestToken and fingerprint within the token window
     * (docs/RULES.md#TX-IDEMPOTENCY), remembered in memory only: a token that must outlive a
     * restart is written with its transaction ({@link #writeIdempotent}).
     */
    public Object idempotent(String token, Object fingerprint, Supplier<Object> work) {
        return transactions.tokens().run(namespace + " " + token, fingerprint, work);
    }

    /**
     * A transaction with a ClientRequestToken, once per token and fingerprint within the token
     * window, across restarts (docs/RULES.md#TX-IDEMPOTENCY-DURABLE): the token is stored in the
     * transaction's own batch. {@code respond} turns what the write consumed ({@link #write}) into
     * the response, which a retry in this process gets again; a retry after a restart gets
     * {@code replay}'s answer.
     *
     * @throws TransactionCancelled with one reason per action, when nothing was written
     */
    public Object writeIdempotent(String token, Object fingerprint, List<WriteAction> plan, boolean priced,
                                  Function<List<ConsumedCapacity>, Object> respond, Supplier<Object> replay) {
        return transactions.tokens().run(namespace + " " + token, fingerprint,
                stamp -> respond.apply(write(plan, priced, stamp)), replay);
    }
}
