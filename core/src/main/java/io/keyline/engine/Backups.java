package io.keyline.engine;

import io.keyline.engine.api.BackupDetails;
import io.keyline.engine.api.RecoveryWindow;
import io.keyline.engine.api.RestoreSummary;
import io.keyline.engine.backup.BackupServices;
import io.keyline.engine.catalog.Catalog;
import io.keyline.error.Errors;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.NewTable;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The verbs of on-demand backups and point-in-time recovery (docs/BACKUPS.md) over the tables
 * and backups of one namespace view of the engine: they find the table a request names (by name
 * or ARN), refuse with DynamoDB's errors (docs/RULES.md#BACKUP-ERRORS), and hand the work to
 * {@code engine.backup}. A restore's new table is built by {@code plan} from the source's
 * definition, where the operation applies DynamoDB's overrides. Thread-safe; one per engine view.
 */
public final class Backups {
    /** One ListBackups page: the backups and, when more follow, the last ARN of the page. */
    public record Page(List<BackupDetails> backups, String lastEvaluatedBackupArn) {}

    /** A restore's new table and its RestoreSummary. */
    public record Restored(TableMetadata table, RestoreSummary summary) {}

    private final BackupServices services;
    private final Catalog catalog;
    private final Namespace namespace;

    Backups(BackupServices services, Catalog catalog, Namespace namespace) {
        this.services = services;
        this.catalog = catalog;
        this.namespace = namespace;
    }

    // ---- on-demand backups ----------------------------------------------------------------------

    /** CreateBackup: the table must exist and be ACTIVE. */
    public BackupDetails create(String tableNameOrArn, String backupName) {
        TableMetadata t = activeTable(tableNameOrArn);
        return services.createBackup(t, backupName);
    }

    /** DescribeBackup. */
    public BackupDetails describe(String arn) { return found(arn, services.backup(arn)); }

    /** DeleteBackup: its details as DELETED; a backup still CREATING, or being restored from, is in use. */
    public BackupDetails delete(String arn) {
        // docs/RULES.md#BACKUP-SYSTEM: a system backup goes when it expires, not on request
        if (found(arn, services.backup(arn)).type().equals("SYSTEM")) throw Errors.validation("System backups cannot be deleted: " + arn);
        BackupDetails d = found(arn, services.deleteBackup(arn));
        if (!d.status().equals("DELETED")) throw Errors.backupInUse("Backup is being " + (d.status().equals("CREATING") ? "created" : "restored") + ": " + arn);
        return d;
    }

    /**
     * ListBackups: the backups of this namespace, oldest first, of the named table if any, taken
     * within [lower, upper] where given, of the type asked (USER when none; ALL lists USER and
     * SYSTEM; AWS_BACKUP none), after {@code exclusiveStartArn}, at most {@code limit}.
     */
    public Page list(String tableNameOrArn, Instant lower, Instant upper, String type, String exclusiveStartArn, int limit) {
        String tableName = tableNameOrArn == null ? null : nameOf(tableNameOrArn);
        String wanted = type == null ? "USER" : type;
        Predicate<BackupDetails> filter = b -> (wanted.equals("ALL") || b.type().equals(wanted))
                && (tableName == null || b.source().name().equals(tableName))
                && (lower == null || !b.created().isBefore(lower))
                && (upper == null || !b.created().isAfter(upper));
        List<BackupDetails> all = services.listBackups(namespace, filter);
        int from = 0;
        if (exclusiveStartArn != null) {
            for (int i = 0; i < all.size(); i++) if (all.get(i).arn().equals(exclusiveStartArn)) from = i + 1;
        }
        int to = Math.min(all.size(), from + limit);
        List<BackupDetails> page = List.copyOf(all.subList(from, to));
        return new Page(page, to < all.size() && !page.isEmpty() ? page.get(page.size() - 1).arn() : null);
    }

    /** RestoreTableFromBackup into {@code plan}'s table, built from the backup's source definition. */
    public Restored restoreFromBackup(String arn, Function<TableMetadata, NewTable> plan) {
        BackupDetails b = found(arn, services.backup(arn));
        if (!b.status().equals("AVAILABLE")) throw Errors.backupInUse("Backup is being created: " + arn);
        NewTable spec = plan.apply(b.source());
        if (catalog.get(namespace, spec.name()) != null) throw Errors.tableAlreadyExists(spec.name());
        return restored(services.restoreBackup(arn, namespace, spec), spec, arn);
    }

    // ---- point-in-time recovery -----------------------------------------------------------------

    /** DescribeContinuousBackups: the window, or null when point-in-time recovery is off. */
    public RecoveryWindow continuousBackups(String tableNameOrArn) {
        return services.recoveryWindow(existingTable(tableNameOrArn));
    }

    /** UpdateContinuousBackups: turns recovery on (for {@code days}) or off; the window, null when off. */
    public RecoveryWindow updateContinuousBackups(String tableNameOrArn, boolean enabled, int days) {
        TableMetadata t = existingTable(tableNameOrArn);
        if (t.status() != TableStatus.ACTIVE) {
            throw Errors.continuousBackupsUnavailable("Backups are being enabled for the table: " + t.name() + ". Please retry later");
        }
        return services.updateRecovery(t, enabled, days);
    }

    /**
     * RestoreTableToPointInTime: {@code source} as it was at {@code at} (null: the latest
     * restorable time), into {@code plan}'s table.
     */
    public Restored restoreToPointInTime(String source, Instant at, Function<TableMetadata, NewTable> plan) {
        TableMetadata t = existingTable(source);
        RecoveryWindow w = services.recoveryWindow(t);
        if (w == null) throw Errors.pointInTimeRecoveryUnavailable("Point in time recovery is not enabled for table '" + t.name() + "'");
        Instant when = at == null ? w.latest() : at;
        if (when.isBefore(w.earliest()) || when.isAfter(w.latest())) {
            throw Errors.invalidRestoreTime("RestoreDateTime must be between " + w.earliest() + " and " + w.latest());
        }
        NewTable spec = plan.apply(t);
        if (catalog.get(namespace, spec.name()) != null) throw Errors.tableAlreadyExists(spec.name());
        return restored(services.restoreToPointInTime(t, when, namespace, spec), spec, t.arn());
    }

    /** The table's RestoreSummary, or null if it was not restored. */
    public RestoreSummary restoreSummary(TableMetadata table) { return services.restoreSummary(table); }

    /**
     * Waits until every restore started so far has loaded its table (or failed), at most
     * {@code timeout}; whether they all have. Restores run in the background
     * (docs/RULES.md#BACKUP-RESTORE-BACKGROUND): for tests and tools that need the table now.
     */
    public boolean awaitRestores(java.time.Duration timeout) throws InterruptedException { return services.awaitRestores(timeout); }

    // ---- helpers ----------------------------------------------------------------------------------

    private Restored restored(BackupServices.Restored r, NewTable spec, String source) {
        if (r.refused() == BackupServices.Refusal.TARGET_EXISTS) throw Errors.tableAlreadyExists(spec.name());
        if (r.refused() == BackupServices.Refusal.BACKUP_GONE) throw Errors.backupNotFound(source);
        return new Restored(r.table(), services.restoreSummary(r.table()));
    }

    private static BackupDetails found(String arn, BackupDetails d) {
        if (d == null) throw Errors.backupNotFound(arn);
        return d;
    }

    /** A table of this namespace named by name or ARN; TableNotFoundException if there is none. */
    private TableMetadata existingTable(String nameOrArn) {
        TableMetadata t = catalog.get(namespace, nameOf(nameOrArn));
        if (t == null || t.status() == TableStatus.DELETING) throw Errors.tableNotFoundException(nameOrArn);
        return t;
    }

    private TableMetadata activeTable(String nameOrArn) {
        TableMetadata t = existingTable(nameOrArn);
        if (t.status() != TableStatus.ACTIVE) throw Errors.tableInUse("Table is not ACTIVE: " + t.name());
        return t;
    }

    /** The table name a TableName member holds: itself, or the name in a table ARN. */
    static String nameOf(String nameOrArn) {
        int at = nameOrArn.startsWith("arn:") ? nameOrArn.indexOf(":table/") : -1;
        if (at < 0) return nameOrArn;
        String rest = nameOrArn.substring(at + ":table/".length());
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }
}
