package io.keyline.engine.api;

import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;

/**
 * Decides, item by item, whether BatchGetItem and BatchWriteItem may serve a request now. A
 * refused read goes back to the client in UnprocessedKeys, a refused write in UnprocessedItems,
 * as DynamoDB does with throttled items. The capacity model implements this; until it is wired
 * in, {@link #ADMIT_ALL} serves everything. Implementations must be thread-safe.
 */
public interface BatchAdmission {
    BatchAdmission ADMIT_ALL = new BatchAdmission() {
        @Override public boolean admitRead(TableMetadata table, PrimaryKey key, boolean consistent) { return true; }

        @Override public boolean admitWrite(TableMetadata table, PrimaryKey key) { return true; }
    };

    boolean admitRead(TableMetadata table, PrimaryKey key, boolean consistent);

    boolean admitWrite(TableMetadata table, PrimaryKey key);
}
