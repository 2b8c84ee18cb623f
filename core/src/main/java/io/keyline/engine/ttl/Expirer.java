package io.keyline.engine.ttl;

import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.store.ItemStore;
import io.keyline.engine.stream.ServiceIdentity;
import io.keyline.error.ApiException;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.metadata.TimeToLiveState;
import io.keyline.model.AttributeValue;
import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.time.Clock;
import io.keyline.time.PeriodicThread;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Deletes the expired items of every table whose Time to Live is ENABLED (docs/RULES.md#TTL-EXPIRY,
 * #TTL-DELETION-DELAY), in passes on the injected clock.
 *
 * <p>How it finds them: a pass reads each such table's items in key order from where the last
 * pass stopped, at most {@link #ITEMS_PER_PASS} items a table, and wraps around at the end. No
 * expiry index is kept: one would cost every write to a TTL table an extra entry in its batch
 * (the write path is the one Keyline measures hardest) and a backfill when TTL is turned on,
 * while DynamoDB only promises deletion "within days". So a table of up to {@link #ITEMS_PER_PASS}
 * items is read whole each pass, and its expired items go within one pass interval
 * ({@code --ttl-delay}); a larger table is read over several passes, ceil(items / ITEMS_PER_PASS)
 * passes a round, each pass's work bounded whatever the table's size. The reads go to storage
 * directly: they are not metered, as DynamoDB's TTL scans are free.
 *
 * <p>How it deletes them: {@link #deleteExpired}, one item at a time, through the item store's
 * ordinary single-item write, so the item's LSI entries go in the same batch and its GSI entries
 * through the change log, exactly as a DeleteItem's; but with no capacity admission or charge
 * (docs/RULES.md#TTL-FREE). The delete is conditional, under the item's lock, on the TTL
 * attribute still holding the value the pass found, still expired: an item rewritten meanwhile
 * (a later expiry, no expiry) stays. Until its pass comes, an expired item is still read,
 * queried and scanned like any other, as on DynamoDB.
 *
 * <p>Threading: one daemon thread started by {@link #start}, a {@link PeriodicThread} on the
 * injected clock (the server starts it; tests drive {@link #runPass} themselves on a manual clock). {@link #runPass} is synchronized: one pass at a
 * time; the resume positions are guarded by it.
 */
public final class Expirer implements AutoCloseable {
    /** Items read per table and pass: bounds a pass's work (about 10 to 20 ms of decoding). */
    public static final int ITEMS_PER_PASS = 10_000;
    private final int itemsPerPass;

    /** Told how many items a pass deleted from a table (TimeToLiveDeletedItemCount). */
    @FunctionalInterface
    public interface Deletions {
        void deleted(TableMetadata table, long items);

        Deletions NONE = (table, items) -> {};
    }

    private final Storage storage;
    private final Catalog catalog;
    private final ItemStore items;
    private final Clock clock;
    private final PeriodicThread passes;
    /** Keyspace id → the first key the table's next pass reads from. Guarded by this. */
    private final Map<Long, byte[]> resumeAt = new HashMap<>();
    private volatile Deletions deletions = Deletions.NONE;

    public Expirer(Storage storage, Catalog catalog, ItemStore items, Clock clock, Duration interval) {
        this(storage, catalog, items, clock, interval, ITEMS_PER_PASS);
    }

    /** With another slice size than {@link #ITEMS_PER_PASS} (tests of the slicing). */
    public Expirer(Storage storage, Catalog catalog, ItemStore items, Clock clock, Duration interval, int itemsPerPass) {
        if (itemsPerPass < 1) throw new IllegalArgumentException("itemsPerPass " + itemsPerPass);
        this.itemsPerPass = itemsPerPass;
        this.storage = storage;
        this.catalog = catalog;
        this.items = items;
        this.clock = clock;
        // half the delay apart, so an item of a small table goes within the delay of its expiry;
        // a failed pass (storage closed under it, or a transient failure) is simply tried again
        this.passes = new PeriodicThread("keyline-ttl-expirer", clock, Duration.ofMillis(Math.max(10, interval.toMillis() / 2)), false,
                this::runPass, e -> {});
    }

    /** Where the counts of deleted items go (the server's metrics); set before {@link #start}. */
    public void onDeleted(Deletions d) { this.deletions = d == null ? Deletions.NONE : d; }

    /** Starts passes every half {@code interval} on the clock; a second call does nothing. */
    public void start() { passes.start(); }

    /**
     * One pass at the clock's now over every table whose TTL is ENABLED, in every namespace;
     * returns how many items it deleted.
     */
    public synchronized long runPass() {
        Instant now = clock.now();
        long deleted = 0;
        Set<Long> live = new HashSet<>();
        for (TableMetadata table : catalog.all()) {
            live.add(table.keyspaceId());
            TimeToLiveState ttl = table.timeToLive();
            if (table.status() != TableStatus.ACTIVE || ttl == null || !ttl.expiringAt(now)) continue;
            long n = passOver(table, ttl.attributeName(), now);
            if (n > 0) deletions.deleted(table, n);
            deleted += n;
        }
        resumeAt.keySet().retainAll(live);
        return deleted;
    }

    /**
     * The one way an item is deleted for having expired: under the item's lock, only if its
     * {@code attribute} still holds {@code expiry} and that has expired at {@code now}; not
     * metered. Returns whether it deleted the item. A stream record of this delete carries
     * DynamoDB's service identity (docs/RULES.md#TTL-STREAM-IDENTITY), so this is where it is attached.
     */
    public boolean deleteExpired(TableMetadata table, PrimaryKey key, String attribute, AttributeValue expiry, Instant now) {
        ItemStore.WriteResult r = ServiceIdentity.run(() -> items.write(table, key, old -> {
            if (old == null) return null;
            AttributeValue current = old.get(attribute);
            return expiry.equals(current) && ExpiryTime.expired(current, now) ? null : old;
        }));
        return r.oldItem() != null && r.newItem() == null;
    }

    private long passOver(TableMetadata table, String attribute, Instant now) {
        long keyspace = table.keyspaceId();
        byte[] from = resumeAt.getOrDefault(keyspace, KeyCodec.keyspaceStart(keyspace));
        List<Map<String, AttributeValue>> expired = new ArrayList<>();
        byte[] next = null;
        int read = 0;
        try (Cursor c = storage.range(from, KeyCodec.keyspaceEnd(keyspace), false)) {
            while (c.next()) {
                if (read++ == itemsPerPass) {
                    next = c.key();
                    break;
                }
                Map<String, AttributeValue> item = ItemCodec.decode(c.value());
                if (ExpiryTime.expired(item.get(attribute), now)) expired.add(item);
            }
        }
        if (next == null) resumeAt.remove(keyspace);
        else resumeAt.put(keyspace, next);
        long deleted = 0;
        for (Map<String, AttributeValue> item : expired) {
            try {
                PrimaryKey key = PrimaryKeys.fromItem(table.keySchema(), item);
                if (deleteExpired(table, key, attribute, item.get(attribute), now)) deleted++;
            } catch (ApiException busy) {
                // A transaction holds the item: it is looked at again next round.
            }
        }
        return deleted;
    }

    @Override public void close() { passes.close(); }
}
