package io.keyline.engine.stream;

import io.keyline.engine.api.StreamChange;
import io.keyline.engine.api.StreamDescription;
import io.keyline.engine.api.StreamRecords;
import io.keyline.engine.api.StreamShard;
import io.keyline.engine.api.StreamSummary;
import io.keyline.error.Errors;
import io.keyline.metadata.Namespace;
import io.keyline.model.KeySchema;
import io.keyline.storage.Cursor;
import io.keyline.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the streams back: ListStreams, DescribeStream, GetShardIterator and GetRecords over the
 * registry and the stored records (docs/RULES.md#STREAM-API). A reader never sees a record still
 * in flight: a page ends below the sequencer's settled mark, so records appear in sequence order
 * in each shard. Reads consume no capacity (docs/RULES.md#STREAM-CAPACITY). Before each call the
 * 24-hour trim runs if a minute of clock time has passed since the last
 * ({@link StreamTrimmer}). Thread-safe: a stream's fields are read under its monitor, records
 * through storage cursors.
 *
 * <p>Several Keyline nodes (docs/STREAMS.md, "Several Keyline nodes"): every node serves every
 * stream, shard and record. ListStreams and DescribeStream re-read the stored streams and shards
 * first, and GetShardIterator and GetRecords re-read the shard they name when this node does not
 * know it, or another node writes it (to learn whether it has ended). A shard's records are
 * numbered densely by its writer, so on another node a missing sequence is a record still being
 * written: a page stops before it, unless the record after it was stamped more than
 * {@link #GAP_WAIT} ago (the write failed, or its node died; a write is retried for less than
 * that). On the writer itself its shard's sequencer says exactly what is settled, as alone.
 */
public final class StreamReader {
    /** docs/RULES.md#STREAM-API: an iterator is valid for 15 minutes. */
    public static final Duration ITERATOR_LIFETIME = Duration.ofMinutes(15);
    /** docs/RULES.md#STREAM-API: GetRecords returns at most 1,000 records ... */
    public static final int MAX_RECORDS = 1000;
    /** ... and at most 1 MB of them. */
    public static final int MAX_BYTES = 1 << 20;
    /** Several nodes: how long a reader on another node waits for a missing sequence before it passes it. */
    public static final Duration GAP_WAIT = Duration.ofSeconds(30);

    private final StreamRegistry registry;
    private final StreamTrimmer trimmer;
    private final Clock clock;
    private final long enablingMillis;
    private final long disablingMillis;

    /**
     * @param enabling  how long a new stream shows ENABLING before ENABLED
     * @param disabling how long a disabled stream shows DISABLING before DISABLED (docs/RULES.md#STREAM-STATUS)
     */
    public StreamReader(StreamRegistry registry, StreamTrimmer trimmer, Clock clock, Duration enabling, Duration disabling) {
        this.registry = registry;
        this.trimmer = trimmer;
        this.clock = clock;
        this.enablingMillis = enabling.toMillis();
        this.disablingMillis = disabling.toMillis();
    }

    /** Streams of the namespace after {@code exclusiveStartArn} (by ARN), of one table if named; one more than asked says a page follows. */
    public List<StreamSummary> list(Namespace ns, String tableName, String exclusiveStartArn, int limit) {
        trimmer.maybeTrim();
        registry.refresh();
        List<StreamSummary> out = new ArrayList<>();
        for (StreamState s : registry.streams(ns)) {
            if (tableName != null && !s.tableName.equals(tableName)) continue;
            if (exclusiveStartArn != null && s.arn().compareTo(exclusiveStartArn) <= 0) continue;
            out.add(new StreamSummary(s.arn(), s.tableName, s.label));
            if (out.size() > limit) break;
        }
        return out;
    }

    /** DescribeStream; {@code childrenOf} non-null keeps only the children of that shard (ShardFilter CHILD_SHARDS). */
    public StreamDescription describe(Namespace ns, String arn, KeySchema keySchema, int limit, String exclusiveStartShardId,
                                      String childrenOf) {
        trimmer.maybeTrim();
        StreamState s = stream(ns, arn);
        synchronized (s) {
            if (registry.shared()) registry.reloadShards(s);
            long parent = childrenOf == null ? -2 : StreamIds.parseShardId(s.number, childrenOf);
            List<StreamShard> shards = new ArrayList<>();
            String last = null;
            for (ShardState shard : s.shards) {
                String id = StreamIds.shardId(s.number, shard.number);
                if (exclusiveStartShardId != null && id.compareTo(exclusiveStartShardId) <= 0) continue;
                if (childrenOf != null && shard.parent != parent) continue;
                if (shards.size() == limit) {
                    last = shards.get(shards.size() - 1).shardId();
                    break;
                }
                shards.add(new StreamShard(id, shard.parent < 0 || s.shard(shard.parent) == null ? null : StreamIds.shardId(s.number, shard.parent),
                        StreamIds.sequence(shard.startSequence), shard.open() ? null : StreamIds.sequence(shard.endSequence)));
            }
            return new StreamDescription(s.arn(), s.label, s.status(clock.millis(), enablingMillis, disablingMillis), s.viewType,
                    Instant.ofEpochMilli(s.createdMillis), s.tableName, keySchema, shards, last);
        }
    }

    /** The table a stream ARN of the namespace belongs to; ResourceNotFoundException if there is no such stream. */
    public String tableOf(Namespace ns, String arn) { return stream(ns, arn).tableName; }

    /** GetShardIterator. {@code sequenceNumber} is given exactly for AT_ and AFTER_SEQUENCE_NUMBER. */
    public String iterator(Namespace ns, String arn, String shardId, String type, String sequenceNumber) {
        trimmer.maybeTrim();
        StreamState s = stream(ns, arn);
        long number = StreamIds.parseShardId(s.number, shardId);
        long position;
        synchronized (s) {
            ShardState shard = number < 0 ? null : registry.currentShard(s, number);
            if (shard == null) throw Errors.resourceNotFound("Requested resource not found: Shard does not exist");
            long end = shard.open() ? Long.MAX_VALUE : shard.endSequence + 1;
            switch (type) {
                case "TRIM_HORIZON" -> position = Math.max(shard.startSequence, shard.trimmedBelow);
                case "LATEST" -> position = Math.min(end, shard.writer < 0 ? registry.sequencer().next()
                        : shard.sequencer != null ? shard.sequencer.next() : registry.afterLastStored(s, shard));
                default -> {
                    long n = StreamIds.parseSequence(sequenceNumber);
                    if (n < shard.trimmedBelow && shard.trimmedBelow > shard.startSequence) throw trimmed();
                    position = Math.max(shard.startSequence, type.equals("AFTER_SEQUENCE_NUMBER") ? n + 1 : n);
                }
            }
        }
        return StreamIds.iterator(s.arn(), new StreamIds.Iterator(s.number, number, position, clock.millis()));
    }

    /** GetRecords: up to {@code limit} records (and 1 MB) from where the iterator stands. */
    public StreamRecords records(String iteratorText, int limit, String region) {
        StreamIds.Iterator it = StreamIds.parseIterator(iteratorText);
        long now = clock.millis();
        if (now - it.issuedMillis() > ITERATOR_LIFETIME.toMillis()) {
            throw Errors.expiredIterator("Iterator expired. The iterator was created at time " + Instant.ofEpochMilli(it.issuedMillis())
                    + " while right now it is " + Instant.ofEpochMilli(now) + " which is further in the future than the tolerated delay of "
                    + ITERATOR_LIFETIME.toMillis() + " milliseconds.");
        }
        trimmer.maybeTrim();
        StreamState s = registry.stream(it.stream());
        if (s == null && registry.shared()) {
            registry.refresh();
            s = registry.stream(it.stream());
        }
        if (s == null) throw Errors.resourceNotFound("Requested resource not found: Stream does not exist");
        long endExclusive;
        String viewType = s.viewType;
        ShardState shard;
        synchronized (s) {
            shard = registry.currentShard(s, it.shard());
            if (shard == null || it.position() < shard.trimmedBelow && shard.trimmedBelow > shard.startSequence) throw trimmed();
            endExclusive = shard.open() ? Long.MAX_VALUE : shard.endSequence + 1;
        }
        if (shard.writer >= 0 && shard.sequencer == null) return recordsOfAnotherNode(s, shard, it, endExclusive, limit, now);
        Sequencer settled = shard.sequencer != null ? shard.sequencer : registry.sequencer();
        long visible = Math.min(endExclusive, settled.settledBelow());
        List<StreamChange> out = new ArrayList<>();
        long next = it.position();
        if (visible > it.position()) {
            long bytes = 0;
            boolean full = false;
            try (Cursor c = registry.storage().range(StreamLayout.recordKey(s.number, it.shard(), it.position()),
                    StreamLayout.recordKey(s.number, it.shard(), visible), false)) {
                while (c.next()) {
                    if (out.size() == limit || (bytes + c.value().length > MAX_BYTES && !out.isEmpty())) {
                        full = true;
                        break;
                    }
                    StreamLayout.Stored r = StreamLayout.decode(c.key(), c.value());
                    bytes += c.value().length;
                    out.add(change(s.number, r, viewType));
                    next = r.sequence() + 1;
                }
            }
            if (!full) next = visible;
        }
        String nextIterator = next >= endExclusive ? null
                : StreamIds.iterator(s.arn(), new StreamIds.Iterator(s.number, it.shard(), next, now));
        return new StreamRecords(out, nextIterator);
    }

    /**
     * GetRecords of a shard another node writes (or wrote): its records in sequence order up to
     * the first missing sequence that may still be written ({@link #GAP_WAIT}); a closed shard is
     * read to its end once every record is there, or once its last gap has waited long enough.
     */
    private StreamRecords recordsOfAnotherNode(StreamState s, ShardState shard, StreamIds.Iterator it, long endExclusive, int limit,
                                               long now) {
        List<StreamChange> out = new ArrayList<>();
        long expected = it.position();
        long bytes = 0;
        long oldEnough = now - GAP_WAIT.toMillis();
        boolean stopped = false;
        byte[] to = endExclusive == Long.MAX_VALUE ? StreamLayout.shardEnd(s.number, shard.number)
                : StreamLayout.recordKey(s.number, shard.number, endExclusive);
        try (Cursor c = registry.storage().range(StreamLayout.recordKey(s.number, shard.number, it.position()), to, false)) {
            while (c.next()) {
                if (out.size() == limit || (bytes + c.value().length > MAX_BYTES && !out.isEmpty())) {
                    stopped = true;
                    break;
                }
                StreamLayout.Stored r = StreamLayout.decode(c.key(), c.value());
                if (r.sequence() != expected && r.commitMillis() > oldEnough) { // an earlier record may still be being written
                    stopped = true;
                    break;
                }
                bytes += c.value().length;
                out.add(change(s.number, r, s.viewType));
                expected = r.sequence() + 1;
            }
        }
        long closedMillis;
        synchronized (s) {
            closedMillis = shard.closedMillis;
        }
        if (!stopped && endExclusive != Long.MAX_VALUE && closedMillis < oldEnough) expected = endExclusive;
        String nextIterator = expected >= endExclusive ? null
                : StreamIds.iterator(s.arn(), new StreamIds.Iterator(s.number, shard.number, expected, now));
        return new StreamRecords(out, nextIterator);
    }

    private static StreamChange change(long stream, StreamLayout.Stored r, String viewType) {
        long size = io.keyline.model.ItemSize.of(r.keys()) + (r.oldImage() == null ? 0 : io.keyline.model.ItemSize.of(r.oldImage()))
                + (r.newImage() == null ? 0 : io.keyline.model.ItemSize.of(r.newImage()));
        return new StreamChange(StreamIds.eventId(stream, r.sequence()), r.event().name(), r.serviceIdentity(),
                Instant.ofEpochMilli(r.commitMillis()), r.keys(), r.oldImage(), r.newImage(), StreamIds.sequence(r.sequence()), size, viewType);
    }

    private StreamState stream(Namespace ns, String arn) {
        StreamIds.StreamName name = StreamIds.parseArn(arn);
        if (name == null) throw Errors.validation("Invalid StreamArn");
        StreamState s = registry.find(ns, name.tableName(), name.label());
        if (s == null && registry.shared()) {
            registry.refresh();
            s = registry.find(ns, name.tableName(), name.label());
        }
        if (s == null) throw Errors.resourceNotFound("Requested resource not found: Stream: " + arn + " not found");
        return s;
    }

    private static io.keyline.error.ApiException trimmed() {
        return Errors.trimmedDataAccess("The data you are trying to access has been trimmed.");
    }
}
