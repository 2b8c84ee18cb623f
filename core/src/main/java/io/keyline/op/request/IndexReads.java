package io.keyline.op.request;

import io.keyline.error.Errors;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableStatus;

/** What a Query or Scan on a secondary index adds: a GSI still being backfilled cannot be read. Stateless. */
public final class IndexReads {
    private IndexReads() {}

    /** Refuses reads of a GSI that is not ACTIVE yet. */
    public static void checkReadable(IndexMetadata index) {
        if (index.isGlobal() && index.status() == TableStatus.CREATING) {
            throw Errors.validation("Cannot read from backfilling global secondary index: " + index.name());
        }
    }
}
