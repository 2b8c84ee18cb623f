package io.keyline.engine.api;

import java.time.Instant;

/**
 * A restored table's RestoreSummary: its backup (null for a point-in-time restore), the table it
 * came from, the instant its items are from, and whether the restore is still running.
 */
public record RestoreSummary(String sourceBackupArn, String sourceTableArn, Instant restoreDateTime, boolean inProgress) {}
