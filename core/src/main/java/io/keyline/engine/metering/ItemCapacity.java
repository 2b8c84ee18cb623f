package io.keyline.engine.metering;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacityModel;
import io.keyline.capacity.ConsumedCapacity;
import io.keyline.capacity.IndexSpec;
import io.keyline.capacity.IndexWrite;
import io.keyline.capacity.PartitionMap;
import io.keyline.capacity.ReadConsistency;
import io.keyline.capacity.Rules;
import io.keyline.capacity.SortPosition;
import io.keyline.capacity.Throttle;
import io.keyline.capacity.Units;
import io.keyline.capacity.WriteCharge;
import io.keyline.metadata.PrimaryKey;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.insights.ContributorInsights;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Prices and admits reads and writes of single items against the capacity model, exactly as
 * DynamoDB prices them (docs/RULES.md, the CAP-READ-, CAP-WRITE- and CAP-INDEX- entries): the one place where a write's index diff (LSIs charged to the
 * table, each GSI to its own partitions, a moved GSI entry to two) becomes a {@link WriteCharge}.
 * A write is admitted all or nothing, before it is stored; a refusal is thrown as DynamoDB's
 * throttling error ({@link #error}).
 *
 * <p>Threading: thread-safe. Each thread keeps one {@link WriteState}: a write is priced and
 * admitted, stored, then recorded ({@link #written}) on one thread, and the last step reuses
 * what the first worked out (sizes, tokens, where each image sits in each GSI, the partitions
 * admission found).
 */
public final class ItemCapacity {
    private final CapacityModel model;
    private final ContributorInsights insights;
    private final ThreadLocal<WriteState> states = ThreadLocal.withInitial(WriteState::new);

    /** {@code insights} hears of every admitted, charged and refused item access (docs/RULES.md#INSIGHTS-COUNTING). */
    public ItemCapacity(CapacityModel model, ContributorInsights insights) {
        this.model = model;
        this.insights = insights;
    }

    /** DynamoDB's size of an item (docs/RULES.md#SIZE-ITEM), 0 for none, remembered for the rest of this write on this thread. */
    public long sizeOf(Map<String, AttributeValue> item) {
        return states.get().sizes.of(item);
    }

    /** DynamoDB's error for a refused request: its exception, message and ThrottlingReasons. */
    public static ApiException error(Throttle t) {
        return Errors.throttled(t.exceptionType(), t.message(), t.throttlingReasons());
    }

    // ---- reads --------------------------------------------------------------------------------

    /** Whether an error is one of DynamoDB's throttling errors (docs/RULES.md#THROTTLE-EXCEPTION), which batches turn into unprocessed items. */
    public static boolean isThrottling(ApiException e) {
        switch (e.name()) {
            case Throttle.PROVISIONED_THROUGHPUT_EXCEEDED:
            case Throttle.THROTTLING:
            case Throttle.REQUEST_LIMIT_EXCEEDED:
                return true;
            default:
                return false;
        }
    }

    /** Admits a read of one item before it is read (a partition or table in debt refuses: docs/RULES.md#CAP-PARTITION-READ). */
    public void admitRead(TableBinding b, PrimaryKey key) {
        Throttle t = tryAdmitRead(b, key);
        if (t != null) throw error(t);
    }

    /** As {@link #admitRead}, returning the refusal instead of throwing it (null: admitted). */
    public Throttle tryAdmitRead(TableBinding b, PrimaryKey key) {
        Throttle t = b.table().admitRead(KeyCodec.token(key.partition()), SortPosition.of(key.sort()));
        if (t != null) insights.throttled(b.metadata(), key, null, t.resourceArn());
        return t;
    }

    /** Charges a served read of one item (null: missing) and returns what it consumed (docs/RULES.md#CAP-READ-UNIT). */
    public ConsumedCapacity chargeRead(TableBinding b, PrimaryKey key, Map<String, AttributeValue> item,
                                       ReadConsistency consistency) {
        double units = readUnits(item, consistency);
        b.table().chargeRead(KeyCodec.token(key.partition()), SortPosition.of(key.sort()), units);
        insights.read(b.metadata(), key, units);
        return ConsumedCapacity.builder(b.metadata().name()).table(units, 0).build();
    }

    /** The item rounded up to 4 KB, a missing item as one block (docs/RULES.md#CAP-READ-UNIT, #CAP-READ-MISSING). */
    public static double readUnits(Map<String, AttributeValue> item, ReadConsistency consistency) {
        return item == null ? Units.getMissingItem(consistency) : Units.getItem(ItemSize.of(item), consistency);
    }

    // ---- writes -------------------------------------------------------------------------------

    /**
     * Admits a write of {@code oldItem} → {@code newItem} (either null: absent) on the table,
     * its LSIs and its GSIs, or throws the throttling error with nothing taken. Call it under
     * the item's lock, after the new item is known and before it is stored.
     *
     * @param transactional TransactWriteItems prices every write twice (docs/RULES.md#CAP-TRANSACTION)
     * @return the capacity the write consumes, split by table and index
     */
    public ConsumedCapacity admitWrite(TableBinding b, PrimaryKey key, Map<String, AttributeValue> oldItem,
                                       Map<String, AttributeValue> newItem, boolean transactional) {
        WriteState state = states.get().begin();
        ConsumedCapacity consumed = price(b, key, oldItem, newItem, transactional, state);
        Map<String, AttributeValue> image = newItem != null ? newItem : oldItem;
        admit(b, state.charge, key, image);
        insights.wrote(b.metadata(), key, image, consumed);
        return consumed;
    }

    /** What {@link #admitWrite} would charge, without admitting anything (for reporting a done write). */
    public ConsumedCapacity priceWrite(TableBinding b, PrimaryKey key, Map<String, AttributeValue> oldItem,
                                       Map<String, AttributeValue> newItem, boolean transactional) {
        return price(b, key, oldItem, newItem, transactional, states.get().begin());
    }

    /**
     * The one place a write's cost is worked out (docs/RULES.md#CAP-WRITE-LARGER-IMAGE, #CAP-INDEX-WRITE): the table's units on the larger
     * image, each LSI's diff added to the table's charge, each GSI's diff charged where its old
     * and new entries live. Fills the state's charge and returns the same units by table and index.
     */
    private static ConsumedCapacity price(TableBinding b, PrimaryKey key, Map<String, AttributeValue> oldItem,
                                          Map<String, AttributeValue> newItem, boolean transactional, WriteState state) {
        ItemSizes sizes = state.sizes;
        WriteCharge charge = state.charge;
        long oldBytes = sizes.of(oldItem);
        double tableUnits = newItem == null ? Units.delete(oldBytes, transactional)
                : Units.write(oldBytes, sizes.of(newItem), transactional);
        double factor = transactional ? Rules.TRANSACTIONAL_FACTOR : 1.0;
        List<TableBinding.Gsi> gsis = b.globalIndexes();
        ConsumedCapacity.Builder consumed = ConsumedCapacity.builder(b.metadata().name(), gsis.size()).table(0, tableUnits);
        double lsiUnits = 0;
        List<IndexSpec> lsis = b.localIndexes();
        for (int i = 0; i < lsis.size(); i++) {
            IndexSpec lsi = lsis.get(i);
            IndexWrite w = IndexWrite.of(lsi, oldItem, newItem);
            if (w.kind() == IndexWrite.Kind.NONE) continue;
            lsiUnits += w.units() * factor;
            consumed.localIndex(lsi.name(), 0, w.units() * factor);
        }
        charge.add(b.table(), state.tableToken(key.partition()), state.tableSort(key.sort()), tableUnits + lsiUnits);
        // Only an image that is in the index has a place in it: a key of the wrong type is
        // sparse here, and the write path refuses it with DynamoDB's message afterwards.
        IndexPlacements at = state.placements.place(b, oldItem, newItem, sizes);
        for (int g = 0; g < gsis.size(); g++) {
            TableBinding.Gsi gsi = gsis.get(g);
            IndexSpec spec = gsi.spec();
            boolean before = at.oldIn[g], after = at.newIn[g];
            boolean keyChanged = at.keyChanged[g];
            boolean projectionChanged = before && after && !keyChanged && oldItem != newItem
                    && (spec.projection() == IndexSpec.Projection.ALL ? state.itemsDiffer(oldItem, newItem)
                            : spec.projectionChanged(oldItem, newItem));
            IndexWrite w = IndexWrite.of(before, at.oldBytes[g], after, at.newBytes[g], keyChanged, projectionChanged);
            if (w.kind() == IndexWrite.Kind.NONE) continue;
            IndexWrite priced = factor == 1.0 ? w : new IndexWrite(w.kind(), w.deleteUnits() * factor, w.putUnits() * factor);
            charge.index(gsi.map(), priced, at.oldToken[g], at.oldSort[g], at.newToken[g], at.newSort[g]);
            consumed.globalIndex(spec.name(), 0, priced.units());
        }
        return consumed.build();
    }

    /**
     * Admits and returns the charge of a write whose condition failed (docs/RULES.md#CAP-WRITE-FAILED-CONDITION: failed conditional
     * writes still consume capacity): an existing item on {@code pricedItem}'s size (the new item
     * of a PutItem, else the existing one), a missing item 1 WCU. Only the table pays.
     */
    public ConsumedCapacity admitFailedCondition(TableBinding b, PrimaryKey key, Map<String, AttributeValue> oldItem,
                                                 Map<String, AttributeValue> pricedItem, boolean transactional) {
        Map<String, AttributeValue> sized = pricedItem != null ? pricedItem : oldItem;
        double units = Units.failedCondition(oldItem != null, sized == null ? 0 : ItemSize.of(sized), transactional);
        WriteState state = states.get().begin();
        state.charge.add(b.table(), state.tableToken(key.partition()), state.tableSort(key.sort()), units);
        admit(b, state.charge, key, null);
        ConsumedCapacity consumed = ConsumedCapacity.builder(b.metadata().name()).table(0, units).build();
        insights.wrote(b.metadata(), key, null, consumed);
        return consumed;
    }

    /**
     * Opens a request of several writes on this thread (a transaction): until {@link #endRequest},
     * a partition that admitted one of them admits the rest, so the request is judged by the
     * partitions' state before it and charged in full (docs/RULES.md#CAP-PARTITION-INSTANT).
     */
    public void beginRequest() { states.get().charge.beginRequest(); }

    /** Closes what {@link #beginRequest} opened on this thread. */
    public void endRequest() { states.get().charge.endRequest(); }

    private void admit(TableBinding b, WriteCharge charge, PrimaryKey key, Map<String, AttributeValue> image) {
        Throttle t = b.capacity().admitWrite(charge);
        if (t == null) return;
        insights.throttled(b.metadata(), key, image, t.resourceArn());
        throw error(t);
    }

    /**
     * Records a stored write in the partitions' sizes and item counts (docs/RULES.md#PART-SIZE: a partition past
     * the size limit splits). Called after the write is stored.
     */
    public void written(TableBinding b, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        if (model.mode() == CapacityMode.OFF) return;
        KeySchema tableKey = b.metadata().keySchema();
        Map<String, AttributeValue> any = newItem != null ? newItem : oldItem;
        if (any == null) return;
        WriteState state = states.get();
        ItemSizes sizes = state.sizes;
        WriteCharge admitted = state.charge;
        long delta = sizes.of(newItem) - sizes.of(oldItem);
        long items = (newItem != null ? 1 : 0) - (oldItem != null ? 1 : 0);
        long token = tableKey.hash().size() == 1 ? state.tableToken(any.get(tableKey.hash().get(0).name())) : token(tableKey, any);
        long sort = tableKey.range().isEmpty() ? SortPosition.NONE : state.tableSort(any.get(tableKey.range().get(0).name()));
        b.table().recordSize(token, sort, delta, items, admitted);
        IndexPlacements at = state.placements.place(b, oldItem, newItem, sizes);
        List<TableBinding.Gsi> gsis = b.globalIndexes();
        for (int g = 0; g < gsis.size(); g++) {
            PartitionMap map = gsis.get(g).map();
            if (at.oldIn[g] && at.newIn[g] && at.oldToken[g] == at.newToken[g] && at.oldSort[g] == at.newSort[g]) {
                map.recordResize(at.newToken[g], at.newSort[g], at.oldBytes[g], at.newBytes[g], admitted);
                continue;
            }
            if (at.oldIn[g]) map.recordSize(at.oldToken[g], at.oldSort[g], -at.oldBytes[g], -1, admitted);
            if (at.newIn[g]) map.recordSize(at.newToken[g], at.newSort[g], at.newBytes[g], 1, admitted);
        }
    }

    /** The token of an item under a key schema (a GSI's may have several hash attributes). */
    static long token(KeySchema key, Map<String, AttributeValue> item) {
        if (item == null) return 0;
        List<KeyAttribute> hash = key.hash();
        if (hash.size() == 1) {
            AttributeValue v = item.get(hash.get(0).name());
            return v == null ? 0 : KeyCodec.token(v);
        }
        List<AttributeValue> parts = new ArrayList<>(hash.size());
        for (KeyAttribute a : hash) parts.add(item.get(a.name()));
        return parts.contains(null) ? 0 : KeyCodec.token(parts);
    }

    /** The sort position of an item under a key schema: of its first range attribute. */
    static long sort(KeySchema key, Map<String, AttributeValue> item) {
        if (item == null || key.range().isEmpty()) return SortPosition.NONE;
        AttributeValue v = item.get(key.range().get(0).name());
        return v == null ? SortPosition.NONE : SortPosition.of(v);
    }
}
