package io.keyline.op.request;

import java.time.Instant;

/** A RestoreTableToPointInTime request after deserialization; null where a member is absent. */
public record RestoreTableToPointInTimeRequest(String sourceTableArn, String sourceTableName, String targetTableName,
                                               Boolean useLatestRestorableTime, Instant restoreDateTime, RestoreOverrides overrides) {}
