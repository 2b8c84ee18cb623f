package io.keyline.op.request;

import java.util.List;

/**
 * The overrides RestoreTableFromBackup and RestoreTableToPointInTime take, as sent; null where
 * absent (the backup's setting stays).
 */
public record RestoreOverrides(String billingMode, ProvisionedThroughput provisionedThroughput, List<SecondaryIndex> globalIndexes,
                               List<SecondaryIndex> localIndexes, SseSpecification sse) {}
