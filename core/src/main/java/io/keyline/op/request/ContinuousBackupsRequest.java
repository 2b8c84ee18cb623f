package io.keyline.op.request;

/**
 * An UpdateContinuousBackups or DescribeContinuousBackups request after deserialization; the
 * PointInTimeRecoverySpecification members are null for DescribeContinuousBackups, and
 * {@code recoveryPeriodInDays} when not sent.
 */
public record ContinuousBackupsRequest(String tableName, Boolean pointInTimeRecoveryEnabled, Integer recoveryPeriodInDays) {}
