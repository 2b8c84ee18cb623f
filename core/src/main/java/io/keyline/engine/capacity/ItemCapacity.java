package io.keyline.engine.capacity;

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
import io.keyline.engine.PrimaryKey;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Prices and admits reads and writes of single items against the capacity model, exactly as
 * DynamoDB prices them (B.2–B.4): the one place where a write's index diff (LSIs charged to the
 * table, each GSI to its own partitions, a moved GSI entry to two) becomes a {@link WriteCharge}.
 * A write is admitted all or nothing, before it is stored; a refusal is thrown as DynamoDB's
 * throttling error ({@link #error}).
 *
 * <p>Threading: thread-safe; each thread reuses its own {@link WriteCharge}.
 */
public final class ItemCapacity {
    private final CapacityModel model;
    private final ThreadLocal<WriteCharge> charges = ThreadLocal.withInitial(WriteCharge::new);
    private final ThreadLocal<Sizes> sizes = ThreadLocal.withInitial(Sizes::new);
    private final ThreadLocal<Entries> entries = ThreadLocal.withInitial(Entries::new);

    /**
     * The last two items this thread sized: a write sizes its old and new item when it is priced
     * and again when it is recorded ({@link #written}) and counted in the table's statistics, all
     * on one thread, so the second and third time are free. Items are immutable maps, compared by
     * identity.
     */
    private static final class Sizes {
        private Object first, second;
        private long firstBytes, secondBytes;

        long of(Map<String, AttributeValue> item) {
            if (item == null) return 0;
            if (item == first) return firstBytes;
            if (item == second) return secondBytes;
            long bytes = ItemSize.of(item);
            second = first;
            secondBytes = firstBytes;
            first = item;
            firstBytes = bytes;
            return bytes;
        }
    }

    /**
     * Where this thread's last write's images sit in each GSI: whether the image is in the index,
     * its token, sort position and entry size (B.4). Pricing a write places its old and new image
     * in every GSI and {@link #written} places them again to record the partitions' sizes, on the
     * same thread: the second time is a lookup. A small ring compared by identity of index spec
     * and item (both immutable), large enough for the old and new image in every GSI a table may
     * have (20, B.12).
     */
    private static final class Entries {
        private static final int SLOTS = 64;
        /** The slot of an absent image: in no index, never overwritten. */
        private static final int ABSENT = SLOTS;
        private final Object[] specs = new Object[SLOTS + 1];
        private final Object[] items = new Object[SLOTS + 1];
        private final boolean[] indexed = new boolean[SLOTS + 1];
        private final long[] tokens = new long[SLOTS + 1];
        private final long[] sorts = new long[SLOTS + 1];
        private final long[] bytes = new long[SLOTS + 1];

        Entries() { sorts[ABSENT] = SortPosition.NONE; }
        private int next;
        /** Slots filled since {@link #begin}, at most SLOTS. */
        private int placed;

        /** Starts pricing a new write: lookups no longer search earlier writes' slots. */
        Entries begin() {
            placed = 0;
            return this;
        }

        /** The slot describing {@code item} in {@code spec}'s index, computed on first use in this write. */
        int of(IndexSpec spec, Map<String, AttributeValue> item, Sizes sizes) {
            if (item == null) return ABSENT;
            // Only this write's slots are searched, newest first: a slot from an earlier write
            // would be as correct (spec and item are immutable) but is rarely hit, and scanning
            // the whole ring on every miss was the largest cost of a write with 5 GSIs.
            for (int k = 0, i = (next - 1) & (SLOTS - 1); k < placed; k++, i = (i - 1) & (SLOTS - 1)) {
                if (items[i] == item && specs[i] == spec) return i;
            }
            int i = next;
            next = (next + 1) & (SLOTS - 1);
            if (placed < SLOTS) placed++;
            specs[i] = spec;
            items[i] = item;
            boolean in = spec.indexes(item);
            indexed[i] = in;
            KeySchema k = spec.indexKey();
            tokens[i] = in ? token(k, item) : 0;
            sorts[i] = in ? sort(k, item) : SortPosition.NONE;
            bytes[i] = !in ? 0 : spec.projection() == IndexSpec.Projection.ALL ? sizes.of(item) : spec.entrySize(item);
            return i;
        }
    }

    /** DynamoDB's size of an item (B.1), 0 for none, remembered for the rest of this write on this thread. */
    public long sizeOf(Map<String, AttributeValue> item) {
        return sizes.get().of(item);
    }

    public ItemCapacity(CapacityModel model) { this.model = model; }

    /** DynamoDB's error for a refused request: its exception, message and ThrottlingReasons. */
    public static ApiException error(Throttle t) {
        return Errors.throttled(t.exceptionType(), t.message(), t.throttlingReasons());
    }

    // ---- reads --------------------------------------------------------------------------------

    /** Whether an error is one of DynamoDB's throttling errors (B.9), which batches turn into unprocessed items. */
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

    /** Admits a read of one item before it is read (B.6: a partition or table in debt refuses). */
    public void admitRead(TableBinding b, PrimaryKey key) {
        Throttle t = tryAdmitRead(b, key);
        if (t != null) throw error(t);
    }

    /** As {@link #admitRead}, returning the refusal instead of throwing it (null: admitted). */
    public Throttle tryAdmitRead(TableBinding b, PrimaryKey key) {
        return b.table().admitRead(KeyCodec.token(key.partition()), SortPosition.of(key.sort()));
    }

    /** Charges a served read of one item (null: missing) and returns what it consumed (B.2). */
    public ConsumedCapacity chargeRead(TableBinding b, PrimaryKey key, Map<String, AttributeValue> item,
                                       ReadConsistency consistency) {
        double units = readUnits(item, consistency);
        b.table().chargeRead(KeyCodec.token(key.partition()), SortPosition.of(key.sort()), units);
        return ConsumedCapacity.builder(b.metadata().name()).table(units, 0).build();
    }

    /** B.2: the item rounded up to 4 KB, a missing item as one block. */
    public static double readUnits(Map<String, AttributeValue> item, ReadConsistency consistency) {
        return item == null ? Units.getMissingItem(consistency) : Units.getItem(ItemSize.of(item), consistency);
    }

    // ---- writes -------------------------------------------------------------------------------

    /**
     * Admits a write of {@code oldItem} → {@code newItem} (either null: absent) on the table,
     * its LSIs and its GSIs, or throws the throttling error with nothing taken. Call it under
     * the item's lock, after the new item is known and before it is stored.
     *
     * @param transactional TransactWriteItems prices every write twice (B.3)
     * @return the capacity the write consumes, split by table and index
     */
    public ConsumedCapacity admitWrite(TableBinding b, PrimaryKey key, Map<String, AttributeValue> oldItem,
                                       Map<String, AttributeValue> newItem, boolean transactional) {
        WriteCharge charge = charges.get().reset();
        ConsumedCapacity consumed = price(b, key, oldItem, newItem, transactional, charge, sizes.get(), entries.get().begin());
        admit(b, charge);
        return consumed;
    }

    /** What {@link #admitWrite} would charge, without admitting anything (for reporting a done write). */
    public ConsumedCapacity priceWrite(TableBinding b, PrimaryKey key, Map<String, AttributeValue> oldItem,
                                       Map<String, AttributeValue> newItem, boolean transactional) {
        return price(b, key, oldItem, newItem, transactional, charges.get().reset(), sizes.get(), entries.get().begin());
    }

    /**
     * The one place a write's cost is worked out (B.3, B.4): the table's units on the larger
     * image, each LSI's diff added to the table's charge, each GSI's diff charged where its old
     * and new entries live. Fills {@code charge} and returns the same units by table and index.
     */
    private static ConsumedCapacity price(TableBinding b, PrimaryKey key, Map<String, AttributeValue> oldItem,
                                          Map<String, AttributeValue> newItem, boolean transactional, WriteCharge charge,
                                          Sizes sizes, Entries entries) {
        long oldBytes = sizes.of(oldItem);
        double tableUnits = newItem == null ? Units.delete(oldBytes, transactional)
                : Units.write(oldBytes, sizes.of(newItem), transactional);
        double factor = transactional ? Rules.TRANSACTIONAL_FACTOR : 1.0;
        ConsumedCapacity.Builder consumed = ConsumedCapacity.builder(b.metadata().name()).table(0, tableUnits);
        double lsiUnits = 0;
        for (IndexSpec lsi : b.localIndexes()) {
            IndexWrite w = IndexWrite.of(lsi, oldItem, newItem);
            if (w.kind() == IndexWrite.Kind.NONE) continue;
            lsiUnits += w.units() * factor;
            consumed.localIndex(lsi.name(), 0, w.units() * factor);
        }
        charge.add(b.table(), KeyCodec.token(key.partition()), SortPosition.of(key.sort()), tableUnits + lsiUnits);
        for (TableBinding.Gsi gsi : b.globalIndexes()) {
            IndexSpec spec = gsi.spec();
            // Only an image that is in the index has a place in it: a key of the wrong type is
            // sparse here, and the write path refuses it with DynamoDB's message afterwards.
            int o = entries.of(spec, oldItem, sizes);
            int n = entries.of(spec, newItem, sizes);
            IndexWrite w = IndexWrite.of(spec, oldItem, newItem,
                    entries.indexed[o], entries.bytes[o], entries.indexed[n], entries.bytes[n]);
            if (w.kind() == IndexWrite.Kind.NONE) continue;
            IndexWrite priced = factor == 1.0 ? w : new IndexWrite(w.kind(), w.deleteUnits() * factor, w.putUnits() * factor);
            charge.index(gsi.map(), priced, entries.tokens[o], entries.sorts[o], entries.tokens[n], entries.sorts[n]);
            consumed.globalIndex(spec.name(), 0, priced.units());
        }
        return consumed.build();
    }

    /**
     * Admits and returns the charge of a write whose condition failed (B.3: failed conditional
     * writes still consume capacity): an existing item on {@code pricedItem}'s size (the new item
     * of a PutItem, else the existing one), a missing item 1 WCU. Only the table pays.
     */
    public ConsumedCapacity admitFailedCondition(TableBinding b, PrimaryKey key, Map<String, AttributeValue> oldItem,
                                                 Map<String, AttributeValue> pricedItem, boolean transactional) {
        Map<String, AttributeValue> sized = pricedItem != null ? pricedItem : oldItem;
        double units = Units.failedCondition(oldItem != null, sized == null ? 0 : ItemSize.of(sized), transactional);
        WriteCharge charge = charges.get().reset();
        charge.add(b.table(), KeyCodec.token(key.partition()), SortPosition.of(key.sort()), units);
        admit(b, charge);
        return ConsumedCapacity.builder(b.metadata().name()).table(0, units).build();
    }

    private static void admit(TableBinding b, WriteCharge charge) {
        Throttle t = b.capacity().admitWrite(charge);
        if (t != null) throw error(t);
    }

    /**
     * Records a stored write in the partitions' sizes and item counts (B.6: a partition past
     * the size limit splits). Called after the write is stored.
     */
    public void written(TableBinding b, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        if (model.mode() == CapacityMode.OFF) return;
        KeySchema tableKey = b.metadata().keySchema();
        Map<String, AttributeValue> any = newItem != null ? newItem : oldItem;
        if (any == null) return;
        Sizes cache = sizes.get();
        long delta = cache.of(newItem) - cache.of(oldItem);
        long items = (newItem != null ? 1 : 0) - (oldItem != null ? 1 : 0);
        b.table().recordSize(token(tableKey, any), sort(tableKey, any), delta, items);
        Entries placed = entries.get();
        for (TableBinding.Gsi gsi : b.globalIndexes()) {
            IndexSpec spec = gsi.spec();
            PartitionMap map = gsi.map();
            int o = placed.of(spec, oldItem, cache);
            int n = placed.of(spec, newItem, cache);
            if (placed.indexed[o] && placed.indexed[n]
                    && placed.tokens[o] == placed.tokens[n] && placed.sorts[o] == placed.sorts[n]) {
                map.recordResize(placed.tokens[n], placed.sorts[n], placed.bytes[o], placed.bytes[n]);
                continue;
            }
            if (placed.indexed[o]) map.recordSize(placed.tokens[o], placed.sorts[o], -placed.bytes[o], -1);
            if (placed.indexed[n]) map.recordSize(placed.tokens[n], placed.sorts[n], placed.bytes[n], 1);
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
