package io.keyline.engine.stream;

import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The 24-hour retention of stream data on the injected clock (docs/RULES.md#STREAM-RETENTION):
 * records older than 24 hours are deleted (each shard's trim horizon moves past them), a closed
 * shard goes 24 hours after it closed, and a disabled stream 24 hours after it was disabled. It
 * runs at most once a minute of clock time, on the thread of a stream read or of a write that
 * recorded a change ({@link #maybeTrim}), never under an item's lock. Thread-safe: one trim at
 * a time; a stream's fields change under its monitor, records are deleted outside it (they are
 * older than anything a writer appends).
 *
 * <p>Several Keyline nodes trim one storage: only the holder of the trim lease trims
 * ({@link StreamRegistry#mayTrim}; the others skip their minute), on the stored state of every
 * stream, and records its progress as trim marks, never in a shard's entry, which its writer owns.
 */
public final class StreamTrimmer {
    /** docs/RULES.md#STREAM-RETENTION: stream records are kept 24 hours. */
    public static final Duration RETENTION = Duration.ofHours(24);
    static final long INTERVAL_MILLIS = 60_000;

    private final StreamRegistry registry;
    private final Clock clock;
    private volatile long nextTrimMillis;

    public StreamTrimmer(StreamRegistry registry, Clock clock) {
        this.registry = registry;
        this.clock = clock;
        this.nextTrimMillis = clock.millis() + INTERVAL_MILLIS;
    }

    /** Trims if a minute has passed since the last trim. */
    public void maybeTrim() {
        if (clock.millis() < nextTrimMillis) return;
        synchronized (this) {
            long now = clock.millis();
            if (now < nextTrimMillis) return;
            trim(now);
            nextTrimMillis = now + INTERVAL_MILLIS;
        }
    }

    /** Trims everything older than 24 hours before {@code now}. */
    public synchronized void trim(long now) {
        if (!registry.mayTrim()) return;
        registry.refresh();
        long cutoff = now - RETENTION.toMillis();
        Storage storage = registry.storage();
        for (StreamState s : registry.all()) {
            if (!s.enabled() && s.disabledMillis < cutoff) {
                registry.drop(s);
                continue;
            }
            List<long[]> shards = new ArrayList<>();
            synchronized (s) {
                if (registry.shared()) registry.reloadShards(s);
                for (ShardState shard : s.shards) shards.add(new long[] {shard.number, shard.trimmedBelow});
            }
            List<long[]> moved = new ArrayList<>();
            for (long[] shard : shards) {
                long last = -1;
                try (Cursor c = storage.range(StreamLayout.recordKey(s.number, shard[0], shard[1]), StreamLayout.shardEnd(s.number, shard[0]), false)) {
                    while (c.next()) {
                        StreamLayout.Stored r = StreamLayout.decode(c.key(), c.value());
                        if (r.commitMillis() >= cutoff) break;
                        last = r.sequence();
                    }
                }
                if (last < 0) continue;
                storage.write(new WriteBatch().deleteRange(StreamLayout.recordKey(s.number, shard[0], shard[1]),
                        StreamLayout.recordKey(s.number, shard[0], last + 1)));
                moved.add(new long[] {shard[0], last + 1});
            }
            synchronized (s) {
                List<ShardState> changed = new ArrayList<>();
                for (long[] m : moved) {
                    ShardState shard = s.shard(m[0]);
                    if (shard != null && m[1] > shard.trimmedBelow) {
                        shard.trimmedBelow = m[1];
                        changed.add(shard);
                    }
                }
                // A shard closed more than 24 hours ago holds only records older than that: gone with them.
                List<ShardState> removed = new ArrayList<>();
                for (ShardState shard : s.shards) if (!shard.open() && shard.closedMillis < cutoff) removed.add(shard);
                s.shards.removeAll(removed);
                changed.removeAll(removed);
                if (registry.stream(s.number) == s) registry.writeTrim(s, changed, removed);
            }
        }
    }
}
