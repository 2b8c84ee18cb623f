package io.keyline.engine.backup;

import io.keyline.engine.api.ItemRef;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.ReadView;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fills a table being restored: items written through the item store as any multi-item write
 * is ({@link ItemStore#writeAll}, {@link #ITEMS_PER_WRITE} at a time), so its LSIs, GSIs (through
 * the GSI change log), statistics and partition sizes follow exactly as they do for writes; the
 * restored table takes no other writes while it is CREATING, so no lock is ever waited for. Not
 * admitted on the capacity model, as DynamoDB's restores consume none of the table's capacity.
 * Loading the same source again over a partial load leaves the same table: every key is written
 * to its final image. Not thread-safe: one per restore, on the restore worker, which an interrupt
 * stops at the next batch ({@link Interrupted}).
 */
final class TableLoader {
    static final int ITEMS_PER_WRITE = 100;
    private static final long LOCK_WAIT_NANOS = 10_000_000_000L;

    private final ItemStore items;
    private final TableMetadata table;
    /** Changes not yet written, by key: the latest image wins (null: delete). */
    private final Map<PrimaryKey, Map<String, AttributeValue>> pending = new LinkedHashMap<>();
    private long written;

    TableLoader(ItemStore items, TableMetadata table) {
        this.items = items;
        this.table = table;
    }

    /** Every item of keyspace {@code keyspace} as {@code view} sees it (a backup's copy, a recovery base). */
    void loadKeyspace(ReadView view, long keyspace) {
        try (Cursor c = view.range(Keyspaces.prefix(keyspace), Keyspaces.end(keyspace), false)) {
            while (c.next()) put(ItemCodec.decode(c.value()));
        }
    }

    /** Every log entry of {@code logKeyspace} committed at or before {@code uptoMillis}, in order. */
    void replayLog(ReadView view, long logKeyspace, long uptoMillis) {
        byte[] end = uptoMillis == Long.MAX_VALUE ? Keyspaces.end(logKeyspace) : BackupLayout.logKey(logKeyspace, uptoMillis + 1, 0);
        try (Cursor c = view.range(Keyspaces.prefix(logKeyspace), end, false)) {
            while (c.next()) {
                BackupLayout.Change change = BackupLayout.decodeChange(c.value());
                PrimaryKey key = PrimaryKeys.fromItem(table.keySchema(), change.keys());
                pending.remove(key); // re-inserted last: the order of writes stays the order of the log
                pending.put(key, change.image());
                if (pending.size() >= ITEMS_PER_WRITE) flush();
            }
        }
    }

    private void put(Map<String, AttributeValue> item) {
        PrimaryKey key = PrimaryKeys.fromItem(table.keySchema(), item);
        pending.remove(key);
        pending.put(key, item);
        if (pending.size() >= ITEMS_PER_WRITE) flush();
    }

    /** Writes what is pending; returns how many items the table holds from this loader. */
    long finish() {
        flush();
        return written;
    }

    /** The worker was interrupted (the engine is closing): the load stops, its table stays marked as restoring. */
    static final class Interrupted extends RuntimeException {
        Interrupted() { super("restore interrupted", null, false, false); }
    }

    private void flush() {
        if (pending.isEmpty()) return;
        if (Thread.currentThread().isInterrupted()) throw new Interrupted();
        List<ItemRef> refs = new ArrayList<>(pending.size());
        List<Map<String, AttributeValue>> images = new ArrayList<>(pending.size());
        for (Map.Entry<PrimaryKey, Map<String, AttributeValue>> e : pending.entrySet()) {
            refs.add(new ItemRef(table, e.getKey()));
            images.add(e.getValue());
        }
        pending.clear();
        List<ItemStore.WriteResult> results = items.writeAll(refs, LOCK_WAIT_NANOS, olds -> {
            List<Map<String, AttributeValue>> out = new ArrayList<>(olds.size());
            for (int i = 0; i < olds.size(); i++) {
                Map<String, AttributeValue> image = images.get(i);
                out.add(image == null && olds.get(i) == null ? null : image);
            }
            return out;
        });
        for (ItemStore.WriteResult r : results) written += (r.newItem() != null ? 1 : 0) - (r.oldItem() != null ? 1 : 0);
    }
}
