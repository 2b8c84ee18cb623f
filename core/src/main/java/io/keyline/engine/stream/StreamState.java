package io.keyline.engine.stream;

import io.keyline.error.InternalFailure;
import io.keyline.metadata.Namespace;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One stream of a table: what ListStreams and DescribeStream show of it, and its shards in
 * creation order (shard numbers increase, so this is also ShardId order). A table has at most one
 * open stream; enabling it again makes a new stream (a new label and ARN), and the old one stays
 * readable, DISABLED, for 24 hours (docs/RULES.md#STREAM-ENABLE). Mutable fields and the shard
 * list are guarded by this object's monitor; {@link #encode} is the persisted descriptor
 * (format version 1).
 */
final class StreamState {
    private static final int FORMAT = 1;

    final long number;
    final Namespace namespace;
    final String tableName;
    final long tableKeyspaceId;
    final String tableArn;
    final String label;
    final String viewType;
    final long createdMillis;
    /** When the stream was disabled (or its table deleted), or -1 while it is enabled. */
    long disabledMillis = -1;
    final List<ShardState> shards = new ArrayList<>();
    /** Partition count of the table when the open shards were last matched to its partitions. */
    int knownPartitions;
    /** The open shards by partition position, as last matched; empty once disabled. */
    ShardState[] openByPartition = new ShardState[0];

    StreamState(long number, Namespace namespace, String tableName, long tableKeyspaceId, String tableArn, String label,
                String viewType, long createdMillis) {
        this.number = number;
        this.namespace = namespace;
        this.tableName = tableName;
        this.tableKeyspaceId = tableKeyspaceId;
        this.tableArn = tableArn;
        this.label = label;
        this.viewType = viewType;
        this.createdMillis = createdMillis;
    }

    String arn() { return tableArn + "/stream/" + label; }

    boolean enabled() { return disabledMillis < 0; }

    /**
     * DescribeStream's StreamStatus at {@code nowMillis} (docs/RULES.md#STREAM-STATUS): ENABLING
     * for {@code enablingMillis} after the stream was enabled, then ENABLED; once disabled,
     * DISABLING for {@code disablingMillis}, then DISABLED. Records are kept from the moment of
     * enabling and stop at once on disabling: only the status lingers, as DynamoDB shows it.
     */
    String status(long nowMillis, long enablingMillis, long disablingMillis) {
        if (enabled()) return nowMillis < createdMillis + enablingMillis ? "ENABLING" : "ENABLED";
        return nowMillis < disabledMillis + disablingMillis ? "DISABLING" : "DISABLED";
    }

    /** Open shards in partition order (by start). */
    List<ShardState> openShards() {
        List<ShardState> open = new ArrayList<>();
        for (ShardState s : shards) if (s.open()) open.add(s);
        open.sort((a, b) -> a.startToken != b.startToken ? Long.compare(a.startToken, b.startToken) : Long.compare(a.startSort, b.startSort));
        return open;
    }

    ShardState shard(long number) {
        for (ShardState s : shards) if (s.number == number) return s;
        return null;
    }

    long nextShardNumber() { return shards.isEmpty() ? 1 : shards.get(shards.size() - 1).number + 1; }

    byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256 + 64 * shards.size());
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(FORMAT);
            out.writeUTF(namespace.account());
            out.writeUTF(namespace.region());
            out.writeUTF(tableName);
            out.writeLong(tableKeyspaceId);
            out.writeUTF(tableArn);
            out.writeUTF(label);
            out.writeUTF(viewType);
            out.writeLong(createdMillis);
            out.writeLong(disabledMillis);
            out.writeInt(shards.size());
            for (ShardState s : shards) {
                out.writeLong(s.number);
                out.writeLong(s.parent);
                out.writeLong(s.startToken);
                out.writeLong(s.startSort);
                out.writeLong(s.startSequence);
                out.writeLong(s.createdMillis);
                out.writeLong(s.endSequence);
                out.writeLong(s.closedMillis);
                out.writeLong(s.trimmedBelow);
            }
        } catch (IOException e) { // a stream into memory does not fail
            throw new InternalFailure("encoding stream descriptor " + number, e.toString(), e);
        }
        return bytes.toByteArray();
    }

    static StreamState decode(long number, byte[] value) {
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(value))) {
            int format = in.readInt();
            if (format != FORMAT) throw new InternalFailure("decoding stream descriptor " + number, "format " + format);
            Namespace ns = new Namespace(in.readUTF(), in.readUTF());
            StreamState s = new StreamState(number, ns, in.readUTF(), in.readLong(), in.readUTF(), in.readUTF(), in.readUTF(), in.readLong());
            s.disabledMillis = in.readLong();
            int count = in.readInt();
            for (int i = 0; i < count; i++) {
                ShardState shard = new ShardState(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong());
                shard.endSequence = in.readLong();
                shard.closedMillis = in.readLong();
                shard.trimmedBelow = in.readLong();
                s.shards.add(shard);
            }
            return s;
        } catch (IOException e) {
            throw new InternalFailure("decoding stream descriptor " + number, e.toString(), e);
        }
    }
}
