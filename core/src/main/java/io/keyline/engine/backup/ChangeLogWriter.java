package io.keyline.engine.backup;

import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The write hook that logs every change of an item of a table with point-in-time recovery on,
 * in the item's own storage batch (docs/RULES.md#PITR-LOG), as the stream writer does for
 * streams: the entry exists if and only if the write happened. An entry holds the item's key and
 * its new image (none for a delete), under its commit millis and a sequence, so a table's log is
 * one key range in commit order, and the entries of one item are in the order its lock was taken.
 * A write that changed nothing logs nothing. Runs on the writing thread under the item's lock;
 * thread-safe.
 */
final class ChangeLogWriter implements ItemStore.WriteHook {
    private final PointInTimeRecovery recovery;
    private final Clock clock;

    ChangeLogWriter(PointInTimeRecovery recovery, Clock clock) {
        this.recovery = recovery;
        this.clock = clock;
    }

    @Override public Runnable beforeCommit(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem,
                                           WriteBatch batch) {
        RecoveryState s = recovery.state(table.keyspaceId());
        if (s == null || oldItem == null && newItem == null) return null;
        if (oldItem != null && oldItem.equals(newItem)) return null;
        Map<String, AttributeValue> any = newItem != null ? newItem : oldItem;
        Map<String, AttributeValue> keys = new LinkedHashMap<>(4);
        for (KeyAttribute k : table.keySchema().all()) keys.put(k.name(), any.get(k.name()));
        long now = clock.millis();
        long[] at = s.stamp(now);
        batch.put(BackupLayout.logKey(s.logKeyspace, at[0], at[1]), BackupLayout.encodeChange(keys, newItem));
        return s.complete && now >= s.nextFoldMillis ? () -> recovery.maybeFold(s) : null;
    }
}
