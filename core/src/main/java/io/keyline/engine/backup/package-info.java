/**
 * Backups and point-in-time recovery inside the engine (docs/BACKUPS.md). An on-demand backup
 * is a copy of one table's items, taken from one storage snapshot into a keyspace of its own,
 * with the table's definition ({@link io.keyline.engine.backup.BackupCatalog}); point-in-time
 * recovery keeps, for each table that has it on, a base copy of the table and a change log
 * written in each item's own storage batch ({@link io.keyline.engine.backup.ChangeLogWriter}),
 * the log folded into the base once it is older than the recovery period
 * ({@link io.keyline.engine.backup.PointInTimeRecovery}). Both restore into a new table through
 * {@link io.keyline.engine.backup.Restores}, which rebuilds its indexes by writing its items as
 * any write does. Every step that can be cut short by a crash is written so that start-up finds
 * either nothing or the whole result: a backup, a recovery base or a restored table that was
 * not finished is removed. Operations reach it through the facade {@code io.keyline.engine.Backups}.
 */
package io.keyline.engine.backup;
