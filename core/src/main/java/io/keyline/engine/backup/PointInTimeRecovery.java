package io.keyline.engine.backup;

import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Point-in-time recovery of every table that has it on (docs/RULES.md#PITR-WINDOW,
 * docs/RULES.md#PITR-LOG): a base copy of the table and the change log kept since
 * ({@link ChangeLogWriter}). The table at any instant T of the recovery period is the base with
 * the log's entries up to T replayed over it, in order. The log does not grow without end: once
 * an entry is older than the recovery period it is folded into the base (the base item replaced
 * or deleted, the entry removed, in one batch), at most once a minute of clock time per table, on
 * the thread of a write that logged a change or of a recovery call, never under an item's lock.
 *
 * <p>Turning recovery on copies the table into the base from one storage snapshot, taken after
 * the log writer already sees the table and every write in flight before it has committed
 * ({@link ItemStore#awaitWritesInFlight}): a write is in the snapshot, in the log, or in both,
 * and replaying an entry whose write the base already holds changes nothing in the end. The
 * earliest restorable instant is taken after the snapshot. Until the copy is complete its record
 * says so, and start-up removes a copy cut short. Thread-safe: states in a concurrent map;
 * turning on and off under this object's monitor; folds and restore snapshots under the state's.
 */
public final class PointInTimeRecovery {
    /** How often a table's log is folded, on the clock. */
    static final long FOLD_INTERVAL_MILLIS = 60_000;
    /** Entries folded in one storage batch. */
    static final int FOLD_BATCH = 1_000;

    /** What a point-in-time restore reads: the base and the log's entries up to {@code uptoMillis}, from one snapshot. */
    record Source(Snapshot snapshot, long baseKeyspace, long logKeyspace, long uptoMillis) implements AutoCloseable {
        @Override public void close() { snapshot.close(); }
    }

    /** DescribeContinuousBackups' figures of a table with recovery on. */
    public record Window(int periodDays, long earliestMillis, long latestMillis) {}

    private final Storage storage;
    private final Catalog catalog;
    private final ItemStore items;
    private final Clock clock;
    private final Map<Long, RecoveryState> byTable = new ConcurrentHashMap<>();

    PointInTimeRecovery(Storage storage, Catalog catalog, ItemStore items, Clock clock) {
        this.storage = storage;
        this.catalog = catalog;
        this.items = items;
        this.clock = clock;
        load();
    }

    /** The hook that writes the log; installed once on the item store. */
    ItemStore.WriteHook writer() { return new ChangeLogWriter(this, clock); }

    /** The state of the table stored in {@code tableKeyspace}, or null when recovery is off. */
    RecoveryState state(long tableKeyspace) {
        return byTable.isEmpty() ? null : byTable.get(tableKeyspace);
    }

    /** The table's recovery window now, or null when recovery is off (or still being turned on). */
    public Window window(TableMetadata table) {
        RecoveryState s = byTable.get(table.keyspaceId());
        if (s == null || !s.complete) return null;
        maybeFold(s);
        long now = clock.millis();
        return new Window(s.periodDays, s.earliestAt(now), now);
    }

    /** Turns recovery on with a period of {@code days}, or changes the period of a table that has it on. */
    public synchronized void enable(TableMetadata table, int days) {
        RecoveryState existing = byTable.get(table.keyspaceId());
        if (existing != null) {
            existing.periodDays = days;
            persist(existing);
            maybeFold(existing);
            return;
        }
        RecoveryState s = new RecoveryState(table.keyspaceId(), catalog.allocateKeyspace(), catalog.allocateKeyspace(), days,
                clock.millis(), false);
        persist(s);
        byTable.put(s.tableKeyspace, s);
        try {
            items.awaitWritesInFlight();
            try (Snapshot snapshot = storage.snapshot()) {
                s.earliestMillis = clock.millis();
                KeyspaceCopy.copy(snapshot, table.keyspaceId(), storage, s.baseKeyspace);
            }
            s.nextFoldMillis = clock.millis() + FOLD_INTERVAL_MILLIS;
            s.complete = true;
            persist(s);
        } catch (RuntimeException | Error e) {
            byTable.remove(s.tableKeyspace, s);
            drop(s);
            throw e;
        }
    }

    /** Turns recovery off: its base and log are gone (a table deleted, or UpdateContinuousBackups). */
    public synchronized void disable(TableMetadata table) {
        RecoveryState s = byTable.remove(table.keyspaceId());
        if (s == null) return;
        items.awaitWritesInFlight();
        synchronized (s) {
            drop(s);
        }
    }

    /**
     * The base and log to rebuild the table at {@code atMillis} from, read from one snapshot
     * taken after folding what is due; null when recovery is off. The caller has checked that
     * {@code atMillis} is inside the window.
     */
    Source source(TableMetadata table, long atMillis) {
        RecoveryState s = byTable.get(table.keyspaceId());
        if (s == null || !s.complete) return null;
        maybeFold(s);
        synchronized (s) {
            return new Source(storage.snapshot(), s.baseKeyspace, s.logKeyspace, atMillis);
        }
    }

    /** Folds the entries older than the recovery period into the base, if a fold is due. */
    void maybeFold(RecoveryState s) {
        long now = clock.millis();
        if (now < s.nextFoldMillis) return;
        synchronized (s) {
            if (now < s.nextFoldMillis || !s.complete || byTable.get(s.tableKeyspace) != s) return;
            fold(s, now - s.periodMillis());
            s.nextFoldMillis = now + FOLD_INTERVAL_MILLIS;
        }
    }

    /** Folds every entry committed before {@code cutoffMillis}; under the state's monitor. */
    private void fold(RecoveryState s, long cutoffMillis) {
        while (true) {
            WriteBatch batch = new WriteBatch();
            byte[] last = null;
            try (Cursor c = storage.range(Keyspaces.prefix(s.logKeyspace), BackupLayout.logKey(s.logKeyspace, cutoffMillis, 0), false)) {
                int n = 0;
                while (n < FOLD_BATCH && c.next()) {
                    BackupLayout.Change change = BackupLayout.decodeChange(c.value());
                    byte[] baseKey = baseKey(s.baseKeyspace, change.keys());
                    if (change.image() == null) batch.delete(baseKey);
                    else batch.put(baseKey, io.keyline.engine.codec.ItemCodec.encode(change.image()));
                    last = c.key();
                    n++;
                }
            }
            if (last == null) return;
            batch.deleteRange(Keyspaces.prefix(s.logKeyspace), BackupLayout.logKey(s.logKeyspace,
                    BackupLayout.logMillis(last), BackupLayout.logSequence(last) + 1));
            storage.write(batch);
        }
    }

    /** The item's key in the base: its key in the table, under the base's keyspace (the keys are in the schema's order). */
    private static byte[] baseKey(long baseKeyspace, Map<String, AttributeValue> keys) {
        List<AttributeValue> values = new ArrayList<>(keys.values());
        return KeyCodec.itemKey(baseKeyspace, values.get(0), values.size() > 1 ? values.get(1) : null);
    }

    private void persist(RecoveryState s) {
        storage.write(new WriteBatch().put(BackupLayout.key(BackupLayout.RECOVERY_TAG, s.tableKeyspace), BackupLayout.encode(s)));
    }

    private void drop(RecoveryState s) {
        WriteBatch batch = new WriteBatch().delete(BackupLayout.key(BackupLayout.RECOVERY_TAG, s.tableKeyspace));
        KeyspaceCopy.drop(batch, s.logKeyspace);
        KeyspaceCopy.drop(batch, s.baseKeyspace);
        storage.write(batch);
    }

    private void load() {
        List<RecoveryState> unfinished = new ArrayList<>();
        try (Cursor c = storage.range(BackupLayout.tagStart(BackupLayout.RECOVERY_TAG), BackupLayout.tagEnd(BackupLayout.RECOVERY_TAG), false)) {
            while (c.next()) {
                long table = java.nio.ByteBuffer.wrap(c.key(), Keyspaces.PREFIX_LENGTH + 1, 8).getLong();
                RecoveryState s = BackupLayout.decodeRecovery(table, c.value());
                if (s.complete) byTable.put(table, s);
                else unfinished.add(s);
            }
        }
        unfinished.forEach(this::drop);
        for (RecoveryState s : byTable.values()) {
            try (Cursor c = storage.range(Keyspaces.prefix(s.logKeyspace), Keyspaces.end(s.logKeyspace), true)) {
                if (c.next()) s.resume(BackupLayout.logMillis(c.key()), BackupLayout.logSequence(c.key()));
            }
        }
    }

    /** Drops the recovery of tables that are gone (a table deleted while a crash kept its recovery from going with it). */
    void retainTables(java.util.function.LongPredicate exists) {
        for (RecoveryState s : List.copyOf(byTable.values())) {
            if (!exists.test(s.tableKeyspace) && byTable.remove(s.tableKeyspace, s)) drop(s);
        }
    }
}
