package io.keyline.engine.backup;

import io.keyline.engine.api.BackupDetails;
import io.keyline.engine.api.RecoveryWindow;
import io.keyline.engine.api.RestoreSummary;
import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.config.Settings;
import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.NewTable;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The front of this package for the engine's facade: on-demand backups, point-in-time recovery
 * and restores of every namespace, built once per engine on its storage (which reloads them,
 * removes the backups and recovery a crash left unfinished, and resumes its restores). Takes and returns metadata and
 * {@code engine.api} records; finding tables by name and DynamoDB's errors stay in the facade.
 * Thread-safe, as the services it holds.
 */
public final class BackupServices implements AutoCloseable {
    /** A restore that did not happen: the target name is taken, or the backup was deleted meanwhile. */
    public enum Refusal { TARGET_EXISTS, BACKUP_GONE }

    /** A restore's outcome: the table, or why there is none. */
    public record Restored(TableMetadata table, Refusal refused) {}

    /** docs/RULES.md#BACKUP-SYSTEM: a deleted table's system backup is named after it with this suffix. */
    public static final String SYSTEM_BACKUP_SUFFIX = "$DeletedTableBackup";

    private final Clock clock;
    private final Catalog catalog;
    private final OnDemandBackups backups;
    private final PointInTimeRecovery recovery;
    private final Restores restores;

    public BackupServices(Storage storage, Catalog catalog, ItemStore items, Clock clock, Settings settings, Restores.Tables tables) {
        this.clock = clock;
        this.catalog = catalog;
        this.restores = new Restores(storage, catalog, items, clock, settings.tableCreateDelay(), tables);
        this.backups = new OnDemandBackups(storage, catalog, clock, settings.tableCreateDelay());
        this.recovery = new PointInTimeRecovery(storage, catalog, items, clock);
        java.util.Set<Long> live = new java.util.HashSet<>();
        for (TableMetadata t : catalog.all()) live.add(t.keyspaceId());
        recovery.retainTables(live::contains);
        items.addHook(recovery.writer());
    }

    // ---- on-demand backups ----------------------------------------------------------------------

    public BackupDetails createBackup(TableMetadata table, String name) {
        return details(backups.create(table, name, OnDemandBackups.USER), null);
    }

    /**
     * The table is being deleted: if it has point-in-time recovery on, its items as they are now
     * become a SYSTEM backup named {@code <table>$DeletedTableBackup}, kept 35 days
     * (docs/RULES.md#BACKUP-SYSTEM). Called before the items are dropped, under the catalog's
     * lock, so no other change of the table's definition interleaves. Null when recovery is off.
     */
    public BackupDetails systemBackupBeforeDelete(TableMetadata table) {
        if (recovery.window(table) == null) return null;
        return details(backups.create(table, table.name() + SYSTEM_BACKUP_SUFFIX, OnDemandBackups.SYSTEM), null);
    }

    /** The backup, or null if there is none with this ARN. */
    public BackupDetails backup(String arn) {
        StoredBackup b = backups.get(arn);
        return b == null ? null : details(b, null);
    }

    /** Deletes the backup: its details as DELETED; null if there is none; the details unchanged if a restore uses it. */
    public BackupDetails deleteBackup(String arn) {
        StoredBackup b = backups.get(arn);
        if (b == null) return null;
        if (!backups.available(b) || !backups.delete(b)) return details(b, null);
        return details(b, "DELETED");
    }

    /** The backups of namespace {@code ns} that {@code filter} accepts, oldest first. */
    public List<BackupDetails> listBackups(Namespace ns, Predicate<BackupDetails> filter) {
        List<BackupDetails> out = new ArrayList<>();
        for (StoredBackup b : backups.list(ns, b -> true)) {
            BackupDetails d = details(b, null);
            if (filter.test(d)) out.add(d);
        }
        return out;
    }

    /** Restores backup {@code arn} (AVAILABLE: the caller checked) as table {@code spec} of {@code ns}. */
    public Restored restoreBackup(String arn, Namespace ns, NewTable spec) {
        Restores.Fill fill = fromBackup(arn);
        if (fill == null) return new Restored(null, Refusal.BACKUP_GONE);
        StoredBackup b = backups.get(arn);
        TableMetadata t = restores.restore(ns, spec, b.arn(), b.source().arn(), b.created(), fill);
        return t == null ? new Restored(null, Refusal.TARGET_EXISTS) : new Restored(t, null);
    }

    /** The items of backup {@code arn}, marked in use until the fill is closed; null if there is no such backup. */
    private Restores.Fill fromBackup(String arn) {
        StoredBackup b = backups.get(arn);
        if (b == null || !backups.restoring(b)) return null;
        Snapshot snapshot;
        try {
            snapshot = backups.snapshot();
        } catch (RuntimeException | Error e) {
            backups.restored(b);
            throw e;
        }
        return new Restores.Fill() {
            @Override public void into(TableLoader loader) { loader.loadKeyspace(snapshot, b.keyspace()); }

            @Override public void close() {
                snapshot.close();
                backups.restored(b);
            }
        };
    }

    private BackupDetails details(StoredBackup b, String status) {
        String s = status != null ? status : backups.available(b) ? "AVAILABLE" : "CREATING";
        return new BackupDetails(b.arn(), b.name(), s, b.type(), b.created(), OnDemandBackups.expiry(b), b.sizeBytes(), b.itemCount(),
                b.source());
    }

    // ---- point-in-time recovery -----------------------------------------------------------------

    /** The table's recovery window now, or null when recovery is off. */
    public RecoveryWindow recoveryWindow(TableMetadata table) {
        PointInTimeRecovery.Window w = recovery.window(table);
        return w == null ? null : new RecoveryWindow(w.periodDays(), Instant.ofEpochMilli(w.earliestMillis()), Instant.ofEpochMilli(w.latestMillis()));
    }

    /** Turns recovery on (with {@code days}) or off; returns the window, null when off. */
    public RecoveryWindow updateRecovery(TableMetadata table, boolean enabled, int days) {
        if (enabled) recovery.enable(table, days);
        else recovery.disable(table);
        return recoveryWindow(table);
    }

    /**
     * Restores {@code source} as it was at {@code at} (inside its window: the caller checked) as
     * table {@code spec} of {@code ns}; null table with TARGET_EXISTS if the name is taken, with
     * BACKUP_GONE if recovery was turned off meanwhile.
     */
    public Restored restoreToPointInTime(TableMetadata source, Instant at, Namespace ns, NewTable spec) {
        Restores.Fill fill = fromPointInTime(source, at);
        if (fill == null) return new Restored(null, Refusal.BACKUP_GONE);
        TableMetadata t = restores.restore(ns, spec, null, source.arn(), at, fill);
        return t == null ? new Restored(null, Refusal.TARGET_EXISTS) : new Restored(t, null);
    }

    /** {@code source} as it was at {@code at}: its recovery base and log, from one snapshot; null when recovery is off. */
    private Restores.Fill fromPointInTime(TableMetadata source, Instant at) {
        PointInTimeRecovery.Source from = recovery.source(source, at.toEpochMilli());
        if (from == null) return null;
        return new Restores.Fill() {
            @Override public void into(TableLoader loader) {
                loader.loadKeyspace(from.snapshot(), from.baseKeyspace());
                loader.replayLog(from.snapshot(), from.logKeyspace(), from.uptoMillis());
            }

            @Override public void close() { from.close(); }
        };
    }

    /**
     * Start-up, once the engine takes writes: restores cut short by a crash or a shutdown load
     * again from their source (docs/RULES.md#BACKUP-RESTORE-BACKGROUND): the backup, or the source
     * table's recovery at the same instant if it is still inside the window; a restore whose
     * source is gone fails (its table deleted, the failure logged).
     */
    public void resumeRestores() {
        restores.resume(record -> {
            if (record.sourceBackupArn() != null) return fromBackup(record.sourceBackupArn());
            for (TableMetadata t : catalog.all()) {
                if (!t.arn().equals(record.sourceTableArn()) || t.status() == TableStatus.DELETING) continue;
                PointInTimeRecovery.Window w = recovery.window(t);
                long at = record.restoreTime().toEpochMilli();
                if (w == null || at < w.earliestMillis() || at > w.latestMillis()) return null;
                return fromPointInTime(t, record.restoreTime());
            }
            return null;
        });
    }

    /** Waits until the restores started so far have loaded their tables (or failed), at most {@code timeout}. */
    public boolean awaitRestores(java.time.Duration timeout) throws InterruptedException { return restores.await(timeout); }

    /** Stops the restore worker; restores in progress finish at the next start. */
    @Override public void close() { restores.close(); }

    // ---- restored tables ------------------------------------------------------------------------

    /** The table's RestoreSummary, or null if it was not restored. */
    public RestoreSummary restoreSummary(TableMetadata table) {
        RestoreRecord r = restores.summary(table.keyspaceId());
        if (r == null) return null;
        return new RestoreSummary(r.sourceBackupArn(), r.sourceTableArn(), r.restoreTime(), table.status() == TableStatus.CREATING);
    }

    /** The table was deleted: its recovery and its RestoreSummary go with it (its backups stay). */
    public void forget(TableMetadata table) {
        recovery.disable(table);
        restores.forget(table);
    }

    /** Now, on the engine's clock. */
    public Instant now() { return clock.now(); }
}
