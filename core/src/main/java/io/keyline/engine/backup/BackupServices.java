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
 * and removes whatever a crash left unfinished). Takes and returns metadata and
 * {@code engine.api} records; finding tables by name and DynamoDB's errors stay in the facade.
 * Thread-safe, as the services it holds.
 */
public final class BackupServices {
    /** A restore that did not happen: the target name is taken, or the backup was deleted meanwhile. */
    public enum Refusal { TARGET_EXISTS, BACKUP_GONE }

    /** A restore's outcome: the table, or why there is none. */
    public record Restored(TableMetadata table, Refusal refused) {}

    private final Clock clock;
    private final OnDemandBackups backups;
    private final PointInTimeRecovery recovery;
    private final Restores restores;

    public BackupServices(Storage storage, Catalog catalog, ItemStore items, Clock clock, Settings settings, Restores.Tables tables) {
        this.clock = clock;
        this.restores = new Restores(storage, catalog, items, clock, settings.tableCreateDelay(), tables);
        this.backups = new OnDemandBackups(storage, catalog, clock, settings.tableCreateDelay());
        this.recovery = new PointInTimeRecovery(storage, catalog, items, clock);
        java.util.Set<Long> live = new java.util.HashSet<>();
        for (TableMetadata t : catalog.all()) live.add(t.keyspaceId());
        recovery.retainTables(live::contains);
        items.addHook(recovery.writer());
    }

    // ---- on-demand backups ----------------------------------------------------------------------

    public BackupDetails createBackup(TableMetadata table, String name) { return details(backups.create(table, name), null); }

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
        StoredBackup b = backups.get(arn);
        if (b == null || !backups.restoring(b)) return new Restored(null, Refusal.BACKUP_GONE);
        try (Snapshot snapshot = backups.snapshot()) {
            TableMetadata t = restores.restore(ns, spec, b.arn(), b.source().arn(), b.created(),
                    loader -> loader.loadKeyspace(snapshot, b.keyspace()));
            return t == null ? new Restored(null, Refusal.TARGET_EXISTS) : new Restored(t, null);
        } finally {
            backups.restored(b);
        }
    }

    private BackupDetails details(StoredBackup b, String status) {
        String s = status != null ? status : backups.available(b) ? "AVAILABLE" : "CREATING";
        return new BackupDetails(b.arn(), b.name(), s, b.type(), b.created(), null, b.sizeBytes(), b.itemCount(), b.source());
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
        try (PointInTimeRecovery.Source from = recovery.source(source, at.toEpochMilli())) {
            if (from == null) return new Restored(null, Refusal.BACKUP_GONE);
            TableMetadata t = restores.restore(ns, spec, null, source.arn(), at, loader -> {
                loader.loadKeyspace(from.snapshot(), from.baseKeyspace());
                loader.replayLog(from.snapshot(), from.logKeyspace(), from.uptoMillis());
            });
            return t == null ? new Restored(null, Refusal.TARGET_EXISTS) : new Restored(t, null);
        }
    }

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
